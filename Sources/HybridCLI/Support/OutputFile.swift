import Glibc
import Synchronization

/// A file a command writes (`hybrid run --transcript`, `hybrid test --junit`), checked at every step.
///
/// It is opened (created, emptied) when made, so a bad path is an input error before any work is done; a write
/// that fails (a full disk, `ENOSPC`; an I/O error, `EIO`) is kept, so the command reports it on standard error and
/// exits 2 instead of losing the data without a word. After the first failure the later writes are skipped.
final class OutputFile: Sendable {
    let path: String
    private struct State {
        var descriptor: Int32
        var failure: OutputFileError?
    }
    private let state: Mutex<State>

    /// Opens `path` for writing, creating it or emptying it.
    init(path: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputFileError(path: path, code: errno) }
        self.path = path
        state = Mutex(State(descriptor: descriptor))
    }

    /// The first failure so far, if any.
    var failure: OutputFileError? { state.withLock { $0.failure } }

    /// Appends `text` (nothing once a write failed or the file is closed).
    func write(_ text: String) {
        state.withLock { state in
            guard state.descriptor >= 0, state.failure == nil else { return }
            if let code = Self.writeAll(Array(text.utf8), to: state.descriptor) {
                state.failure = OutputFileError(path: path, code: code)
            }
        }
    }

    /// Closes the file (once; later calls only answer) and returns the first failure of any write or of closing.
    /// `last`, when given, is written first, with no other write between it and the close.
    @discardableResult
    func close(after last: String? = nil) -> OutputFileError? {
        state.withLock { state in
            if let last, state.descriptor >= 0, state.failure == nil, let code = Self.writeAll(Array(last.utf8), to: state.descriptor) {
                state.failure = OutputFileError(path: path, code: code)
            }
            if state.descriptor >= 0 {
                // close(2) can report a write the kernel deferred (on NFS, say); EINTR leaves the descriptor closed.
                if Glibc.close(state.descriptor) != 0, errno != EINTR, state.failure == nil {
                    state.failure = OutputFileError(path: path, code: errno)
                }
                state.descriptor = -1
            }
            return state.failure
        }
    }

    /// Writes every byte, retrying after a signal; the error code of the first failure, nil when all went out.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        // A descriptor someone made non-blocking: wait until it takes more.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                        continue
                    }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }
}

/// A file that could not be written: its path and the system's reason (`No space left on device`).
struct OutputFileError: Error, Sendable, CustomStringConvertible {
    let path: String
    let reason: String

    init(path: String, code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    var description: String { "cannot write \(path): \(reason)" }
}
