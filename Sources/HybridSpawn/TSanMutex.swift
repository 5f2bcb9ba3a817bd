#if TSAN_LOCKS
import TSanLocks

/// In ThreadSanitizer runs (`-Xswiftc -DTSAN_LOCKS`, see Fuzz/README.md) this module's `Mutex` is a pthread mutex,
/// which TSan sees, instead of `Synchronization.Mutex`, whose futex it does not.
typealias Mutex<Value: ~Copyable> = PThreadMutex<Value>
#endif
