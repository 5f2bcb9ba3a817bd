import Foundation

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP during a run: flush the transcript, print the summary, exit 128 + the signal
/// (130, 143, 129).
final class RunInterrupt: Sendable {
    private let signals: TerminationSignals

    /// `onInterrupt` hears the signal, then the process exits.
    init(onInterrupt: @escaping @Sendable (Int32) -> Void) {
        signals = TerminationSignals { number in
            onInterrupt(number)
            exit(128 + number)
        }
    }

    func cancel() {
        signals.cancel()
    }
}
