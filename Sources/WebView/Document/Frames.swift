import Foundation
import JavaScript

/// Child browsing contexts: the documents of `<iframe>` elements.
///
/// A frame's document is a document like a page's (see ``PageEnvironment``): its own `JSContext` in the
/// runtime's context group, on the runtime thread, with domino's window as its global object, so scripts in
/// the frame run with the frame's window as global. The context group lets the parent and the frame hold each
/// other's objects (`contentWindow`, `parent`, `frameElement`). The page scripts (`dom/frames.js`) keep the
/// iframe elements, their frame numbers and the window views; Swift keeps the documents, by frame number, on
/// their parent's ``DocumentHandle``, and never holds an element.
///
/// A frame's document gets the page id of its top document: its console lines and exceptions are the page's.
/// Observers (``DocumentObserver``) and user scripts see main-frame documents only, as
/// `WKUserScript(forMainFrameOnly: true)` and the bridge libraries do.
extension WebViewCore {
    /// The most frames one page may have at once, nested ones included. WebKit allows 1000 (`Page::maxNumberOfFrames`);
    /// here each is a page environment of several megabytes, so a page that makes frames without end (a frame that
    /// makes a copy of itself, say) stops at this number with a console warning instead of exhausting memory.
    static let maximumFrames = 100

    private func mayMakeFrame(_ frameID: Int, in parent: DocumentHandle) -> Bool {
        if parent.childFrames[frameID] != nil { return true }
        var top = parent
        while let next = top.parentFrame { top = next }
        func count(_ document: DocumentHandle) -> Int {
            document.childFrames.values.reduce(Set(document.childFrames.keys).union(document.frameFetches.keys).count) { $0 + count($1) }
        }
        guard count(top) >= Self.maximumFrames else { return true }
        guard !top.warnedOfFrameLimit else { return false }
        top.warnedOfFrameLimit = true
        emit(parent.id, .console(ConsoleMessage(level: .warn, text: "frame not loaded: this page already has \(Self.maximumFrames) frames, "
                                                    + "the most a headless page may have (WebKit allows 1000)", sourceURL: parent.url.absoluteString)))
        return false
    }

    /// WebKit's rule against frames that load themselves without end: a URL (without its fragment) may appear once
    /// among the frame's ancestors, not twice.
    private func isProhibitedSelfReference(_ url: URL, in parent: DocumentHandle) -> Bool {
        func withoutFragment(_ url: URL) -> String { url.absoluteString.split(separator: "#", maxSplits: 1).first.map(String.init) ?? "" }
        let target = withoutFragment(url)
        var found = false
        var ancestor: DocumentHandle? = parent
        while let document = ancestor {
            if withoutFragment(document.url) == target {
                if found { return true }
                found = true
            }
            ancestor = document.parentFrame
        }
        return false
    }

    /// The window of frame `frameID` of `parent`, the initial `about:blank` document made first when
    /// `create` is true and the frame has none yet.
    func frameWindow(_ frameID: Int, create: Bool, in parent: DocumentHandle) -> JSValue? {
        if let child = parent.childFrames[frameID], !child.isClosed { return child.context.globalObject }
        guard create, !parent.isClosed, mayMakeFrame(frameID, in: parent) else { return nil }
        return beginFrameDocument(frameID, url: URL(string: "about:blank")!, html: "", inherits: true, reportsLoad: false, in: parent)?
            .context.globalObject
    }

    /// Navigates frame `frameID` of `parent` (the policy was asked before): to `srcdoc` when given, else to
    /// `url` (`about:blank`, or fetched through the page's network stack). The frame's `load` event follows
    /// as a task once its document loaded, and the parent's `load` waits for it. False (nothing happens) for a
    /// URL no frame can load: a scheme other than `http`, `https`, `file` and `about` (an app's own scheme,
    /// which WebKit fails to load, leaving the frame as it was), a URL already loaded twice among the frame's
    /// ancestors, or a frame beyond ``maximumFrames``. `policy`: the iframe's `referrerpolicy`, if it names one.
    @discardableResult
    func navigateFrame(_ frameID: Int, url: URL?, srcdoc: String?, policy: ReferrerPolicy? = nil, in parent: DocumentHandle) -> Bool {
        guard !parent.isClosed else { return false }
        let scheme = url?.scheme?.lowercased() ?? ""
        guard srcdoc != nil || ["http", "https", "file", "about"].contains(scheme), mayMakeFrame(frameID, in: parent) else { return false }
        if srcdoc == nil, scheme != "about", let url, isProhibitedSelfReference(url, in: parent) { return false }
        parent.frameFetches.removeValue(forKey: frameID)?()
        if !parent.frameLoadDelays.contains(frameID), parent.loader?.beginLoadDelay() == true { parent.frameLoadDelays.insert(frameID) }
        if let srcdoc {
            queueTask(for: parent) { [weak self, weak parent] in
                guard let self, let parent else { return }
                beginFrameDocument(frameID, url: URL(string: "about:srcdoc")!, html: srcdoc, inherits: true, in: parent)
            }
            return true
        }
        guard let url, scheme != "about" else {
            queueTask(for: parent) { [weak self, weak parent] in
                guard let self, let parent else { return }
                beginFrameDocument(frameID, url: URL(string: "about:blank")!, html: "", inherits: true, in: parent)
            }
            return true
        }
        parent.frameFetches[frameID] = resources.load(url, for: parent, policy: policy,
                                                      failOnHTTPError: false) { [weak self, weak parent] result in
            guard let self, let parent, !parent.isClosed else { return }
            parent.frameFetches[frameID] = nil
            switch result {
            case .success(let resource):
                beginFrameDocument(frameID, url: resource.url, html: resource.text, inherits: false,
                                   policy: resource.referrerPolicy, in: parent)
            case .failure(let error):
                // As in browsers, a frame whose load failed still gets a document and a `load` event; the failure
                // is a console error, not an exception of the page.
                emit(parent.id, .console(ConsoleMessage(level: .error, text: "failed to load frame \(error.url): \(error.message)",
                                                        sourceURL: parent.url.absoluteString)))
                beginFrameDocument(frameID, url: url, html: "", inherits: false, in: parent)
            }
        }
        return true
    }

