import Foundation
import JavaScript

/// What pages ask of the web view: dialogs, navigation requests, script messages.
extension WebViewCore {
    func dialog(_ kind: String, text: String, defaultText: String?, in document: DocumentHandle) -> JSONValue {
        let type = DialogType(rawValue: kind) ?? .alert
        let answer: JSONValue
        switch type {
        case .alert:
            uiDelegate?.runJavaScriptAlertPanel(message: text, pageURL: document.url)
            answer = .null
        case .confirm:
            answer = .bool(uiDelegate?.runJavaScriptConfirmPanel(message: text, pageURL: document.url) ?? true)
        case .prompt:
            let reply = uiDelegate.map { $0.runJavaScriptTextInputPanel(prompt: text, defaultText: defaultText, pageURL: document.url) }
                ?? defaultText ?? ""
            answer = reply.map(JSONValue.string) ?? .null
        }
        emit(document.id, .dialog(type: type, text: text, answer: answer))
        return answer
    }

    /// Interceptors first (one returning true consumes the request), then the navigation delegate; true when
    /// the request is allowed. An allowed main-frame request loads the new document as a task; a frame's own
    /// navigation (`location` in a frame, a link or form there) navigates the frame. An iframe's `src` is
    /// loaded by the page scripts after an allowed request (see `Frames.swift`).
    ///
    /// A fragment navigation (`sameDocument`) is decided the same way, as WebKit asks the navigation policy for it (at
    /// once), but loads nothing: the page changes its URL itself when it is allowed.
    ///
    /// The new document's `document.referrer` is the requesting page's, as its policy gives it (or the link's or form's
    /// own: ``DocumentHandle/navigationReferrerPolicy``); `replacing` (a
    /// `location.replace`) leaves the page without keeping it (see `leaveDocument`).
    func requestNavigation(_ action: NavigationAction, from document: DocumentHandle, sameDocument: Bool = false,
                           replacing: Bool = false) -> Bool {
        guard allows(action, from: document) else { return false }
        if sameDocument { return true }
        guard let url = action.url else { return false }
        if action.isMainFrame {
            let referrer = document.referrer(to: url, policy: document.navigationReferrerPolicy)
            queueTask(for: document) { [weak self] in
                self?.load(.url(url), type: action.type, referrer: referrer, replacing: replacing, completion: nil)
            }
        } else if action.type != .iframe, let parent = document.parentFrame {
            let frameID = document.frameID
            queueTask(for: document) { [weak self, weak parent] in
                guard let self, let parent else { return }
                navigateFrame(frameID, url: url, srcdoc: nil, in: parent)
            }
        }
        return true
    }

    /// Whether a navigation `document` asks for may go: not while the page is being left (WebKit ignores those), not
    /// when an interceptor consumes it, else as the navigation delegate decides (a `navigation` event tells which).
    func allows(_ action: NavigationAction, from document: DocumentHandle) -> Bool {
        if document.isLeaving { return false }   // asked from its beforeunload, pagehide or unload
        for interceptor in interceptors where interceptor(action) { return false }
        let decision = navigationDelegate?.decidePolicy(for: action) ?? .allow
        emit(document.id, .navigation(url: action.url?.absoluteString ?? action.rawURL, type: action.type, decision: decision))
        return decision == .allow
    }

    func postMessage(name: String, body: JSONValue, replyID: Int, from document: DocumentHandle) throws {
        guard let handler = userContentController.handler(named: name) else {
            throw JSException(name: "TypeError", message: "no script message handler named '\(name)'")
        }
        let message = ScriptMessage(name: name, body: body, page: document.id, pageURL: document.url)
        emit(document.id, .message(name: name, body: body))
        let token = runtime.beginWork()
        let controller = userContentController
        let loop = runtime.loop
        let bound = LoopBound(document, loop: loop), core = LoopBound(self, loop: loop)
        // A message posted while the page was being left (its pagehide or visibilitychange: analytics) still reaches
        // the app, as WebKit delivers it (observed on WebKitGTK 2.50); one from a page closed with the web view does not.
        let delivers: @Sendable () -> Bool = { !core.value.isClosed && (!bound.value.isClosed || bound.value.isLeaving) }
        loop.execute {
            switch handler {
            case .plain(let handler):
                defer { token.end() }
                guard delivers() else { return }
                handler.userContentController(controller, didReceive: message)
            case .reply(let handler):
                guard delivers() else { token.end(); return }
                handler.userContentController(controller, didReceive: message) { value, error in
                    loop.execute {
                        defer { token.end() }
                        let document = bound.value
                        guard !document.isClosed, let env = document.env else { return }
                        let settled: JSValue = error.map { JSValue(string: $0, in: document.context) }
                            ?? JSValue(value ?? .null, in: document.context)
                        _ = try? env.invokeMethod("settleReply", arguments: [replyID, error == nil, settled])
                    }
                }
            }
        }
    }
}
