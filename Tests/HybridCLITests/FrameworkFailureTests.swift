import Foundation
import Testing
import TestSupport

/// A page whose framework code throws, or whose DOM ends wrong, is never reported as ok when the user asked for a
/// check: `hybrid test` fails it. The fixtures (Tests/Fixtures/HybridTesting/frameworks)
/// use Debian's jQuery and Vue 2, which `scripts/bootstrap` installs; they are copied next to the pages, since the
/// fixture server serves a page's folder only.
@Suite struct FrameworkFailureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting/frameworks")
    static let libraries = ["jquery.js": "/usr/share/javascript/jquery/jquery.min.js",
                            "vue.js": "/usr/share/javascript/vue/vue.min.js"]

    /// A temporary copy of the fixture pages with the libraries in `vendor/`, removed when dropped.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("frameworks-\(UUID().uuidString)")

        init() throws {
            let files = FileManager.default
            try files.copyItem(at: FrameworkFailureTests.fixtures, to: url)
            try files.createDirectory(at: url.appendingPathComponent("vendor"), withIntermediateDirectories: true)
            for (name, path) in FrameworkFailureTests.libraries {
                try #require(files.fileExists(atPath: path), "\(path) is missing: run scripts/bootstrap")
                try files.copyItem(atPath: path, toPath: url.appendingPathComponent("vendor/\(name)").path)
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    func hybridTest(_ page: String, in folder: Folder) async throws -> CommandResult {
        try await HybridBinary.run(["test", "--test-timeout", HybridBinary.generousTimeout, page],
                                   currentDirectory: folder.url)
    }

    @Test func aThrowingReadyHandlerFailsThePage() async throws {
        let folder = try Folder()
        let result = try await hybridTest("ready-throws.test.html", in: folder)
        #expect(result.status == 1)
        // jQuery rethrows from a timer: before the test starts (a failure of the file) or while it runs (of the test).
        #expect(result.stdout.hasPrefix("FAIL ready-throws.test.html"), "\(result.stdout)")
        #expect(result.stdout.contains("uncaught TypeError: window.notAFunction is not a function"), "\(result.stdout)")
        #expect(!result.stdout.hasSuffix(" 0 failed\n"), "\(result.stdout)")
    }

    @Test func aThrowingClickHandlerFailsTheTestThatClicked() async throws {
        let folder = try Folder()
        let result = try await hybridTest("listener-throws.test.html", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL listener-throws.test.html › clicking save\n"), "\(result.stdout)")
        #expect(result.stdout.contains("SyntaxError: JSON Parse error"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")
    }

    @Test func aWrongDOMFailsItsAssertion() async throws {
        let folder = try Folder()
        let result = try await hybridTest("wrong-dom.test.html", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL wrong-dom.test.html › the greeting names the user\n"
                                       + "    expected \"Hello, !\" to equal \"Hello, Ada!\""), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")
    }
}