    /// Tears frame `frameID` of `parent` down (its iframe left the document): the document closes, its
    /// timers and pending work with it; the windows other frames still hold stay valid objects.
    func closeFrame(_ frameID: Int, in parent: DocumentHandle) {
        parent.frameFetches.removeValue(forKey: frameID)?()
        parent.childFrames.removeValue(forKey: frameID)?.close()
        if parent.frameLoadDelays.remove(frameID) != nil { parent.loader?.endLoadDelay() }
    }

    /// A frame's document left for the next one (its `src`, its `location`, a link in it): `beforeunload`,
    /// `pagehide` (never `persisted`: a frame's document is not kept), `visibilitychange`, then `unload`, once the next
    /// document is ready, as WebKit fires them (observed on WebKitGTK 2.50; page.js `leave`).
    private func leaveFrameDocument(_ document: DocumentHandle) {
        guard !document.isClosed, let env = document.env else { return }
        document.isLeaving = true
        _ = try? env.invokeMethod("leave", arguments: [false])
    }

    @discardableResult
    private func beginFrameDocument(_ frameID: Int, url: URL, html: String, inherits: Bool, reportsLoad: Bool = true,
                                    policy: ReferrerPolicy? = nil, in parent: DocumentHandle) -> DocumentHandle? {
        guard mayMakeFrame(frameID, in: parent) else {
            closeFrame(frameID, in: parent)
            return nil
        }
        if let leaving = parent.childFrames.removeValue(forKey: frameID) {
            leaveFrameDocument(leaving)
            leaving.close()
        }
        let name = "page \(parent.id) frame \(frameID)"
        let context = runtime.assumeIsolated { LoopBound($0.makeContext(name: name), loop: $0.loop) }.value
        let child = DocumentHandle(id: parent.id, context: context, url: url, core: self)
        child.setParent(parent, frameID: frameID)
        if inherits {
            // srcdoc and about:blank documents are the parent's origin and resolve URLs against its URL.
            child.origin = parent.origin
            child.baseURLOverride = parent.baseURL
        }
        // Its referrer policy: its response's, else its parent's, as WebKit gives a frame's document (a srcdoc and an
        // about:blank frame too; observed on WebKitGTK 2.50); a `<meta name="referrer">` of its own replaces it.
        child.referrerPolicy = policy ?? parent.referrerPolicy
        parent.childFrames[frameID] = child
        do {
            try PageEnvironment.install(in: child, core: self)
            guard let parentEnv = parent.env, let childEnv = child.env else { throw WebViewError.documentClosed }
            _ = try parentEnv.invokeMethod("adoptFrame", arguments: [frameID, childEnv])
        } catch {
            closeFrame(frameID, in: parent)
            deliverException(JSException(name: "Error", message: "cannot make the frame's document: \(error)",
                                         sourceURL: url.absoluteString), in: parent)
            return nil
        }
        if !isVisible { setVisible(false, on: child) }
        for observer in observers { observer.frameDocumentDidCreate(child) }
        let loader = DocumentLoader(document: child, html: html, resources: resources, onDOMContentLoaded: {}, onLoad: {
            [weak self, weak parent, weak child] in
            guard reportsLoad, let self, let parent, let child, parent.childFrames[frameID] === child else { return }
            queueTask(for: parent) { [weak parent, weak child] in
                guard let parent, let child, parent.childFrames[frameID] === child else { return }
                _ = try? parent.env?.invokeMethod("frameLoaded", arguments: [frameID])
                if parent.frameLoadDelays.remove(frameID) != nil { parent.loader?.endLoadDelay() }
            }
        })
        child.loader = loader
        loader.resume()
        return child
    }
}
