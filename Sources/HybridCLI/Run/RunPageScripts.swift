import Foundation
import Hybrid

/// What `--eval` and `--assert` run in the page, with errors that point at what the user typed:
/// `--eval:1:5: TypeError: ...` (a line and column inside the expression).
enum RunPageScripts {
    /// `--eval CODE`: its value, a promise awaited (for as long as the run's deadline allows). Errors are located in CODE as `--eval:LINE:COLUMN`.
    static func evaluate(_ code: String, in webView: HeadlessWebView) async throws -> JSONValue {
        try await webView.callAsyncJavaScript(code, sourceURL: "--eval", timeout: nil)
    }

    /// `--assert CODE`: whether CODE is truthy. Errors are located in CODE as `--assert:LINE:COLUMN`.
    static func assertion(_ code: String, in webView: HeadlessWebView) async throws -> Bool {
        // `!!(` makes the value a Boolean without awaiting a promise; the line break keeps a trailing `//` comment
        // from swallowing the `)`. The prefix shifts the first line's columns, which the error gets back.
        let prefix = "!!("
        do {
            return try await webView.callAsyncJavaScript(prefix + code + "\n)", sourceURL: "--assert", timeout: nil) == .bool(true)
        } catch let error as JSException {
            throw error.shiftingFirstLine(of: "--assert", by: -prefix.count)
        }
    }
}

extension JSException {
    /// The exception with the columns of `sourceURL`'s first line moved by `offset`, in its position and stack:
    /// what the user wrote starts after a prefix the command added.
    func shiftingFirstLine(of sourceURL: String, by offset: Int) -> JSException {
        var shifted = self
        if shifted.sourceURL == sourceURL, shifted.line == 1, let column = shifted.column {
            shifted.column = max(1, column + offset)
        }
        shifted.stack = stack.map { stack in
            let marker = "@\(sourceURL):1:"
            return stack.split(separator: "\n", omittingEmptySubsequences: false).map { frame -> String in
                guard let range = frame.range(of: marker), let column = Int(frame[range.upperBound...]) else {
                    return String(frame)
                }
                return frame[..<range.upperBound] + String(max(1, column + offset))
            }.joined(separator: "\n")
        }
        return shifted
    }
}
