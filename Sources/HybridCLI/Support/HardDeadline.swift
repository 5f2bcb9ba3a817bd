@preconcurrency import Dispatch
import Foundation
import Synchronization

/// The last resort behind a command's `--timeout`, kept off the runtime thread.
///
/// The runtime's deadline stops scripts in time; but JavaScriptCore cannot stop an endless chain of
/// promise jobs, which then holds the runtime thread for good, and nothing after it would run. If the
/// command is still going `grace` after its deadline, `onExpiry` runs on a queue of its own (to say what
/// happened and write what is known) and the process exits with status 3 (`--max-memory` uses it with
/// status 4, see ``MemoryLimit``).
final class HardDeadline: Sendable {
    /// How long after the deadline the runtime has to stop the page itself.
    static let grace = Duration.seconds(2)

    private let timer: Mutex<(any DispatchSourceTimer)?>

    init(deadline: ContinuousClock.Instant, grace: Duration = HardDeadline.grace, status: ExitStatus = .timeout,
         onExpiry: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "hybrid.deadline"))
        let delay = max(ContinuousClock.now.duration(to: deadline) + grace, .zero)
        timer.schedule(deadline: .now() + .nanoseconds(Int(delay.components.seconds) * 1_000_000_000
                                                          + Int(delay.components.attoseconds / 1_000_000_000)))
        timer.setEventHandler {
            onExpiry()
            // _exit, not exit: a runtime thread is still running JavaScript, and the static destructors that
            // exit runs would tear JavaScriptCore down under it. What is written is already out (unbuffered
            // writes; `onExpiry` closes its files).
            _exit(status.rawValue)
        }
        timer.resume()
        self.timer = Mutex(timer)
    }

    /// The command finished: no exit.
    func cancel() {
        timer.withLock { $0?.cancel(); $0 = nil }
    }

    /// The line that says why the command stopped without the page's own error.
    static func message(command: String, timeout: Double) -> String {
        "hybrid \(command): time limit of \(String(format: "%g", timeout)) s reached; JavaScript is still running "
            + "and cannot be interrupted (an endless chain of promise jobs?)\n"
    }
}
