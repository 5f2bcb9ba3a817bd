import Dispatch
import Glibc
import Synchronization
import Testing
import TestSupport
@testable import HybridCLI

/// The commands' signal handling must hear a signal that comes the moment it is set up. It used to ignore the
/// signals and listen with a dispatch signal source, which starts listening later, on libdispatch's manager thread:
/// a signal in between was discarded, and on a loaded machine `hybrid serve` was sent SIGINT right after printing its
/// address and served on (a test then waited for it for good).
///
/// SIGUSR2 stands in for SIGINT, so that a lost signal cannot end the test process. The signal is raised on the
/// test's own thread with SIGUSR2 unblocked there: thread pool threads block signals, so a signal to the process
/// could wait for a thread that takes it, and the test would measure that instead.
@Suite(.serialized) struct TerminationSignalsTests {
    /// Raises `number` on this thread and returns once its handler has run (a raised, unblocked signal is handled
    /// before `raise` returns).
    private func raiseHere(_ number: Int32) {
        var unblock = sigset_t(), previous = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, number)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        raise(number)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    @Test func aSignalRaisedRightAfterSetUpIsHeard() {
        for round in 0..<50 {
            let heard = DispatchSemaphore(value: 0)
            let numbers = Mutex<[Int32]>([])
            let signals = TerminationSignals([SIGUSR2]) { number in
                numbers.withLock { $0.append(number) }
                heard.signal()
            }
            raiseHere(SIGUSR2)
            let timedOut = heard.wait(timeout: .now() + .seconds(Int(Duration.generous.components.seconds)))
            signals.cancel()
            #expect(timedOut == .success, "round \(round): the signal was lost")
            #expect(numbers.withLock { $0 } == [SIGUSR2], "round \(round)")
            if timedOut != .success { return }
        }
    }

    /// (SIGUSR1 is the engine's: JavaScriptCore suspends threads with it, so it is not used here.)
    @Test func twoSignalsAreTwoCalls() {
        let heard = DispatchSemaphore(value: 0)
        let numbers = Mutex<[Int32]>([])
        let signals = TerminationSignals([SIGWINCH, SIGUSR2]) { number in
            numbers.withLock { $0.append(number) }
            heard.signal()
        }
        defer { signals.cancel() }
        raiseHere(SIGUSR2)
        raiseHere(SIGWINCH)
        for _ in 0..<2 {
            #expect(heard.wait(timeout: .now() + .seconds(Int(Duration.generous.components.seconds))) == .success)
        }
        #expect(numbers.withLock { $0 } == [SIGUSR2, SIGWINCH])
    }

    @Test func afterCancelTheDefaultActionIsBack() {
        let signals = TerminationSignals([SIGUSR2]) { _ in }
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.__sigaction_handler.sa_handler != nil, "no handler while listening")
        signals.cancel()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil)  // SIG_DFL
    }
}
