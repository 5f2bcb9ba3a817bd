import Glibc
import HybridJSON

/// A folder of mock API responses: `METHOD/path/to/[param].json`, with an optional sibling `[param].status`
/// holding the status code.
///
/// Two suffixes make streams instead: `GET/chat.websocket.json` is a WebSocket endpoint at `/chat` running the
/// file's ``WebSocketScript``, and `GET/feed.sse.json` an event stream at `/feed` of the file's ``ServerSentEvent``s
/// (resumed after the client's `Last-Event-ID`). A third answers with the request itself: `POST/upload.echo.json`
/// answers `POST /upload` with a JSON description of the request (``echo(_:status:)``), so that a page can check
/// what it sent (a form, a multipart upload).
///
/// `GET/api/user/[id].json` answers `GET /api/user/42`; `GET/api/users/index.json` answers `GET /api/users`.
/// Files are read on every request, so editing a mock needs no restart; adding one does.
enum MockFolder {
    /// A mock file and the route pattern it answers.
    struct Entry: Equatable {
        var method: String
        var pattern: String
        var file: String
    }

    /// Bounds of the walk of each method's folder (``MockFolderWalk``).
    static let maximumDepth = MockFolderWalk.maximumDepth

    /// The mock files under `folder`; the first level of folders names the methods. Throws
    /// ``FixtureServerError/invalidMocks(_:)`` when links make a method's folder too deep or too large to walk.
    static func scan(_ folder: String) throws(FixtureServerError) -> [Entry] {
        var entries: [Entry] = []
        for method in list(folder) where PathResolver.isDirectory(folder + "/" + method) {
            let upper = method.uppercased()
            guard upper.allSatisfy({ $0.isLetter }) else { continue }
            for (segments, file) in try MockFolderWalk.files(in: folder + "/" + method) {
                entries.append(Entry(method: upper, pattern: pattern(for: segments), file: file))
            }
        }
        return entries.sorted { ($0.method, $0.pattern) < ($1.method, $1.pattern) }
    }

    /// The suffixes of mock files that stream, each with what it answers.
    private static let streamSuffixes = [".websocket.json", ".sse.json"]
    /// The suffix of mock files that answer with the request.
    private static let echoSuffix = ".echo.json"

    /// `["api", "user", "[id].json"]` -> `/api/user/:id`; `["chat.websocket.json"]` -> `/chat`.
    static func pattern(for segments: [String]) -> String {
        var parts = segments
        let name = parts.removeLast()
        let suffix = (streamSuffixes + [echoSuffix]).first { name.hasSuffix($0) && name.count > $0.count } ?? ".json"
        var last = String(name.dropLast(suffix.count))
        if last != "index" { parts.append(last) } else { last = "" }
        let converted = parts.map { part -> String in
            if part.hasPrefix("["), part.hasSuffix("]"), part.count > 2 { return ":" + part.dropFirst().dropLast() }
            return part
        }
        return "/" + converted.joined(separator: "/")
    }

    /// The mock's response: the file's bytes as JSON, with the status from the sibling `.status` file; or the
    /// stream a `.websocket.json` or `.sse.json` file describes; or, for an `.echo.json` file, the request described
    /// as JSON with the file's `status` (200 when it has none).
    static func response(for file: String, request: MockRequest) -> MockResponse {
        guard let body = read(file) else { return .text("mock file vanished: \(file)", status: 500) }
        if file.hasSuffix(echoSuffix) {
            do {
                let status = try JSONValue(parsingUTF8: body)["status"]?.intValue ?? 200
                guard (200...599).contains(status) else {
                    return .text("mock file \(file): status \(status) is not 200-599", status: 500)
                }
                return echo(request, status: status)
            } catch {
                return .text("mock file \(file): \(error)", status: 500)
            }
        }
        if let stream = streamSuffixes.first(where: { file.hasSuffix($0) }) {
            do {
                let json = try JSONValue(parsingUTF8: body)
                if stream == ".websocket.json" { return .webSocket(try WebSocketScript(json: json)) }
                return .eventStream(try ServerSentEvent.events(json: json), after: request.headers["last-event-id"],
                                    keepOpen: json["keepOpen"]?.boolValue ?? false)
            } catch {
                return .text("mock file \(file): \(error)", status: 500)
            }
        }
        var status = 200
        if let text = read(String(file.dropLast(5)) + ".status") {
            let trimmed = String(decoding: text, as: UTF8.self).filter { !$0.isWhitespace }
            if let code = Int(trimmed), (100...599).contains(code) { status = code }
        }
        return .raw(body, contentType: "application/json; charset=utf-8", status: status)
    }

    /// `request` as JSON: `method`, `path`, `query` (each key to all its values), `headers` (names lower-cased) and
    /// `body` (the bytes as UTF-8 text, invalid sequences replaced) with `bodyLength`, the body's size in bytes.
    static func echo(_ request: MockRequest, status: Int) -> MockResponse {
        var headers = JSONObject()
        for name in request.headers.keys.sorted() { headers[name] = .string(request.headers[name]!) }
        var query = JSONObject()
        for key in request.query.keys.sorted() { query[key] = .array(request.query[key]!.map { .string($0) }) }
        let description: JSONValue = ["method": .string(request.method), "path": .string(request.path),
                                      "query": .object(query), "headers": .object(headers),
                                      "body": .string(request.text), "bodyLength": .number(Double(request.body.count))]
        return .json(description, status: status)
    }

    /// The names in `directory` but `.` and `..`, sorted.
    static func list(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}
