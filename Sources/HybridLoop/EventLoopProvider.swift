/// Something that runs on an ``EventLoopThread``, such as a JavaScript runtime: other work can join it there.
public protocol EventLoopProvider: Sendable {
    /// The thread it runs on.
    var loop: EventLoopThread { get }
}
