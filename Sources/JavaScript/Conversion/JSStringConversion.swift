internal import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore strings, UTF-16 exact in both directions.
///
/// JavaScript strings are UTF-16 and may hold lone surrogates; Swift strings cannot, so a lone
/// surrogate coming from JavaScript becomes U+FFFD instead of crashing. Embedded NULs survive both
/// ways because we never go through C strings.
enum JSStringConversion {
    /// Creates a retained `JSStringRef` holding `string`; the caller releases it.
    @inline(__always)
    static func makeJSString(_ string: String) -> JSStringRef {

        // ASCII native strings convert without any intermediate buffer but the stack one below.
        let count = string.utf16.count
        if count == 0 { return JSStringCreateWithCharacters(nil, 0) }
        if count <= 256 {
            return withUnsafeTemporaryAllocation(of: JSChar.self, capacity: count) { buffer in
                var index = 0
                for unit in string.utf16 { buffer[index] = unit; index += 1 }
                return JSStringCreateWithCharacters(buffer.baseAddress, count)
            }
        }
        let units = Array(string.utf16)
        return units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// Runs `body` with a temporary `JSStringRef` for `string`.
    @inline(__always)
    static func withJSString<T>(_ string: String, _ body: (JSStringRef) throws -> T) rethrows -> T {
        let ref = makeJSString(string)
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// Copies a `JSStringRef` into a Swift string (does not release it).
    @inline(__always)
    static func string(from ref: JSStringRef) -> String {
        let length = JSStringGetLength(ref)
        guard length > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
    }

    /// The JSON string literal of `value` (a string) when it holds a lone surrogate, which a Swift string cannot
    /// keep: `JSON.stringify` writes each one as its `\udXXX` escape. Nil for a string without one (the common case
    /// costs one scan of its UTF-16 units) and for a value that is not a string.
    static func jsonLiteralIfLoneSurrogate(of value: JSValueRef, in context: JSContextRef) -> String? {
        guard JSValueIsString(context, value), let ref = JSValueToStringCopy(context, value, nil) else { return nil }
        defer { JSStringRelease(ref) }
        let length = JSStringGetLength(ref)
        guard length > 0, let characters = JSStringGetCharactersPtr(ref),
              hasLoneSurrogate(UnsafeBufferPointer(start: characters, count: length)),
              let json = JSValueCreateJSONString(context, value, 0, nil) else { return nil }
        defer { JSStringRelease(json) }
        return string(from: json)
    }

    /// Whether `units` holds a surrogate that is not half of a pair.
    static func hasLoneSurrogate(_ units: UnsafeBufferPointer<JSChar>) -> Bool {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit & 0xF800 == 0xD800 {
                guard unit < 0xDC00, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 else { return true }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }

    /// Converts any value to a string the way JavaScript's `String(value)` does; nil if that throws.
    static func string(of value: JSValueRef, in context: JSContextRef) -> String? {
        var exception: JSValueRef?
        guard let ref = JSValueToStringCopy(context, value, &exception) else { return nil }
        defer { JSStringRelease(ref) }
        return string(from: ref)
    }
}
