@testable import Bridge
import JavaScript
import Logging
import Synchronization
import Testing
import TestSupport

/// A bare JavaScript context with a bridge injected: the protocol core without a web view.
/// Every test makes its own runtime.
final class ContextPage: Sendable {
    let runtime: JavaScriptRuntime
    let bridge: WebViewJavascriptBridge
    let logs = Recorder<String>()
    let console = Recorder<String>()
    let exceptions = Recorder<String>()
    let events = Recorder<BridgeEvent>()
    let divergences = Recorder<BridgeDivergence>()
    /// The page's context, on the runtime thread.
    private let context: LoopBoundBox<JSContext?>

    init() {
        runtime = JavaScriptRuntime()
        context = LoopBoundBox(sending: nil, loop: runtime.loop)
        let logs = self.logs, events = self.events
        bridge = WebViewJavascriptBridge(runtime: runtime,
                                         logger: Logger(label: "test") { _ in RecordingLogHandler(recorder: logs) })
        bridge.events.observe { events.append($0) }
        let divergences = self.divergences
        bridge.divergences.observe { divergences.append($0) }
    }

    /// Loads `script` into a new context; the bridge is injected unless `inject` is false.
    func load(_ script: String, inject: Bool = true) async throws {
        try await runtime.perform { runtime in
            let context = runtime.makeContext()
            let console = self.console, exceptions = self.exceptions
            context.consoleSink = { console.append($0.text) }
            context.exceptionHandler = { _, value in exceptions.append(JSException(value).description) }
            self.context.value = context
            _ = try context.evaluate(script)
            if inject { self.bridge.inject(into: context) }
        }
    }

    /// Loads `script` into a new context and, on the runtime thread before the bridge is injected, runs `before`
    /// (a native call sent then is flushed after the page attached, and before its setup callbacks ran).
    func load(_ script: String, before: @escaping @Sendable () -> Void) async throws {
        try await runtime.perform { runtime in
            let context = runtime.makeContext()
            self.context.value = context
            _ = try context.evaluate(script)
            before()
            self.bridge.inject(into: context)
        }
    }

    func inject() async {
        await runtime.perform { _ in _ = self.bridge.inject(into: self.context.value!) }
    }

    /// Closes the page: the bridge detaches (pending calls fail with page_gone).
    func close() async {
        await runtime.perform { _ in
            if let context = self.context.value { self.bridge.detach(from: context); context.close() }
            self.context.value = nil
        }
    }

    @discardableResult
    func eval(_ script: String) async throws -> JSONValue {
        try await runtime.perform { _ in try self.context.value!.evaluate(script).toJSONValue() ?? .null }
    }

    /// Calls the page's handler `name` and runs the page until idle: the answer or the error, or
    /// nil when the page left the call waiting (a lost answer fails a test instead of hanging it).
    func callUntilIdle(_ name: String, _ data: JSONValue? = nil) async -> Result<JSONValue?, BridgeError>? {
        let outcome = Mutex<Result<JSONValue?, BridgeError>?>(nil)
        bridge.call(name, data) { result in outcome.withLock { $0 = result } }
        await idle()
        return outcome.withLock { $0 }
    }

    /// Runs until idle; a runtime still busy after a generous limit is a failure of the test, not a crash of the suite.
    func idle() async {
        let outcome = await runtime.runUntilIdle(timeout: .generous)
        #expect(outcome == .idle, "the runtime did not become idle")
    }
}

/// The usual bootstrap for a bare context (no document): setup callbacks wait in WVJBCallbacks.
func setupScript(_ body: String) -> String {
    """
    globalThis.WVJBCallbacks = globalThis.WVJBCallbacks || [];
    WVJBCallbacks.push(function (bridge) {
    \(body)
    });
    """
}

final class Recorder<T: Sendable>: Sendable {
    private let items = Mutex<[T]>([])
    func append(_ item: T) { items.withLock { $0.append(item) } }
    var all: [T] { items.withLock { $0 } }
}

struct RecordingLogHandler: LogHandler {
    let recorder: Recorder<String>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { recorder.append("\(event.level): \(event.message)") }
}
