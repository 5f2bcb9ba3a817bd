import Synchronization

/// What a ``TestPage``'s test doubles keep between calls: its network mocks and requests, and whether the test holds
/// its clock.
final class PageFakes: Sendable {
    let network = PageNetwork()
    let clockHeld = Atomic(false)
}
