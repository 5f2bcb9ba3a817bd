import Foundation
import Testing

@Suite struct DeviceOptionTests {
    @Test func runPrintsTheViewportOfTheNamedDevice() async throws {
        let url = try await RunFixture.page("<p>hi</p>")
        let se = try await HybridBinary.run(["run", url.path, "--device", "iPhone SE", "--eval", "innerWidth + 'x' + innerHeight", "--quiet"])
        #expect(se.status == 0)
        #expect(se.stdout == "375x667\n")
        let plain = try await HybridBinary.run(["run", url.path, "--eval", "innerWidth", "--quiet"])
        #expect(plain.stdout == "393\n")  // the default iPhone 15
    }

    @Test func aJSONFileIsACustomDeviceAndABadOneExitsTwo() async throws {
        let url = try await RunFixture.page("<p>hi</p>")
        let folder = url.deletingLastPathComponent()
        let good = folder.appendingPathComponent("kiosk.json")
        try #"{"name": "kiosk", "width": 1024, "height": 600, "maxTouchPoints": 0, "system": "desktop"}"#
            .write(to: good, atomically: true, encoding: .utf8)
        let result = try await HybridBinary.run(["run", url.path, "--device", good.path, "--quiet",
                                                 "--eval", "[innerWidth, 'ontouchstart' in window].join()"])
        #expect(result.status == 0)
        #expect(result.stdout == "1024,false\n")
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"name": "x", "height": 600}"#.write(to: bad, atomically: true, encoding: .utf8)
        let failed = try await HybridBinary.run(["run", url.path, "--device", bad.path])
        #expect(failed.status == 2)
        #expect(failed.stderr == "hybrid run: --device \(bad.path): device profile: 'width' is missing\n")
    }

    @Test func anUnknownNameExitsTwoWithTheValidNames() async throws {
        let url = try await RunFixture.page("<p>hi</p>")
        for command in ["run", "test"] {
            let result = try await HybridBinary.run([command, url.path, "--device", "Nokia 3310"])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("--device Nokia 3310: unknown device; use one of 'iPhone 15', 'iPhone SE'"), "\(command)")
            #expect(result.stderr.contains("'Pixel 8', 'desktop', or a JSON file"), "\(command)")
        }
    }

    @Test func deviceListPrintsTheBuiltInNames() async throws {
        for command in ["run", "test"] {
            let result = try await HybridBinary.run([command, "--device", "list"])
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").first == "iPhone 15")
            #expect(result.stdout.contains("\niPhone 15 WeChat\niPhone 15 Alipay\niPad\nPixel 8\ndesktop\n"))
        }
    }

    @Test func testRunsPagesAsTheDevice() async throws {
        let folder = try await RunFixture.folder(["device.test.html": """
            <script>
            test("viewport", () => { assert.equal(innerWidth, 412); assert.ok(/; wv\\)/.test(navigator.userAgent)); });
            </script>
            """])
        let pixel = try await HybridBinary.run(["test", folder.path, "--device", "Pixel 8"])
        #expect(pixel.status == 0, "\(pixel.stderr)")
        let iPhone = try await HybridBinary.run(["test", folder.path])
        #expect(iPhone.status == 1)
    }
}
