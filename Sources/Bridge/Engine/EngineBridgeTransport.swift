import JavaScript
import Synchronization
import WebView

/// The bridge on a web view reached only through `WebViewEngine` (the WebKit engine), carried as the iOS library
/// carries it on WKWebView: the page's `https://__bridge_loaded__` and `https://__wvjb_queue_message__` iframe
/// navigations are cancelled in the navigation policy and seen here, the bridge's script is evaluated in the main
/// frame, and messages travel by `WebViewJavascriptBridge._fetchQueue()` and
/// `WebViewJavascriptBridge._handleMessageFromObjC(json)` through `evaluateJavaScript`. The protocol core (handlers,
/// callback ids, the startup queue, pending calls) is the same as on the headless engine; only the transport differs.
///
/// It keeps the bridge alive (the engine keeps it, through its observers), and holds the engine weakly.
final class EngineBridgeTransport: Sendable {
    private let bridge: WebViewJavascriptBridge
    private weak let engine: (any WebViewEngine)?
    private struct State {
        /// The current document's number (from the engine's load events) and its connection once injected.
        var page = 0
        var connection: EngineConnection?
        var observation: EventObservation?
    }
    private let state = Mutex(State())

    /// The window's function (defined by ``injection(script:lenient:)``, not enumerable) that counts the messages in
    /// the bridge's queue that native has not fetched yet: queued, their `https://__wvjb_queue_message__` signal not
    /// yet seen by native, or seen and the `_fetchQueue()` on its way.
    static let queuedProperty = "__hybridBridgeQueued"

    /// The URLs the page signals with, as the library's navigation delegate recognises them.
    static let signalPrefixes = ["https://__bridge_loaded__", "https://__wvjb_queue_message__", "wvjbscheme://"]

    init(bridge: WebViewJavascriptBridge, engine: any WebViewEngine) {
        self.bridge = bridge
        self.engine = engine
    }

    /// Starts following `engine`'s documents and signals.
    func attach() async throws {
        guard let engine else { return }
        let observation = engine.observeEvents { [self] event in observe(event) }
        state.withLock { $0.observation = observation }
        try await engine.interceptNavigations(toURLsStartingWith: Self.signalPrefixes) { [self] url in signal(url) }
    }

    private var core: BridgeCore { bridge.core }

    /// A new document ends the connection to the one before; so does the end of the web process.
    private func observe(_ event: WebViewEvent) {
        let gone: EngineConnection?
        switch event.kind {
        case .load(milestone: .start, url: _):
            gone = state.withLock { state in
                state.page = event.page
                defer { state.connection = nil }
                return state.connection
            }
        case .custom(kind: "webProcessTerminated", fields: _):
            gone = state.withLock { state in
                defer { state.connection = nil }
                return state.connection
            }
        default:
            return
        }
        guard let gone else { return }
        gone.isOpen.withLock { $0 = false }
        bridge.runtime.loop.execute { [core] in core.detach(gone) }
    }

    /// A signal URL the page navigated an iframe to.
    private func signal(_ url: String) {
        guard let signal = BridgeURL(url), let engine else { return }
        let (page, connection) = state.withLock { ($0.page, $0.connection) }
        core.trace {
            BridgeEvent(time: .now, page: page, direction: .jsToNative, type: .signal, handler: nil, callbackId: nil,
                        responseId: nil, data: .string(url), size: url.utf8.count, error: nil,
                        outcome: signal == .bridgeLoaded ? "bridge_loaded" : "queue_has_message")
        }
        switch signal {
        case .bridgeLoaded:
            inject(into: page, engine: engine)
        case .queueHasMessage:
            guard let connection else { return }
            engine.evaluateJavaScript("WebViewJavascriptBridge._fetchQueue();") { [core] result in
                guard connection.isOpen.withLock({ $0 }) else { return }
                core.loop.execute {
                    switch result {
                    case .success(let value): core.receive(value?.stringValue, from: connection)
                    case .failure(let error): core.warn("WebViewJavascriptBridge: _fetchQueue() threw \(error); ignored")
                    }
                }
            }
        }
    }

