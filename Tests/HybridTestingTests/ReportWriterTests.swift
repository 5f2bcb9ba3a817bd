import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HybridTesting
import JavaScript
import Testing

@Suite struct ReportWriterTests {
    let report = TestSuiteReport(files: [
        TestFileReport(file: "web/tests/a.test.html", tests: [
            TestCaseResult(name: "adds", status: .passed, duration: .milliseconds(12)),
            TestCaseResult(name: "compares <b> & \"c\"", status: .failed, message: "expected 1 to equal 2\u{1}",
                           location: SourceLocation(file: "web/tests/a.test.html", line: 7, text: "assert.equal(1, 2);")),
            TestCaseResult(name: "later # soon", status: .skipped),
        ], duration: .milliseconds(1500), console: [ConsoleMessage(level: .warn, text: "careful <now>")]),
        TestFileReport(file: "web/tests/b.test.js", tests: [TestCaseResult(name: "one", status: .passed)]),
    ], duration: .seconds(2))

    @Test func summaryLine() {
        #expect(report.summaryLine == "2 passed, 1 failed, 1 skipped")
        #expect(TestCounts(passed: 3).summaryLine == "3 passed, 0 failed")
        #expect(report.hasFailures)
    }

    @Test func junitIsWellFormedAndCounts() throws {
        let xml = JUnitWriter.xml(for: report)
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        #expect(root.attribute(forName: "time")?.stringValue == "2.000")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["web/tests/a.test.html", "web/tests/b.test.js"])
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases[1].attribute(forName: "name")?.stringValue == "compares <b> & \"c\"")
        #expect(cases[1].attribute(forName: "line")?.stringValue == "7")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "expected 1 to equal 2\u{FFFD}")
        #expect(failure.stringValue?.contains("assert.equal(1, 2);") == true)
        #expect(cases[2].elements(forName: "skipped").count == 1)
        #expect(cases[0].attribute(forName: "time")?.stringValue == "0.012")
        #expect(suites[0].elements(forName: "system-out").first?.stringValue == "warn: careful <now>")
        #expect(suites[1].elements(forName: "system-out").isEmpty)
    }

    @Test func tap() {
        let tap = TAPWriter.tap(for: report)
        let lines = tap.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.last == "1..4")
        #expect(lines.contains("ok 1 - web/tests/a.test.html › adds"))
        #expect(lines.contains("not ok 2 - web/tests/a.test.html › compares <b> & \"c\""))
        #expect(lines.contains("  message: \"expected 1 to equal 2\\x01\""))
        #expect(lines.contains("  at: \"web/tests/a.test.html:7\""))
        #expect(lines.contains("ok 3 - web/tests/a.test.html › later \\# soon # SKIP"))
        #expect(lines.contains("ok 4 - web/tests/b.test.js › one"))
    }
}
