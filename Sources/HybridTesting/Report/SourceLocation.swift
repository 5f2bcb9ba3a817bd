/// A line in a test file: where a test failed, or where it was declared.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file as shown in reports (the test file's path, or the script's URL when it is not the test file).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// The text of that line, when the file could be read.
    public var text: String?

    /// A location; see the properties.
    public init(file: String, line: Int, text: String? = nil) {
        self.file = file
        self.line = line
        self.text = text
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}
