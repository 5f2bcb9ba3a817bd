/// A callback of the app delegate. Each is also posted on the app's ``Notifications`` under
/// ``notificationName`` (`app.didBecomeActive`, ...), with `userInfo["state"]` the state's raw value.
public enum HybridApplicationEvent: String, Sendable, Hashable, CaseIterable {
    case willFinishLaunching
    case didFinishLaunching
    case didBecomeActive
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case willTerminate

    /// The notification name: `app.` followed by the raw value.
    public var notificationName: String { "app." + rawValue }
}
