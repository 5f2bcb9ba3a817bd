import Foundation

/// The `localStorage` areas of a ``WebSession``, one per origin, in memory.
///
/// Runtime-thread only.
public final class WebStorage {
    private var areas: [String: WebStorageArea] = [:]
    private let quota: Int

    /// Makes an empty store; each area holds at most `quota` UTF-16 code units.
    public init(quota: Int = 5_000_000) {
        self.quota = quota
    }

    /// The area of `origin` (see ``WebOrigin/of(_:)``), made on first use.
    public func area(forOrigin origin: String) -> WebStorageArea {
        if let area = areas[origin] { return area }
        let area = WebStorageArea(quota: quota)
        areas[origin] = area
        return area
    }

    /// The area of the origin of `url`.
    public func area(for url: URL) -> WebStorageArea {
        area(forOrigin: WebOrigin.of(url))
    }

    /// The origins that have an area.
    public var origins: [String] { Array(areas.keys).sorted() }
}
