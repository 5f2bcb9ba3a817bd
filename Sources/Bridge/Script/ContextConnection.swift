import JavaScript

/// The bridge's connection to one JavaScript context: it injects `BridgeScripts.bridge` with the native
/// functions the script calls, fetches the page's queue when signalled, and delivers messages by
/// calling the script's dispatch function with the JSON text (no quoting, no `eval`).
///
/// `Sendable` so the core can hand it to tasks on the runtime thread; its state is that thread's alone.
final class ContextConnection: BridgeConnection {
    let page: Int
    private let state: LoopBoundBox<State>

    private struct State {
        weak var core: BridgeCore?
        var context: JSContext?
        var dispatchFunction: JSValue?
        var callbacksFunction: JSValue?
        var fetchScheduled = false
    }

    private init(page: Int, context: JSContext, core: BridgeCore) {
        self.page = page
        state = LoopBoundBox(State(core: core, context: context), loop: core.loop)
    }

    private var core: BridgeCore? { state.value.core }
    private var context: JSContext? { state.value.context }

    /// Injects the bridge into `context` and attaches it to `core`. Returns nil when the page
    /// already has a `WebViewJavascriptBridge` or the script could not run. `contentLoaded`: the document's
    /// `DOMContentLoaded` dispatch has begun (the script cannot always tell: on a virtual clock its timing stamps are 0).
    static func inject(into context: JSContext, page: Int, core: BridgeCore, contentLoaded: Bool = false) -> ContextConnection? {
        let connection = ContextConnection(page: page, context: context, core: core)
        let native = JSValue(newObjectIn: context)
        native["signal"] = JSValue(function: { [weak connection] _ in
            connection?.scheduleFetch()
            return nil
        }, name: "signal", in: context)
        native["defer"] = JSValue(function: { [weak connection] args in
            if let connection, let json = args.string(at: 0) { connection.deliverLater(json) }
            return nil
        }, name: "defer", in: context)
        native["report"] = JSValue(function: { args in
            args.context.reportException(args[0])
            return nil
        }, name: "report", in: context)
        native["contentLoaded"] = JSValue(bool: contentLoaded, in: context)
        native["lenient"] = JSValue(bool: core.state.withLock { $0.compatibility } == .lenient, in: context)
        native["diverge"] = JSValue(function: { [weak core] args in
            if let core, let code = args.string(at: 0), let message = args.string(at: 1) {
                core.diverge(code, message, page: page)
            }
            return nil
        }, name: "diverge", in: context)
        let internals: JSValue
        do {
            let install = try context.evaluate(BridgeScripts.bridge.script.get())
            internals = try install.call(arguments: [native])
        } catch {
            core.warn("WebViewJavascriptBridge: the bridge script failed in page \(page): \(error)")
            return nil
        }
        guard internals.isObject else { return nil }
        connection.state.value.dispatchFunction = internals["dispatch"]
        connection.state.value.callbacksFunction = internals["runCallbacks"]
        core.attach(connection) { [weak connection] in
            guard let connection, connection.isOpen, let callbacks = connection.state.value.callbacksFunction else { return }
            connection.state.value.callbacksFunction = nil
            connection.call(callbacks, [])
        }
        return connection
    }

    var isOpen: Bool { context.map { !$0.isClosed } ?? false }

    /// Detaches from the core (pending calls fail with `page_gone`) and drops every JavaScript reference.
    func close() {
        core?.detach(self)
        state.withValue { state in
            state.dispatchFunction = nil
            state.callbacksFunction = nil
            state.context = nil
        }
    }

    var canDeliver: Bool { isOpen && state.value.dispatchFunction != nil }

    func deliver(_ json: String) -> Bool {
        guard isOpen, let dispatchFunction = state.value.dispatchFunction else { return false }
        call(dispatchFunction, [JSONText(text: json)])
        return true
    }

    /// `_handleMessageFromObjC` with the safety timeout on: dispatch in a task of its own, which
    /// runs even while the page's timers are paused.
    private func deliverLater(_ json: String) {
        guard let core else { return }
        let token = core.runtime.beginWork()
        core.loop.execute { [self] in
            _ = deliver(json)
            token.end()
        }
    }

    private func scheduleFetch() {
        guard !state.value.fetchScheduled, let core else { return }
        state.value.fetchScheduled = true
        let token = core.runtime.beginWork()
        core.loop.execute { [self] in
            fetch()
            token.end()
        }
    }

    /// Reads the page's queue the reference's way, `WebViewJavascriptBridge._fetchQueue()`.
    func fetch() {
        state.value.fetchScheduled = false
        guard isOpen, let context, let core else { return }
        let bridge = context.globalObject["WebViewJavascriptBridge"]
        let text: String?
        do {
            let result = try bridge.invokeMethod("_fetchQueue")
            text = JSONText.string(of: result)
        } catch {
            core.warn("WebViewJavascriptBridge: _fetchQueue() threw \(error); ignored")
            return
        }
        core.receive(text, from: self)
    }

    private func call(_ function: JSValue, _ arguments: [any JSValueConvertible]) {
        do {
            _ = try function.call(arguments: arguments)
        } catch {
            guard let context else { return }
            if let thrown = context.lastThrownValue { context.reportException(thrown) }
        }
    }
}
