/// How closely a bridge follows WebViewJavascriptBridge v6.0.3 in a WKWebView where a page would fail.
///
/// Either way each such place is reported as a ``BridgeDivergence``: `lenient` changes what the page sees,
/// never what is reported, so it cannot hide a bug.
public enum BridgeCompatibility: String, Sendable, Hashable, CaseIterable {
    /// As on the device (the default): the setup-callback loop stops at the first callback that throws, a
    /// second `responseCallback` call sends a second answer to native, the bridge arrives after the page's
    /// `DOMContentLoaded` listeners, and a reload re-arms no startup queue.
    case device
    /// The forgiving behaviour of earlier versions: every setup callback runs in its own `try`/`catch`, a
    /// second `responseCallback` call is dropped in the page with a console note, the bridge is injected in the task
    /// after the page asks for it, and after a page goes away the startup queue is re-armed (native calls wait for
    /// the next page; messages for the old page fail with `page_gone`). A page that passes only this way is broken on
    /// a phone.
    case lenient
}
