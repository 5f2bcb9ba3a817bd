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

    @Test func junitSkippedCarriesTheReasonWhenKnown() throws {
        let report = TestSuiteReport(files: [TestFileReport(file: "x.test.js", tests: [
            TestCaseResult(name: "x.test.js", status: .skipped, message: "not run: interrupted by SIGINT"),
        ])])
        let document = try XMLDocument(xmlString: JUnitWriter.xml(for: report))
        let skipped = try #require(document.rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase").first?.elements(forName: "skipped").first)
        #expect(skipped.attribute(forName: "message")?.stringValue == "not run: interrupted by SIGINT")
        #expect(!JUnitWriter.xml(for: self.report).contains("<skipped message"), "no message, no attribute")
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

    /// Control characters: C0, DEL, C1, the Unicode line separators, the byte-order mark, U+FFFE and U+FFFF.
    static let controls: [Unicode.Scalar] = ((0..<0x20).map { $0 } + [0x7F, 0x85, 0x9B, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF])
        .compactMap { Unicode.Scalar(UInt32($0)) }

    static func report(name: String, message: String) -> TestSuiteReport {
        TestSuiteReport(files: [TestFileReport(file: "f.test.js", tests: [
            TestCaseResult(name: name, status: .failed, message: message, location: SourceLocation(file: "f.test.js", line: 1)),
        ])])
    }

    @Test func tapEscapesACarriageReturnInATestName() {
        let tap = TAPWriter.tap(for: Self.report(name: "carriage\rreturn", message: "m"))
        #expect(tap.contains("not ok 1 - f.test.js › carriage\\rreturn\n"))
        #expect(!tap.unicodeScalars.contains("\r"))
    }

    @Test func tapEscapesEveryControlCharacterInDescriptionsAndMessages() {
        var text = String.UnicodeScalarView()
        for scalar in Self.controls { text.append("x"); text.append(scalar) }
        let tap = TAPWriter.tap(for: Self.report(name: String(text), message: String(text)))
        for scalar in Self.controls where scalar != "\n" {
            #expect(!tap.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) is written as itself")
        }
        // Header, the test, the YAML block (---, message, at, ...), the plan: nothing else breaks a line.
        #expect(tap.split(separator: "\n", omittingEmptySubsequences: false).count == 8, "\(tap)")
        #expect(tap.contains("x\\x1Bx"))
        #expect(tap.contains("x\\u2028x"))
        #expect(tap.contains("  message: \"x\\x00x\\x01"))
        let escapes = TAPWriter.tap(for: Self.report(name: "back\\slash # hash", message: "m"))
        #expect(escapes.contains("not ok 1 - f.test.js › back\\\\slash \\# hash\n"))
    }

    @Test func junitEscapesWhatXML10Forbids() throws {
        var text = String.UnicodeScalarView()
        for scalar in Self.controls { text.append("x"); text.append(scalar) }
        text.append(contentsOf: "😀]]>&".unicodeScalars)
        let name = String(text)
        let report = TestSuiteReport(files: [TestFileReport(file: "f\u{1}.test.js", tests: [
            TestCaseResult(name: name, status: .failed, message: name, location: SourceLocation(file: "f\u{2}.test.js", line: 1)),
        ], console: [ConsoleMessage(level: .log, text: name)])])
        let xml = JUnitWriter.xml(for: report)
        let forbidden = Self.controls.filter { $0.value < 0x20 && !["\t", "\n", "\r"].contains($0) || $0.value >= 0xFFFE }
        for scalar in forbidden {
            #expect(!xml.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) is written as itself")
        }
        let document = try XMLDocument(xmlString: xml)
        let testcase = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        let parsed = try #require(testcase.attribute(forName: "name")?.stringValue)
        // Tab, line feed and carriage return survive as character references; the rest become U+FFFD.
        #expect(parsed.unicodeScalars.filter { $0 == "\t" || $0 == "\n" || $0 == "\r" }.count == 3)
        #expect(parsed.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == forbidden.count)
        #expect(parsed.hasSuffix("😀]]>&"))
        #expect(testcase.attribute(forName: "file")?.stringValue == "f\u{FFFD}.test.js")
    }
}
