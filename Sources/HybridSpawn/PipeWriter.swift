import Foundation
import Glibc

/// Writes to a pipe (a child's standard input) without `SIGPIPE`: a child that has ended makes the write fail with
/// `EPIPE` instead of ending this process. `SIGPIPE` is blocked on the writing thread for the write, and a pending one
/// taken.
public struct PipeWriter: Sendable {
    /// The pipe's write end, which the caller owns.
    public let descriptor: Int32

    /// Writes to `descriptor`; this does not close it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`, blocking while the pipe is full; false when the reader has gone (or another error).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var written = 0, failed = false
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                written += result
            }
        }
        if failed {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return !failed
    }
}
