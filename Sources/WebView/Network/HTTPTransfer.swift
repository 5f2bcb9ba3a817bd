internal import CSoup
import Foundation
import HybridLoop

/// One HTTP exchange through a `SoupSession`: send, follow redirects, read the whole body.
/// Completes on the session's main context; never after its ``Cancellable`` was cancelled.
///
/// A request without a timeout of its own fails when no response has begun `responseTimeout` after it was sent
/// (WKWebView's requests time out after 60 s, `NSURLRequest`'s default), whatever held it up: the connection, the
/// server, or a request libsoup lost; time a script held the thread does not count. Once the response head is in,
/// libsoup's socket timeout covers the body.
final class HTTPTransfer {
    private let request: WebRequest
    private let session: UnsafeMutablePointer<SoupSession>
    private let message: OpaquePointer
    private let cancellable: Cancellable
    private var completion: ((Result<LoadedResource, WebLoadError>) -> Void)?
    private var timeoutSource: UnsafeMutablePointer<GSource>?
    private var timedOut = false
    /// Armed until the first response head: nil when the request has its own timeout.
    private var responseTimer: UnsafeMutablePointer<GSource>?
    private var responseTimedOut = false
    private var responseTimeout = Duration.zero
    private var gotHeadersHandler: gulong = 0

    private init(request: WebRequest, session: UnsafeMutablePointer<SoupSession>, message: OpaquePointer, cancellable: Cancellable,
                 completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) {
        self.request = request
        self.session = session
        self.message = message
        self.cancellable = cancellable
        self.completion = completion
        g_object_ref(UnsafeMutableRawPointer(session))
    }

    deinit {
        if let timeoutSource { LoopCallback.cancel(timeoutSource) }
        stopResponseTimer()
        g_object_unref(UnsafeMutableRawPointer(message))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Starts the exchange; returns the error at once when the request cannot be made.
    static func start(_ request: WebRequest, session: UnsafeMutablePointer<SoupSession>, mainContext: OpaquePointer, cancellable: Cancellable,
                      responseTimeout: Duration,
                      completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> WebLoadError? {
        let method = request.method.isEmpty ? "GET" : request.method
        guard let message = soup_message_new(method, request.url.absoluteString) else {
            return WebLoadError(url: request.url.absoluteString, message: "invalid URL", kind: .invalidURL)
        }
        let headers = soup_message_get_request_headers(message)
        var contentType: String?
        for (name, value) in request.headers where isValidHeader(name, value) {
            if name.caseInsensitiveCompare("Content-Type") == .orderedSame { contentType = value; continue }
            soup_message_headers_append(headers, name, value)
        }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, contentType, bytes)
            g_bytes_unref(bytes)
        } else if let contentType {
            soup_message_headers_replace(headers, "Content-Type", contentType)
        }
        let transfer = HTTPTransfer(request: request, session: session, message: message, cancellable: cancellable,
                                    completion: completion)
        if let timeout = request.timeout {
            let milliseconds = UInt32(clamping: max(1, Int(timeout.seconds * 1000)))
            transfer.timeoutSource = LoopCallback.scheduleCancellable(on: mainContext, after: milliseconds) { [unowned transfer] in
                transfer.timedOut = true
                g_cancellable_cancel(transfer.cancellable.gCancellable)
            }
        } else {
            transfer.startResponseTimer(responseTimeout, on: mainContext)
        }
        soup_session_send_and_read_async(session, message, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { _, result, data in
            Unmanaged<HTTPTransfer>.fromOpaque(data!).takeRetainedValue().finish(result)
        }, Unmanaged.passRetained(transfer).toOpaque())
        return nil
    }

    /// Fails the request unless a response head arrives within `limit` of time the thread was free to read it.
    private func startResponseTimer(_ limit: Duration, on mainContext: OpaquePointer) {
        responseTimeout = limit
        armResponseTimer(on: mainContext)
        // The handler holds the transfer unretained: it is disconnected when the head arrives or the transfer ends.
        gotHeadersHandler = hybrid_platform_message_connect(message, "got-headers", { _, data in
            Unmanaged<HTTPTransfer>.fromOpaque(data!).takeUnretainedValue().stopResponseTimer()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A timer that fires more than a second late had the thread held by a script meanwhile: that time is not the
    /// server's, and the answer may be waiting unread behind the timer. The window then starts again, so a page
    /// busy for a minute after a request does not time it out (WKWebView's network process reads on).
    private func armResponseTimer(on mainContext: OpaquePointer) {
        let milliseconds = UInt32(clamping: max(1, Int(responseTimeout.seconds * 1000)))
        let due = g_get_monotonic_time() + Int(milliseconds) * 1000
        responseTimer = LoopCallback.scheduleCancellable(on: mainContext, after: milliseconds) { [unowned self] in
            // The source ends after this call; only this transfer's reference to it is dropped here.
            if let fired = responseTimer { g_source_unref(fired) }
            responseTimer = nil
            if g_get_monotonic_time() - due > 1_000_000 { return armResponseTimer(on: mainContext) }
            responseTimedOut = true
            g_cancellable_cancel(cancellable.gCancellable)
        }
    }

    private func stopResponseTimer() {
        if let responseTimer { LoopCallback.cancel(responseTimer) }
        responseTimer = nil
        if gotHeadersHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(message), gotHeadersHandler) }
        gotHeadersHandler = 0
    }

    /// libsoup rejects (with a critical warning) names and values that would break the message.
    private static func isValidHeader(_ name: String, _ value: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: ":") || $0 >= 0x7F }
            && !value.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D }
    }

    private func finish(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(session, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) }; if let error { g_error_free(error) } }
        stopResponseTimer()
        guard !cancellable.isCancelled, let completion else { return }
        self.completion = nil
        let url = request.url.absoluteString
        if responseTimedOut {
            let seconds = String(format: "%g", responseTimeout.seconds)
            completion(.failure(WebLoadError(url: url, message: "no response within \(seconds) s", kind: .timeout)))
            return
        }
        if timedOut {
            let seconds = request.timeout.map { String(format: "%g", $0.seconds) } ?? "?"
            completion(.failure(WebLoadError(url: url, message: "timed out after \(seconds) s", kind: .timeout)))
            return
        }
        guard let bytes else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "network error"
            completion(.failure(WebLoadError(url: url, message: reason, kind: .network)))
            return
        }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        let body = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
        completion(.success(resource(body: body)))
    }

    private func resource(body: [UInt8]) -> LoadedResource {
        let responseHeaders = soup_message_get_response_headers(message)
        var headers: [(String, String)] = []
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, responseHeaders)
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            if let name, let value { headers.append((String(cString: name), String(cString: value))) }
        }
        var finalURL = request.url
        if let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) {
            finalURL = URL(string: String(cString: text)) ?? request.url
            g_free(text)
        }
        let mimeType = soup_message_headers_get_content_type(responseHeaders, nil).map { String(cString: $0) }
        let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
        return LoadedResource(url: finalURL, status: Int(soup_message_get_status(message).rawValue), statusText: reason,
                              mimeType: mimeType, body: body, headers: headers)
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
