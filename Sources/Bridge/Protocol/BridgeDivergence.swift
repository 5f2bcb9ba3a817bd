import JavaScript

/// A place where the page would behave differently on an iPhone, named instead of repaired: the bridge
/// does what the device does (or, with ``BridgeCompatibility/lenient``, what it did before) and reports this.
///
/// A bridge made for a web view puts each one on the web view's events as
/// `.custom(kind: "divergence", fields: divergence.fields)`; `hybrid run` prints it and writes it to the transcript,
/// `hybrid run --strict` exits 1, and `hybrid test` fails the page unless the page expects the code.
public struct BridgeDivergence: Sendable, Hashable, CustomStringConvertible {
    /// When it happened.
    public var time: ContinuousClock.Instant
    /// The page (document id) it happened in.
    public var page: Int
    /// A stable, machine-readable code: one of the static members below.
    public var code: String
    /// What happened and what happens on iOS, in a sentence.
    public var message: String

    public init(time: ContinuousClock.Instant = .now, page: Int, code: String, message: String) {
        self.time = time
        self.page = page
        self.code = code
        self.message = message
    }

    /// A `WVJBCallbacks` setup callback threw: on iOS the reference's loop stops there, so the later
    /// callbacks never run and their handlers are never registered.
    public static let setupCallbackThrew = "setup_callback_threw"
    /// A JavaScript handler called its `responseCallback` more than once: on iOS the second answer
    /// reaches the reference's native side, which calls a nil block and the app crashes.
    public static let responseCallbackCalledTwice = "response_callback_called_twice"
    /// The page called `WebViewJavascriptBridge.callHandler` (or `call`) before the bridge exists on iOS:
    /// while the document is loading or its `DOMContentLoaded` listeners run. There it throws a `TypeError`.
    public static let callBeforeBridge = "call_before_bridge"
    /// Native called a page handler while the page was being replaced (a reload or navigation), before the next page
    /// had the bridge: on iOS the reference re-arms no startup queue after the first page, so the call is lost.
    public static let callDuringReload = "call_during_reload"

    /// A bridge URL or `javascript:` URL longer than 2,097,152 characters on Android JsBridge: an Android WebView
    /// refuses it, so the message is lost there (``BridgeCompatibility/lenient`` delivers it anyway).
    public static let androidURLTooLong = "android_url_too_long"
    /// A page in a DSBridge iOS container opened `alert`, `confirm` or `prompt`: `DWKWebView` blocks the page until the
    /// user closes it (unless `dsBridge.disableJavascriptDialogBlock()`), where the headless web view answers at once.
    public static let dsBridgeDialogBlocks = "dsbridge_dialog_blocks"
    /// The page uses a bridge the container does not install (`dsBridge` with `ios-wvjb`, the iOS
    /// WebViewJavascriptBridge setup in an Android container): the message names the containers that install it.
    public static let wrongContainer = "wrong_container"
    /// A WeChat page called a JS-SDK API (`wx.*`) before `wx.config` was verified: WeChat refuses it
    /// (`the permission value is offline verifying`, or `system:access_denied` without `wx.config`), so it fails there.
    public static let weChatAPIBeforeConfig = "wechat_api_before_config"

    public var description: String { "\(code): \(message)" }

    /// The event and transcript fields: `code` and `message`.
    public var fields: JSONObject {
        ["code": .string(code), "message": .string(message)]
    }
}
