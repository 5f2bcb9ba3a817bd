import Glibc

/// A mutex on `pthread_mutex_t` with `Synchronization.Mutex`'s API, for ThreadSanitizer runs.
///
/// `Synchronization.Mutex` parks contended threads on a raw futex, which ThreadSanitizer cannot see, so TSan
/// reports the accesses it orders as races. Built with `-Xswiftc -DTSAN_LOCKS`, each module's `Mutex` is this type
/// instead (see `Fuzz/README.md`); TSan intercepts pthread mutexes. Not used otherwise.
package final class PThreadMutex<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: the value is only reached while the pthread mutex is held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Behind a pointer, not a stored property: an inout access to a class property is a Swift access that TSan
    // checks on its own, apart from the lock that orders it.
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    /// Makes a mutex holding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` with the value if the lock is free; nil when another thread holds it.
    package func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
