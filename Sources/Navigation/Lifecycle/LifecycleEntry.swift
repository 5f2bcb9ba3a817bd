/// One lifecycle callback of one page, as observers see it.
public struct LifecycleEntry: Sendable, Hashable, CustomStringConvertible {
    /// The page's serial number (unique per process, increasing).
    public var pageID: Int
    /// The page's name (its ``Page/name``).
    public var page: String
    /// The callback.
    public var event: LifecycleEvent
    /// The URL the page was opened with, if any.
    public var url: String?

    /// Creates an entry.
    public init(pageID: Int, page: String, event: LifecycleEvent, url: String? = nil) {
        self.pageID = pageID
        self.page = page
        self.event = event
        self.url = url
    }

    /// `Page.event`, as in UIKit's logs: `Second.viewDidLoad`.
    public var description: String { "\(page).\(event.rawValue)" }
}
