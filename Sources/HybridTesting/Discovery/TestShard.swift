import Foundation

/// One slice of a suite for CI: shard `index` of `count` (1-based) runs every `count`-th file of the
/// sorted list starting at the `index`-th, so the shards together run every file exactly once.
public struct TestShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based shard number.
    public let index: Int
    /// How many shards the suite is split into.
    public let count: Int

    /// Makes shard `index` of `count`; nil unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (`2/3`); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(index: index, count: count)
    }

    /// The elements of this shard, in their order.
    public func select<Element>(_ elements: [Element]) -> [Element] {
        elements.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var description: String { "\(index)/\(count)" }
}
