/// Writes a ``TestSuiteReport`` as JUnit XML, the format CI servers read.
///
/// One `<testsuite>` per file (named by its path), one `<testcase>` per test with `classname` the file,
/// `file` and `line` where known, a `<failure message=…>` or `<skipped/>` child (with a `message` when the
/// reason is known: a run interrupted before the file started); the page's console
/// output goes in the suite's `<system-out>`.
public enum JUnitWriter {
    /// The whole document.
    public static func xml(for report: TestSuiteReport, name: String = "hybrid test") -> String {
        let counts = report.counts
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(XMLEscaping.escape(name))\" tests=\"\(counts.total)\" failures=\"\(counts.failed)\""
        out += " errors=\"0\" skipped=\"\(counts.skipped)\" time=\"\(report.duration.secondsText)\">\n"
        for file in report.files { out += suite(file) }
        out += "</testsuites>\n"
        return out
    }

    private static func suite(_ file: TestFileReport) -> String {
        let counts = file.counts
        let name = XMLEscaping.escape(file.file)
        var out = "  <testsuite name=\"\(name)\" tests=\"\(counts.total)\" failures=\"\(counts.failed)\" errors=\"0\""
        out += " skipped=\"\(counts.skipped)\" time=\"\(file.duration.secondsText)\">\n"
        for test in file.tests {
            out += "    <testcase name=\"\(XMLEscaping.escape(test.name))\" classname=\"\(name)\""
            out += " time=\"\(test.duration.secondsText)\""
            if let location = test.location {
                out += " file=\"\(XMLEscaping.escape(location.file))\" line=\"\(location.line)\""
            }
            switch test.status {
            case .passed:
                out += "/>\n"
            case .skipped:
                let message = test.message.map { " message=\"\(XMLEscaping.escape($0))\"" } ?? ""
                out += ">\n      <skipped\(message)/>\n    </testcase>\n"
            case .failed:
                let message = XMLEscaping.escape(test.message ?? "failed")
                var body = test.message ?? "failed"
                if let location = test.location {
                    body += "\nat \(location)" + (location.text.map { "\n  \($0)" } ?? "")
                }
                out += ">\n      <failure message=\"\(message)\" type=\"AssertionError\">"
                out += XMLEscaping.escape(body) + "</failure>\n    </testcase>\n"
            }
        }
        if !file.console.isEmpty {
            let text = file.console.map { "\($0.level.rawValue): \($0.text)" }.joined(separator: "\n")
            out += "    <system-out>\(XMLEscaping.escape(text))</system-out>\n"
        }
        out += "  </testsuite>\n"
        return out
    }
}
