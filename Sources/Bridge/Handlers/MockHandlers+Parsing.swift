import JavaScript

/// A mock file that cannot be used: bad JSON (with its line and column) or a bad mock.
public struct MockFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when read from one.
    public var file: String?
    public var message: String
    /// 1-based position of a JSON syntax error.
    public var line: Int?
    public var column: Int?

    public init(file: String? = nil, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        var text = file.map { "\($0): " } ?? ""
        if let line, let column { text += "line \(line), column \(column): " }
        return text + message
    }
}

extension MockHandlers {
    private static let keys: Set<String> = ["response", "error", "delayMs", "echo"]
    private static let listKeys = keys.union(["when"])

    /// Parses the text of a mock file.
    public init(parsing text: String) throws(MockFileError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch let error as JSONParseError {
            let (line, column) = Self.position(ofUTF16Offset: error.offset, in: text)
            throw MockFileError(message: "invalid JSON: \(error.reason)", line: line, column: column)
        } catch {
            throw MockFileError(message: "invalid JSON: \(error)")
        }
        guard case .object(let object) = json else {
            throw MockFileError(message: "a mock file is a JSON object mapping handler names to mocks")
        }
        var lists: [String: [Mock]] = [:]
        for (name, value) in object {
            if case .array(let entries) = value {
                guard !entries.isEmpty else {
                    throw MockFileError(message: "mock \"\(name)\": a list of answers needs at least one entry")
                }
                var list: [Mock] = []
                for (index, entry) in entries.enumerated() {
                    list.append(try Self.mock(named: "\"\(name)\" entry \(index + 1)", from: entry, inList: true))
                }
                lists[name] = list
            } else {
                lists[name] = [try Self.mock(named: "\"\(name)\"", from: value, inList: false)]
            }
        }
        self.init(lists: lists)
    }

    /// One mock; `label` names it in errors (`"pay"`, or `"pay" entry 2` in a list).
    private static func mock(named label: String, from value: JSONValue, inList: Bool) throws(MockFileError) -> Mock {
        func bad(_ text: String) -> MockFileError { MockFileError(message: "mock \(label): \(text)") }
        guard case .object(let fields) = value else {
            throw bad(inList ? "each entry must be an object such as {\"response\": ...}"
                             : "must be an object such as {\"response\": ...}, or a list of them")
        }
        if let unknown = fields.keys.first(where: { !(inList ? listKeys : keys).contains($0) }) {
            throw bad("unknown key \"\(unknown)\" (use response, error, delayMs, echo\(inList ? ", when" : ""))")
        }
        var mock = Mock(response: fields["response"], when: fields["when"])
        if let error = fields["error"] {
            guard fields["response"] == nil else { throw bad("has both \"response\" and \"error\"; choose one") }
            guard let parsed = BridgeError(json: error) else { throw bad("\"error\" must be {\"code\": \"...\", \"message\": \"...\"}") }
            mock.error = parsed
        }
        if let echo = fields["echo"] {
            guard let flag = echo.boolValue else { throw bad("\"echo\" must be true or false") }
            guard !flag || (fields["response"] == nil && fields["error"] == nil) else {
                throw bad("\"echo\" cannot be combined with \"response\" or \"error\"")
            }
            mock.echo = flag
        }
        if let delay = fields["delayMs"] {
            // At most a day: a canned answer is for tests, and larger numbers would not fit a Duration.
            guard let ms = delay.doubleValue, ms >= 0, ms <= 86_400_000 else {
                throw bad("\"delayMs\" must be a number of milliseconds from 0 to 86400000 (a day)")
            }
            mock.delay = .milliseconds(Int64(ms.rounded()))
        }
        return mock
    }

    /// The 1-based line and column of a UTF-16 offset.
    static func position(ofUTF16Offset offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for (index, unit) in text.utf16.enumerated() {
            if index >= offset { break }
            if unit == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
