/// Receives every lifecycle callback of the pages it observes.
///
/// Called synchronously, on the main actor for every callback but `deinit`, which is reported from the page's
/// deinitializer on whatever thread released the page (so implementations must be thread-safe).
public protocol LifecycleObserver: AnyObject, Sendable {
    /// A page went through `entry.event`.
    func pageLifecycle(_ entry: LifecycleEntry)
}
