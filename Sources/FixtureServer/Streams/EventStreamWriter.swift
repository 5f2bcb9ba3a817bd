internal import CSoup

/// Writes one `text/event-stream` answer: chunked, each event appended when its delay is over and flushed at once
/// (libsoup pauses a chunked answer that has run out of data; appending and unpausing sends the next chunk).
///
/// ``ServerCore`` keeps it until the answer is complete or libsoup drops the message (the client went, the server
/// stops). A stream kept open after its last event writes nothing more, so libsoup would never notice the client
/// leaving: the writer then calls `quiet`, and the connection watches its socket for the client's end. Loop thread
/// only.
final class EventStreamWriter {
    private var message: OpaquePointer?
    private var events: ArraySlice<ServerSentEvent>
    private let keepOpen: Bool
    private let timer = LoopTimer()
    private let done: (EventStreamWriter) -> Void
    private let quiet: (OpaquePointer) -> Void

    /// Starts the answer to `message`: status 200, chunked, then the events. `done` runs once when it is over.
    init(message: ServerMessage, events: [ServerSentEvent], keepOpen: Bool, done: @escaping (EventStreamWriter) -> Void,
         quiet: @escaping (OpaquePointer) -> Void) {
        self.message = message.pointer
        self.events = events[...]
        self.keepOpen = keepOpen
        self.done = done
        self.quiet = quiet
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
            quiet(message)
        }
    }
}
