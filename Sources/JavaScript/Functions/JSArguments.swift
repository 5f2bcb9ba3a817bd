package import CJavaScriptCore

/// The arguments of a call from JavaScript into a Swift function: a view, valid during the call.
///
/// The typed accessors (``string(at:)``, ``double(at:)``, ...) read the raw values without
/// allocating; subscripting makes a protected ``JSValue`` you may keep.
public struct JSArguments {
    /// The context the call runs in.
    package let contextRef: JSContextRef
    private let thisRef: JSObjectRef?
    private let base: UnsafePointer<JSValueRef?>?
    /// The number of arguments passed.
    public let count: Int
    private let shared: MachineShared

    init(context: JSContextRef, this: JSObjectRef?, count: Int, values: UnsafePointer<JSValueRef?>?, shared: MachineShared) {
        contextRef = context
        thisRef = this
        self.count = count
        base = values
        self.shared = shared
    }

    /// The context the call runs in.
    public var context: JSContext { shared.context(for: contextRef) }

    /// `this` of the call (the global object for plain calls).
    public var this: JSValue {
        JSValue(ref: thisRef ?? JSContextGetGlobalObject(contextRef), in: context)
    }

    /// The raw argument at `index`, `undefined` when not passed.
    package func ref(at index: Int) -> JSValueRef {
        guard index >= 0, index < count, let value = base?[index] else { return JSValueMakeUndefined(contextRef) }
        return value
    }

    /// The argument at `index` as a value you may keep; `undefined` when not passed.
    public subscript(index: Int) -> JSValue {
        JSValue(ref: ref(at: index), in: context)
    }

    /// Every argument as a value.
    public var values: [JSValue] { (0..<count).map { self[$0] } }

    /// The argument as a string (`String(x)` in JavaScript); nil when not passed or `undefined`.
    public func string(at index: Int) -> String? {
        let value = ref(at: index)
        if JSValueIsUndefined(contextRef, value) { return nil }
        return JSStringConversion.string(of: value, in: contextRef)
    }

    /// The argument as a number (`Number(x)`); NaN when not passed.
    public func double(at index: Int) -> Double {
        JSValueToNumber(contextRef, ref(at: index), nil)
    }

    /// The argument as an integer, truncated; nil when not a finite number.
    public func int(at index: Int) -> Int? {
        let n = double(at: index)
        guard n.isFinite, abs(n) < 9.3e18 else { return nil }
        return Int(n)
    }

    /// The argument's truthiness.
    public func bool(at index: Int) -> Bool {
        JSValueToBoolean(contextRef, ref(at: index))
    }

    /// The argument as JSON data; nil for `undefined`, functions and symbols.
    public func json(at index: Int) throws -> JSONValue? {
        try JSValueConversion.jsonValue(of: ref(at: index), in: contextRef)
    }

    /// True when the argument is a function.
    public func isFunction(at index: Int) -> Bool {
        let value = ref(at: index)
        guard JSValueIsObject(contextRef, value), let object = JSValueToObject(contextRef, value, nil) else { return false }
        return JSObjectIsFunction(contextRef, object)
    }
}
