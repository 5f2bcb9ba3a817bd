import Foundation

extension FileRunState {
    /// The first frame in one of the test's own files, else where the test was declared, else the
    /// first frame at all.
    mutating func location(frames: [String], declared: [String]) -> SourceLocation? {
        let parsed = (frames + declared).compactMap(Self.parse)
        if let own = parsed.first(where: { locateURL($0.url) != nil }) { return location(own.url, own.line) }
        return parsed.first.flatMap { location($0.url, $0.line) }
    }

    /// `url:line` → its parts.
    private static func parse(_ frame: String) -> (url: String, line: Int)? {
        guard let colon = frame.lastIndex(of: ":"), let line = Int(frame[frame.index(after: colon)...]) else { return nil }
        return (String(frame[..<colon]), line)
    }

    mutating func location(_ url: String?, _ line: Int?) -> SourceLocation? {
        guard let url, let line else { return nil }
        guard let (path, fileURL) = locateURL(url) else { return SourceLocation(file: url, line: line) }
        return SourceLocation(file: path, line: line, text: sources.text(of: fileURL, line: line))
    }

    /// The report: a file-level failure (named after the file) first, then the tests in order.
    func report(duration: Duration) -> TestFileReport {
        var tests: [TestCaseResult] = []
        if !fileErrors.isEmpty {
            tests.append(TestCaseResult(name: file, status: .failed,
                                        message: fileErrors.map(\.message).joined(separator: "\n"),
                                        location: fileErrors.compactMap(\.location).first))
        } else if declared == 0 {
            tests.append(TestCaseResult(name: file, status: .failed, message: "no tests declared"))
        }
        tests = tests.filter { options.keeps(file: file, name: $0.name) }
        return TestFileReport(file: file, tests: tests + results, duration: duration, console: console)
    }
}
