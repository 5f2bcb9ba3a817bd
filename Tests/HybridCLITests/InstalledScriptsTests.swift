import Foundation
import Testing
import TestSupport
@testable import HybridCLI

/// `hybrid` reads the runtime's JavaScript from the resource bundles beside it, wherever it is installed.
@Suite struct InstalledScriptsTests {
    @Test func theBundlesBesideTheTestsHoldEveryScript() {
        #expect(InstalledScripts.problem() == nil)
    }

    /// An installed copy as scripts/install lays it out: `bin/hybrid` with its bundles beside it.
    @Test func aCopyFindsItsBundlesBesideItAndNamesAMissingFile() async throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("installed-\(UUID().uuidString)/bin")
        defer { try? FileManager.default.removeItem(at: bin.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let hybrid = bin.appendingPathComponent("hybrid")
        try FileManager.default.copyItem(at: HybridBinary.url, to: hybrid)
        let built = HybridBinary.url.deletingLastPathComponent()
        for module in ["JavaScript", "WebView", "Bridge", "HybridTesting"] {
            let bundle = "HybridRuntime_\(module).resources"
            try FileManager.default.copyItem(at: built.appendingPathComponent(bundle), to: bin.appendingPathComponent(bundle))
        }
        let elsewhere = bin.deletingLastPathComponent()

        let works = try await ChildProcess.run(hybrid, HybridBinary.withGenerousLimits(["eval", "setTimeout(() => console.log('later'), 1); 1 + 1"]),
                                               currentDirectory: elsewhere)
        #expect(works.status == 0)
        #expect(works.stdout == "later\n2\n")

        let missing = bin.appendingPathComponent("HybridRuntime_WebView.resources/Resources/platform/storage.js")
        try FileManager.default.removeItem(at: missing)
        let broken = try await ChildProcess.run(hybrid, ["eval", "1 + 1"], currentDirectory: elsewhere)
        #expect(broken.status == 2)
        #expect(broken.stdout == "")
        #expect(broken.stderr.hasPrefix("hybrid eval: cannot read the JavaScript resource \(missing.path): no such file ("))
        #expect(broken.stderr.split(separator: "\n").count == 1)

        try FileManager.default.removeItem(at: bin.appendingPathComponent("HybridRuntime_JavaScript.resources"))
        // Commands that run no JavaScript, and the help, need no bundle.
        for arguments in [["eval", "--help"], ["route", "--routes", "routes.json", "app://x"]] {
            let result = try await ChildProcess.run(hybrid, arguments, currentDirectory: elsewhere)
            #expect(!result.stderr.contains("cannot read the JavaScript resource"), "\(arguments)")
        }
        #expect(try await ChildProcess.run(hybrid, ["eval", "--help"], currentDirectory: elsewhere).status == 0)
        let none = try await ChildProcess.run(hybrid, ["test", "web/tests"], currentDirectory: elsewhere)
        #expect(none.status == 2)
        #expect(none.stderr.contains("HybridRuntime_JavaScript.resources/Resources/timers.js: no such file"))
    }
}
