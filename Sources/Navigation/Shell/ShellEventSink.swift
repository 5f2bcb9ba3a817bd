import JavaScript

/// Turns page lifecycle callbacks and app notifications into ``ShellEvent``s on an ``AppShell``'s
/// publisher. Thread-safe (page deinit reports from any thread).
final class ShellEventSink: LifecycleObserver {
    let events = EventPublisher<ShellEvent>()

    func pageLifecycle(_ entry: LifecycleEntry) {
        send(.page(entry))
    }

    func send(_ event: ShellEvent) {
        events.emit(event)
    }
}
