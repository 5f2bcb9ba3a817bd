internal import CJavaScriptCore

/// Raw conversions shared by ``JSValue``, `JSONValue` and Swift functions.
///
/// Structured values cross through JSON text handled by JavaScriptCore's own `JSON.stringify` /
/// `JSON.parse` on one side and our UTF-16 parser and writer on the other: far fewer C calls
/// than walking objects property by property.
enum JSValueConversion {
    /// A new error; with `name`, an instance of the global constructor of that name when there is
    /// one (`TypeError`, ...), so `instanceof` works, else an `Error` whose `name` is set.
    static func makeError(message: String, name: String? = nil, in context: JSContextRef) -> JSValueRef {
        var argument: JSValueRef? = message.makeJSValueRef(in: context)
        if let name, name.hasSuffix("Error"), name != "Error",
           let constructor = JSStringConversion.withJSString(name, { JSObjectGetProperty(context, JSContextGetGlobalObject(context), $0, nil) }),
           JSValueIsObject(context, constructor), let object = JSValueToObject(context, constructor, nil),
           JSObjectIsConstructor(context, object),
           let error = JSObjectCallAsConstructor(context, object, 1, &argument, nil) {
            return error
        }
        let error = JSObjectMakeError(context, 1, &argument, nil)!
        if let name {
            JSStringConversion.withJSString("name") { key in
                JSObjectSetProperty(context, error, key, name.makeJSValueRef(in: context),
                                    JSPropertyAttributes(kJSPropertyAttributeDontEnum), nil)
            }
        }
        return error
    }

    static func makeArray<C: Collection>(_ elements: C, in context: JSContextRef) -> JSValueRef
    where C.Element: JSValueConvertible {
        makeArray(count: elements.count, in: context) { buffer in
            for (offset, element) in elements.enumerated() { buffer[offset] = element.makeJSValueRef(in: context) }
        }
    }

    static func makeArray(_ elements: [any JSValueConvertible], in context: JSContextRef) -> JSValueRef {
        makeArray(count: elements.count, in: context) { buffer in
            for (offset, element) in elements.enumerated() { buffer[offset] = element.makeJSValueRef(in: context) }
        }
    }

    private static func makeArray(count: Int, in context: JSContextRef,
                                  fill: (UnsafeMutableBufferPointer<JSValueRef?>) -> Void) -> JSValueRef {
        // The values sit on the stack while the array is built, where the conservative GC sees them.
        withUnsafeTemporaryAllocation(of: JSValueRef?.self, capacity: max(count, 1)) { buffer in
            fill(buffer)
            return JSObjectMakeArray(context, count, buffer.baseAddress, nil)
        }
    }

    // MARK: JSONValue

    static func makeValue(from json: JSONValue, in context: JSContextRef) -> JSValueRef {
        switch json {
        case .null: return JSValueMakeNull(context)
        case .bool(let b): return JSValueMakeBoolean(context, b)
        case .number(let n): return JSValueMakeNumber(context, n)
        case .string(let s): return s.makeJSValueRef(in: context)
        case .array, .object:
            // Our UTF-16 text, copied once into a JS string, then JSC's own JSON.parse: far fewer
            // C calls than building each member, and no UTF-8 conversion inside JSC.
            let text = json.withUTF16JSONText(capacity: 1024) { JSStringCreateWithCharacters($0.baseAddress, $0.count) }!
            defer { JSStringRelease(text) }
            return JSValueMakeFromJSONString(context, text) ?? JSValueMakeNull(context)
        }
    }

    /// The value as JSON data, or nil for what JSON cannot hold (`undefined`, functions, symbols).
    /// Throws the JavaScript exception raised by `toJSON` methods or cycles.
    static func jsonValue(of value: JSValueRef, in context: JSContextRef) throws(JSException) -> JSONValue? {
        switch JSValueGetType(context, value) {
        case kJSTypeUndefined, kJSTypeSymbol: return nil
        case kJSTypeNull: return .null
        case kJSTypeBoolean: return .bool(JSValueToBoolean(context, value))
        case kJSTypeNumber:
            let n = JSValueToNumber(context, value, nil)
            return n.isFinite ? .number(n) : .null
        case kJSTypeString:
            return .string(JSStringConversion.string(of: value, in: context) ?? "")
        default:
            guard let text = try jsonText(of: value, in: context) else { return nil }
            defer { JSStringRelease(text) }
            do {
                // JSON.stringify's result, read in place as UTF-16 (JSC copies it only when it was Latin-1).
                let length = JSStringGetLength(text)
                guard let characters = JSStringGetCharactersPtr(text) else { return nil }
                return try JSONValue(parsingUTF16: UnsafeBufferPointer(start: characters, count: length), uniqueKeys: true)
            } catch where error.reason == JSONParseError.tooDeep {
                throw JSException(name: "RangeError", message: "the value is nested more than "
                                  + "\(JSONParseError.maximumDepth) levels deep, too deep to convert to JSONValue")
            } catch {
                // JSC's own output is always valid JSON; this only guards against the impossible.
                throw JSException(name: "SyntaxError", message: "\(error)")
            }
        }
    }

    /// `JSON.stringify(value, null, indent)` as a retained string, nil for `undefined` results.
    static func jsonText(of value: JSValueRef, in context: JSContextRef, indent: UInt32 = 0) throws(JSException) -> JSStringRef? {
        var exception: JSValueRef?
        let text = JSValueCreateJSONString(context, value, indent, &exception)
        if let exception { throw JSException(value: exception, in: context) }
        return text
    }
}
