/// How closely a bridge follows WebViewJavascriptBridge v6.0.3 in a WKWebView where a page would fail.
///
/// Either way each such place is reported as a ``BridgeDivergence``: `lenient` changes what the page sees,
/// never what is reported, so it cannot hide a bug.
public enum BridgeCompatibility: String, Sendable, Hashable, CaseIterable {
    /// As on the device (the default): the setup-callback loop stops at the first callback that throws, and a
    /// second `responseCallback` call sends a second answer to native.
    case device
    /// The forgiving behaviour of earlier versions: every setup callback runs in its own `try`/`catch`, and a
    /// second `responseCallback` call is dropped in the page with a console note. A page that passes only this
    /// way is broken on a phone.
    case lenient
}
