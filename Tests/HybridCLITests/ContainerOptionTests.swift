import Foundation
import Testing
import TestSupport

/// `--container NAME` on `hybrid run` and `hybrid test` (issue 18).
@Suite struct ContainerOptionTests {
    private static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../web").standardized

    @Test func runAnswersAnAndroidJsBridgePageAndNamesTheProtocolInTheSummary() async throws {
        let mocks = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString).json")
        try #"{"submitFromWeb": {"response": "S"}, "_default": {"response": "D"}}"#.write(to: mocks, atomically: true, encoding: .utf8)
        let result = try await HybridBinary.run([
            "run", "--container", "android-jsbridge", "--mock", mocks.path, "--click", "#enter", "--click", "#send",
            "--eval", "document.getElementById('show').textContent", Self.web.appendingPathComponent("bridge/android-jsbridge.html").path,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("responseData from java, data = D\n"))
        #expect(result.stderr.contains("2 JS→native, 2 native→JS, 0 dialogs, 0 errors, bridge android-jsbridge, "))
    }

    @Test func runNamesTheContainerADSBridgePageNeeds() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.web.appendingPathComponent("examples/containers/dsbridge/dsbridge-compatible.js"),
                                         to: dir.appendingPathComponent("dsbridge-compatible.js"))
        let page = dir.appendingPathComponent("page.html")
        try #"<script src="dsbridge-compatible.js"></script>"#.write(to: page, atomically: true, encoding: .utf8)
        let result = try await HybridBinary.run(["run", "--eval", "dsBridge.call('x', 1) === undefined", page.path])
        #expect(result.stdout.contains("true\n"))
        #expect(result.stdout.contains("wrong_container") || result.stderr.contains("wrong_container"))
        #expect((result.stdout + result.stderr).contains("--container dsbridge-ios or --container dsbridge-android"))
    }

    @Test func anUnknownContainerIsAUsageErrorListingTheKnownOnes() async throws {
        let result = try await HybridBinary.run(["run", "--container", "symbian", "--eval", "1", Self.web.appendingPathComponent("examples/dom.html").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown container \"symbian\""))
        #expect(result.stderr.contains("ios-wvjb, android-jsbridge, dsbridge-ios, dsbridge-android"))
    }

    @Test func containersOfTwoPlatformsDoNotCombineAndOneAppsDo() async throws {
        let page = Self.web.appendingPathComponent("examples/dom.html").path
        let mixed = try await HybridBinary.run(["run", "--container", "ios-wvjb+dsbridge-android", "--eval", "1", page])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("one app runs on one platform"))
        let combined = try await HybridBinary.run(["run", "--container", "ios-wvjb+dsbridge-ios", "--eval", "window._dswk", page])
        #expect(combined.status == 0, "\(combined.stdout)\(combined.stderr)")
        #expect(combined.stdout.contains("true\n"))
    }

    @Test func testRunsTheDSBridgeExamplePageInItsContainer() async throws {
        let page = Self.web.appendingPathComponent("examples/containers/dsbridge/dsbridge-android.test.html").path
        let result = try await HybridBinary.run(["test", "--container", "dsbridge-android", page])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("6 passed, 0 failed") || result.stderr.contains("6 passed, 0 failed"))
    }
}
