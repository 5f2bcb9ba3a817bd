internal import CCairo

/// Cairo's PNG writer into memory, for the canvas's `toDataURL`/`toBlob` and the WebKit engine's diff images.
package enum CairoPNG {
    /// `surface` as PNG bytes, or Cairo's status when it cannot be written.
    package static func encode(_ surface: OpaquePointer?) -> Result<[UInt8], CairoWriteError> {
        cairo_surface_flush(surface)
        let box = Unmanaged.passRetained(Buffer())
        defer { box.release() }
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Buffer>.fromOpaque(closure).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { return .failure(CairoWriteError(message: String(cString: cairo_status_to_string(status)))) }
        return .success(box.takeUnretainedValue().bytes)
    }

    /// Why Cairo could not write the PNG (its status text).
    package struct CairoWriteError: Error {
        package let message: String
    }

    private final class Buffer { var bytes: [UInt8] = [] }
}
