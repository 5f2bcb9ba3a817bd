/// A reference to mutable state that belongs to one loop's thread, shared across `Sendable` boundaries and checked
/// on every use.
///
/// The reference counterpart of ``LoopBound``: every holder sees the same ``value``, so a `Sendable` class can keep
/// its runtime-thread state in a `let` of this type. Reading or changing the value anywhere but on the loop's thread
/// traps, in release builds too. It does not keep the loop's thread running.
public final class LoopBoundBox<Value>: @unchecked Sendable {
    // @unchecked: `bound` is a `var` only to be changed in place, through `LoopBound.value`, which checks the thread.
    private var bound: LoopBound<Value>

    /// Boxes `value` for `loop`. Call on the loop's thread (else it traps).
    public init(_ value: Value, loop: EventLoopThread, file: StaticString = #fileID, line: UInt = #line) {
        bound = LoopBound(value, loop: loop, file: file, line: line)
    }

    /// Boxes `value` for `loop` from any thread. The caller gives the value up (`sending`), so nothing but the loop
    /// can reach it afterwards: the way for an object made off the loop to start with its runtime-thread state.
    public init(sending value: sending Value, loop: EventLoopThread) {
        bound = LoopBound(sending: value, loop: loop)
    }

    /// The value; traps unless called on the loop's thread.
    public var value: Value {
        get { bound.value }
        _modify { yield &bound.value }
    }

    /// Runs `body` with the value to change in place; traps unless called on the loop's thread.
    public func withValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&bound.value)
    }

    /// True when called on the thread of the loop the value belongs to.
    public var isOnLoop: Bool {
        bound.isOnLoop
    }
}
