internal import CSoup
import Foundation
import HybridLoop

/// One `EventSource` connection: a GET through the web view's session (cookies, redirects) whose body is read chunk by
/// chunk as it arrives, handed on as text in whole lines.
///
/// Chunks are cut after their last line break (a `\n` or `\r` byte never splits a UTF-8 sequence, and a `\r\n` is
/// never split), so decoding never splits a character; what follows the last break waits for the next chunk, and is
/// dropped at the end of the stream (the standard discards an incomplete line there). Events come from the loop, never from inside ``start``. Runtime-
/// thread only; nothing reaches the handler after ``cancel()``.
final class EventStreamTransfer {
    /// What the page's `EventSource` hears.
    enum Event: Sendable {
        /// A 200 answer of type `text/event-stream`: the connection is open.
        case open
        /// Text of whole lines (each ends with its line break).
        case text(String)
        /// The stream ended or broke after it opened: the `EventSource` reconnects.
        case ended
        /// Not an event stream (network error, another status, another type): the `EventSource` fails for good
        /// when `permanent` (a wrong answer), else reconnects (the network failed).
        case failed(reason: String, permanent: Bool)
    }

    private let handler: (Event) -> Void
    private let message: OpaquePointer
    private let mainContext: OpaquePointer
    private let cancellable = Cancellable()
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var pending: [UInt8] = []
    /// The socket of the request's own connection, once connected: ``cancel()`` shuts it down.
    private let socket = UnsafeMutablePointer<UnsafeMutablePointer<GSocket>?>.allocate(capacity: 1)

    private static let chunkSize: gsize = 16 * 1024

    /// Starts the request for `url`, sending `lastEventID` as `Last-Event-ID` when it is not empty; nil when libsoup
    /// cannot make a request of the URL.
    init?(url: URL, lastEventID: String, session: WebSession, handler: @escaping (Event) -> Void) {
        guard let message = soup_message_new("GET", url.absoluteString) else { return nil }
        self.message = message
        self.handler = handler
        mainContext = session.mainContext
        socket.initialize(to: nil)
        // A connection of its own, whose socket is kept: cancelling a read does not end a libsoup 3 response, and
        // the server must see the client go.
        soup_message_set_flags(message, SOUP_MESSAGE_NEW_CONNECTION)
        hybrid_platform_keep_message_socket(message, socket)
        let headers = soup_message_get_request_headers(message)
        soup_message_headers_replace(headers, "Accept", "text/event-stream")
        soup_message_headers_replace(headers, "Cache-Control", "no-cache")
        if !lastEventID.isEmpty, !lastEventID.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) {
            soup_message_headers_replace(headers, "Last-Event-ID", lastEventID)
        }
        g_main_context_push_thread_default(mainContext)
        defer { g_main_context_pop_thread_default(mainContext) }
        soup_session_send_async(session.session, message, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { source, result, data in
            Unmanaged<EventStreamTransfer>.fromOpaque(data!).takeRetainedValue().sent(source, result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    deinit {
        hybrid_signal_handlers_disconnect_by_data(UnsafeMutableRawPointer(message), socket)
        if let kept = socket.pointee { g_object_unref(kept) }
        socket.deallocate()
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    /// Stops reading and ends the connection; the handler hears nothing more.
    func cancel() {
        cancellable.cancel()
        if let kept = socket.pointee { g_socket_shutdown(kept, 1, 1, nil) }
    }

    private func sent(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let session = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self)
        stream = soup_session_send_finish(session, result, &error)
        defer { g_clear_error(&error) }
        guard !cancellable.isCancelled else { return }
        guard stream != nil else {
            return handler(.failed(reason: error.map { String(cString: $0.pointee.message) } ?? "network error", permanent: false))
        }
        let status = Int(soup_message_get_status(message).rawValue)
        let type = soup_message_headers_get_content_type(soup_message_get_response_headers(message), nil)
            .map { String(cString: $0).lowercased() }
        guard status == 200 else { return handler(.failed(reason: "the server answered \(status)", permanent: true)) }
        guard type == "text/event-stream" else {
            return handler(.failed(reason: "the answer is \(type ?? "untyped"), not text/event-stream", permanent: true))
        }
        handler(.open)
        readNextChunk()
    }

    private func readNextChunk() {
        guard let stream, !cancellable.isCancelled else { return }
        g_main_context_push_thread_default(mainContext)
        defer { g_main_context_pop_thread_default(mainContext) }
        g_input_stream_read_bytes_async(stream, Self.chunkSize, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { _, result, data in
            Unmanaged<EventStreamTransfer>.fromOpaque(data!).takeRetainedValue().read(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func read(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) }; g_clear_error(&error) }
        guard !cancellable.isCancelled else { return }
        var size: gsize = 0
        guard let bytes, let data = g_bytes_get_data(bytes, &size), size > 0 else { return handler(.ended) }
        pending.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
        // A `\r` that ends the chunk may be the first half of a `\r\n`: it waits for the next chunk.
        let cut = pending.last == 0x0D ? pending.dropLast() : pending[...]
        if let last = cut.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            let lines = String(decoding: pending[...last], as: UTF8.self)
            pending.removeSubrange(...last)
            handler(.text(lines))
        }
        readNextChunk()
    }
}
