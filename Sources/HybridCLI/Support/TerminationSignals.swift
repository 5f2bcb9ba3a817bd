import Foundation
import Glibc
import Synchronization

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) while a command runs: instead of dying at once, the
/// command hears which one came and can write what it knows before it exits (with 128 + the signal: 130, 143, 129).
///
/// The handlers are in place when the initialiser returns, and no signal is lost. A `sigaction` handler writes the
/// signal's number to the process's signal pipe; one thread of its own reads the pipe and calls every listener of
/// that signal.
///
/// Two designs before this one lost signals. Ignoring the signals and listening with a dispatch signal source: the
/// source starts listening later, on libdispatch's manager thread, and a signal in between was discarded (on a loaded
/// machine `hybrid serve` printed its address, was sent SIGINT, and served on). Reading the pipe with a dispatch read
/// source per listener: a source cancelled while the next one started on the same descriptor could swallow the
/// readiness of a byte already in the pipe, and the reader's queue waited for a thread of the pool that busy tests
/// held; pinned to one core, a signal was not heard in 15 minutes.
final class TerminationSignals: Sendable {
    /// The signals that end a command: SIGHUP, SIGINT, SIGTERM.
    static let all = [SIGHUP, SIGINT, SIGTERM]

    private let id: Int

    /// Starts listening; `handler` runs on the signal thread, once for each signal received, in the order the
    /// signals came. A handler that blocks delays the signals after it, never loses them.
    init(_ signals: [Int32] = TerminationSignals.all, handler: @escaping @Sendable (Int32) -> Void) {
        id = SignalListeners.shared.add(signals, handler)
    }

    /// Stops listening: a signal no other listener waits for has its default effect again. Calling it twice does
    /// nothing more.
    func cancel() {
        SignalListeners.shared.remove(id)
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

/// The process's listeners and the thread that reads the signal pipe for them.
private final class SignalListeners: Sendable {
    private struct Listener {
        let signals: Set<Int32>
        let handler: @Sendable (Int32) -> Void
    }

    private struct State {
        var next = 0
        /// By registration number, so that listeners hear a signal in the order they started listening.
        var listeners: [Int: Listener] = [:]
    }

    static let shared = SignalListeners()

    private let state = Mutex(State())

    private init() {
        let read = SignalPipe.open()
        let thread = Thread { [self] in readForever(read) }
        thread.name = "hybrid.signals"
        thread.start()
    }

    func add(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) -> Int {
        state.withLock { state in
            defer { state.next += 1 }
            state.listeners[state.next] = Listener(signals: Set(signals), handler: handler)
            for number in signals { SignalPipe.install(number) }
            return state.next
        }
    }

    func remove(_ id: Int) {
        state.withLock { state in
            guard let removed = state.listeners.removeValue(forKey: id) else { return }
            let stillHeard = state.listeners.values.reduce(into: Set<Int32>()) { $0.formUnion($1.signals) }
            for number in removed.signals.subtracting(stillHeard) { signal(number, SIG_DFL) }
        }
    }

    /// The signal thread: a blocking read of one byte per signal, then the listeners, outside the lock.
    private func readForever(_ descriptor: Int32) -> Never {
        var number: UInt8 = 0
        while true {
            let count = Glibc.read(descriptor, &number, 1)
            guard count == 1 else {
                if count < 0, errno == EINTR { continue }
                fatalError("hybrid: the signal pipe failed: \(String(cString: strerror(errno)))")
            }
            let signal = Int32(number)
            let handlers = state.withLock { state in
                state.listeners.sorted { $0.key < $1.key }.filter { $0.value.signals.contains(signal) }.map(\.value.handler)
            }
            handlers.forEach { $0(signal) }
        }
    }
}

/// The process's signal pipe: the `sigaction` handler writes, the signal thread reads. The write end is
/// non-blocking (a full pipe drops a repeated signal rather than blocking the handler); both are close-on-exec.
private enum SignalPipe {
    /// Read by the handler: a plain global, set before any handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Makes the pipe; returns its read end.
    static func open() -> Int32 {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else {
            fatalError("hybrid: cannot make the signal pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        writeEnd = fds[1]
        return fds[0]
    }

    static func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// Async-signal-safe: `write` and `errno` only.
    private static let handler: @convention(c) (Int32) -> Void = { number in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(writeEnd, &byte, 1)
        errno = saved
    }
}
