import Dispatch
import Glibc
import Synchronization

/// Writes access-log lines to standard error in batches: at most one `write(2)` per 8 KiB or per 50 ms, so logging
/// stays off the server's hot path while lines still show up at once to a person watching.
final class AccessLogWriter: @unchecked Sendable {
    // @unchecked: the buffer is behind its lock, and the timer, a dispatch source (which may be used from any
    // thread), is set in `init` and only cancelled in `deinit`.
    /// The queued bytes; the timer and the server's thread both use it, under its lock.
    private final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])

        func flush() {
            let pending = bytes.withLock { bytes -> [UInt8] in
                defer { bytes.removeAll(keepingCapacity: true) }
                return bytes
            }
            pending.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let count = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                    if count <= 0 { return }
                    offset += count
                }
            }
        }
    }

    private let buffer = Buffer()
    /// Set once in `init`, then only cancelled in `deinit`.
    private let timer: DispatchSourceTimer

    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "hybrid.serve.log"))
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        let buffer = self.buffer
        timer.setEventHandler { buffer.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Queues `line` (a newline is added).
    func write(_ line: String) {
        let full = buffer.bytes.withLock { bytes -> Bool in
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return bytes.count >= 8192
        }
        if full { buffer.flush() }
    }

    /// Writes what is queued now.
    func flush() {
        buffer.flush()
    }
}
