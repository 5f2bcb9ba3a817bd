package import CJavaScriptCore

/// A JavaScript global environment, as in Apple's JavaScriptCore framework: a page or a script
/// environment of its own, sharing its ``JSVirtualMachine`` with the other contexts of a runtime.
///
/// A context made with `init(virtualMachine:)` is bare (no timers, no console output); call
/// ``installTimers()`` and ``installConsole()``, or use `JavaScriptRuntime.makeContext()` which
/// installs both. Its timers die with it: ``close()`` or dropping the last reference cancels them
/// without firing.
public final class JSContext {
    /// The underlying global context.
    package let ref: JSGlobalContextRef
    /// The machine this context belongs to.
    public let virtualMachine: JSVirtualMachine

    /// Called with the context and the exception for every uncaught exception: from
    /// ``evaluateScript(_:sourceURL:startingLineNumber:)`` and the other non-throwing calls, timer callbacks,
    /// `queueMicrotask` callbacks and unhandled promise rejections.
    ///
    /// When nil, the exception is stored in ``exception`` and logged to the console sink as an error.
    public var exceptionHandler: ((JSContext, JSValue) -> Void)?
    /// The last uncaught exception when no ``exceptionHandler`` is set.
    public var exception: JSValue? {
        get { storedException.value(in: self) }
        set { storedException.set(newValue?.ref, in: ref) }
    }
    /// Where this context's `console` output goes; nil sends it to the machine's sink.
    public var consoleSink: ConsoleSink?
    /// The value behind the last ``JSException`` a throwing call of this context threw, so a
    /// Swift function that rethrows it hands JavaScript the original value.
    public internal(set) var lastThrownValue: JSValue? {
        get { storedThrown.value(in: self) }
        set { storedThrown.set(newValue?.ref, in: ref) }
    }
    // Values the context keeps are held as raw protected refs: a JSValue holds its context
    // strongly, so storing one here would keep the context alive forever.
    private var storedException = ProtectedRef()
    private var storedThrown = ProtectedRef()
    var formatterRef = ProtectedRef()
    var thrownCounter: UInt64 = 0
    /// True once ``close()`` has run.
    public private(set) var isClosed = false

    /// Whether this context's timers are held back (a hidden page). See ``pauseTimers()``.
    public internal(set) var timersArePaused = false
    /// True for a context whose timers ``JavaScriptRuntime`` `settle()` does not wait for (a test runner's own page,
    /// whose test timeout is pending while the page it opened settles). Runtime thread.
    package var timersIgnoredBySettle = false

    /// Cached `Function.prototype`, protected, for Swift functions to inherit `call`/`apply`/`bind`.
    private(set) var functionPrototype: JSValueRef?
    private let ownsRef: Bool

    /// Makes a bare context in `virtualMachine`.
    public init(virtualMachine: JSVirtualMachine) {
        self.virtualMachine = virtualMachine
        ref = JSGlobalContextCreateInGroup(virtualMachine.group, nil)
        ownsRef = true
        virtualMachine.shared.register(self)
        setUpCommon()
        installRejectionTracking()
    }

    /// Wraps a global context whose original wrapper is gone (a function from a dropped context
    /// still called from another one).
    init(adopting ref: JSGlobalContextRef, in virtualMachine: JSVirtualMachine) {
        self.virtualMachine = virtualMachine
        self.ref = JSGlobalContextRetain(ref)
        ownsRef = false
        virtualMachine.shared.register(self)
        setUpCommon()
    }

    private func setUpCommon() {
        let prototype = JSStringConversion.withJSString("Function.prototype") {
            JSEvaluateScript(ref, $0, nil, nil, 1, nil)
        }
        if let prototype { JSValueProtect(ref, prototype); functionPrototype = prototype }
    }

    deinit {
        virtualMachine.shared.unregister(ref)  // first: the registry holds this object unowned
        if ownsRef { virtualMachine.scheduler.cancelAll(of: self) }
        if let functionPrototype { JSValueUnprotect(ref, functionPrototype) }
        storedException.set(nil, in: ref)
        storedThrown.set(nil, in: ref)
        formatterRef.set(nil, in: ref)
        JSGlobalContextRelease(ref)
    }

    /// Cancels this context's timers (none fires afterwards) and drops its handlers.
    ///
    /// The JavaScript objects stay valid for the `JSValue`s that still reference them; the global
    /// environment itself is released with the last reference to the context.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        virtualMachine.scheduler.cancelAll(of: self)
        releaseRejectionTracking()
        exceptionHandler = nil
        exception = nil
        lastThrownValue = nil
    }

    /// The context's name, shown by debuggers.
    public var name: String? {
        get {
            guard let name = JSGlobalContextCopyName(ref) else { return nil }
            defer { JSStringRelease(name) }
            return JSStringConversion.string(from: name)
        }
        set {
            if let newValue {
                JSStringConversion.withJSString(newValue) { JSGlobalContextSetName(ref, $0) }
            } else {
                JSGlobalContextSetName(ref, nil)
            }
        }
    }

    /// The global object (`globalThis`).
    public var globalObject: JSValue {
        JSValue(ref: JSContextGetGlobalObject(ref), in: self)
    }

    /// A global variable; `undefined` when absent.
    public subscript(name: String) -> JSValue {
        get { globalObject[name] }
        set { globalObject[name] = newValue }
    }

    /// Sets a global variable to any convertible Swift value.
    public func setObject(_ value: some JSValueConvertible, forKeyedSubscript name: String) {
        globalObject.setValue(value, forProperty: name)
    }

    /// The context behind a raw `JSContextRef` (for callbacks written against the C API).
    package static func from(_ ref: JSContextRef, in virtualMachine: JSVirtualMachine) -> JSContext {
        virtualMachine.shared.context(for: ref)
    }
}

/// A value a context keeps for itself, protected, without a strong reference back to the context.
struct ProtectedRef {
    private(set) var ref: JSValueRef?

    mutating func set(_ newValue: JSValueRef?, in context: JSContextRef) {
        if let newValue { JSValueProtect(context, newValue) }
        if let ref { JSValueUnprotect(context, ref) }
        ref = newValue
    }

    func value(in context: JSContext) -> JSValue? {
        ref.map { JSValue(ref: $0, in: context) }
    }
}
