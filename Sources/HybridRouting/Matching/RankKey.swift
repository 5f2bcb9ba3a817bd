/// A candidate's rank, one 2-bit kind per consumed segment (literal 0, typed 1, untyped 2, catch-all 3), compared
/// lexicographically with the shorter key first on a tie.
///
/// Up to 32 kinds are packed into one integer, first kind in the highest bits, so recording a candidate
/// allocates nothing and comparing is one integer comparison; longer keys keep an array.
struct RankKey {
    private let packed: UInt64
    private let count: Int
    private let long: [UInt8]?

    init(_ kinds: [UInt8]) {
        count = kinds.count
        if kinds.count <= 32 {
            var packed: UInt64 = 0
            for (index, kind) in kinds.enumerated() { packed |= UInt64(kind & 3) << (62 - 2 * UInt64(index)) }
            self.packed = packed
            long = nil
        } else {
            packed = 0
            long = kinds
        }
    }

    /// Whether `lhs` ranks strictly before `rhs`.
    static func ranksBefore(_ lhs: RankKey, _ rhs: RankKey) -> Bool {
        if lhs.long == nil && rhs.long == nil {
            // Missing kinds read as 0; a real 0 (literal) past the end can't tie with a shorter key in practice,
            // and the count settles it anyway.
            if lhs.packed != rhs.packed { return lhs.packed < rhs.packed }
            return lhs.count < rhs.count
        }
        let left = lhs.kinds, right = rhs.kinds
        for (l, r) in zip(left, right) where l != r { return l < r }
        return left.count < right.count
    }

    private var kinds: [UInt8] {
        if let long { return long }
        return (0..<count).map { UInt8(truncatingIfNeeded: packed >> (62 - 2 * UInt64($0))) & 3 }
    }
}
