/// The UTF-16 side of the JSON parser and writer (what values read from and sent to JavaScriptCore go
/// through), for the rest of the package: the fuzz targets check it against the UTF-8 side.
extension JSONValue {
    /// Parses JSON text given as UTF-16 units, as values read from JavaScriptCore are (repeated keys allowed).
    package init(parsingUTF16 units: [UInt16]) throws(JSONParseError) {
        self = try units.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue(parsingUTF16: buffer) }
    }

    /// Parses JSON text given as UTF-16 units in place (JavaScriptCore's `JSON.stringify` output); with
    /// `uniqueKeys`, the text is known to repeat no key, which saves the check.
    package init(parsingUTF16 units: UnsafeBufferPointer<UInt16>, uniqueKeys: Bool = false) throws(JSONParseError) {
        self = try JSONParser.parse(units, uniqueKeys: uniqueKeys)
    }

    /// The compact JSON text of this value as UTF-16 units, as values sent to JavaScriptCore are written.
    package var utf16JSONText: [UInt16] {
        withUTF16JSONText { Array($0) }
    }

    /// Calls `body` with the compact JSON text of this value as UTF-16 units, written into a buffer that starts
    /// with room for `capacity` units and is valid during the call only.
    package func withUTF16JSONText<Result>(capacity: Int = 256,
                                           _ body: (UnsafeBufferPointer<UInt16>) throws -> Result) rethrows -> Result {
        var writer = JSONWriter<UInt16>(capacity: capacity)
        writer.write(self)
        return try writer.withText(body)
    }
}
