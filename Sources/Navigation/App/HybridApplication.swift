/// The app's lifecycle: its state and the delegate callbacks UIKit makes, in their documented sequences.
///
/// - cold start (``launch()``): willFinishLaunching, didFinishLaunching (inactive), didBecomeActive (active)
/// - home button or lock (``enterBackground()``): willResignActive (inactive), didEnterBackground (background)
/// - interruption (``resignActive()``): willResignActive; its end (``becomeActive()``): didBecomeActive
/// - return (``enterForeground()``): willEnterForeground (inactive), didBecomeActive (active)
/// - ``suspend()``: background to suspended, without a callback, as on iOS
/// - ``terminate()``: willTerminate (not from suspended: a suspended app is killed silently), then not running
///
/// Each callback is also posted on ``notifications`` as `app.<callback>` so pages (and page JavaScript, through
/// the bridge) can observe them.
@MainActor
public final class HybridApplication {
    /// The current state.
    public private(set) var state = HybridApplicationState.notRunning
    /// The delegate (held weakly, like UIKit's).
    public weak var delegate: (any HybridApplicationDelegate)?
    /// Where the callbacks are posted.
    public let notifications: Notifications

    /// Creates a not-running app.
    public init(notifications: Notifications = Notifications(), delegate: (any HybridApplicationDelegate)? = nil) {
        self.notifications = notifications
        self.delegate = delegate
    }

    /// Cold start: not running to active.
    public func launch() throws(HybridApplicationError) {
        try require([.notRunning], "launch")
        send(.willFinishLaunching, state: .inactive)
        send(.didFinishLaunching, state: .inactive)
        send(.didBecomeActive, state: .active)
    }

    /// An interruption (incoming call, notification center): active to inactive.
    public func resignActive() throws(HybridApplicationError) {
        try require([.active], "resignActive")
        send(.willResignActive, state: .inactive)
    }

    /// The end of an interruption: inactive to active.
    public func becomeActive() throws(HybridApplicationError) {
        try require([.inactive], "becomeActive")
        send(.didBecomeActive, state: .active)
    }

    /// Home button or lock: active (or inactive) to background.
    public func enterBackground() throws(HybridApplicationError) {
        try require([.active, .inactive], "enterBackground")
        if state == .active { send(.willResignActive, state: .inactive) }
        send(.didEnterBackground, state: .background)
    }

    /// The system stops running the app's code: background to suspended (no callback).
    public func suspend() throws(HybridApplicationError) {
        try require([.background], "suspend")
        state = .suspended
        notifications.post("app.stateChanged", userInfo: ["state": state.rawValue])
    }

    /// Back to the app (icon tap, unlock): background or suspended to active.
    public func enterForeground() throws(HybridApplicationError) {
        try require([.background, .suspended], "enterForeground")
        send(.willEnterForeground, state: .inactive)
        send(.didBecomeActive, state: .active)
    }

    /// The app ends: willTerminate (unless suspended), then not running.
    public func terminate() throws(HybridApplicationError) {
        try require([.active, .inactive, .background, .suspended], "terminate")
        if state == .suspended {
            state = .notRunning
            notifications.post("app.stateChanged", userInfo: ["state": state.rawValue])
        } else {
            send(.willTerminate, state: .notRunning)
        }
    }

    private func require(_ states: Set<HybridApplicationState>, _ request: String) throws(HybridApplicationError) {
        guard states.contains(state) else { throw HybridApplicationError(state: state, request: request) }
    }

    /// Moves to `state`, calls the delegate, then posts the notification.
    private func send(_ event: HybridApplicationEvent, state: HybridApplicationState) {
        self.state = state
        switch event {
        case .willFinishLaunching: delegate?.applicationWillFinishLaunching(self)
        case .didFinishLaunching: delegate?.applicationDidFinishLaunching(self)
        case .didBecomeActive: delegate?.applicationDidBecomeActive(self)
        case .willResignActive: delegate?.applicationWillResignActive(self)
        case .didEnterBackground: delegate?.applicationDidEnterBackground(self)
        case .willEnterForeground: delegate?.applicationWillEnterForeground(self)
        case .willTerminate: delegate?.applicationWillTerminate(self)
        }
        notifications.post(event.notificationName, userInfo: ["state": state.rawValue])
    }
}
