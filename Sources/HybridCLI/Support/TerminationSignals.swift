@preconcurrency import Dispatch
import Glibc
import Synchronization

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) while a command runs: instead of dying at once, the
/// command hears which one came and can write what it knows before it exits (with 128 + the signal: 130, 143, 129).
///
/// The handlers are in place when the initialiser returns, and no signal is lost. (Ignoring the signals and
/// listening with a dispatch signal source lost them: the source starts listening later, on libdispatch's manager
/// thread, and a signal that came in between was discarded. On a loaded machine `hybrid serve` printed its address,
/// was sent SIGINT, and served on.) A handler writes the signal's number to a pipe, which a dispatch source reads.
final class TerminationSignals: Sendable {
    /// The signals that end a command: SIGHUP, SIGINT, SIGTERM.
    static let all = [SIGHUP, SIGINT, SIGTERM]

    private let reader: Mutex<(any DispatchSourceRead)?>
    private let signals: [Int32]

    /// Starts listening; `handler` runs on a queue of its own for each signal received.
    init(_ signals: [Int32] = TerminationSignals.all, handler: @escaping @Sendable (Int32) -> Void) {
        let pipe = SignalPipe.shared
        let source = DispatchSource.makeReadSource(fileDescriptor: pipe.read, queue: DispatchQueue(label: "hybrid.signals"))
        source.setEventHandler {
            var number: UInt8 = 0
            while Glibc.read(pipe.read, &number, 1) == 1 { handler(Int32(number)) }
        }
        source.resume()
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SignalPipe.handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        self.signals = signals
        reader = Mutex(source)
    }

    /// Stops listening: the signals have their default effect again.
    func cancel() {
        signals.forEach { signal($0, SIG_DFL) }
        reader.withLock { reader in
            reader?.cancel()
            reader = nil
        }
    }

    /// The name a person knows the signal by.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// The process's signal pipe: the handler writes, a ``TerminationSignals`` reads. Both ends are non-blocking (a full
/// pipe drops a repeated signal rather than blocking the handler) and close-on-exec.
private struct SignalPipe: Sendable {
    let read: Int32
    let write: Int32

    static let shared: SignalPipe = {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { fatalError("hybrid: cannot make the signal pipe: \(String(cString: strerror(errno)))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        writeEnd = fds[1]
        return SignalPipe(read: fds[0], write: fds[1])
    }()

    /// Read by the handler: a plain global, set before any handler is installed (``shared`` is made first).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Async-signal-safe: `write` and `errno` only.
    static let handler: @convention(c) (Int32) -> Void = { number in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(writeEnd, &byte, 1)
        errno = saved
    }
}
