@preconcurrency import Dispatch
import Glibc
import Synchronization

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) while a command runs: instead of dying at once, the
/// command hears which one came and can write what it knows before it exits (with 128 + the signal: 130, 143, 129).
final class TerminationSignals: Sendable {
    /// The signals that end a command: SIGHUP, SIGINT, SIGTERM.
    static let all = [SIGHUP, SIGINT, SIGTERM]

    private let sources: Mutex<[any DispatchSourceSignal]>
    private let signals: [Int32]

    /// Starts listening; `handler` runs on a queue of its own for each signal received.
    init(_ signals: [Int32] = TerminationSignals.all, handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "hybrid.signals")
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
        self.signals = signals
        self.sources = Mutex(sources)
    }

    /// Stops listening: the signals have their default effect again.
    func cancel() {
        sources.withLock { sources in
            sources.forEach { $0.cancel() }
            sources.removeAll()
        }
        signals.forEach { signal($0, SIG_DFL) }
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
