import Foundation

/// One `console.*` call, formatted.
public struct ConsoleMessage: Sendable, Hashable {
    /// Which console method produced the message.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case log, info, warn, error, debug
    }

    public var level: Level
    /// The arguments formatted as Node's `util.format` does (see the README for the subset).
    public var text: String
    /// The script that called `console`, when known.
    public var sourceURL: String?
    /// The line of the call, when known.
    public var line: Int?
    /// The column of the call, when known.
    public var column: Int?
    /// The text as a JSON string literal (`"a\ud800"`) when the page's text holds a lone surrogate, which ``text``
    /// (a Swift string) shows as U+FFFD; nil otherwise. `hybrid run --transcript` writes it in place of the text, so a
    /// transcript keeps what the page logged.
    public var textJSON: String?

    public init(level: Level, text: String, sourceURL: String? = nil, line: Int? = nil, column: Int? = nil,
                textJSON: String? = nil) {
        self.level = level
        self.text = text
        self.sourceURL = sourceURL
        self.line = line
        self.column = column
        self.textJSON = textJSON
    }

    /// Writes each message's text and a newline to standard error: the default sink.
    public static let standardErrorSink: ConsoleSink = { message in
        FileHandle.standardError.write(Data((message.text + "\n").utf8))
    }
}

/// Receives console messages. Called on the runtime thread, as the script runs.
public typealias ConsoleSink = @Sendable (ConsoleMessage) -> Void
