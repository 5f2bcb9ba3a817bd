internal import CSoup
import Glibc

/// Writes one `text/event-stream` answer: chunked, each event appended when its delay is over and flushed at once
/// (libsoup pauses a chunked answer that has run out of data; appending and unpausing sends the next chunk).
///
/// ``ServerCore`` keeps it until the answer is complete or libsoup drops the message (the client went, the server
/// stops). A stream kept open after its last event writes nothing more, so libsoup would never notice the client
/// leaving: the writer then watches the socket, and when the client closes its end (a peek reads the end of the
/// stream), `hangUp` closes the connection. Loop thread only.
final class EventStreamWriter {
    private var message: OpaquePointer?
    private var events: ArraySlice<ServerSentEvent>
    private let keepOpen: Bool
    private let timer = LoopTimer()
    private let done: (EventStreamWriter) -> Void
    private let hangUp: (OpaquePointer) -> Void
    private var watch: UnsafeMutablePointer<GSource>?

    /// Starts the answer to `message`: status 200, chunked, then the events. `done` runs once when it is over.
    init(message: ServerMessage, events: [ServerSentEvent], keepOpen: Bool, done: @escaping (EventStreamWriter) -> Void,
         hangUp: @escaping (OpaquePointer) -> Void) {
        self.message = message.pointer
        self.events = events[...]
        self.keepOpen = keepOpen
        self.done = done
        self.hangUp = hangUp
        message.setStatus(200)
        message.setHeader("Cache-Control", "no-cache")
        soup_message_headers_set_encoding(soup_server_message_get_response_headers(message.pointer), SOUP_ENCODING_CHUNKED)
        g_object_weak_ref(hybrid_gobject(UnsafeMutableRawPointer(message.pointer)), EventStreamWriter.messageFinalized,
                          Unmanaged.passUnretained(self).toOpaque())
    }

    /// Writes the events due now and schedules the rest.
    func start() {
        writeDue(first: true)
    }

    /// Stops writing (the server stopping): the message goes with its connection.
    func cancel() {
        timer.cancel()
        unwatch()
        if let message {
            g_object_weak_unref(hybrid_gobject(UnsafeMutableRawPointer(message)), EventStreamWriter.messageFinalized,
                                Unmanaged.passUnretained(self).toOpaque())
        }
        message = nil
    }

    private static let messageFinalized: GWeakNotify = { data, _ in
        let writer = Unmanaged<EventStreamWriter>.fromOpaque(data!).takeUnretainedValue()
        writer.message = nil
        writer.timer.cancel()
        writer.unwatch()
        writer.done(writer)
    }

    /// Appends every event whose delay is over (the first's counts from the start), then waits for the next.
    private func writeDue(first: Bool) {
        guard let message else { return }
        var delayOver = !first
        while let event = events.first {
            if event.delay > 0, !delayOver {
                timer.schedule(after: event.delay) { [weak self] in self?.writeDue(first: false) }
                break
            }
            events.removeFirst()
            delayOver = false
            let text = Array(event.encoded.utf8)
            text.withUnsafeBytes {
                soup_message_body_append(soup_server_message_get_response_body(message), SOUP_MEMORY_COPY,
                                         $0.baseAddress, gsize($0.count))
            }
        }
        if events.isEmpty, !keepOpen {
            soup_message_body_complete(soup_server_message_get_response_body(message))
        }
        if !first { soup_server_message_unpause(message) }
        if events.isEmpty, !keepOpen {
            cancel()
            done(self)
        } else if events.isEmpty {
            watchForHangUp(message)
        }
    }

    private func watchForHangUp(_ message: OpaquePointer) {
        guard watch == nil, let socket = soup_server_message_get_socket(message) else { return }
        let source = g_socket_create_source(socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), nil)!
        hybrid_socket_source_set_callback(source, { socket, _, data in
            var byte: UInt8 = 0
            let got = recv(g_socket_get_fd(socket), &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if got < 0, errno == EAGAIN || errno == EINTR { return 1 }
            let writer = Unmanaged<EventStreamWriter>.fromOpaque(data!).takeUnretainedValue()
            // Bytes from the client (it has nothing to send on this connection) or its end: stop watching; at its end,
            // close the connection.
            if got == 0 || got < 0, let message = writer.message { writer.hangUp(message) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        g_source_attach(source, g_main_context_get_thread_default())
        watch = source
    }

    private func unwatch() {
        guard let watch else { return }
        self.watch = nil
        g_source_destroy(watch)
        g_source_unref(watch)
    }
}
