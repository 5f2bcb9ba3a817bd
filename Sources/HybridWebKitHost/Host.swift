import Foundation
import Glibc
import HybridJSON

/// The host's state: one GTK offscreen window holding one WebKit web view, driven by JSON-line requests on standard
/// input, answered (with events between) on standard output. Every method runs on GTK's main thread; the reader of
/// standard input hands each line over with `g_idle_add` (`g_main_context_invoke` would run it on the reader thread before `gtk_main`
/// owns the context).
final class Host: @unchecked Sendable {
    nonisolated(unsafe) static var shared: Host!

    let gtk: Symbols
    let view: OpaquePointer?
    /// The request a load answers when it finishes or fails.
    var pendingLoad: Int?
    /// The URL a `load` request asked for (nil for `loadHTML`).
    var pendingLoadURL: String?
    /// Evaluations and snapshots under way, answered once (a terminated web process answers them all).
    var pending: Set<Int> = []
    /// Lowercased URL prefixes whose navigations are ignored and reported (the bridge's signal URLs).
    var interceptedPrefixes: [String] = []
    /// Replies to `postMessage` calls of handlers with replies, by the number the event gave them.
    var replies: [Int: OpaquePointer] = [:]
    /// Dialogs waiting for the caller's answer, by the number the event gave them.
    var dialogs: [Int: OpaquePointer] = [:]
    var nextNumber = 1
    /// The HTTP status of each subresource's response of the current document, by URL, as WebKit received it (the
    /// last one for a URL).
    var resourceStatus: [String: UInt32] = [:]
    /// The manager of `window.webkit.messageHandlers` and user scripts.
    let manager: OpaquePointer?

