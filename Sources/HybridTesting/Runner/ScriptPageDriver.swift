import Foundation
import JavaScript

/// Runs a `*.test.js` file in a plain context of its own runtime: the test API, then the file, then
/// the tests. The page has no DOM; see ``TestFileRunner``.
final class ScriptPageDriver: TestPageDriver {
    let file: TestFile
    let runtime: JavaScriptRuntime

    init(file: TestFile, options: TestRunOptions) {
        self.file = file
        // The watchdog stops a test stuck in a synchronous loop; its own timer then fails it.
        runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.test", executionTimeLimit: options.testTimeout,
                                                         consoleSink: { _ in }))
    }

    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        guard let data = FileManager.default.contents(atPath: file.url.path) else {
            signals.yield(.loadFailed("cannot read \(file.path)"))
            return
        }
        let source = String(decoding: data, as: UTF8.self), path = file.path
        await runtime.perform { runtime in
            let context = runtime.context
            context.exceptionHandler = { _, value in signals.yield(.exception(JSException(value))) }
            context.consoleSink = { signals.yield(.console($0)) }
            context.setFunction("__hybridTestReport") { args in
                if let json = try? args.json(at: 0) { signals.yield(.event(json)) }
                return nil
            }
            context.evaluateScript(harness, sourceURL: TestAPIScript.sourceURL)
            context.evaluateScript(source, sourceURL: path)
            return ()
        }
        signals.yield(.loaded)
    }

    func startTests() async {
        await runtime.perform { runtime in
            _ = runtime.context.evaluateScript("__hybridTest.start()", sourceURL: TestAPIScript.sourceURL)
        }
    }

    func locate(url: String) -> (path: String, file: URL)? {
        url == file.path ? (file.path, file.url) : nil
    }

    func close() async {
        await runtime.shutdown()
    }
}
