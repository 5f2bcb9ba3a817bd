import Foundation
@testable import HybridTesting
import JavaScript
import Testing

/// `CodeCoverage`: istanbul's instrumenter on Babel standalone in a context of its own, the pages' `__coverage__`
/// merged into a report, thresholds. The instrumenter needs Debian's node-istanbul and node-babel7-standalone
/// (scripts/bootstrap installs them); without them the tests that instrument are skipped, saying so.
@Suite struct CoverageTests {
    static let installed = FileManager.default.fileExists(atPath: "/usr/share/nodejs/istanbul-lib-instrument/src/instrumenter.js")
        && FileManager.default.fileExists(atPath: "/usr/share/nodejs/@babel/standalone/babel.min.js")
    static let missing = "needs the Debian packages node-istanbul and node-babel7-standalone (scripts/bootstrap)"
    /// The repository's web/tests/coverage example: price.js (from a src script) and cart.html (an inline script, in
    /// a page the test opens), each with an untested branch.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func excludesDependenciesTestFilesAndGivenPatterns() {
        let coverage = CodeCoverage(root: URL(fileURLWithPath: "/p"), excludes: CodeCoverage.defaultExcludes + ["lib/*"])
        #expect(coverage.includes(path: "/p/web/app.js"))
        #expect(coverage.includes(path: "/p/web/index.html"))
        #expect(!coverage.includes(path: "/p/web/node_modules/vue/vue.js"))
        #expect(!coverage.includes(path: "/p/web/vendor/jquery.js"))
        #expect(!coverage.includes(path: "/p/web/app.min.js"))
        #expect(!coverage.includes(path: "/p/web/tests/a.test.html"))
        #expect(!coverage.includes(path: "/p/web/tests/b.test.js"))
        #expect(!coverage.includes(path: "/p/lib/x.js"), "a relative pattern matches the path from the root")
        #expect(coverage.includes(path: "/elsewhere/lib/x.js"))
    }

    @Test func thresholdsParseOneOrPerKindAndRejectTheRest() throws {
        #expect(try CoverageThresholds(parsing: "80").minimum == [.statements: 80, .branches: 80, .functions: 80, .lines: 80])
        #expect(try CoverageThresholds(parsing: "statements=80,branches=70.5").minimum == [.statements: 80, .branches: 70.5])
        for bad in ["", "101", "-1", "eighty", "branch=80", "branches=", "branches=80,", "lines=200"] {
            #expect(throws: CoverageError.self, "\(bad)") { try CoverageThresholds(parsing: bad) }
        }
    }

    @Test(.enabled(if: installed, "\(missing)"))
    func anInstrumentedScriptCountsIntoCoverageAndTheReportMergesPages() async throws {
        let coverage = CodeCoverage(root: URL(fileURLWithPath: "/p"))
        defer { coverage.close() }
        let source = "function fee(total) {\n  if (total >= 50) { return 0; }\n  return 5;\n}\nfee(80);\n"
        let runtime = JavaScriptRuntime()
        // `instrument` blocks its thread: called from a runtime's thread, as pages call it, never from the shared pool.
        let (first, again, broken) = await runtime.perform { _ in
            (coverage.instrument(source, name: "/p/fee.js"), coverage.instrument(source, name: "/p/fee.js"),
             coverage.instrument("function (", name: "/p/broken.js"))
        }
        let instrumented = try #require(first)
        #expect(instrumented.contains("__coverage__"))
        #expect(again == instrumented, "kept for the process")
        // Lines are kept: the script's second line is still its second.
        #expect(instrumented.split(separator: "\n", omittingEmptySubsequences: false)[1].contains("if (total >= 50)"))
        #expect(broken == nil, "a script that does not parse runs as it is")

        for _ in 0..<2 {   // two pages
            let json = try await runtime.perform { runtime in
                let context = runtime.makeContext()
                try context.evaluate(instrumented)
                return try context.evaluate("JSON.stringify(__coverage__)").toString() ?? ""
            }
            coverage.record(pageCoverage: json)
        }
        await runtime.shutdown()
        let report = try await coverage.report()
        #expect(report.files.map(\.path) == ["/p/fee.js"])
        #expect(report.total.statements == .init(covered: 3, total: 4))
        #expect(report.total.branches == .init(covered: 1, total: 2))
        #expect(report.total.functions == .init(covered: 1, total: 1))
        #expect(report.lcov.contains("SF:fee.js\n"))
        #expect(report.lcov.contains("FNDA:2,fee\n"), "both pages' counts")
        #expect(report.lcov.contains("DA:3,0\n"))
        #expect(report.lcov.contains("BRDA:2,0,0,2\nBRDA:2,0,1,0\n"))
        #expect(report.coverageMap.hasPrefix("{\"/p/fee.js\":"))
        #expect(report.failures(below: try CoverageThresholds(parsing: "branches=50")).isEmpty)
        #expect(report.failures(below: try CoverageThresholds(parsing: "branches=80,functions=100"))
                == ["coverage: branches 50% is below the minimum 80% (1/2)"])
        #expect(report.table.contains("fee.js"))
        let last = try #require(report.table.split(separator: "\n").last)
        #expect(last.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "All files 75% (3/4) 50% (1/2) 100% (1/1) 66.66% (2/3)", "\(report.table)")
    }

    /// The hook end to end: a test page's `src` script and the inline script of a page it opens are instrumented, the
    /// test file itself is not, and the inline script counts under its HTML file at its own lines.
    @Test(.enabled(if: installed, "\(missing)"))
    func aTestRunCountsThePagesOwnScriptsNotTheTestFile() async throws {
        var options = Fixtures.options(jobs: 1)
        let coverage = CodeCoverage(root: Self.repository)
        defer { coverage.close() }
        options.coverage = coverage
        let file = TestFile(url: Self.repository.appendingPathComponent("web/tests/coverage/price.test.html"),
                            path: "price.test.html")
        let run = await TestSuiteRunner(options: options).run([file])
        #expect(run.counts == TestCounts(passed: 3, failed: 0, skipped: 0))
        let report = try await coverage.report()
        let folder = Self.repository.appendingPathComponent("web/tests/coverage").path + "/"
        #expect(report.files.map(\.path) == [folder + "cart.html", folder + "price.js"])
        #expect(report.total.branches == .init(covered: 3, total: 6))
        #expect(report.total.statements == .init(covered: 6, total: 8))
        #expect(report.total.functions == .init(covered: 3, total: 3))
        // cart.html's `if (count === 1)` is on line 7 of the HTML file; its `return '1 item'` never ran.
        #expect(report.lcov.contains("SF:web/tests/coverage/cart.html\nFN:6,label\n"), "\(report.lcov)")
        #expect(report.lcov.contains("BRDA:7,0,0,0\nBRDA:7,0,1,1\n"), "\(report.lcov)")
        #expect(report.lcov.contains("DA:4,0\n"), "price.js line 4, the shipping fee, never ran")
        #expect(report.failures(below: try CoverageThresholds(parsing: "80")).count == 2)
    }

    /// Module scripts, an `import()`ed module, an iframe's scripts and the scripts a page inserts (by `src`, and by text
    /// written in the page) are instrumented as written; each leaves a branch untested (Tests/Fixtures/HybridTesting/coverage).
    @Test(.enabled(if: installed, "\(missing)"))
    func modulesFramesAndInsertedScriptsCountAsWritten() async throws {
        let folder = Fixtures.root.appendingPathComponent("coverage")
        var options = Fixtures.options(jobs: 1)
        let coverage = CodeCoverage(root: folder)
        defer { coverage.close() }
        options.coverage = coverage
        let run = await TestSuiteRunner(options: options).run([Fixtures.script("app.test.html", in: "coverage")])
        #expect(run.counts == TestCounts(passed: 1, failed: 0, skipped: 0), "\(run)")
        let report = try await coverage.report()
        #expect(report.files.map { ($0.path as NSString).lastPathComponent }
                == ["app.html", "fee.mjs", "frame.html", "frame.js", "inserted.js", "lazy.mjs"], "\(report.lcov)")
        /// The lcov record of `file`: its lines from `SF:` to `end_of_record`.
        func record(_ file: String) -> [String] {
            let records = report.lcov.components(separatedBy: "end_of_record\n")
            return records.first { $0.hasPrefix("TN:\nSF:\(file)\n") || $0.hasPrefix("SF:\(file)\n") }?
                .split(separator: "\n").map(String.init) ?? []
        }
        /// Its counts: functions, lines and branches found and hit.
        func counts(_ file: String) -> [String] {
            record(file).filter { $0.range(of: "^(FNF|FNH|LF|LH|BRF|BRH):", options: .regularExpression) != nil }
        }
        // A module file, imported by an inline module: `return 5` (line 6) never ran.
        #expect(counts("fee.mjs") == ["FNF:1", "FNH:1", "LF:3", "LH:2", "BRF:2", "BRH:1"], "\(record("fee.mjs"))")
        #expect(record("fee.mjs").contains("DA:6,0") && record("fee.mjs").contains("BRDA:3,0,1,0"))
        // An `import()`ed module: `never` never ran, nor the odd half.
        #expect(counts("lazy.mjs") == ["FNF:2", "FNH:1", "LF:2", "LH:1", "BRF:2", "BRH:1"], "\(record("lazy.mjs"))")
        #expect(record("lazy.mjs").contains("FNDA:0,never"))
        // The iframe's src script and its inline script, at the frame's own lines.
        #expect(counts("frame.js") == ["FNF:1", "FNH:1", "LF:3", "LH:2", "BRF:2", "BRH:1"], "\(record("frame.js"))")
        #expect(record("frame.js").contains("DA:3,0"), "'large' never returned")
        #expect(record("frame.html").contains("DA:5,1"), "\(record("frame.html"))")
        // A script inserted by `src`: `flag && 'yes'` stopped at `flag`.
        #expect(counts("inserted.js") == ["FNF:1", "FNH:1", "LF:3", "LH:3", "BRF:2", "BRH:1"], "\(record("inserted.js"))")
        #expect(record("inserted.js").contains("BRDA:2,0,1,0"))
        // app.html: the inline module (line 8), the inline script (11-17) and the script it inserts by text, counted
        // where that text is written (line 15): its `window.member ? 'welcome back' : 'welcome'` took one way.
        #expect(counts("app.html") == ["FNF:1", "FNH:1", "LF:8", "LH:8", "BRF:2", "BRH:1"], "\(record("app.html"))")
        #expect(record("app.html").contains("DA:8,1"), "the inline module")
        #expect(record("app.html").filter { $0.hasPrefix("BRDA:") } == ["BRDA:15,0,0,0", "BRDA:15,0,1,1"])
        #expect(report.total.branches == .init(covered: 5, total: 10))
    }
}
