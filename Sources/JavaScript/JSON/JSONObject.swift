/// A JSON object whose keys keep their insertion order.
///
/// Equality and hashing ignore the order, as JSON does; iteration, encoding and
/// serialisation follow it, as JavaScript does.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys in insertion order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with `dictionary`'s members, keys sorted so the order is deterministic.
    public init(_ dictionary: [String: JSONValue]) {
        keys = dictionary.keys.sorted()
        storage = dictionary
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        storage.reserveCapacity(count)
    }

    /// The number of members.
    public var count: Int { keys.count }
    /// True when there is no member.
    public var isEmpty: Bool { keys.isEmpty }

    /// Gets, adds (at the end), replaces (in place) or, with nil, removes a member.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The members as an unordered dictionary.
    public var dictionary: [String: JSONValue] { storage }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        var index = 0
        let keys = keys, storage = storage
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (keys[index], storage[keys[index]]!)
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
