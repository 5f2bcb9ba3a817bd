/// A value that belongs to one loop's thread, carried across `Sendable` boundaries and checked on every use.
///
/// Runtime-thread objects (JavaScript values, libsoup objects, page state) are not `Sendable`, yet work for their
/// thread is handed over in `@Sendable` closures (``EventLoopThread/execute(_:)``). Wrap such a value in a
/// `LoopBound` and the closure may carry it; reading or changing ``value`` anywhere but on the loop's thread stops
/// the program with a message naming the value's type and the thread, in release builds too (the check compares two
/// thread identities).
///
/// ```swift
/// let bound = LoopBound(document, loop: loop)    // on the loop's thread
/// loop.execute { bound.value.render() }          // back on it later: fine
/// ```
///
/// A `LoopBound` is a value: a copy changed on the loop does not change the original. For state shared by several
/// holders, use ``LoopBoundBox``. It does not keep the loop's thread running.
public struct LoopBound<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only reached through `value`, which checks the thread first; the core is thread-safe.
    private let core: EventLoopCore
    private var stored: Value

    /// Binds `value` to `loop`. Call on the loop's thread (else it traps): the value must not be shared with another
    /// thread in the first place.
    public init(_ value: Value, loop: EventLoopThread, file: StaticString = #fileID, line: UInt = #line) {
        loop.core.preconditionLoopThread("LoopBound<\(Value.self)>", file: file, line: line)
        core = loop.core
        stored = value
    }

    /// Binds `value` to `loop` from any thread. The caller gives the value up (`sending`), so nothing but the loop
    /// can reach it afterwards: the way to hand state to its thread from a `deinit` or before the thread touched it.
    public init(sending value: sending Value, loop: EventLoopThread) {
        core = loop.core
        stored = value
    }

    /// The value; traps unless called on the loop's thread.
    public var value: Value {
        get {
            core.preconditionLoopThread("LoopBound<\(Value.self)>")
            return stored
        }
        _modify {
            core.preconditionLoopThread("LoopBound<\(Value.self)>")
            yield &stored
        }
    }

    /// True when called on the thread of the loop the value belongs to.
    public var isOnLoop: Bool {
        core.isLoopThread
    }
}
