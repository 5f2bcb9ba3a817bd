package import CJavaScriptCore
import Foundation

/// A Swift value that becomes a JavaScript value: what Swift functions return to JavaScript and
/// what calls pass as arguments.
///
/// Strings, numbers, Booleans, dates, arrays, dictionaries with string keys, optionals (nil is
/// `null`), `JSONValue`, ``JSValue`` and ``JSUndefined`` conform. Your own type conforms by
/// handing the work to one of them:
///
/// ```swift
/// struct Point: JSValueConvertible {
///     var x: Double
///     var y: Double
///
///     func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
///         ["x": x, "y": y].makeJSValue(in: context)  // becomes { x: 1, y: 2 }
///     }
/// }
///
/// context.setFunction("origin") { _ in Point(x: 0, y: 0) }
/// ```
///
/// The conversion goes through two opaque values instead of a ``JSContext`` and a ``JSValue`` so
/// that a Swift function called from JavaScript returns its result without allocating (that keeps
/// closure calls near the cost of a C callback).
public protocol JSValueConvertible {
    /// Makes the JavaScript value in `context`. The result is only valid during the call that
    /// passed `context`: return it, never store it.
    func makeJSValue(in context: JSConversionContext) -> JSConvertedValue
}

/// The JavaScript context a ``JSValueConvertible`` value is made in, for the duration of one
/// conversion. Pass it on to another conformance; it has no public API of its own.
public struct JSConversionContext {
    /// The raw context of the call.
    package let ref: JSContextRef

    @inline(__always)
    package init(_ ref: JSContextRef) { self.ref = ref }
}

/// A JavaScript value a ``JSValueConvertible`` conformance made, not yet protected from garbage
/// collection: return it from ``JSValueConvertible/makeJSValue(in:)`` at once.
public struct JSConvertedValue {
    /// The raw value, unprotected.
    package let ref: JSValueRef

    @inline(__always)
    package init(_ ref: JSValueRef) { self.ref = ref }
}

extension JSValueConvertible {
    /// The raw value in `context`, for the engine's own conversions (unprotected: use it at once).
    @inline(__always)
    package func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        makeJSValue(in: JSConversionContext(context)).ref
    }
}

extension JSValue: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue { JSConvertedValue(ref) }
}

extension String: JSValueConvertible {
    @inline(__always)
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        let string = JSStringConversion.makeJSString(self)
        defer { JSStringRelease(string) }
        return JSConvertedValue(JSValueMakeString(context.ref, string))
    }
}

extension Substring: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue { String(self).makeJSValue(in: context) }
}

extension Bool: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeBoolean(context.ref, self))
    }
}

extension Double: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, self))
    }
}

extension Float: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, Double(self)))
    }
}

extension Int: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, Double(self)))
    }
}

extension Int32: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, Double(self)))
    }
}

extension Int64: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, Double(self)))
    }
}

extension UInt32: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeNumber(context.ref, Double(self)))
    }
}

extension Date: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        var milliseconds: JSValueRef? = JSValueMakeNumber(context.ref, timeIntervalSince1970 * 1000)
        return JSConvertedValue(JSObjectMakeDate(context.ref, 1, &milliseconds, nil))
    }
}

extension JSONValue: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueConversion.makeValue(from: self, in: context.ref))
    }
}

extension Optional: JSValueConvertible where Wrapped: JSValueConvertible {
    /// nil becomes `null`.
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        switch self {
        case .some(let value): value.makeJSValue(in: context)
        case .none: JSConvertedValue(JSValueMakeNull(context.ref))
        }
    }
}

extension Array: JSValueConvertible where Element: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueConversion.makeArray(self, in: context.ref))
    }
}

extension Dictionary: JSValueConvertible where Key == String, Value: JSValueConvertible {
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        let object = JSObjectMake(context.ref, nil, nil)!
        for (key, value) in self {
            JSStringConversion.withJSString(key) { name in
                JSObjectSetProperty(context.ref, object, name, value.makeJSValueRef(in: context.ref), 0, nil)
            }
        }
        return JSConvertedValue(object)
    }
}

/// `undefined`, for arguments and return values.
public struct JSUndefined: JSValueConvertible, Sendable {
    public init() {}
    public func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        JSConvertedValue(JSValueMakeUndefined(context.ref))
    }
}
