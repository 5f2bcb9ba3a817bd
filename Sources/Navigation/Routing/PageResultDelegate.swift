/// Receives the result of a page opened through a ``PageHandle`` (the delegate way of passing values back).
@MainActor
public protocol PageResultDelegate: AnyObject {
    /// The page finished with `result`, or was closed without one (`nil`).
    func pageDidFinish(_ handle: PageHandle, result: (any Sendable)?)
}
