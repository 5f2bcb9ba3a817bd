internal import CGdkPixbuf
internal import CJavaScriptCore
import Foundation
import JavaScript

/// The native half of `Resources/canvas/canvas.js`: functions on the platform's `native` object that draw
/// on a canvas's ``CanvasSurface``, called on the runtime thread through the classic C API.
///
/// A bitmap is a JavaScript object of its own class holding the surface; the garbage collector's
/// finalizer frees it with its canvas, and the page's ``CanvasRegistry`` frees every one when the page
/// closes. Every function ignores a first argument that is not a bitmap.
enum CanvasNatives {
    static func install(on native: JSValue, registry: CanvasRegistry, in context: JSContext) {
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("canvasNew") { args in
            let surface = CanvasSurface(width: args.double(at: 0), height: args.double(at: 1), registry: registry)
            registry.add(surface)
            return RawJSValue(ref: JSObjectMake(args.contextRef, bitmapClass, Unmanaged.passRetained(surface).toOpaque()))
        }
        // canvasImage(bytes): a bitmap of an image's pixels (gdk-pixbuf), for drawImage and createPattern; null
        // when the bytes do not decode or the image is larger than a canvas may be.
        define("canvasImage") { args in
            guard let bytes = TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef),
                  let surface = decodedImage(bytes, registry: registry) else { return nil }
            registry.add(surface)
            return RawJSValue(ref: JSObjectMake(args.contextRef, bitmapClass, Unmanaged.passRetained(surface).toOpaque()))
        }
        define("canvasResize") { args in
            surface(args, 0)?.resize(width: args.double(at: 1), height: args.double(at: 2))
            return nil
        }
        define("canvasOp") { args in
            guard let surface = surface(args, 0), let code = args.int(at: 1),
                  let operation = CanvasSurface.Operation(rawValue: code) else { return nil }
            surface.perform(operation, (0..<operation.arity).map { args.double(at: $0 + 2) })
            return nil
        }
        define("canvasDash") { args in
            surface(args, 0)?.setLineDash(doubles(args, 1), offset: args.double(at: 2))
            return nil
        }
        define("canvasColor") { args in
            surface(args, 0)?.setColor(red: args.double(at: 1), green: args.double(at: 2), blue: args.double(at: 3),
                                       alpha: args.double(at: 4))
            return nil
        }
        define("canvasGradient") { args in
            surface(args, 0)?.setGradient(radial: args.bool(at: 1), (2..<8).map { args.double(at: $0) },
                                          stops: doubles(args, 8))
            return nil
        }
        define("canvasPattern") { args in
            guard let target = surface(args, 0), let source = surface(args, 1), let repetition = args.int(at: 2) else { return nil }
            target.setPattern(source, repetition: repetition, (3..<9).map { args.double(at: $0) })
            return nil
        }
        define("canvasShadow") { args in
            let v = (1...7).map { args.double(at: $0) }.map { $0.isFinite ? $0 : 0 }
            surface(args, 0)?.shadow = CanvasShadow(red: v[0], green: v[1], blue: v[2], alpha: v[3], blur: max(0, v[4]),
                                                    offsetX: v[5], offsetY: v[6])
            return nil
        }
        define("canvasFont") { args in
            surface(args, 0)?.setFont(family: args.string(at: 1) ?? "sans-serif", size: args.double(at: 2),
                                      bold: args.bool(at: 3), italic: args.bool(at: 4))
            return nil
        }
        define("canvasMeasure") { args in
            surface(args, 0)?.measure(args.string(at: 1) ?? "") ?? []
        }
        define("canvasText") { args in
            surface(args, 0)?.drawText(args.string(at: 1) ?? "", x: args.double(at: 2), y: args.double(at: 3),
                                       dx: args.double(at: 4), dy: args.double(at: 5), maxWidth: args.double(at: 6),
                                       stroke: args.bool(at: 7), alpha: args.double(at: 8))
            return nil
        }
        define("canvasContains") { args in
            surface(args, 0)?.contains(x: args.double(at: 1), y: args.double(at: 2), stroke: args.bool(at: 3),
                                       evenOdd: args.bool(at: 4)) ?? false
        }
        define("canvasTransform") { args in
            surface(args, 0)?.transform ?? [1, 0, 0, 1, 0, 0]
        }
        define("canvasRead") { args in
            guard let surface = surface(args, 0), let x = args.int(at: 1), let y = args.int(at: 2),
                  let width = args.int(at: 3), let height = args.int(at: 4) else { return nil }
            withBytes(args, 5) { surface.read(x: x, y: y, width: width, height: height, into: $0) }
            return nil
        }
        define("canvasWrite") { args in
            guard let surface = surface(args, 0), let imageWidth = args.int(at: 2), let x = args.int(at: 3),
                  let y = args.int(at: 4), let dx = args.int(at: 5), let dy = args.int(at: 6),
                  let dw = args.int(at: 7), let dh = args.int(at: 8) else { return nil }
            withBytes(args, 1) {
                surface.write(UnsafeRawBufferPointer($0), imageWidth: imageWidth, x: x, y: y,
                              dirty: (x: dx, y: dy, width: dw, height: dh))
            }
            return nil
        }
        define("canvasDraw") { args in
            guard let target = surface(args, 0), let source = surface(args, 1) else { return nil }
            target.draw(source, from: (2..<6).map { args.double(at: $0) }, to: (6..<10).map { args.double(at: $0) },
                        alpha: args.double(at: 10), smoothing: args.int(at: 11) ?? 0)
            return nil
        }
        define("canvasPNG") { args in
            guard let png = surface(args, 0)?.png() else { return nil }
            return RawJSValue(ref: TypedArrayBytes.makeUint8Array(png, in: args.contextRef))
        }
        // canvasJPEG(bitmap, quality 0-1): the bitmap as JPEG (transparent pixels black), or null.
        define("canvasJPEG") { args in
            let quality = Int32((min(1, max(0, args.double(at: 1))) * 100).rounded())
            guard let jpeg = surface(args, 0)?.withPixels({ pixels, width, height, stride -> [UInt8]? in
                var size: gsize = 0
                guard let buffer = hybrid_image_encode_jpeg(pixels, Int32(width), Int32(height), Int32(stride), quality, &size) else { return nil }
                defer { g_free(buffer) }
                return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
            }) ?? nil else { return nil }
            return RawJSValue(ref: TypedArrayBytes.makeUint8Array(jpeg, in: args.contextRef))
        }
        define("canvasBase64") { args in
            TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef).map { Data($0).base64EncodedString() }
        }
    }

    /// `textAdvances(familyList, size, bold, italic, [texts])` of the page's `native` (the geometry's text layout):
    /// `[ascent, descent, x-height, width of each text]` through the same font selection and metrics as `measureText`
    /// (``CairoText``), measured on the page's ``TextMeasurer``; an empty array for a bad size or list.
    static func textAdvances(_ args: JSArguments, registry: CanvasRegistry) -> [Double] {
        let size = args.double(at: 1)
        guard size.isFinite, size > 0, let list = args[4].toArray() else { return [] }
        let face = CairoText.Face(families: args.string(at: 0) ?? "sans-serif", size: size, bold: args.bool(at: 2),
                                  italic: args.bool(at: 3))
        return registry.textMeasurer.advances(list.map { $0.toString() ?? "" }, face: face)
    }

    /// A bitmap of the image in `bytes`, decoded by gdk-pixbuf (its EXIF orientation applied); nil when the bytes
    /// are not a whole image or it would exceed ``CanvasSurface/maximumArea``.
    private static func decodedImage(_ bytes: [UInt8], registry: CanvasRegistry) -> CanvasSurface? {
        guard !bytes.isEmpty, let pixbuf = bytes.withUnsafeBufferPointer({
            hybrid_image_decode($0.baseAddress, gsize($0.count), gint64(CanvasSurface.maximumArea))
        }) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard channels == 3 || channels == 4, let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let surface = CanvasSurface(width: Double(width), height: Double(height), registry: registry)
        guard surface.hasBitmap else { return nil }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = pixels + y * stride + x * channels, target = (y * width + x) * 4
                for channel in 0..<channels { rgba[target + channel] = source[channel] }
            }
        }
        rgba.withUnsafeBytes { surface.write($0, imageWidth: width, x: 0, y: 0, dirty: (x: 0, y: 0, width: width, height: height)) }
        return surface
    }

    /// The surface of bitmap argument `index`; nil when it is not a bitmap.
    private static func surface(_ args: JSArguments, _ index: Int) -> CanvasSurface? {
        let value = args.ref(at: index)
        guard JSValueIsObjectOfClass(args.contextRef, value, bitmapClass),
              let object = JSValueToObject(args.contextRef, value, nil),
              let pointer = JSObjectGetPrivate(object) else { return nil }
        return Unmanaged<CanvasSurface>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The numbers of a `Float64Array` argument; empty for anything else.
    private static func doubles(_ args: JSArguments, _ index: Int) -> [Double] {
        let value = args.ref(at: index)
        guard JSValueGetTypedArrayType(args.contextRef, value, nil) == kJSTypedArrayTypeFloat64Array,
              let bytes = TypedArrayBytes.bytes(of: value, in: args.contextRef) else { return [] }
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    }

    /// Runs `body` on the bytes of a `Uint8ClampedArray` (or `Uint8Array`) argument, in place.
    private static func withBytes(_ args: JSArguments, _ index: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let value = args.ref(at: index)
        let type = JSValueGetTypedArrayType(args.contextRef, value, nil)
        guard type == kJSTypedArrayTypeUint8ClampedArray || type == kJSTypedArrayTypeUint8Array,
              let object = JSValueToObject(args.contextRef, value, nil),
              let base = JSObjectGetTypedArrayBytesPtr(args.contextRef, object, nil) else { return }
        let offset = JSObjectGetTypedArrayByteOffset(args.contextRef, object, nil)
        let count = JSObjectGetTypedArrayByteLength(args.contextRef, object, nil)
        body(UnsafeMutableRawBufferPointer(start: base + offset, count: count))
    }

    nonisolated(unsafe) private static let bitmapClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafeRawPointer(StaticString("CanvasBitmap").utf8Start).assumingMemoryBound(to: CChar.self)
        definition.finalize = { object in
            // The surface's deinit makes no JavaScriptCore call: it frees Cairo memory only.
            guard let object, let pointer = JSObjectGetPrivate(object) else { return }
            Unmanaged<CanvasSurface>.fromOpaque(pointer).release()
        }
        return JSClassCreate(&definition)
    }()
}
