import CJavaScriptCore
import Foundation

/// A Swift value that becomes a JavaScript value: what Swift functions return to JavaScript and
/// what calls pass as arguments.
///
/// The conversion takes a raw context so a Swift function called from JavaScript can return a
/// value without allocating a ``JSValue`` (that keeps closure calls near the cost of a C callback).
public protocol JSValueConvertible {
    /// Makes the JavaScript value in `context`. The result is unprotected: use it at once.
    func makeJSValueRef(in context: JSContextRef) -> JSValueRef
}

extension JSValue: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { ref }
}

extension String: JSValueConvertible {
    @inline(__always)
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        let string = JSStringConversion.makeJSString(self)
        defer { JSStringRelease(string) }
        return JSValueMakeString(context, string)
    }
}

extension Substring: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { String(self).makeJSValueRef(in: context) }
}

extension Bool: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeBoolean(context, self) }
}

extension Double: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, self) }
}

extension Float: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, Double(self)) }
}

extension Int: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, Double(self)) }
}

extension Int32: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, Double(self)) }
}

extension Int64: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, Double(self)) }
}

extension UInt32: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeNumber(context, Double(self)) }
}

extension Date: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        var milliseconds: JSValueRef? = JSValueMakeNumber(context, timeIntervalSince1970 * 1000)
        return JSObjectMakeDate(context, 1, &milliseconds, nil)
    }
}

extension JSONValue: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        JSValueConversion.makeValue(from: self, in: context)
    }
}

extension Optional: JSValueConvertible where Wrapped: JSValueConvertible {
    /// nil becomes `null`.
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        switch self {
        case .some(let value): value.makeJSValueRef(in: context)
        case .none: JSValueMakeNull(context)
        }
    }
}

extension Array: JSValueConvertible where Element: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        JSValueConversion.makeArray(self, in: context)
    }
}

extension Dictionary: JSValueConvertible where Key == String, Value: JSValueConvertible {
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef {
        let object = JSObjectMake(context, nil, nil)!
        for (key, value) in self {
            JSStringConversion.withJSString(key) { name in
                JSObjectSetProperty(context, object, name, value.makeJSValueRef(in: context), 0, nil)
            }
        }
        return object
    }
}

/// `undefined`, for arguments and return values.
public struct JSUndefined: JSValueConvertible, Sendable {
    public init() {}
    public func makeJSValueRef(in context: JSContextRef) -> JSValueRef { JSValueMakeUndefined(context) }
}