    /// Evaluates the bridge's script in the page, as the library's `injectJavascriptFile`; the page's setup
    /// callbacks run in a task of the page's after it, and then the messages native queued are delivered.
    private func inject(into page: Int, engine: any WebViewEngine) {
        let script: String
        switch BridgeScripts.bridge.source {
        case .success(let source): script = source
        case .failure(let error):
            core.warn("WebViewJavascriptBridge: the bridge script cannot be read: \(error)")
            return
        }
        let lenient = bridge.compatibility == .lenient
        let injection = Self.injection(script: script, lenient: lenient)
        engine.evaluateJavaScript(injection) { [self] result in
            guard case .success(.bool(true)?) = result else {
                if case .failure(let error) = result {
                    core.warn("WebViewJavascriptBridge: the bridge script failed in page \(page): \(error)")
                }
                return
            }
            let connection = EngineConnection(page: page, engine: engine)
            let current = state.withLock { state -> Bool in
                guard state.page == page else { return false }
                state.connection = connection
                return true
            }
            guard current else { return }
            // The page's own task runs its setup callbacks (scheduled by the injection), before any delivery.
            core.loop.execute { [core] in core.attach(connection) {} }
        }
    }

    /// The script evaluated on `__bridge_loaded__`: the bridge's script, given the native functions it calls, as
    /// WKWebView pages have them: `signal()` navigates the library's messaging iframe to
    /// `https://__wvjb_queue_message__`, `defer(json)` dispatches in a `setTimeout` task (the library's safety
    /// timeout), `report(error)` rethrows in a task of its own (an uncaught error of the page, lenient mode only),
    /// `escape(handle)` lets an error of the page's setup callbacks, handlers and response callbacks leave its task
    /// as on the device, so WebKit reports the line that threw, and gives `handle` the error from the window's
    /// `error` event (a rethrow would name the rethrow's line). Real WebKit is the device's engine, so there is
    /// nothing to report as a divergence from it. It also gives the window ``queuedProperty`` (not enumerable), which
    /// ``WebViewJavascriptBridge/queuedMessagesScript`` reads. True when it made the bridge.
    static func injection(script: String, lenient: Bool) -> String {
        """
        (function () {
          var QUEUE = 'https://__wvjb_queue_message__';
          var internals;
          var native = {
            contentLoaded: false,
            lenient: \(lenient),
            signal: function () {
              var frame = document.querySelector('iframe[src="' + QUEUE + '"]');
              if (!frame) {
                frame = document.createElement('iframe');
                frame.style.display = 'none';
                document.documentElement.appendChild(frame);
              }
              frame.src = QUEUE;
            },
            defer: function (json) { setTimeout(function () { internals.dispatch(json); }, 0); },
            report: function (error) { if (!escaping) { setTimeout(function () { throw error; }, 0); } },
            escape: function (handle) { escaped = handle; },
            diverge: function () {}
          };
          var escaped = null;
          var escaping = false;
          window.addEventListener('error', function (event) {
            if (!escaped || event.target !== window) { return; }
            var handle = escaped;
            escaped = null;
            escaping = true;
            try { handle(event.error); } finally { escaping = false; }
          }, true);
          internals = (\(script)
          )(native);
          if (!internals) { return false; }
          Object.defineProperty(window, \(JSONValue.string(queuedProperty).jsonString), {
            value: function () { return internals.queued(); }
          });
          setTimeout(internals.runCallbacks, 0);
          return true;
        })()
        """
    }
}

/// The core's connection to one document of an engine: deliveries are `_handleMessageFromObjC(json)` evaluations,
/// sent in the order the core makes them.
final class EngineConnection: BridgeConnection {
    let page: Int
    private weak let engine: (any WebViewEngine)?
    /// False once the document has gone (a new one was committed, or the web process ended).
    let isOpen = Mutex(true)

    init(page: Int, engine: any WebViewEngine) {
        self.page = page
        self.engine = engine
    }

    var canDeliver: Bool { isOpen.withLock { $0 } && engine != nil }

    func deliver(_ json: String) -> Bool {
        guard canDeliver, let engine else { return false }
        engine.evaluateJavaScript("WebViewJavascriptBridge._handleMessageFromObjC(\(JSONValue.string(json).jsonString));") { _ in }
        return true
    }
}
