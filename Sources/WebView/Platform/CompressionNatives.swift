internal import CJavaScriptCore
internal import CSoup
import JavaScript

/// The native half of `CompressionStream`/`DecompressionStream` (`Resources/platform/streams.js`): zlib through GIO's
/// `GZlibCompressor`/`GZlibDecompressor` and `g_converter_convert`. Runtime-thread only.
///
/// At page set-up only `native.compressionNatives` is defined; the script calls it on the page's first compression
/// stream, which makes `open(format, compress)` (a codec object, freed by the garbage collector's finalizer) and
/// `convert(codec, bytes, finish)` (the output as an array of `ArrayBuffer`s, or `null` when the input is corrupt:
/// the script errors the stream with a `TypeError`).
enum CompressionNatives {
    static func install(on native: JSValue, in context: JSContext) {
        native.setValue(JSValue(function: { args in make(in: args.context) }, name: "compressionNatives", in: context),
                        forProperty: "compressionNatives")
    }

    private static func make(in context: JSContext) -> JSValue {
        let natives = JSValue(newObjectIn: context)
        natives.setValue(JSValue(function: { args in
            guard let codec = ZlibCodec(format: args.string(at: 0) ?? "", compress: args.bool(at: 1)) else { return nil }
            return RawJSValue(ref: JSObjectMake(args.contextRef, codecClass, Unmanaged.passRetained(codec).toOpaque()))
        }, name: "open", in: context), forProperty: "open")
        natives.setValue(JSValue(function: { args in
            let context = args.contextRef, value = args.ref(at: 0)
            guard JSValueIsObjectOfClass(context, value, codecClass), let object = JSValueToObject(context, value, nil),
                  let pointer = JSObjectGetPrivate(object) else { return nil }
            let codec = Unmanaged<ZlibCodec>.fromOpaque(pointer).takeUnretainedValue()
            let input = TypedArrayBytes.bytes(of: args.ref(at: 1), in: context) ?? []
            guard let chunks = codec.convert(input, finish: args.bool(at: 2)) else { return nil }
            let buffers: [JSValueRef?] = chunks.map { TypedArrayBytes.makeArrayBuffer($0, in: context) }
            return RawJSValue(ref: buffers.withUnsafeBufferPointer { JSObjectMakeArray(context, $0.count, $0.baseAddress, nil) })
        }, name: "convert", in: context), forProperty: "convert")
        return natives
    }

    nonisolated(unsafe) private static let codecClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafeRawPointer(StaticString("ZlibCodec").utf8Start).assumingMemoryBound(to: CChar.self)
        definition.finalize = { object in
            // The codec's deinit makes no JavaScriptCore call: it drops its GObject only.
            guard let object, let pointer = JSObjectGetPrivate(object) else { return }
            Unmanaged<ZlibCodec>.fromOpaque(pointer).release()
        }
        return JSClassCreate(&definition)
    }()
}

/// One compression or decompression context: a GIO zlib converter and whether its compressed stream has ended.
final class ZlibCodec {
    private let converter: OpaquePointer   // GConverter (an opaque GObject interface type)
    private let compress: Bool
    private var ended = false
    private var failed = false

    /// `format` is the Compression standard's name: "gzip", "deflate" (zlib) or "deflate-raw".
    init?(format: String, compress: Bool) {
        let zlibFormat: GZlibCompressorFormat
        switch format {
        case "gzip": zlibFormat = G_ZLIB_COMPRESSOR_FORMAT_GZIP
        case "deflate": zlibFormat = G_ZLIB_COMPRESSOR_FORMAT_ZLIB
        case "deflate-raw": zlibFormat = G_ZLIB_COMPRESSOR_FORMAT_RAW
        default: return nil
        }
        let object: OpaquePointer? = compress ? g_zlib_compressor_new(zlibFormat, -1) : g_zlib_decompressor_new(zlibFormat)
        guard let object else { return nil }
        converter = object
        self.compress = compress
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(converter)) }

    /// Converts `input` (all of it), with the end of the input when `finish`; the output in chunks of up to 64 KiB, or
    /// nil when decompressing data that is corrupt, truncated (at `finish`) or followed by more data.
    func convert(_ input: [UInt8], finish: Bool) -> [[UInt8]]? {
        if failed { return nil }
        var output: [[UInt8]] = []
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        let source = input.isEmpty ? [UInt8(0)] : input   // never a null input pointer, even for no bytes
        while offset < input.count || (finish && !ended) {
            if ended { failed = true; return nil }   // data after the end of the compressed stream
            var read: gsize = 0, written: gsize = 0
            var error: UnsafeMutablePointer<GError>?
            let flags = finish ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS
            let result = source.withUnsafeBytes { inBytes in
                buffer.withUnsafeMutableBytes { outBytes in
                    g_converter_convert(converter, inBytes.baseAddress! + offset, gsize(input.count - offset),
                                        outBytes.baseAddress, gsize(outBytes.count), flags, &read, &written, &error)
                }
            }
            offset += Int(read)
            if written > 0 { output.append(Array(buffer[0..<Int(written)])) }
            if result == G_CONVERTER_ERROR {
                let partial = error.map { g_error_matches($0, g_io_error_quark(), Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue)) != 0 } ?? false
                if let error { g_error_free(error) }
                if partial && !finish { break }   // needs more input than this chunk
                failed = true
                return nil
            }
            if result == G_CONVERTER_FINISHED { ended = true }
            if read == 0 && written == 0 && result != G_CONVERTER_FINISHED {
                failed = true   // no progress: never loop
                return nil
            }
        }
        if finish && !compress && !ended { failed = true; return nil }
        return output
    }
}
