import JavaScript

/// The two ways a `_fetchQueue()` text becomes messages, seen from the rest of the package (the fuzz targets
/// check that they agree): the queue scanner with the raw-member reader, and the full parse with the value
/// reader. `package`, not public: this is the wire protocol's inside.
package enum QueueReading {
    /// One queue entry read as a message, in plain values; nil members are absent (or `null` ids).
    package struct Message: Equatable, Sendable {
        package var handlerName: String?
        package var callbackId: String?
        package var responseId: String?
        package var data: JSONValue?
        package var responseData: JSONValue?
        package var errorCode: String?
        package var errorMessage: String?
    }

    /// The deepest nesting (top-level array included) the scanner is meant to read itself.
    package static var scannerDepth: Int { RawJSONScanner.maximumDepth + 1 }

    /// The entries as the scanner reads them (nil for an entry that is not a message), each with the size of its
    /// text; nil when the scanner leaves the text to the full parse.
    /// `tooDeep` marks an entry nested deeper than the limit, which the bridge refuses on its own.
    package static func scanned(_ text: String) -> [(size: Int, message: Message?, tooDeep: Bool)]? {
        RawJSONScanner.elements(of: text)?.map { element in
            (element.size, BridgeMessage(rawMembers: element.members).map(Message.init), element.isTooDeep)
        }
    }

    /// The entries as the full parse reads them (nil for an entry that is not a message); nil when the text is
    /// not a JSON array.
    package static func parsed(_ text: String) -> [Message?]? {
        guard case .array(let entries)? = try? JSONValue(parsing: text) else { return nil }
        return entries.map(Message.init(json:))
    }
}

extension QueueReading.Message {
    /// One parsed queue entry read as the protocol defines it: the oracle the scanner's reading is checked against.
    init?(json value: JSONValue) {
        guard case .object(let object) = value else { return nil }
        func string(_ key: String) -> String?? {
            switch object[key] {
            case nil, .null?: return .some(nil)
            case .string(let s)?: return .some(s)
            default: return nil
            }
        }
        guard let handlerName = string("handlerName"), let callbackId = string("callbackId"),
              let responseId = string("responseId"), responseId != nil || handlerName != nil else { return nil }
        var error: BridgeError?
        if let raw = object["error"] {
            error = BridgeError(json: raw) ?? BridgeError(code: BridgeError.handlerFailed, message: raw.jsonString)
        }
        self.init(handlerName: handlerName, callbackId: callbackId, responseId: responseId, data: object["data"],
                  responseData: object["responseData"], errorCode: error?.code, errorMessage: error?.message)
    }

    init(_ message: BridgeMessage) {
        self.init(handlerName: message.handlerName, callbackId: message.callbackId, responseId: message.responseId,
                  data: message.data?.value, responseData: message.responseData?.value,
                  errorCode: message.error?.code, errorMessage: message.error?.message)
    }
}
