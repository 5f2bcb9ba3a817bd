/// A change of what is on screen (push, pop, present, dismiss, tab selection, root change).
///
/// Nothing is animated, but completion semantics are kept: a transition is running until ``complete()`` or
/// ``cancel()``. The plain container methods (`push`, `pop`, ...) complete at once; the `begin...` variants return
/// the running transition, as an interactive gesture would. Cancelling restores the previous state with UIKit's
/// callbacks: the incoming page gets `viewWillDisappear`/`viewDidDisappear` and the outgoing page
/// `viewWillAppear`/`viewDidAppear` again.
@MainActor
public final class Transition {
    /// What kind of change this is.
    public enum Kind: String, Sendable {
        case push, pop, setPages, present, dismiss, select, root
    }

    /// Where the transition is.
    public enum State: String, Sendable {
        case running, completed, cancelled
    }

    /// The kind of change.
    public let kind: Kind
    /// Running, completed or cancelled.
    public private(set) var state = State.running
    /// The page that was visible (nil when none changes appearance).
    public private(set) var from: Page?
    /// The page that becomes visible (nil when none changes appearance).
    public private(set) var to: Page?

    private let incomingEndsFirst: Bool
    private var onComplete: (() -> Void)?
    private var onCancel: (() -> Void)?
    private var completions: [(Bool) -> Void] = []

    /// A transition; ``start()`` begins its appearance part.
    init(kind: Kind, from: Page?, to: Page?, animated: Bool, incomingEndsFirst: Bool = false,
         onComplete: (() -> Void)? = nil, onCancel: (() -> Void)? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.animated = animated
        self.incomingEndsFirst = incomingEndsFirst
        self.onComplete = onComplete
        self.onCancel = onCancel
    }

    /// Starts the appearance part: loads `to`'s view, `from` will disappear, `to` will appear and is laid out.
    /// Containers record the transition as running before starting it, so callbacks that close a page during
    /// the start (a page finishing in `viewDidLoad`) wait for the transition to finish.
    @discardableResult
    func start() -> Transition {
        to?.loadViewIfNeeded()
        from?.beginAppearanceTransition(false, animated: animated)
        to?.beginAppearanceTransition(true, animated: animated)
        to?.layoutTreeIfNeeded()
        return self
    }

    /// Whether the change was requested animated (kept for callbacks; nothing is drawn).
    public let animated: Bool

    /// Runs `body` when the transition finishes, with true when it completed and false when it was cancelled
    /// (at once if it already finished).
    public func onFinish(_ body: @escaping (Bool) -> Void) {
        switch state {
        case .running: completions.append(body)
        case .completed: body(true)
        case .cancelled: body(false)
        }
    }

    /// Finishes the transition: `from` did disappear and `to` did appear (modal transitions end the incoming
    /// page first, as UIKit does). Does nothing if it already finished.
    public func complete() {
        guard state == .running else { return }
        state = .completed
        if incomingEndsFirst {
            to?.endAppearanceTransition(animated: animated)
            from?.endAppearanceTransition(animated: animated)
        } else {
            from?.endAppearanceTransition(animated: animated)
            to?.endAppearanceTransition(animated: animated)
        }
        finish(onComplete, true)
    }

    /// Cancels the transition: the incoming page disappears again, the outgoing page appears again, and the
    /// container goes back to its previous pages. Does nothing if it already finished.
    public func cancel() {
        guard state == .running else { return }
        state = .cancelled
        to?.beginAppearanceTransition(false, animated: animated)
        to?.endAppearanceTransition(animated: animated)
        from?.beginAppearanceTransition(true, animated: animated)
        from?.endAppearanceTransition(animated: animated)
        finish(onCancel, false)
    }

    private func finish(_ action: (() -> Void)?, _ completed: Bool) {
        let completions = self.completions
        self.completions = []
        onComplete = nil
        onCancel = nil
        from = nil
        to = nil
        action?()
        for body in completions { body(completed) }
    }
}
