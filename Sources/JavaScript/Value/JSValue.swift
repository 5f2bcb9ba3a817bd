package import CJavaScriptCore

/// A JavaScript value, as in Apple's JavaScriptCore framework.
///
/// A `JSValue` keeps its ``JSContext`` alive and its value protected from garbage collection for
/// as long as Swift holds it. It belongs to the runtime thread: it is not `Sendable`; results that
/// leave the runtime go out as `JSONValue` or plain Swift values.
///
/// Do not capture a `JSValue` (or its context) strongly in a Swift function you hand to JavaScript:
/// the function lives in the JavaScript heap, which the value keeps alive, so neither would be freed.
/// Use the ``JSArguments`` a function receives instead.
public final class JSValue {
    /// The context the value belongs to.
    public let context: JSContext
    /// The underlying JavaScriptCore value, protected while this object lives.
    package let ref: JSValueRef
    /// The function object behind `ref`, or nil inside when it is no function; nil outside until
    /// first asked. A value never changes what it is, so repeated calls skip three C calls.
    var cachedFunction: JSObjectRef??

    /// Wraps `ref`, protecting it until this object is released.
    package init(ref: JSValueRef, in context: JSContext) {
        self.context = context
        self.ref = ref
        JSValueProtect(context.ref, ref)
    }

    deinit {
        JSValueUnprotect(context.ref, ref)
    }

    var contextRef: JSGlobalContextRef { context.ref }
}

// MARK: - Creating values

extension JSValue {
    /// `undefined`.
    public convenience init(undefinedIn context: JSContext) {
        self.init(ref: JSValueMakeUndefined(context.ref), in: context)
    }

    /// `null`.
    public convenience init(nullIn context: JSContext) {
        self.init(ref: JSValueMakeNull(context.ref), in: context)
    }

    /// A Boolean.
    public convenience init(bool value: Bool, in context: JSContext) {
        self.init(ref: JSValueMakeBoolean(context.ref, value), in: context)
    }

    /// A number.
    public convenience init(double value: Double, in context: JSContext) {
        self.init(ref: JSValueMakeNumber(context.ref, value), in: context)
    }

    /// A number from an integer (exact up to 2^53).
    public convenience init(int value: Int, in context: JSContext) {
        self.init(ref: JSValueMakeNumber(context.ref, Double(value)), in: context)
    }

    /// A string.
    public convenience init(string value: String, in context: JSContext) {
        let ref = JSStringConversion.withJSString(value) { JSValueMakeString(context.ref, $0)! }
        self.init(ref: ref, in: context)
    }

    /// A new empty object.
    public convenience init(newObjectIn context: JSContext) {
        self.init(ref: JSObjectMake(context.ref, nil, nil), in: context)
    }

    /// A new empty array.
    public convenience init(newArrayIn context: JSContext) {
        self.init(ref: JSObjectMakeArray(context.ref, 0, nil, nil), in: context)
    }

    /// A new `Error` with `message`.
    public convenience init(newErrorFromMessage message: String, in context: JSContext) {
        let ref = JSValueConversion.makeError(message: message, in: context.ref)
        self.init(ref: ref, in: context)
    }

    /// Any convertible Swift value: strings, numbers, Booleans, arrays, dictionaries, dates,
    /// `JSONValue`, optionals (nil is `null`) and other `JSValue`s.
    public convenience init(_ value: some JSValueConvertible, in context: JSContext) {
        self.init(ref: value.makeJSValueRef(in: context.ref), in: context)
    }
}
