internal import CJavaScriptCore
import JavaScript

/// Moves bytes between Swift and JavaScript typed arrays through the C API, without per-byte calls.
enum TypedArrayBytes {
    /// The bytes of a typed array (its view: offset and length respected) or an `ArrayBuffer`;
    /// nil for other values.
    static func bytes(of value: JSValueRef, in context: JSContextRef) -> [UInt8]? {
        guard JSValueIsObject(context, value), let object = JSValueToObject(context, value, nil) else { return nil }
        let type = JSValueGetTypedArrayType(context, value, nil)
        if type == kJSTypedArrayTypeNone { return nil }
        if type == kJSTypedArrayTypeArrayBuffer {
            let count = JSObjectGetArrayBufferByteLength(context, object, nil)
            guard count > 0, let base = JSObjectGetArrayBufferBytesPtr(context, object, nil) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }
        let count = JSObjectGetTypedArrayByteLength(context, object, nil)
        let offset = JSObjectGetTypedArrayByteOffset(context, object, nil)
        guard count > 0, let base = JSObjectGetTypedArrayBytesPtr(context, object, nil) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base + offset, count: count))
    }

    /// A new `Uint8Array` holding a copy of `bytes`.
    static func makeUint8Array(_ bytes: [UInt8], in context: JSContextRef) -> JSObjectRef {
        let array = JSObjectMakeTypedArray(context, kJSTypedArrayTypeUint8Array, bytes.count, nil)!
        if !bytes.isEmpty, let base = JSObjectGetTypedArrayBytesPtr(context, array, nil) {
            bytes.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        }
        return array
    }

    /// A new `ArrayBuffer` holding a copy of `bytes`.
    static func makeArrayBuffer(_ bytes: [UInt8], in context: JSContextRef) -> JSObjectRef {
        JSObjectGetTypedArrayBuffer(context, makeUint8Array(bytes, in: context), nil)!
    }
}

/// A raw value a Swift function returns to JavaScript as is.
struct RawJSValue: JSValueConvertible {
    let ref: JSValueRef
    func makeJSValue(in context: JSConversionContext) -> JSConvertedValue { JSConvertedValue(ref) }
}
