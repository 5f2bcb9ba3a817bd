import Glibc
import Synchronization

/// Writes to the standard streams unbuffered, so output interleaves as it happens.
///
/// A reader that went away (`EPIPE`: `hybrid run | head`) is ignored, never a crash. Any other failure to write
/// standard output (`hybrid test --tap > /dev/full`: `ENOSPC`) is kept, and ``CommandRunner`` reports it and
/// exits 2 once the command is done: the output a person or script relies on was lost.
enum StandardStreams {
    /// The first failure writing standard output. Global because the stream is: every command shares it.
    private static let outputFailure = Mutex<Int32?>(nil)

    static func out(_ text: String) {
        guard let code = OutputFile.writeAll(Array(text.utf8), to: STDOUT_FILENO), code != EPIPE else { return }
        outputFailure.withLock { $0 = $0 ?? code }
    }

    static func err(_ text: String) {
        // Nowhere left to report a failure on standard error.
        _ = OutputFile.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Why standard output could not be written (`No space left on device`), nil when every write went out.
    static var outputFailureReason: String? {
        outputFailure.withLock { $0 }.map { String(cString: strerror($0)) }
    }
}
