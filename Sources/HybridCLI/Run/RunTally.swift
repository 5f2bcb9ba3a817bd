import Hybrid

/// What a run has seen so far: the counts of the summary and the exit status.
struct RunTally: Sendable {
    var status = ExitStatus.success
    /// The signal that ended the run (SIGINT, SIGTERM or SIGHUP; exit 128 + it), if one did.
    var interruption: Int32?
    var page = 0
    var toNative = 0
    var toJS = 0
    var dialogs = 0
    var errors = 0
    var assertions = 0
    var failedAssertions = 0
    /// Places where the page would behave differently on the device (`--strict` makes them fail the run).
    var divergences = 0
    /// Handler names by callback id, to name the handler of a response.
    var handlers: [String: String] = [:]
    /// The bridge protocols the page used, in the order first seen (`wvjb`, `android-jsbridge`, `dsbridge`).
    var protocols: [String] = []

    mutating func count(_ event: WebViewEvent) {
        if event.page != 0 { page = event.page }
        switch event.kind {
        case .dialog: dialogs += 1
        case .custom("divergence", _): divergences += 1
        case .custom("bridge", let fields):
            let outcome = fields["outcome"]?.stringValue
            let bridge = fields["bridge"]?.stringValue ?? BridgeProtocolName.webViewJavascriptBridge.rawValue
            if !protocols.contains(bridge) { protocols.append(bridge) }
            guard outcome != "bridge_loaded", outcome != "queue_has_message" else { return }
            let toNativeSide = fields["dir"]?.stringValue == "js->native"
            if toNativeSide { toNative += 1 } else { toJS += 1 }
            if let id = fields["callbackId"]?.stringValue, let handler = fields["handler"]?.stringValue {
                handlers[id] = handler
            }
        default: break
        }
    }

    func handlerOfResponse(_ fields: JSONObject) -> String? {
        fields["responseId"]?.stringValue.flatMap { handlers[$0] }
    }
}
