import Foundation
import JavaScript
import Synchronization
import WebView

/// Answers a page's requests from a HAR file (`--replay-har FILE`), the format browsers' developer tools and proxies
/// save, so a page that talked to a real backend runs again offline.
///
/// A request takes the entry with its method and URL, else the one with its method, path and query (so a page served
/// from another port still matches); several entries of one request answer in turn, the last repeating. A response's
/// `content.text` is its body (`"encoding": "base64"` decoded).
public final class HARReplay: Sendable {
    struct Entry: Sendable {
        var method: String
        var url: String
        var pathAndQuery: String
        var status: Int
        var statusText: String
        var headers: [(String, String)]
        var body: [UInt8]
    }

    let entries: [Entry]
    private let used = Mutex<[Int: Int]>([:])

    /// The number of recorded requests.
    public var count: Int { entries.count }

    /// Reads a HAR file; throws a ``TestPageError`` naming the file and what is wrong.
    public init(contentsOf path: String) throws(TestPageError) {
        func bad(_ text: String) -> TestPageError { TestPageError(message: "\(path): \(text)") }
        guard let data = FileManager.default.contents(atPath: path) else { throw bad("cannot read the HAR file") }
        let json: JSONValue
        do { json = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) } catch { throw bad("not JSON: \(error)") }
        guard let list = json["log"]?["entries"]?.arrayValue else { throw bad("not a HAR file: no log.entries") }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            guard let method = item["request"]?["method"]?.stringValue, let url = item["request"]?["url"]?.stringValue,
                  let status = item["response"]?["status"]?.intValue else {
                throw bad("entry \(index + 1) needs request.method, request.url and response.status")
            }
            let headers = (item["response"]?["headers"]?.arrayValue ?? []).compactMap { header -> (String, String)? in
                guard let name = header["name"]?.stringValue, let value = header["value"]?.stringValue else { return nil }
                return (name.lowercased(), value)
            }.filter { !["content-encoding", "content-length", "transfer-encoding"].contains($0.0) }
            let content = item["response"]?["content"]
            let text = content?["text"]?.stringValue ?? ""
            let body = content?["encoding"]?.stringValue == "base64" ? Array(Data(base64Encoded: text) ?? Data()) : Array(text.utf8)
            entries.append(Entry(method: method.uppercased(), url: url, pathAndQuery: Self.pathAndQuery(url), status: status,
                                 statusText: item["response"]?["statusText"]?.stringValue ?? "", headers: headers, body: body))
        }
        self.entries = entries
    }

    /// The path (`/` when empty) and query of `url`, still percent-encoded.
    static func pathAndQuery(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The recorded response to `request`, nil when the HAR has none.
    public func response(for request: WebRequest) -> LoadedResource? {
        let method = request.method.uppercased(), url = request.url.absoluteString
        var matching = entries.indices.filter { entries[$0].method == method && entries[$0].url == url }
        if matching.isEmpty {
            let path = Self.pathAndQuery(url)
            matching = entries.indices.filter { entries[$0].method == method && entries[$0].pathAndQuery == path }
        }
        guard let first = matching.first else { return nil }
        let index = used.withLock { used in
            let turn = used[first, default: 0]
            used[first] = turn + 1
            return matching[min(turn, matching.count - 1)]
        }
        let entry = entries[index]
        return LoadedResource(url: request.url, status: entry.status, statusText: entry.statusText,
                              mimeType: entry.headers.first { $0.0 == "content-type" }?.1, body: entry.body, headers: entry.headers)
    }

    /// Answers `request` from the HAR: true when it did (a recorded response, or a failure for a request it does not
    /// have), false for a request to `passThrough` (the page's own server), which goes out as usual.
    package func answer(_ request: WebRequest, passThrough: String?, _ respond: (Result<LoadedResource, WebLoadError>) -> Void) -> Bool {
        if let response = response(for: request) {
            respond(.success(response))
            return true
        }
        if let passThrough, request.url.absoluteString.hasPrefix(passThrough) { return false }
        respond(.failure(WebLoadError(url: request.url.absoluteString,
                                      message: "--replay-har: the HAR has no \(request.method) \(request.url.absoluteString)")))
        return true
    }
}
