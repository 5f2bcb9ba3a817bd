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

/// A connection whose bridge the container injects once the page has loaded.
protocol AfterLoadConnection: BridgeConnection {
    /// The page's document, while it is open.
    var document: DocumentHandle? { get }
    /// Makes the bridge in the page and attaches to the core; once per page.
    func inject()
    /// The page goes away.
    func close()
}

/// Follows a web view's documents for a bridge injected once the page has loaded (Android's `onPageFinished`, the
/// WeChat and Alipay apps): one connection per document, injected in a task after the page's `load` event (a document
/// adopted after it loaded gets it at once, in a task).
final class AfterLoadInjection<Connection: AfterLoadConnection>: DocumentObserver {
    private let runtime: JavaScriptRuntime
    private let make: @Sendable (DocumentHandle) -> Connection
    /// The current document's connection. Runtime thread.
    let current: LoopBoundBox<Connection?>

    init(runtime: JavaScriptRuntime, make: @escaping @Sendable (DocumentHandle) -> Connection) {
        self.runtime = runtime
        self.make = make
        current = LoopBoundBox(sending: nil, loop: runtime.loop)
    }

    func documentDidCreate(_ document: DocumentHandle) {
        current.value = make(document)
        if document.documentReadyState == "complete" { scheduleInjection(into: document) }
    }

    func documentWillClose(_ document: DocumentHandle) {
        guard let connection = current.value, connection.page == document.id else { return }
        connection.close()
        current.value = nil
    }

    /// The page's `load` event: the bridge comes in a task after it.
    func observe(_ event: WebViewEvent) {
        guard case .load(milestone: .load, url: _) = event.kind, let connection = current.value, connection.page == event.page,
              let document = connection.document else { return }
        scheduleInjection(into: document)
    }

    private func scheduleInjection(into document: DocumentHandle) {
        AdapterSupport.task(in: document, runtime: runtime) { [current] document in
            guard let connection = current.value, connection.page == document.id else { return }
            connection.inject()
        }
    }

    /// Installs this on `webView`: its documents and its `load` events.
    func install(on webView: HeadlessWebView) async {
        webView.events.observe { [self] event in observe(event) }
        await webView.addDocumentObserver(self)
        _ = try? await webView.withDocument { [self] document in documentDidCreate(document) }
    }
}
