import JavaScript
import WebView

/// What every protocol adapter on a web view shares: tasks on the page's runtime thread and the page's errors.
enum AdapterSupport {
    /// Runs `body` in a task of its own on the runtime thread, unless the document has closed by then.
    static func task(in document: DocumentHandle, runtime: JavaScriptRuntime, _ body: @escaping (DocumentHandle) -> Void) {
        let bound = LoopBound((document: document, body: body), loop: runtime.loop)
        let token = runtime.beginWork()
        runtime.loop.execute {
            defer { token.end() }
            let task = bound.value
            guard !task.document.isClosed else { return }
            task.body(task.document)
        }
    }

    /// Calls `function`; what it throws goes to the page's error handling, as an uncaught error of a native call.
    @discardableResult
    static func call(_ function: JSValue, _ arguments: [any JSValueConvertible], in context: JSContext) -> JSValue? {
        do {
            return try function.call(arguments: arguments)
        } catch {
            if let thrown = context.lastThrownValue { context.reportException(thrown) }
            return nil
        }
    }
}
