/// The growable output of ``JSONWriter``: raw storage written through a pointer, without the
/// uniqueness and capacity checks an `Array` makes on every append.
struct JSONTextBuffer<Unit: JSONCodeUnit>: ~Copyable {
    private var base: UnsafeMutablePointer<Unit>
    private var capacity: Int
    /// The number of units written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ unit: Unit) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = unit
        count += 1
    }

    /// Room for `extra` more units: returns where to write them; ``commit(_:)`` then counts them.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<Unit> {
        if count + extra > capacity { grow(toHold: count + extra) }
        return base + count
    }

    /// Counts `written` units written after ``reserve(_:)``.
    @inline(__always)
    mutating func commit(_ written: Int) {
        count += written
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Unit>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Unit>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
