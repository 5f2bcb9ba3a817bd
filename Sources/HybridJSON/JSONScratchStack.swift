/// The parser's stack of finished elements or members of the containers still open: each container
/// moves its own off the top into an array of the exact size, without copies or reference counting.
struct JSONScratchStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements held.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)  // what an error left behind
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array. Built with `reserveCapacity`
    /// and `append`, which specialise: `Array(unsafeUninitializedCapacity:)` did not, and looked up
    /// the array's generic metadata on every call.
    mutating func pop(from start: Int) -> [Element] {
        let moved = count - start
        let source = base + start
        var array = ContiguousArray<Element>()
        array.reserveCapacity(moved)
        for offset in 0..<moved { array.append((source + offset).move()) }
        count = start
        return Array(array)
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
