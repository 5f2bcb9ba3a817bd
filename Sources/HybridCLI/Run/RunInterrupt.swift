@preconcurrency import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) during a run: flush the transcript, print the summary, exit 130.
final class RunInterrupt: Sendable {
    private let source: Mutex<(any DispatchSourceSignal)?>

    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            onInterrupt()
            exit(130)
        }
        source.resume()
        self.source = Mutex(source)
    }

    func cancel() {
        source.withLock { $0?.cancel(); $0 = nil }
        signal(SIGINT, SIG_DFL)
    }
}
