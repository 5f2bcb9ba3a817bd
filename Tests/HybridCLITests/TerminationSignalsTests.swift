import Glibc
import Testing
import TestSupport
@testable import HybridCLI

/// The commands' signal handling must hear a signal that comes the moment it is set up. It used to ignore the
/// signals and listen with a dispatch signal source, which starts listening later, on libdispatch's manager thread:
/// a signal in between was discarded, and on a loaded machine `hybrid serve` was sent SIGINT right after printing its
/// address and served on (a test then waited for it for good). Its successor read the signal pipe with a dispatch
/// read source per listener, and pinned to one core a signal was not heard within 15 minutes.
///
/// SIGUSR2 stands in for SIGINT, so that a lost signal cannot end the test process. The signal is raised on the
/// test's own thread with SIGUSR2 unblocked there: thread pool threads block signals, so a signal to the process
/// could wait for a thread that takes it, and the test would measure that instead. The tests wait by awaiting, so a
/// lost signal holds no thread of the pool that other tests need.
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

    /// Listens to `signals`, runs `body`, and returns the first `count` signals heard, or what was heard when the
    /// generous limit passed, nothing.
    private func heard(_ count: Int, listening signals: [Int32], while body: () -> Void) async -> [Int32] {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let listener = TerminationSignals(signals) { continuation.yield($0) }
        defer { listener.cancel() }
        body()
        return await withTaskGroup(of: [Int32]?.self) { group in
            group.addTask {
                var received: [Int32] = []
                for await number in stream {
                    received.append(number)
                    if received.count == count { break }
                }
                return received
            }
            group.addTask {
                try? await Task.sleep(for: .generous)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    @Test func aSignalRaisedRightAfterSetUpIsHeard() async {
        for round in 0..<50 {
            let numbers = await heard(1, listening: [SIGUSR2]) { raiseHere(SIGUSR2) }
            #expect(numbers == [SIGUSR2], "round \(round): the signal was lost")
            if numbers != [SIGUSR2] { return }
        }
    }

    /// (SIGUSR1 is the engine's: JavaScriptCore suspends threads with it, so it is not used here.)
    @Test func twoSignalsAreTwoCalls() async {
        let numbers = await heard(2, listening: [SIGWINCH, SIGUSR2]) {
            raiseHere(SIGUSR2)
            raiseHere(SIGWINCH)
        }
        #expect(numbers == [SIGUSR2, SIGWINCH])
    }

    @Test func everyListenerOfASignalHearsIt() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let other = TerminationSignals([SIGUSR2]) { continuation.yield($0 + 1000) }
        defer { other.cancel() }
        let numbers = await heard(1, listening: [SIGUSR2]) { raiseHere(SIGUSR2) }
        #expect(numbers == [SIGUSR2])
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == SIGUSR2 + 1000, "the earlier listener heard it too")
    }

    @Test func afterCancelTheDefaultActionIsBack() {
        let first = TerminationSignals([SIGUSR2]) { _ in }
        let second = TerminationSignals([SIGUSR2]) { _ in }
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.__sigaction_handler.sa_handler != nil, "no handler while listening")
        first.cancel()
        first.cancel()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.__sigaction_handler.sa_handler != nil, "the second listener still listens")
        second.cancel()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil)  // SIG_DFL
    }
}
