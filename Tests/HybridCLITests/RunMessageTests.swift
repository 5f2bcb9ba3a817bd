import Foundation
import Testing

/// `hybrid run` errors point at what the user typed: a line and column inside `--eval`/`--assert` code, the
/// selector of a `--click` that matched nothing, the reason a page cannot be read.
@Suite struct RunMessageTests {
    private func page(_ html: String) async throws -> URL {
        try await RunFixture.folder(["page.html": html]).appendingPathComponent("page.html")
    }

    @Test func evalErrorsAreLocatedInTheExpression() async throws {
        let url = try await page("<p>x</p>")
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--eval", "1 + null.x", "--eval", "1;\n  missing()"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--eval:1:9: TypeError: null is not an object (evaluating 'null.x')\n"
                                       + "    at global code@--eval:1:9\n"), "\(result.stderr)")
        #expect(result.stderr.contains("--eval:2:10: ReferenceError: Can't find variable: missing\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("callAsyncJavaScript"))
    }

    @Test func assertErrorsAreLocatedInTheExpression() async throws {
        let url = try await page("<p>x</p>")
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--assert", "null.x", "--assert", "true\n  && null.y"])
        #expect(result.status == 1)
        // Without the `!!(` the command wraps it in: null.x starts at column 1, its property access ends at 5.
        #expect(result.stderr.contains("--assert:1:5: TypeError: null is not an object (evaluating 'null.x')\n"
                                       + "    at global code@--assert:1:5\n"), "\(result.stderr)")
        #expect(result.stderr.contains("--assert:2:10: TypeError"), "lines after the first keep their columns: \(result.stderr)")
        #expect(result.stderr.contains("hybrid run: assertion failed: null.x\n"))
    }

    @Test func aClickThatMatchesNothingSaysSo() async throws {
        let url = try await page("<button id='go'>go</button>")
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--click", "#nosuch", "--click", "#go"])
        #expect(result.status == 1)
        #expect(result.stderr == "hybrid run: step 1 (--click #nosuch): no element matches '#nosuch'\n", "\(result.stderr)")
        let invalid = try await HybridBinary.run(["run", url.path, "--quiet", "--click", "a["])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("hybrid run: step 1 (--click a[): invalid selector"), "\(invalid.stderr)")
        #expect(!invalid.stderr.contains("hybrid:inspection"))
    }

    @Test func aPageThatCannotBeReadSaysWhy() async throws {
        let file = try await page("<p>x</p>").path
        for (page, reason) in [("nope.html", "No such file or directory"), ("/", "Is a directory"),
                               (file + "/inside.html", "Not a directory")] {
            let result = try await HybridBinary.run(["run", page])
            #expect(result.status == 2)
            #expect(result.stderr == "hybrid run: cannot read \(page): \(reason)\n")
        }
    }
}
