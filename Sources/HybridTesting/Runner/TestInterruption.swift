import Foundation
import Synchronization

/// Stops the test files that are running now, from any thread: each fails with the reason given, and files
/// that start afterwards run as usual (`hybrid test --max-memory` uses it when the process passes its limit).
///
/// Give it to ``TestRunOptions/interruption``; then call ``interrupt(reason:)``:
///
/// ```swift
/// let interruption = TestInterruption()
/// var options = TestRunOptions()
/// options.interruption = interruption
/// // elsewhere, on any thread:
/// interruption.interrupt(reason: "memory limit exceeded (300 MB)")
/// ```
public final class TestInterruption: Sendable {
    private struct Running {
        var next = 0
        var stopped = 0
        var stops: [Int: @Sendable (String) -> Void] = [:]
    }
    private let running = Mutex(Running())

    /// An interruption that no file has registered with yet.
    public init() {}

    /// Fails every file running now with `reason`: its test running now (or the file, while it loads) fails
    /// with that message, its other tests do not run, and its JavaScript is stopped. Returns how many files
    /// were running.
    @discardableResult
    public func interrupt(reason: String) -> Int {
        let stops = running.withLock { running in
            defer { running.stops.removeAll() }
            running.stopped += running.stops.count
            return Array(running.stops.values)
        }
        stops.forEach { $0(reason) }
        return stops.count
    }

    /// How many files ``interrupt(reason:)`` has stopped so far.
    public var stoppedCount: Int { running.withLock { $0.stopped } }

    /// A file started: `stop` ends it. Returns the key for ``unregister(_:)``.
    func register(_ stop: @escaping @Sendable (String) -> Void) -> Int {
        running.withLock { running in
            running.next += 1
            running.stops[running.next] = stop
            return running.next
        }
    }

    /// The file finished.
    func unregister(_ key: Int) {
        _ = running.withLock { $0.stops.removeValue(forKey: key) }
    }
}
