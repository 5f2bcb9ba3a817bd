import Foundation
import HybridJSON

/// Loads: WebKit's load-changed signals, answered once the document's `load` event has fired.
extension Host {
    func loadChanged(_ event: Int32) {
        // WEBKIT_LOAD_COMMITTED 2: a new document; WEBKIT_LOAD_FINISHED 3.
        guard event == 2 || event == 3 else { return }
        // The statuses kept are the current document's: a view that loads page after page does not keep them all.
        if event == 2 {
            resourceStatus.removeAll()
            documents += 1
        }
        if event == 3 {
            // WebKit finishes a load before the document's deferred and module scripts have run when their fetches
            // are done (`document.readyState` still "interactive"), so a caller that went on at load-finished could
            // run before the page's modules (`hybrid test --engine webkit` saw no tests declared). The load is
            // reported once the document's `load` event has fired, as the headless engine reports it; in a world of
            // our own, so the page's script cannot stop it. A document that commits meanwhile reports its own, and
            // only the load waiting now is answered: a failed load (answered by load-failed) finishes too, and its
            // answer must not go to the next load.
            let finish = nextFinish
            nextFinish += 1
            finishes[finish] = (document: documents, load: pendingLoad)
            gtk.callAsyncJavaScriptFunction(view, Self.afterLoadEvent, -1, nil, Self.loadWorld, nil, nil, { view, result, data in
                Host.shared.documentLoaded(finish: Int(bitPattern: data), view: view, result: result)
            }, UnsafeMutableRawPointer(bitPattern: finish))
            return
        }
        let uri = gtk.getURI(view).map { String(cString: $0) } ?? ""
        Self.write(["event": "load", "milestone": "committed", "url": .string(uri)])
        // A URL WebKit refuses to load (a restricted network port such as 1) fails no load: WebKit shows about:blank
        // in its place and finishes that.
        if event == 2, uri == "about:blank", let requested = pendingLoadURL, requested.lowercased() != "about:blank" {
            loadFinished(error: "cannot load \(requested): WebKit refused to load it and showed about:blank instead "
                         + "(a restricted network port such as 1, or a URL WebKit does not load)")
        }
    }

    /// Resolves once `document.readyState` is "complete": the `load` event has been dispatched to the listeners
    /// before ours, and the rest follow in the same task, before any later request runs.
    static let afterLoadEvent = """
        if (document.readyState !== "complete") {
          await new Promise(function (resolve) {
            function check() { if (document.readyState === "complete") resolve(); }
            document.addEventListener("readystatechange", check);
            window.addEventListener("load", check);
          });
        }
        """
    static let loadWorld = "hybrid-load"

    func documentLoaded(finish: Int, view: OpaquePointer?, result: OpaquePointer?) {
        var error: UnsafeMutableRawPointer?
        if let value = gtk.callAsyncJavaScriptFunctionFinish(view, result, &error) { gtk.objectUnref(value) }
        if error != nil { _ = gtk.takeErrorMessage(error) }
        guard let waiting = finishes.removeValue(forKey: finish), waiting.document == documents else { return }
        let uri = gtk.getURI(view).map { String(cString: $0) } ?? ""
        Self.write(["event": "load", "milestone": "finished", "url": .string(uri)])
        if let load = waiting.load, load == pendingLoad { loadFinished(error: nil) }
    }

}
