import Foundation
import Testing
import TestSupport

/// `hybrid run --root DIR`: DIR is served instead of the page's folder, so the page loads files beside its folder;
/// a page outside DIR is refused.
@Suite struct RunRootOptionTests {
    /// A page in `app/` that loads `../lib/greeting.js`, and that script.
    static func files() async throws -> URL {
        try await RunFixture.folder([
            "app/index.html": #"<p id="p"></p><script src="../lib/greeting.js"></script>"#,
            "lib/greeting.js": "document.getElementById('p').textContent = 'hello';",
        ])
    }

    @Test func theRootIsServedSoThePageLoadsFilesBesideItsFolder() async throws {
        let folder = try await Self.files()
        let page = folder.appendingPathComponent("app/index.html").path
        let served = try await HybridBinary.run(["run", page, "--root", folder.path, "--eval", "document.getElementById('p').textContent",
                                                 "--quiet"])
        #expect(served.status == 0, "\(served.stdout)\(served.stderr)")
        #expect(served.stdout == "hello\n", "\(served.stdout)")
        // Without it the script is outside the served folder: a 404, an uncaught NetworkError.
        let alone = try await HybridBinary.run(["run", page, "--quiet"])
        #expect(alone.status == 1, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stderr.contains("HTTP status 404"), "\(alone.stderr)")
    }

    @Test func aPageOutsideTheRootOrARootThatIsNoFolderIsRefused() async throws {
        let folder = try await Self.files()
        let page = folder.appendingPathComponent("app/index.html").path
        let lib = folder.appendingPathComponent("lib").path
        let outside = try await HybridBinary.run(["run", page, "--root", lib])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("hybrid run: --root \(lib): the page \(page) is not inside \(lib)"), "\(outside.stderr)")
        let file = folder.appendingPathComponent("lib/greeting.js").path
        let notFolder = try await HybridBinary.run(["run", page, "--root", file])
        #expect(notFolder.status == 2)
        #expect(notFolder.stderr.contains("hybrid run: --root \(file): not a folder"), "\(notFolder.stderr)")
        let fileURL = try await HybridBinary.run(["run", page, "--root", folder.path, "--file-url"])
        #expect(fileURL.status == 2)
        #expect(fileURL.stderr.contains("--root serves a folder: not with --file-url"), "\(fileURL.stderr)")
        let conform = try await HybridBinary.run(["conform", page, "--root", lib, "--timeout", HybridBinary.generousTimeout])
        #expect(conform.status == 2)
        #expect(conform.stderr.contains("is not inside \(lib)"), "\(conform.stderr)")
    }
}
