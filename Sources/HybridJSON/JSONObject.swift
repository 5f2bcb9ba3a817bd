/// A JSON object whose keys keep their insertion order.
///
/// Equality and hashing ignore the order, as JSON does; iteration, encoding and
/// serialisation follow it, as JavaScript does.
///
/// Members are stored in one array in order, which is what the bridge builds and reads most:
/// objects of up to 32 members look keys up by a linear scan; objects with more than
/// 32 members also keep a key index.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: a key and its value.
    public typealias Member = (key: String, value: JSONValue)

    private var members: [Member] = []
    /// Key to position in `members`, only for objects with more than `indexThreshold` members.
    private var index: [String: Int]?

    /// Above this many members, lookups go through a hash index instead of a linear scan.
    static let indexThreshold = 32

    /// An empty object.
    public init() {}

    /// An object with `dictionary`'s members, keys sorted so the order is deterministic.
    public init(_ dictionary: [String: JSONValue]) {
        reserveCapacity(dictionary.count)
        for key in dictionary.keys.sorted() { appendNew(key, dictionary[key]!) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// The keys in insertion order.
    public var keys: [String] { members.map(\.key) }
    /// The values in insertion order.
    public var values: [JSONValue] { members.map(\.value) }
    /// The number of members.
    public var count: Int { members.count }
    /// True when there is no member.
    public var isEmpty: Bool { members.isEmpty }

    /// Gets, adds (at the end), replaces (in place) or, with nil, removes a member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?): members[position].value = value
            case (nil, let value?): appendNew(key, value)
            case (let position?, nil):
                members.remove(at: position)
                rebuildIndex()
            case (nil, nil): break
            }
        }
    }

    /// The members as an unordered dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Runs `body` with the members in order, borrowed in place.
    func withUnsafeMembers<R>(_ body: (UnsafeBufferPointer<Member>) throws -> R) rethrows -> R {
        try members.withUnsafeBufferPointer(body)
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { member in rhs[member.key] == member.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: the sum of each member's own hash.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }

    // MARK: Storage

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// Appends a member whose key is known to be absent.
    private mutating func appendNew(_ key: String, _ value: JSONValue) {
        members.append((key, value))
        if index != nil {
            index![key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else { index = nil; return }
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    /// The parser's way in: members in text order. Unless `uniqueKeys`, a repeated key keeps its
    /// first position and takes its last value, as `JSON.parse` does.
    init(parsed: [Member], uniqueKeys: Bool) {
        if uniqueKeys || !Self.hasDuplicateKeys(parsed) {
            members = parsed
            if members.count > Self.indexThreshold { rebuildIndex() }
            return
        }
        reserveCapacity(parsed.count)
        for member in parsed { self[member.key] = member.value }
    }

    private static func hasDuplicateKeys(_ members: [Member]) -> Bool {
        if members.count < 2 { return false }
        if members.count <= 16 {
            for i in 1..<members.count {
                let key = members[i].key
                let length = key.utf8.count  // cheap for small and native strings; most pairs differ here
                for j in 0..<i where members[j].key.utf8.count == length && members[j].key == key { return true }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted { return true }
        return false
    }
}
