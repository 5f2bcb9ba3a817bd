/// The code units JSON text is parsed from and written to: UTF-8 bytes (Swift strings) or UTF-16
/// units (JavaScriptCore strings, read and made without conversion).
protocol JSONCodeUnit: FixedWidthInteger & UnsignedInteger & Sendable {
    /// A string from units holding no escape; `isASCII` when every unit is below 0x80.
    static func makeString(_ units: UnsafeBufferPointer<Self>, isASCII: Bool) -> String
    /// A string from the units gathered for a string with escapes.
    static func makeString(_ units: [Self]) -> String
    /// Appends what a `\uXXXX` escape stands for. UTF-16 keeps the unit as is (pairs join when the
    /// string is made); UTF-8 encodes the scalar, given the following unit for a surrogate pair,
    /// and returns true when it used it.
    static func appendEscaped(_ unit: UInt16, next: UInt16?, to buffer: inout [Self]) -> Bool
    /// Appends a run of a Swift string's UTF-8 bytes that needs no escaping.
    static func appendRun(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout JSONTextBuffer<Self>)
}

extension UInt8: JSONCodeUnit {
    @inline(__always)
    static func makeString(_ units: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        String(decoding: units, as: UTF8.self)
    }

    static func makeString(_ units: [UInt8]) -> String {
        String(decoding: units, as: UTF8.self)
    }

    static func appendEscaped(_ unit: UInt16, next: UInt16?, to buffer: inout [UInt8]) -> Bool {
        var scalar = Unicode.Scalar(UInt32(unit))
        var usedNext = false
        if (0xD800...0xDBFF).contains(unit), let next, (0xDC00...0xDFFF).contains(next) {
            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00))
            usedNext = true
        }
        // A lone surrogate becomes U+FFFD, as everywhere else strings leave JavaScript.
        for byte in UTF8.encode(scalar ?? "\u{FFFD}")! { buffer.append(byte) }
        return usedNext
    }

    static func appendRun(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout JSONTextBuffer<UInt8>) {
        guard let source = utf8.baseAddress, !utf8.isEmpty else { return }
        output.reserve(utf8.count).initialize(from: source, count: utf8.count)
        output.commit(utf8.count)
    }
}

extension UInt16: JSONCodeUnit {
    @inline(__always)
    static func makeString(_ units: UnsafeBufferPointer<UInt16>, isASCII: Bool) -> String {
        guard isASCII else { return String(decoding: units, as: UTF16.self) }
        // ASCII: one narrowing copy (on the stack when short), no transcoding.
        if units.count <= 256 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: units.count) { bytes in
                for index in units.indices { bytes[index] = UInt8(truncatingIfNeeded: units[index]) }
                return String(decoding: UnsafeBufferPointer(bytes), as: UTF8.self)
            }
        }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for index in units.indices { bytes[index] = UInt8(truncatingIfNeeded: units[index]) }
            return units.count
        }
    }

    static func makeString(_ units: [UInt16]) -> String {
        String(decoding: units, as: UTF16.self)  // lone surrogates become U+FFFD
    }

    static func appendEscaped(_ unit: UInt16, next: UInt16?, to buffer: inout [UInt16]) -> Bool {
        buffer.append(unit)
        return false
    }

    static func appendRun(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout JSONTextBuffer<UInt16>) {
        // Widen optimistically (one UTF-16 unit per byte is the most a run can need) ...
        let target = output.reserve(utf8.count)
        var combined: UInt8 = 0
        for index in utf8.indices {
            let byte = utf8[index]
            combined |= byte
            target[index] = UInt16(byte)
        }
        if combined < 0x80 { output.commit(utf8.count); return }
        // ... and transcode instead when the run was not ASCII.
        var written = 0
        _ = transcode(utf8.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false) { unit in
            target[written] = unit
            written += 1
        }
        output.commit(written)
    }
}
