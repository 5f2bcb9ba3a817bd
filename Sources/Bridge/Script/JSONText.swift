internal import CJavaScriptCore
import JavaScript

/// JSON text crossing into and out of JavaScript through UTF-8, which JavaScriptCore converts in
/// bulk; faster than going code unit by code unit for the bridge's message texts.
///
/// Safe because JSON text never holds a raw NUL (control characters are escaped), so a C string
/// carries it whole.
struct JSONText: JSValueConvertible {
    let text: String

    func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        let string = text.withCString { JSStringCreateWithUTF8CString($0) }
        defer { JSStringRelease(string) }
        return JSConvertedValue(JSValueMakeString(context.ref, string))
    }

    /// The string value `value` as Swift text; nil unless it is a string.
    static func string(of value: JSValue) -> String? {
        guard value.isString, let string = JSValueToStringCopy(value.context.ref, value.ref, nil) else { return nil }
        defer { JSStringRelease(string) }
        let capacity = JSStringGetMaximumUTF8CStringSize(string)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // The count includes the terminating NUL.
                max(0, JSStringGetUTF8CString(string, chars.baseAddress, capacity) - 1)
            }
        }
    }
}
