import FixtureServer
import Foundation
import JavaScript
import Synchronization

/// A test file's folder served over HTTP as `hybrid run` serves a page's, for either engine's driver: the fixture
/// server (with the sidecar API mocks) on a runtime thread, the files of the folder it served (``loadedFiles()``), and
/// the way back from a script URL to the file (``locate(url:)``). A remote test page has no server.
final class TestFolderServer: Sendable {
    let target: TestPageTarget
    private let server: FixtureServer?
    /// The server's base URL once started.
    private let base = Mutex<String?>(nil)
    private let served = Mutex<Set<String>>([])

    init(target: TestPageTarget, runtime: JavaScriptRuntime) {
        self.target = target
        guard let folder = target.folder else {
            server = nil
            return
        }
        let server = FixtureServer(root: folder.path, runtime: runtime)
        server.options.apiMocks = target.apiMocks()
        self.server = server
        server.accessLog.observe { [weak self] event in
            guard event.status < 400, let relative = event.path.removingPercentEncoding else { return }
            let file = folder.appendingPathComponent(String(relative.drop { $0 == "/" })).standardizedFileURL.path
            self?.served.withLock { _ = $0.insert(file) }
        }
    }

    /// The server's base URL (`http://127.0.0.1:PORT/`), once started.
    var baseURL: String? { base.withLock { $0 } }

    /// The URL to load: the file on the started server, or the URL itself.
    func pageURL() async throws -> URL {
        guard let server else { return target.url }
        let baseText = "\(try await server.start())"
        base.withLock { $0 = baseText }
        guard let url = URL(string: target.fileName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "",
                            relativeTo: URL(string: baseText)) else {
            throw TestPageError(message: "cannot make a URL for \(target.fileName)")
        }
        return url.absoluteURL
    }

    /// The path shown in reports and the file on disk of a served URL of the folder; nil for any other.
    func locate(url: String) -> (path: String, file: URL)? {
        guard let folder = target.folder, let base = baseURL, url.hasPrefix(base) else { return nil }
        var relative = String(url.dropFirst(base.count))
        if let cut = relative.firstIndex(where: { $0 == "?" || $0 == "#" }) { relative = String(relative[..<cut]) }
        relative = relative.removingPercentEncoding ?? relative
        guard !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        return (target.displayFolder + relative, folder.appendingPathComponent(relative))
    }

    /// The files of the folder served so far (absolute paths, sorted).
    func loadedFiles() -> [String] {
        served.withLock { $0.sorted() }
    }

    func stop() async {
        await server?.stop()
    }
}
