/// A reference to mutable state that belongs to one loop's thread, shared across `Sendable` boundaries and checked
/// on every use.
///
/// The reference counterpart of ``LoopBound``: every holder sees the same ``value``, so a `Sendable` class can keep
/// its runtime-thread state in a `let` of this type. Reading or changing the value anywhere but on the loop's thread
/// traps, in release builds too. It does not keep the loop's thread running.
public final class LoopBoundBox<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only reached through `value` and `withValue`, which check the thread first.
    private let core: EventLoopCore
    private var stored: Value

    /// Boxes `value` for `loop`. Call on the loop's thread (else it traps).
    public init(_ value: Value, loop: EventLoopThread, file: StaticString = #fileID, line: UInt = #line) {
        loop.core.preconditionLoopThread("LoopBoundBox<\(Value.self)>", file: file, line: line)
        core = loop.core
        stored = value
    }

    /// Boxes `value` for `loop` from any thread. The caller gives the value up (`sending`), so nothing but the loop
    /// can reach it afterwards: the way for an object made off the loop to start with its runtime-thread state.
    public init(sending value: sending Value, loop: EventLoopThread) {
        core = loop.core
        stored = value
    }

    /// The value; traps unless called on the loop's thread.
    public var value: Value {
        get {
            core.preconditionLoopThread("LoopBoundBox<\(Value.self)>")
            return stored
        }
        _modify {
            core.preconditionLoopThread("LoopBoundBox<\(Value.self)>")
            yield &stored
        }
    }

    /// Runs `body` with the value to change in place; traps unless called on the loop's thread.
    public func withValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        core.preconditionLoopThread("LoopBoundBox<\(Value.self)>")
        return try body(&stored)
    }

    /// True when called on the thread of the loop the value belongs to.
    public var isOnLoop: Bool {
        core.isLoopThread
    }
}
