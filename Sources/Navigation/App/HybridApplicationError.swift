/// A lifecycle request that the app's current state does not allow (launching twice, entering the foreground
/// while active, ...). The state is unchanged.
public struct HybridApplicationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The state the app was in.
    public var state: HybridApplicationState
    /// The request (`launch`, `enterBackground`, ...).
    public var request: String

    /// Creates the error.
    public init(state: HybridApplicationState, request: String) {
        self.state = state
        self.request = request
    }

    public var description: String { "cannot \(request) while the app is \(state.rawValue)" }
}