    init(gtk: Symbols, width: Int32, height: Int32, userAgent: String?) {
        self.gtk = gtk
        let window = gtk.gtkOffscreenWindowNew()
        gtk.gtkWindowSetDefaultSize(window, width, height)
        view = gtk.webViewNew()
        gtk.gtkWidgetSetSizeRequest(view, width, height)
        if let userAgent { gtk.setUserAgent(gtk.getSettings(view), userAgent) }
        manager = gtk.getUserContentManager(view)
        _ = gtk.registerScriptMessageHandler(manager, Self.handlerName)
        let script = gtk.userScriptNew(Self.pageScript, 0, 0, nil, nil)  // every frame, document start
        gtk.addScript(manager, script)
        gtk.gtkContainerAdd(window, view)
        gtk.gtkWidgetShowAll(window)
        connect(manager, "script-message-received::\(Self.handlerName)", unsafeBitCast(
            { (_: OpaquePointer?, result: OpaquePointer?, _: UnsafeMutableRawPointer?) in
                Host.shared.pageMessage(result)
            } as @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
            to: Symbols.Callback.self))
        connect(view, "load-changed", unsafeBitCast(
            { (_: OpaquePointer?, event: Int32, _: UnsafeMutableRawPointer?) in
                Host.shared.loadChanged(event)
            } as @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void,
            to: Symbols.Callback.self))
        connect(view, "load-failed", unsafeBitCast(
            { (_: OpaquePointer?, _: Int32, uri: UnsafePointer<CChar>?, error: UnsafeMutableRawPointer?,
               _: UnsafeMutableRawPointer?) -> Int32 in
                Host.shared.loadFailed(uri: uri.map { String(cString: $0) } ?? "", error: error)
                // Handled: WebKit shows no error page of its own, whose load would finish after the failure was
                // answered (and answer the next load).
                return 1
            } as @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?,
                                 UnsafeMutableRawPointer?) -> Int32,
            to: Symbols.Callback.self))
        connect(view, "resource-load-started", unsafeBitCast(
            { (_: OpaquePointer?, resource: OpaquePointer?, _: OpaquePointer?, _: UnsafeMutableRawPointer?) in
                Host.shared.resourceStarted(resource)
            } as @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
            to: Symbols.Callback.self))
        connect(view, "decide-policy", unsafeBitCast(
            { (_: OpaquePointer?, decision: OpaquePointer?, type: Int32, _: UnsafeMutableRawPointer?) -> Int32 in
                Host.shared.decidePolicy(decision, type: type) ? 1 : 0
            } as @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32,
            to: Symbols.Callback.self))
        connect(view, "script-dialog", unsafeBitCast(
            { (_: OpaquePointer?, dialog: OpaquePointer?, _: UnsafeMutableRawPointer?) -> Int32 in
                Host.shared.scriptDialog(dialog) ? 1 : 0
            } as @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32,
            to: Symbols.Callback.self))
        connect(view, "web-process-terminated", unsafeBitCast(
            { (_: OpaquePointer?, reason: Int32, _: UnsafeMutableRawPointer?) in
                Host.shared.webProcessTerminated(reason: reason)
            } as @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void,
            to: Symbols.Callback.self))
    }

    private func connect(_ instance: OpaquePointer?, _ signal: String, _ callback: Symbols.Callback) {
        _ = gtk.signalConnectData(instance, signal, callback, nil, nil, 0)
    }

    // MARK: Output

    static func write(_ object: JSONObject) {
        var line = JSONValue.object(object).jsonString
        line += "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    func answer(_ id: Int, result: JSONValue? = nil) {
        var object: JSONObject = ["id": .number(Double(id))]
        if let result { object["result"] = result }
        Self.write(object)
    }

    func fail(_ id: Int, _ message: String) {
        Self.write(["id": .number(Double(id)), "error": .string(message)])
    }

    // MARK: Requests

    /// One line of standard input.
    func handle(line: String) {
        guard let request = try? JSONValue(parsing: line), let id = request["id"]?.intValue,
              let op = request["op"]?.stringValue else {
            Self.write(["event": "protocolError", "message": .string("not a request: \(line.prefix(200))")])
            return
        }
        switch op {
        case "load", "loadHTML":
            if let previous = pendingLoad {
                pendingLoad = nil
                fail(previous, "the load was superseded by another load")
            }
            pendingLoadURL = nil
            if op == "load", let url = request["url"]?.stringValue {
                pendingLoad = id
                pendingLoadURL = url
                gtk.loadURI(view, url)
            } else if op == "loadHTML", let html = request["html"]?.stringValue {
                pendingLoad = id
                gtk.loadHTML(view, html, request["baseURL"]?.stringValue)
            } else {
                fail(id, "\(op) needs \(op == "load" ? "url" : "html")")
            }
        case "evaluate":
            guard let script = request["script"]?.stringValue else { return fail(id, "evaluate needs script") }
            pending.insert(id)
            gtk.evaluateJavaScript(view, script, -1, nil, nil, nil, { view, result, data in
                let id = Int(bitPattern: data)
                Host.shared.evaluated(id: id, view: view, result: result)
            }, UnsafeMutableRawPointer(bitPattern: id))
        case "callAsync":
            guard let body = request["body"]?.stringValue else { return fail(id, "callAsync needs body") }
            pending.insert(id)
            gtk.callAsyncJavaScriptFunction(view, body, -1, nil, nil, nil, nil, { view, result, data in
                Host.shared.evaluated(id: Int(bitPattern: data), view: view, result: result, async: true)
            }, UnsafeMutableRawPointer(bitPattern: id))
        case "snapshot":
            guard let path = request["path"]?.stringValue else { return fail(id, "snapshot needs path") }
            pending.insert(id)
            Self.snapshotPaths[id] = path
            // WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE
            gtk.getSnapshot(view, 0, 0, nil, { view, result, data in
                Host.shared.snapshotted(id: Int(bitPattern: data), view: view, result: result)
            }, UnsafeMutableRawPointer(bitPattern: id))
        case "intercept":
            interceptedPrefixes = (request["prefixes"]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() }
            answer(id)
        case "addMessageHandler":
            guard let name = request["name"]?.stringValue, !name.isEmpty else {
                return fail(id, "addMessageHandler needs name")
            }
            let reply = request["reply"]?.boolValue ?? false
            let registered = reply ? gtk.registerScriptMessageHandlerWithReply(manager, name, nil)
                : gtk.registerScriptMessageHandler(manager, name)
            guard registered != 0 else { return fail(id, "a message handler named \(name) exists already") }
            let signal = reply ? "script-message-with-reply-received::\(name)" : "script-message-received::\(name)"
            let box = Unmanaged.passRetained(Line(name)).toOpaque()
            if reply {
                _ = gtk.signalConnectData(manager, signal, unsafeBitCast(
                    { (_: OpaquePointer?, value: OpaquePointer?, reply: OpaquePointer?, data: UnsafeMutableRawPointer?)
                        -> Int32 in
                        let name = Unmanaged<Line>.fromOpaque(data!).takeUnretainedValue().text ?? ""
                        Host.shared.scriptMessage(name: name, value: value, reply: reply)
                        return 1
                    } as @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?)
                        -> Int32,
                    to: Symbols.Callback.self), box, nil, 0)
            } else {
                _ = gtk.signalConnectData(manager, signal, unsafeBitCast(
                    { (_: OpaquePointer?, result: OpaquePointer?, data: UnsafeMutableRawPointer?) in
                        let name = Unmanaged<Line>.fromOpaque(data!).takeUnretainedValue().text ?? ""
                        Host.shared.scriptMessage(name: name, value: Host.shared.gtk.javascriptResultGetJSValue(result),
                                                  reply: nil)
                    } as @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
                    to: Symbols.Callback.self), box, nil, 0)
            }
            answer(id)
        case "reply":
            guard let number = request["reply"]?.intValue, let reply = replies.removeValue(forKey: number) else {
                return fail(id, "no reply is waiting with that number")
            }
            let context = replyContexts.removeValue(forKey: number)
            defer {
                gtk.scriptMessageReplyUnref(reply)
                if let context { gtk.objectUnref(context) }
            }
            if let message = request["error"]?.stringValue {
                gtk.scriptMessageReplyReturnErrorMessage(reply, message)
            } else if let context, let value = gtk.jscValueNewFromJSON(context, (request["value"] ?? .null).jsonString) {
                gtk.scriptMessageReplyReturnValue(reply, value)
                gtk.objectUnref(value)
            } else {
                gtk.scriptMessageReplyReturnErrorMessage(reply, "the reply could not be made a JavaScript value")
            }
            answer(id)
        case "dialogAnswer":
            guard let number = request["dialog"]?.intValue, let dialog = dialogs.removeValue(forKey: number) else {
                return fail(id, "no dialog is waiting with that number")
            }
            switch gtk.scriptDialogGetDialogType(dialog) {
            case 1, 3: gtk.scriptDialogConfirmSetConfirmed(dialog, request["confirmed"]?.boolValue == true ? 1 : 0)
            case 2:
                // A prompt answered with null is cancelled: WebKit's prompt() returns null when no text is set.
                if let text = request["text"]?.stringValue { gtk.scriptDialogPromptSetText(dialog, text) }
            default: break
            }
            gtk.scriptDialogClose(dialog)
            gtk.scriptDialogUnref(dialog)
            answer(id)
        case "addUserScript":
            guard let source = request["source"]?.stringValue else { return fail(id, "addUserScript needs source") }
            // WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES 0, TOP_FRAME 1; WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START 0, END 1.
            let script = gtk.userScriptNew(source, request["allFrames"]?.boolValue == true ? 0 : 1,
                                           request["atDocumentEnd"]?.boolValue == true ? 1 : 0, nil, nil)
            gtk.addScript(manager, script)
            answer(id)
        case "terminateWebProcess":
            // The calls under way end with the web process; WebKit answers them before it reports the termination,
            // with errors that do not say so (`Unsupported result type`).
            failPending("the web process ended (terminatedByAPI)")
            gtk.terminateWebProcess(view)
            answer(id)
        case "setCookie", "cookies":
            cookieRequest(id, op: op, request)
        case "close":
            answer(id)
            gtk.gtkMainQuit()
        default:
            fail(id, "unknown request \(op)")
        }
    }

    nonisolated(unsafe) static var snapshotPaths: [Int: String] = [:]

    // MARK: Cookies

    /// `setCookie` (`header`, `url`): stores the cookie as a response from `url` with `Set-Cookie: header` would,
    /// HttpOnly ones too. `cookies` (`url`, `httpOnly`): the `Cookie` header a request to `url` sends (with
    /// `httpOnly` false, what the page's `document.cookie` shows), or null when there is none.
    func cookieRequest(_ id: Int, op: String, _ request: JSONValue) {
        guard let url = request["url"]?.stringValue else { return fail(id, "\(op) needs url") }
        var error: UnsafeMutableRawPointer?
        guard let scheme = url.split(separator: ":").first?.lowercased(), scheme == "http" || scheme == "https",
              let uri = gtk.uriParse(url, 0, &error) else {
            if error != nil { _ = gtk.takeErrorMessage(error) }
            return fail(id, "invalid cookie: \(url) is not an http or https URL")
        }
        defer { gtk.uriUnref(uri) }
        let manager = gtk.getCookieManager(gtk.getWebsiteDataManager(view))
        pending.insert(id)
        if op == "setCookie" {
            let header = request["header"]?.stringValue ?? ""
            guard let cookie = gtk.soupCookieParse(header, uri) else {
                pending.remove(id)
                return fail(id, "invalid cookie: \(header.debugDescription) cannot be set for \(url) (malformed, or "
                    + "for another domain)")
            }
            defer { gtk.soupCookieFree(cookie) }  // WebKit copies it
            gtk.cookieManagerAddCookie(manager, cookie, nil, { manager, result, data in
                let host = Host.shared!
                let id = Int(bitPattern: data)
                var error: UnsafeMutableRawPointer?
                let added = host.gtk.cookieManagerAddCookieFinish(manager, result, &error) != 0
                let message = added ? nil : host.gtk.takeErrorMessage(error)
                guard host.pending.remove(id) != nil else { return }
                if let message { host.fail(id, "invalid cookie: WebKit refused it: \(message)") } else { host.answer(id) }
            }, UnsafeMutableRawPointer(bitPattern: id))
        } else {
            let withHTTPOnly = request["httpOnly"]?.boolValue ?? true
            gtk.cookieManagerGetCookies(manager, url, nil, { manager, result, data in
                Host.shared.cookiesArrived(id: Int(bitPattern: data), manager: manager, result: result)
            }, UnsafeMutableRawPointer(bitPattern: id * 2 + (withHTTPOnly ? 1 : 0)))
        }
    }

    /// The answer of `cookies`: `data` is the request's id times two, plus one when HttpOnly cookies count.
    func cookiesArrived(id data: Int, manager: OpaquePointer?, result: OpaquePointer?) {
        let id = data / 2, withHTTPOnly = data % 2 == 1
        var error: UnsafeMutableRawPointer?
        let list = gtk.cookieManagerGetCookiesFinish(manager, result, &error)
        var pairs: [String] = []
        for cookie in gtk.listData(list).map({ $0.map(OpaquePointer.init) }) {
            if withHTTPOnly || gtk.soupCookieGetHTTPOnly(cookie) == 0 {
                let name = gtk.soupCookieGetName(cookie).map { String(cString: $0) } ?? ""
                let value = gtk.soupCookieGetValue(cookie).map { String(cString: $0) } ?? ""
                pairs.append(name.isEmpty ? value : name + "=" + value)
            }
            gtk.soupCookieFree(cookie)
        }
        gtk.listFree(list)
        guard pending.remove(id) != nil else { return }
        if list == nil, error != nil { return fail(id, "cannot read the cookies: " + gtk.takeErrorMessage(error)) }
        answer(id, result: pairs.isEmpty ? .null : .string(pairs.joined(separator: "; ")))
    }

    func evaluated(id: Int, view: OpaquePointer?, result: OpaquePointer?, async: Bool = false) {
        var error: UnsafeMutableRawPointer?
        let value = async ? gtk.callAsyncJavaScriptFunctionFinish(view, result, &error)
            : gtk.evaluateJavaScriptFinish(view, result, &error)
        guard pending.remove(id) != nil else {
            if let value { gtk.objectUnref(value) }
            if error != nil { _ = gtk.takeErrorMessage(error) }
            return
        }
        guard let value else { return fail(id, gtk.takeErrorMessage(error)) }
        defer { gtk.objectUnref(value) }
        if gtk.jscValueIsUndefined(value) != 0 { return answer(id) }
        let json = gtk.takeString(gtk.jscValueToJSON(value, 0))
        answer(id, result: json.flatMap { try? JSONValue(parsing: $0) } ?? .null)
    }

    func snapshotted(id: Int, view: OpaquePointer?, result: OpaquePointer?) {
        var error: UnsafeMutableRawPointer?
        let surface = gtk.getSnapshotFinish(view, result, &error)
        let path = Self.snapshotPaths.removeValue(forKey: id)
        guard pending.remove(id) != nil else {
            if let surface { gtk.cairoSurfaceDestroy(surface) }
            if error != nil { _ = gtk.takeErrorMessage(error) }
            return
        }
        guard let surface, let path else { return fail(id, "snapshot failed: " + gtk.takeErrorMessage(error)) }
        defer { gtk.cairoSurfaceDestroy(surface) }
        let status = gtk.cairoWriteToPNG(surface, path)
        status == 0 ? answer(id) : fail(id, "cannot write the snapshot to \(path) (cairo status \(status))")
    }

    // MARK: Signals

    /// The JavaScript context of each waiting reply, for the value it is answered with.
    var replyContexts: [Int: OpaquePointer] = [:]

    /// The documents committed so far: a load reported for an earlier one is not reported.
    var documents = 0
    /// WebKit's load-finished signals waiting for their document's `load` event: the document then current and the
    /// load request then waiting, by number (the async call's user data).
    var finishes: [Int: (document: Int, load: Int?)] = [:]
    var nextFinish = 1

    /// A navigation to an intercepted URL is ignored and reported; others go on as WebKit decides.
    func decidePolicy(_ decision: OpaquePointer?, type: Int32) -> Bool {
        // WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION 0, NEW_WINDOW_ACTION 1.
        guard type == 0 || type == 1, !interceptedPrefixes.isEmpty,
              let action = gtk.navigationPolicyDecisionGetNavigationAction(decision),
              let uri = gtk.uriRequestGetURI(gtk.navigationActionGetRequest(action)).map({ String(cString: $0) })
        else { return false }
        let lowered = uri.lowercased()
        guard interceptedPrefixes.contains(where: { lowered.hasPrefix($0) }) else { return false }
        gtk.policyDecisionIgnore(decision)
        Self.write(["event": "navigationIntercepted", "url": .string(uri)])
        return true
    }

    /// A `postMessage` to a registered handler: reported with its body as JSON, and a number to reply with.
    func scriptMessage(name: String, value: OpaquePointer?, reply: OpaquePointer?) {
        let json = gtk.jscValueIsUndefined(value) != 0 ? nil : gtk.takeString(gtk.jscValueToJSON(value, 0))
        var event: JSONObject = ["event": "scriptMessage", "name": .string(name),
                                 "body": json.flatMap { try? JSONValue(parsing: $0) } ?? .null,
                                 "url": .string(gtk.getURI(view).map { String(cString: $0) } ?? "")]
        if let reply {
            let number = nextNumber
            nextNumber += 1
            replies[number] = gtk.scriptMessageReplyRef(reply)
            replyContexts[number] = gtk.objectRef(gtk.jscValueGetContext(value))
            event["reply"] = .number(Double(number))
        }
        Self.write(event)
    }

    /// `alert`, `confirm` and `prompt`: reported and held until the caller answers (WebKit's own dialogs would
    /// wait for a person).
    func scriptDialog(_ dialog: OpaquePointer?) -> Bool {
        let type = gtk.scriptDialogGetDialogType(dialog)
        let name = switch type {
        case 0: "alert"
        case 1: "confirm"
        case 2: "prompt"
        default: "beforeunload"
        }
        let number = nextNumber
        nextNumber += 1
        dialogs[number] = gtk.scriptDialogRef(dialog)
        var event: JSONObject = ["event": "dialog", "dialog": .number(Double(number)), "type": .string(name),
                                 "message": .string(gtk.scriptDialogGetMessage(dialog).map { String(cString: $0) } ?? ""),
                                 "url": .string(gtk.getURI(view).map { String(cString: $0) } ?? "")]
        if type == 2 {
            event["defaultText"] = .string(gtk.scriptDialogPromptGetDefaultText(dialog).map { String(cString: $0) } ?? "")
        }
        Self.write(event)
        return true
    }

    /// Answers the pending load; a failure is an event too (`loadFailed`, with the URL and the message).
    func loadFinished(error: String?) {
        guard let id = pendingLoad else { return }
        let url = pendingLoadURL
        pendingLoad = nil
        pendingLoadURL = nil
        guard let error else { return answer(id) }
        Self.write(["event": "loadFailed", "url": .string(url ?? gtk.getURI(view).map { String(cString: $0) } ?? ""),
                    "message": .string(error)])
        fail(id, error)
    }

    func loadFailed(uri: String, error: UnsafeMutableRawPointer?) {
        // The GError belongs to the signal. A load cancelled by the next load (WEBKIT_NETWORK_ERROR_CANCELLED) is
        // answered already.
        let code = error?.load(fromByteOffset: 4, as: Int32.self) ?? 0
        if code == 302 { return }
        let message = error?.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        loadFinished(error: "cannot load \(uri): \(message ?? "load failed")")
    }

    func webProcessTerminated(reason: Int32) {
        let name = switch reason {
        case 0: "crashed"
        case 1: "exceededMemoryLimit"
        default: "terminatedByAPI"
        }
        Self.write(["event": "webProcessTerminated", "reason": .string(name)])
        failPending("the web process ended (\(name))")
        // The page that waited for these is gone.
        for (_, reply) in replies { gtk.scriptMessageReplyUnref(reply) }
        for (_, context) in replyContexts { gtk.objectUnref(context) }
        for (_, dialog) in dialogs { gtk.scriptDialogUnref(dialog) }
        replies = [:]
        replyContexts = [:]
        dialogs = [:]
    }

    /// Fails the load and the calls under way with `message`.
    func failPending(_ message: String) {
        if let id = pendingLoad {
            pendingLoad = nil
            fail(id, message)
        }
        for id in pending.sorted() { fail(id, message) }
        pending.removeAll()
        Self.snapshotPaths.removeAll()
    }

    /// A subresource's load began: its response's status is kept when it arrives.
    func resourceStarted(_ resource: OpaquePointer?) {
        connect(resource, "notify::response", unsafeBitCast(
            { (resource: OpaquePointer?, _: OpaquePointer?, _: UnsafeMutableRawPointer?) in
                Host.shared.resourceResponded(resource)
            } as @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
            to: Symbols.Callback.self))
    }

    func resourceResponded(_ resource: OpaquePointer?) {
        guard let uri = gtk.webResourceGetURI(resource), let response = gtk.webResourceGetResponse(resource) else { return }
        let status = gtk.uriResponseGetStatusCode(response)
        if status > 0 { resourceStatus[String(cString: uri)] = status }
    }

    /// What the headless engine says of a script that failed to load (`NetworkError: failed to load script URL:
    /// HTTP status 404`), with the error status WebKit received for it; ``unknownScriptStatus`` when it received none
    /// (a refused connection, a blocked load) or a successful one (WebKit refused the script for its media type, which
    /// the host does not see).
    func scriptLoadFailure(url: String) -> String {
        let reason = resourceStatus[url].flatMap { $0 >= 400 ? "HTTP status \($0)" : nil } ?? Self.unknownScriptStatus
        return "NetworkError: failed to load script \(url): \(reason)"
    }

    /// The reason of a failed script load whose HTTP status WebKit did not report (`hybrid conform` matches it
    /// with any reason of the headless engine).
    static let unknownScriptStatus = "no HTTP status (WebKit)"

    /// A message the page script posted: a console call, an uncaught error, or a script that failed to load, as
    /// JSON text.
    func pageMessage(_ result: OpaquePointer?) {
        let value = gtk.javascriptResultGetJSValue(result)
        guard let text = gtk.takeString(gtk.jscValueToString(value)),
              var object = (try? JSONValue(parsing: text))?.objectValue else { return }
        if object["kind"]?.stringValue == "scriptLoadFailed" {
            // Reported as the headless engine reports it: an uncaught NetworkError of the document.
            object["kind"] = "uncaughtError"
            object["message"] = .string(scriptLoadFailure(url: object["url"]?.stringValue ?? ""))
            object["url"] = nil
        }
        object["event"] = object["kind"] ?? "console"
        object["kind"] = nil
        Self.write(object)
    }

    static let handlerName = "hybridWebKitHost"

    /// Run in every frame before the page's scripts: forwards console calls, uncaught errors and scripts that
    /// failed to load (an `error` event at a `<script src>`, seen by a capturing listener and reported after the
    /// page's listeners at the script: the page sees no change) to the host.
    static let pageScript = """
    (function () {
      var post = window.webkit.messageHandlers.\(handlerName);
      function send(m) { try { post.postMessage(JSON.stringify(m)); } catch (e) {} }
      function text(v) {
        if (typeof v === 'string') return v;
        if (v instanceof Error) return String(v);
        if (v && typeof v === 'object') { try { var j = JSON.stringify(v); if (j !== undefined) return j; } catch (e) {} }
        return String(v);
      }
      // The console's format specifiers in a first string argument (%s %d %i %f %o %O %c %%), as WebKit's console
      // and the headless engine's apply them (React's warnings are "Warning: ...%s", with arguments).
      function format(args) {
        var first = args[0], index = 1;
        if (typeof first !== 'string' || args.length === 1) return Array.prototype.map.call(args, text).join(' ');
        var out = first.replace(/%([sdifjoOc%])/g, function (match, code) {
          if (code === '%') return '%';
          if (index >= args.length) return match;
          var arg = args[index++];
          switch (code) {
            case 'd': return String(Number(arg));
            case 'i': return String(parseInt(arg, 10));
            case 'f': return String(parseFloat(arg));
            case 'c': return '';
            default: return text(arg);
          }
        });
        return [out].concat(Array.prototype.slice.call(args, index).map(text)).join(' ');
      }
      ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
        var original = console[level];
        console[level] = function () {
          send({kind: 'console', level: level, text: format(arguments)});
          return original.apply(console, arguments);
        };
      });
      // Sent after the page's own handlers, in a task of its own: an error or rejection the page handled (onerror
      // returning true, preventDefault()) is not uncaught, as on the headless engine.
      function unlessHandled(e, m) { setTimeout(function () { if (!e.defaultPrevented) send(m); }, 0); }
      window.addEventListener('error', function (e) {
        unlessHandled(e, {kind: 'uncaughtError', message: String(e.message), sourceURL: String(e.filename || ''),
                          line: e.lineno || 0});
      });
      window.addEventListener('error', function (e) {
        var t = e.target;
        if (!t || t === window || t.localName !== 'script' || !t.src) return;
        // After the page's own listeners at the script, as the headless engine reports it after the event; in a
        // task of its own should a page listener stop the event before.
        var sent = false;
        function report() {
          if (sent) return;
          sent = true;
          send({kind: 'scriptLoadFailed', url: String(t.src), sourceURL: String(location.href), line: 0});
        }
        t.addEventListener('error', report, {once: true});
        setTimeout(report, 0);
      }, true);
      // The reason as the headless engine reports an unhandled rejection: its string ("TypeError: bad",
      // "[object Object]"), so that hybrid conform compares the same text.
      window.addEventListener('unhandledrejection', function (e) {
        var reason;
        try { reason = String(e.reason); } catch (unprintable) { reason = Object.prototype.toString.call(e.reason); }
        unlessHandled(e, {kind: 'uncaughtError', message: reason, sourceURL: '', line: 0});
      });
    })();
    """
}
