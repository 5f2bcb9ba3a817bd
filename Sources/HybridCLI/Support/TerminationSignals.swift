@preconcurrency import Dispatch
import Glibc
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM while a command runs: instead of dying at once, the command hears which one came
/// and can write what it knows before it exits (with 128 + the signal: 130, 143).
final class TerminationSignals: Sendable {
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Starts listening; `handler` runs on a queue of its own for each signal received.
    init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "hybrid.signals")
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
        self.sources = Mutex(sources)
    }

    /// The name a person knows the signal by.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
