internal import CJavaScriptCore
import Foundation

extension JSValue {
    /// JavaScript truthiness.
    public func toBool() -> Bool { JSValueToBoolean(contextRef, ref) }

    /// `Number(value)`; NaN when the conversion throws.
    public func toDouble() -> Double { JSValueToNumber(contextRef, ref, nil) }

    /// `value | 0` (ToInt32).
    public func toInt32() -> Int32 {
        let n = toDouble()
        guard n.isFinite else { return 0 }
        return Int32(truncatingIfNeeded: Int64(n.truncatingRemainder(dividingBy: 4_294_967_296)))
    }

    /// The number as an `Int`, truncated toward zero; nil when not finite or out of range.
    public func toInt() -> Int? {
        let n = toDouble()
        guard n.isFinite, n > -9.2e18, n < 9.2e18 else { return nil }
        return Int(n)
    }

    /// The number as an `Int64` only when it is an integer JavaScript represents exactly (|n| ≤ 2^53).
    public func toInt64() -> Int64? {
        guard isNumber else { return nil }
        let n = toDouble()
        guard n.isFinite, n.rounded() == n, abs(n) <= 9_007_199_254_740_992 else { return nil }
        return Int64(n)
    }

    /// `String(value)`; nil when the conversion throws (a symbol, say).
    public func toString() -> String? { JSStringConversion.string(of: ref, in: contextRef) }

    /// The date of a `Date` object (or of a number of milliseconds since 1970).
    public func toDate() -> Date? {
        if isNumber { return Date(timeIntervalSince1970: toDouble() / 1000) }
        guard isDate else { return nil }
        let ms = invokeMethodRaw("getTime", arguments: []).flatMap { try? $0.get() }
            .map { JSValueToNumber(contextRef, $0, nil) } ?? .nan
        return ms.isFinite ? Date(timeIntervalSince1970: ms / 1000) : nil
    }

    /// The elements of an array (or array-like object), nil for other values.
    public func toArray() -> [JSValue]? {
        guard isObject else { return nil }
        let length = self["length"]
        guard length.isNumber else { return nil }
        let count = max(0, Int(length.toDouble()))
        return (0..<count).map { self[$0] }
    }

    /// The own enumerable properties of an object, nil for other values.
    public func toDictionary() -> [String: JSValue]? {
        guard let object = objectRef else { return nil }
        let names = JSObjectCopyPropertyNames(contextRef, object)!
        defer { JSPropertyNameArrayRelease(names) }
        var result: [String: JSValue] = [:]
        for index in 0..<JSPropertyNameArrayGetCount(names) {
            let name = JSPropertyNameArrayGetNameAtIndex(names, index)!
            let value = JSObjectGetProperty(contextRef, object, name, nil)!
            result[JSStringConversion.string(from: name)] = JSValue(ref: value, in: context)
        }
        return result
    }

    /// The value as JSON data (through `JSON.stringify`); nil for `undefined`, functions and
    /// symbols. Throws a ``JSException`` for cycles or a throwing `toJSON`.
    public func toJSONValue() throws -> JSONValue? {
        try JSValueConversion.jsonValue(of: ref, in: contextRef)
    }

    /// `JSON.stringify(value, null, indent)`; nil when the result is `undefined`.
    public func toJSON(indent: Int = 0) throws -> String? {
        guard let text = try JSValueConversion.jsonText(of: ref, in: contextRef, indent: UInt32(max(0, min(indent, 10)))) else {
            return nil
        }
        defer { JSStringRelease(text) }
        return JSStringConversion.string(from: text)
    }

    /// Parses JSON text with JavaScript's `JSON.parse`; nil when the text is not JSON.
    public convenience init?(jsonString: String, in context: JSContext) {
        let ref = JSStringConversion.withJSString(jsonString) { JSValueMakeFromJSONString(context.ref, $0) }
        guard let ref else { return nil }
        self.init(ref: ref, in: context)
    }
}
