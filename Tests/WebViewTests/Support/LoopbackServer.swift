internal import CSoup
import Foundation
import JavaScript
import Synchronization

/// A request the loopback server received.
struct TestRequest: Sendable {
    var method: String
    var path: String
    var query: String?
    /// Header names lowercased; repeated headers joined with ", ".
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// What the loopback server answers.
struct TestResponse: Sendable {
    var status: Int = 200
    var headers: [(String, String)] = []
    var contentType = "text/plain"
    var body: [UInt8] = []
    /// Never answer (the connection stays open until the server stops).
    var hang = false
    /// A body sent in chunks (chunked encoding), `interval` apart, instead of `body`; `stall`: after the first
    /// chunk nothing more is sent and the response never ends.
    var chunks: (parts: [[UInt8]], interval: Duration, stall: Bool)?

    /// `text` as `text/plain`, or as the `Content-Type` among `headers`.
    static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        let isType = { (header: (String, String)) in header.0.caseInsensitiveCompare("Content-Type") == .orderedSame }
        return TestResponse(status: status, headers: headers.filter { !isType($0) },
                            contentType: headers.first(where: isType)?.1 ?? "text/plain; charset=utf-8", body: Array(text.utf8))
    }
    static func json(_ json: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        TestResponse(status: status, headers: headers, contentType: "application/json", body: Array(json.utf8))
    }
    static func redirect(to location: String, status: Int = 302) -> TestResponse {
        TestResponse(status: status, headers: [("Location", location)])
    }
    static let hanging = TestResponse(hang: true)
    /// `parts` sent one by one, `interval` apart, then the end of the body.
    static func trickle(_ parts: [String], every interval: Duration, contentType: String = "text/plain") -> TestResponse {
        TestResponse(contentType: contentType, chunks: (parts.map { Array($0.utf8) }, interval, false))
    }
    /// The head and `first` body bytes, then silence (the response never ends).
    static func stalling(after first: String) -> TestResponse {
        TestResponse(chunks: ([Array(first.utf8)], .zero, true))
    }
}

/// An HTTP server on 127.0.0.1 (a free port) for tests, on libsoup's `SoupServer` and a thread of
/// its own. Every request is recorded and answered by the handler.
final class LoopbackServer: Sendable {
    typealias Handler = @Sendable (TestRequest) -> TestResponse

    fileprivate final class Core: @unchecked Sendable {
        let handler: Handler
        let recorded = Mutex<[TestRequest]>([])
        var server: UnsafeMutablePointer<SoupServer>?
        init(handler: @escaping Handler) { self.handler = handler }
    }

    private let loop = EventLoopThread(name: "test.loopback-server")
    private let core: Core
    /// The port it listens on.
    let port: Int

    /// `http://127.0.0.1:PORT/`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The absolute URL of `path` on this server.
    func url(_ path: String) -> URL { URL(string: path, relativeTo: baseURL)!.absoluteURL }

    /// Every request received so far.
    var requests: [TestRequest] { core.recorded.withLock { $0 } }

    init(handler: @escaping Handler) async throws {
        let core = Core(handler: handler)
        self.core = core
        port = try await loop.submit {
            let server = hybrid_platform_server_new()!
            core.server = server
            soup_server_add_handler(server, nil, { _, message, _, _, data in
                guard let message, let data else { return }
                Unmanaged<Core>.fromOpaque(data).takeUnretainedValue().handle(message)
            }, Unmanaged.passUnretained(core).toOpaque(), nil)
            var error: UnsafeMutablePointer<GError>?
            guard soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "listen failed"
                throw LoopbackError(message: message)
            }
            let uris = soup_server_get_uris(server)
            defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
            guard let first = uris?.pointee.data else { throw LoopbackError(message: "no listening URI") }
            return Int(g_uri_get_port(OpaquePointer(first)))
        }
    }

    /// Stops listening and closes every connection.
    func stop() async {
        let core = self.core
        _ = try? await loop.submit {
            guard let server = core.server else { return }
            core.server = nil
            soup_server_disconnect(server)
            g_object_unref(server)
        }
    }

    deinit {
        let core = self.core
        loop.execute {
            guard let server = core.server else { return }
            soup_server_disconnect(server)
            g_object_unref(server)
        }
    }
}

struct LoopbackError: Error { var message: String }

extension LoopbackServer.Core {
    func handle(_ message: OpaquePointer) {
        let uri = soup_server_message_get_uri(message)
        let path = uri.flatMap { g_uri_get_path($0) }.map { String(cString: $0) } ?? "/"
        let query = uri.flatMap { g_uri_get_query($0) }.map { String(cString: $0) }
        var headers: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, soup_server_message_get_request_headers(message))
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            let key = String(cString: name).lowercased()
            headers[key] = headers[key].map { $0 + ", " + String(cString: value) } ?? String(cString: value)
        }
        var body: [UInt8] = []
        if let requestBody = soup_server_message_get_request_body(message), let data = requestBody.pointee.data {
            body = Array(UnsafeRawBufferPointer(start: data, count: Int(requestBody.pointee.length)))
        }
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
        let request = TestRequest(method: method, path: path, query: query, headers: headers, body: body)
        recorded.withLock { $0.append(request) }
        let response = handler(request)
        if response.hang { soup_server_message_pause(message); return }
        soup_server_message_set_status(message, UInt32(response.status), nil)
        let responseHeaders = soup_server_message_get_response_headers(message)
        for (name, value) in response.headers { soup_message_headers_append(responseHeaders, name, value) }
        if let chunks = response.chunks {
            soup_message_headers_set_content_type(responseHeaders, response.contentType, nil)
            soup_message_headers_set_encoding(responseHeaders, SOUP_ENCODING_CHUNKED)
            g_object_ref(UnsafeMutableRawPointer(message))  // released when the last chunk is handed over
            sendChunks(chunks.parts[...], of: message, every: chunks.interval, stall: chunks.stall,
                       on: g_main_context_ref_thread_default())
            return
        }
        response.body.withUnsafeBytes { bytes in
            soup_server_message_set_response(message, response.contentType, SOUP_MEMORY_COPY,
                                             bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
        }
    }

    /// Appends the next chunk (libsoup pauses a chunked response whose body ran dry: unpause it), then schedules
    /// the rest on the server's loop; ends the body after the last one unless the response stalls.
    private func sendChunks(_ parts: ArraySlice<[UInt8]>, of message: OpaquePointer, every interval: Duration, stall: Bool,
                            on context: OpaquePointer) {
        let body = soup_server_message_get_response_body(message)
        if let part = parts.first {
            part.withUnsafeBytes { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
        }
        let rest = parts.dropFirst()
        if rest.isEmpty && !stall { soup_message_body_complete(body) }
        soup_server_message_unpause(message)
        guard !rest.isEmpty, !stall else {
            g_object_unref(UnsafeMutableRawPointer(message))
            g_main_context_unref(context)
            return
        }
        let milliseconds = UInt32(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        g_source_unref(LoopCallback.scheduleCancellable(on: context, after: milliseconds) { [self] in
            sendChunks(rest, of: message, every: interval, stall: stall, on: context)
        })
    }
}
