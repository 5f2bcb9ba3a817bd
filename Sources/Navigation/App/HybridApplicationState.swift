/// The five states of an iOS app (the seed chapter's "five states").
public enum HybridApplicationState: String, Sendable, Hashable, CaseIterable {
    /// Not launched, or terminated.
    case notRunning
    /// In the foreground without focus (an incoming call, a transition between states).
    case inactive
    /// In the foreground, receiving events.
    case active
    /// In the background, still running code.
    case background
    /// In the background, not running code (still in memory).
    case suspended
}
