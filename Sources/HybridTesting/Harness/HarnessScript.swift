import JavaScript

/// The whole injected test API for one file: `test`, `assert` and the runner, configured with the
/// file's path (for `--filter`), the filter and the per-test timeout.
///
/// It defines globals only; native code installs `__hybridTestReport(event)` and calls
/// `__hybridTest.start()` once the page has loaded. Running it twice in one document does nothing.
enum HarnessScript {
    /// `HybridTestingScripts.testAPI` called with the configuration; throws when the file is not installed.
    static func source(file: String, filter: String?, timeout: Duration, snapshots: JSONObject = [:],
                       updateSnapshots: Bool = false, engine: TestEngine = .headless) throws(ScriptResourceError) -> String {
        let milliseconds = max(1, Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let config: JSONValue = .object(["file": .string(file), "filter": filter.map(JSONValue.string) ?? .null,
                                         "timeout": .number(Double(milliseconds)), "snapshots": .object(snapshots),
                                         "updateSnapshots": .bool(updateSnapshots), "engine": .string(engine.rawValue)])
        return try HybridTestingScripts.testAPI.source.get() + "(globalThis, " + config.jsonString + ");\n"
            + HybridTestingScripts.pageAPI.source.get() + "(globalThis, " + config.jsonString + ");\n"
            + HybridTestingScripts.nativeAPI.source.get() + "(globalThis, " + config.jsonString + ");\n"
    }
}
