import Foundation

/// The clock a runtime's timers, `Date.now()` and `performance.now()` follow.
public enum RuntimeClock: Sendable, Hashable {
    /// Wall-clock time: timers fire from the runtime's event loop.
    case real
    /// Deterministic time for tests, starting at `start`: it only moves with
    /// `JavaScriptRuntime.advance(by:)` and `runUntilIdle()`, which jump it to each next deadline.
    case virtual(start: Date = RuntimeClock.defaultVirtualStart)

    /// 2024-01-01T00:00:00Z.
    public static let defaultVirtualStart = Date(timeIntervalSince1970: 1_704_067_200)

    public var isVirtual: Bool { if case .virtual = self { true } else { false } }
}
