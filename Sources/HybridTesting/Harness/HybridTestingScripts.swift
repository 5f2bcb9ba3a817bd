import JavaScript

/// The test API's JavaScript, in `Sources/HybridTesting/Resources/` (see `ScriptResource`).
package enum HybridTestingScripts {
    /// The injected test API, `(function (global, config) {...})`: ``HarnessScript`` calls it with the file's
    /// configuration. In it, in order:
    ///
    /// - The comparisons behind `assert.deepEqual` (`diff`: strict and deep, returns the path of the first
    ///   difference or null) and `assert.throws`/`rejects` (`mismatch`: does an error fail the expectation).
    /// - `assert`: `assert(value)`, `ok`, `equal` (strict, `Object.is`), `notEqual`, `deepEqual` (strict and deep),
    ///   `throws`, `rejects`, `match`, `fail`, and the `show` formatter the runner uses too. A failed assertion
    ///   throws an `AssertionError` with `actual`, `expected`, `operator`.
    /// - `test`, `test.skip`, `test.only` and the runner that reports each result to native code through
    ///   `__hybridTestReport(event)`.
    ///
    /// Events (plain objects): `{type: "declared", count}` when the run starts; `{type: "begin", index, name, declared}`
    /// before a test; `{type: "result", index, name, status, message, frames, declared, duration}` after it;
    /// `{type: "error", message, frames}` for a misuse outside any test; `{type: "done", declared}` at the end.
    /// `frames` are an error's stack frames outside this script (`url:line`, innermost first); `declared`
    /// those of the `test(...)` call, for failures without a useful stack.
    static let testAPI = ScriptResource(module: "HybridTesting", file: "hybrid-test-api.js")
    /// The name ``testAPI`` runs under, so its own frames can be left out of locations.
    static let testAPIURL = "hybrid-test-api.js"

    /// The page API, `(function (global, config) {...})`: the `page` global (`page.open(url)` and the verbs that drive
    /// the pages a test opens), run after ``testAPI`` with the same configuration. Native code (`PageHost`) installs
    /// `__hybridPageNative`, which opens, drives and closes the pages.
    static let pageAPI = ScriptResource(module: "HybridTesting", file: "hybrid-page-api.js")


    /// The native side in tests, `(function (global) {...})`: `native.mock`, `native.calls`, `native.fn`,
    /// `native.call`, and `__hybridNative.request`, which the handlers ``NativeTestSide`` layers ask first.
    static let nativeAPI = ScriptResource(module: "HybridTesting", file: "hybrid-native-api.js")

    /// Code coverage, `(function (require, sha1) {...})`, run in ``CodeCoverage``'s own context (never in a page):
    /// istanbul's instrumenter on Babel standalone, and the merged report (coverage map, lcov, summaries).
    static let coverage = ScriptResource(module: "HybridTesting", file: "hybrid-coverage.js")

    /// Every script of the module, for a check that they are all installed.
    package static let all = [testAPI, pageAPI, nativeAPI, coverage]
}
