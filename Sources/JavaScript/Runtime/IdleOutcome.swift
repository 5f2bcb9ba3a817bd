/// How `JavaScriptRuntime.runUntilIdle(timeout:)` ended.
public enum IdleOutcome: Sendable, Hashable {
    /// No one-shot timer and no work token remained.
    case idle
    /// The time limit passed first; timers or work were still pending.
    case timedOut
}
