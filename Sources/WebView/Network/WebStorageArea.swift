/// One Web Storage area (a `localStorage` of an origin or a page's `sessionStorage`): string keys
/// and values in insertion order, with a quota like browsers'.
///
/// Runtime-thread only.
public final class WebStorageArea {
    private var keys: [String] = []
    private var values: [String: String] = [:]
    private var usedUnits = 0
    /// The most UTF-16 code units (keys plus values) the area holds; 5 M by default, as browsers.
    public let quota: Int

    /// Makes an empty area.
    public init(quota: Int = 5_000_000) {
        self.quota = quota
    }

    /// The number of items (`length`).
    public var count: Int { keys.count }

    /// The `index`th key in insertion order; nil when out of range.
    public func key(at index: Int) -> String? {
        index >= 0 && index < keys.count ? keys[index] : nil
    }

    /// Every key in insertion order.
    public var allKeys: [String] { keys }

    /// The value for `key`; nil when absent.
    public func getItem(_ key: String) -> String? { values[key] }

    /// Stores `value`; false (and nothing changes) when the quota would be exceeded.
    @discardableResult
    public func setItem(_ key: String, _ value: String) -> Bool {
        let old = values[key]
        let delta = value.utf16.count - (old?.utf16.count ?? -key.utf16.count)
        guard usedUnits + delta <= quota else { return false }
        if old == nil { keys.append(key) }
        values[key] = value
        usedUnits += delta
        return true
    }

    /// Removes `key` if present.
    public func removeItem(_ key: String) {
        guard let old = values.removeValue(forKey: key) else { return }
        keys.removeAll { $0 == key }
        usedUnits -= old.utf16.count + key.utf16.count
    }

    /// Removes every item.
    public func clear() {
        keys.removeAll()
        values.removeAll()
        usedUnits = 0
    }
}
