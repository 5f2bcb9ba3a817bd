import JavaScript

/// A decoded event from the test API.
enum HarnessEvent: Equatable {
    /// The tests are declared; `expectedDivergences` are the codes of the page's
    /// `<meta name="hybrid-expect-divergence" content="CODE">` tags.
    case declared(count: Int, expectedDivergences: [String])
    case begin(index: Int, name: String, declared: [String])
    case result(index: Int, name: String, status: TestStatus, message: String?, frames: [String], declared: [String],
                milliseconds: Double)
    case error(message: String, frames: [String])
    /// `toMatchSnapshot()` recorded a new or updated snapshot `key`.
    case snapshot(key: String, value: String)
    case done

    /// Decodes an event; nil for anything malformed (a page can call the reporting function too).
    init?(_ json: JSONValue) {
        switch json["type"]?.stringValue {
        case "declared":
            self = .declared(count: json["count"]?.intValue ?? 0, expectedDivergences: Self.strings(json["expectedDivergences"]))
        case "begin":
            guard let index = json["index"]?.intValue, let name = json["name"]?.stringValue else { return nil }
            self = .begin(index: index, name: name, declared: Self.strings(json["declared"]))
        case "result":
            guard let index = json["index"]?.intValue, let name = json["name"]?.stringValue,
                  let status = json["status"]?.stringValue.flatMap(TestStatus.init(rawValue:)) else { return nil }
            self = .result(index: index, name: name, status: status, message: json["message"]?.stringValue,
                           frames: Self.strings(json["frames"]), declared: Self.strings(json["declared"]),
                           milliseconds: json["duration"]?.doubleValue ?? 0)
        case "error":
            self = .error(message: json["message"]?.stringValue ?? "test API error", frames: Self.strings(json["frames"]))
        case "snapshot":
            guard let key = json["key"]?.stringValue, let value = json["value"]?.stringValue else { return nil }
            self = .snapshot(key: key, value: value)
        case "done":
            self = .done
        default:
            return nil
        }
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
