import Synchronization

private let pageSerial = Atomic<Int>(0)

/// A page: the role `UIViewController` plays in an iOS app, without a screen.
///
/// Subclasses override the lifecycle methods; the containers (``NavigationStack``, ``TabContainer``, modal
/// presentation, child pages, ``Window``) call them in exactly UIKit's order. Overrides need not call `super`:
/// observers (``LifecycleRecorder``) are told about each callback by the page itself, just before the method runs.
///
/// The view is loaded lazily, once, on first need: reading ``view`` or appearing calls ``loadView()`` then
/// ``viewDidLoad()``. Deallocation is observable: observers get a `deinit` entry.
///
/// Pages live on the main actor, like UIKit's view controllers.
@MainActor
open class Page {
    /// Serial number, unique in the process and increasing.
    public nonisolated let id: Int
    /// The name used in lifecycle entries (the class name unless given).
    public nonisolated let name: String

    let observers: PageObservers
    private var loadedView: PageView?
    var needsLayout = true
    var forwardedAppearance: [Page] = []
    var presentedStorage: Page?
    weak var presentingStorage: Page?
    var resultSink: PageResultSink?

    /// How the page covers its presenter when presented (default `.fullScreen`).
    public var modalPresentationStyle = PresentationStyle.fullScreen
    /// Where the page is in its appearance cycle.
    public internal(set) var appearanceState: AppearanceState = .disappeared
    /// The container or parent page (a ``NavigationStack``, a ``TabContainer`` or a page that called
    /// ``addChild(_:)``); nil for a root or presented page.
    public internal(set) weak var parent: Page?
    /// The child pages, in order (a stack's pages, a tab container's tabs, added children).
    public internal(set) var children: [Page] = []

    /// Creates a page. `observers` are told about every lifecycle callback from `init` on.
    public init(name: String? = nil, observers: [any LifecycleObserver] = []) {
        id = pageSerial.add(1, ordering: .relaxed).newValue
        self.name = name ?? String(describing: type(of: self))
        self.observers = PageObservers(observers)
        self.observers.report(id: id, name: self.name, .`init`)
    }

    deinit {
        observers.report(id: id, name: name, .`deinit`)
    }

    /// The URL the page was opened with (set by the ``Navigator``), reported in lifecycle entries.
    public var url: String? {
        get { observers.url }
        set { observers.url = newValue }
    }

    /// Adds a lifecycle observer (kept strongly; observers are small recorders and sinks).
    public func addObserver(_ observer: any LifecycleObserver) {
        observers.add([observer])
    }

    /// Removes a lifecycle observer.
    public func removeObserver(_ observer: any LifecycleObserver) {
        observers.remove(observer)
    }

    func report(_ event: LifecycleEvent) {
        observers.report(id: id, name: name, event)
    }

    // MARK: View

    /// The page's view, loaded on first access (``loadView()`` then ``viewDidLoad()``). Set it in `loadView()`.
    public var view: PageView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// The view if it was loaded, without loading it.
    public var viewIfLoaded: PageView? { loadedView }

    /// Whether the view was loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it was not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        report(.loadView)
        loadView()
        if loadedView == nil { loadedView = PageView() }
        report(.viewDidLoad)
        viewDidLoad()
    }

    /// Marks the view as needing layout; the next appearance (or ``layoutIfNeeded()``) lays it out.
    public func setNeedsLayout() { needsLayout = true }

    /// Runs `viewWillLayoutSubviews` and `viewDidLayoutSubviews` if the view needs layout (it does after loading).
    public func layoutIfNeeded() {
        guard isViewLoaded, needsLayout else { return }
        needsLayout = false
        report(.viewWillLayoutSubviews)
        viewWillLayoutSubviews()
        report(.viewDidLayoutSubviews)
        viewDidLayoutSubviews()
    }

    // MARK: Overridable lifecycle

    /// Creates the view. The default creates a plain ``PageView``; overrides assign ``view``.
    open func loadView() { loadedView = PageView() }
    /// The view was loaded: set the page up.
    open func viewDidLoad() {}
    /// The page is about to appear.
    open func viewWillAppear(_ animated: Bool) {}
    /// The page appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The page is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The page disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// The page is about to be added to (`parent` non-nil) or removed from (nil) a parent.
    open func willMove(toParent parent: Page?) {}
    /// The page was added to (`parent` non-nil) or removed from (nil) a parent.
    open func didMove(toParent parent: Page?) {}

    /// The children that appear and disappear with this page. Containers override: a stack forwards to its top
    /// page, a tab container to its selected tab; a plain page forwards to all its children.
    open var childrenForAppearance: [Page] { children }
}
