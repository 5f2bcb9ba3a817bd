import Foundation
import Testing
import TestSupport

/// `hybrid run --canvas-out DIR`: the page's canvases saved as PNG files when the run ends.
@Suite struct RunCanvasOutTests {
    @Test func savesEveryCanvasByIdOrIndex() async throws {
        let dir = try await RunFixture.folder(["page.html": """
            <canvas id="chart" width="30" height="20"></canvas><canvas width="8" height="4"></canvas>
            <canvas id="../evil" width="0"></canvas>
            <script>var c = document.getElementById('chart').getContext('2d'); c.fillStyle = 'red'; c.fillRect(0, 0, 5, 5);</script>
            """])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out/nested")
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path, "--canvas-out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["canvas-2.png", "chart.png"])
        let png = try Data(contentsOf: out.appendingPathComponent("chart.png"))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(png.dropFirst(16).prefix(8).map { Int($0) } == [0, 0, 0, 30, 0, 0, 0, 20])
        #expect(result.stdout.contains("canvas ../evil: no bitmap (0 x 150), not saved"))
    }

    @Test func anUnwritableFolderExitsTwo() async throws {
        let dir = try await RunFixture.folder(["page.html": "<canvas></canvas>", "file": "x"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path,
                                                 "--canvas-out", dir.appendingPathComponent("file/sub").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--canvas-out"))
    }
}
