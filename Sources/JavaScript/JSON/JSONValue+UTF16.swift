/// The UTF-16 side of the JSON parser and writer (what values read from and sent to JavaScriptCore go
/// through), for the rest of the package: the fuzz targets check it against the UTF-8 side.
extension JSONValue {
    /// Parses JSON text given as UTF-16 units, as values read from JavaScriptCore are (repeated keys allowed).
    package init(parsingUTF16 units: [UInt16]) throws(JSONParseError) {
        self = try units.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONParser.parse(buffer) }
    }

    /// The compact JSON text of this value as UTF-16 units, as values sent to JavaScriptCore are written.
    package var utf16JSONText: [UInt16] {
        var writer = JSONWriter<UInt16>()
        writer.write(self)
        return writer.withText { Array($0) }
    }
}
