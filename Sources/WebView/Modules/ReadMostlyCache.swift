import Glibc

/// A process-wide table that every page reads many times and writes rarely (the first page fills it), behind a
/// reader-writer lock so that readers never wait for each other.
///
/// `Synchronization.Mutex` is the wrong lock here. On Linux it is a priority-inheriting futex, which hands the lock
/// to the next waiter in line instead of letting a running thread take it. When many runtimes set up pages at once
/// (the test suite starts over a hundred on two cores), each of the ~220 lookups a page makes queues behind every
/// other page's: a full run caught 163 runtime threads parked on one such lock, and a page took over 120 s to load.
/// Readers of a `pthread_rwlock_t` share the lock (glibc prefers readers by default), so lookups never queue.
/// ThreadSanitizer intercepts it, so it needs no `TSAN_LOCKS` variant.
///
/// A cache of what pages bring (module texts) has a bound: `costLimit` over the sum of `cost(key, value)` of the
/// entries. An insertion that would pass it empties the table first (later lookups make the entries again), and an
/// entry that alone passes it is not kept. The tables of installed files keep the default, no bound.
package final class ReadMostlyCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked: `table` and `total` are only reached under `lock`, shared for reading and exclusive for writing.
    // They live behind pointers so that no Swift exclusivity check runs outside the lock.
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    private let table = UnsafeMutablePointer<[Key: Value]>.allocate(capacity: 1)
    private let total = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private let costLimit: Int
    private let cost: @Sendable (Key, Value) -> Int

    package init(costLimit: Int = .max, cost: @escaping @Sendable (Key, Value) -> Int = { _, _ in 1 }) {
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
        table.initialize(to: [:])
        total.initialize(to: 0)
        self.costLimit = costLimit
        self.cost = cost
    }

    deinit {
        total.deallocate()
        table.deinitialize(count: 1)
        table.deallocate()
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// The number of entries kept.
    package var count: Int {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return table.pointee.count
    }

    /// The value stored for `key`, if any.
    package subscript(key: Key) -> Value? {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return table.pointee[key]
    }

    /// Stores `value` for `key` unless a value is there already; returns the value the table keeps.
    @discardableResult
    package func insert(_ value: Value, for key: Key) -> Value {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        if let existing = table.pointee[key] { return existing }
        let added = cost(key, value)
        guard added <= costLimit else { return value }
        if total.pointee > costLimit - added {
            table.pointee.removeAll()
            total.pointee = 0
        }
        table.pointee[key] = value
        total.pointee += added
        return value
    }
}
