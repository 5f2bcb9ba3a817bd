import Foundation
import Testing
import TestSupport

/// `hybrid run --canvas-out DIR`: the page's canvases saved as PNG files when the run ends.
@Suite struct RunCanvasOutTests {
    @Test func savesEveryCanvasByIdOrIndex() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.html")
        try """
            <canvas id="chart" width="30" height="20"></canvas><canvas width="8" height="4"></canvas>
            <canvas id="../evil" width="0"></canvas>
            <script>var c = document.getElementById('chart').getContext('2d'); c.fillStyle = 'red'; c.fillRect(0, 0, 5, 5);</script>
            """.write(to: page, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out/nested")
        let result = try await HybridBinary.run(["run", page.path, "--canvas-out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["canvas-2.png", "chart.png"])
        let png = try Data(contentsOf: out.appendingPathComponent("chart.png"))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(png.dropFirst(16).prefix(8).map { Int($0) } == [0, 0, 0, 30, 0, 0, 0, 20])
        #expect(result.stdout.contains("canvas ../evil: no bitmap (0 x 150), not saved"))
    }

    @Test func anUnwritableFolderExitsTwo() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.html")
        try "<canvas></canvas>".write(to: page, atomically: true, encoding: .utf8)
        let blocker = dir.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let result = try await HybridBinary.run(["run", page.path, "--canvas-out", blocker.appendingPathComponent("sub").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--canvas-out"))
    }
}
