import JavaScript
import Synchronization

/// Answers one request from the page, once. Further answers are logged and ignored.
///
/// Any thread may answer, at any time; the answer goes to the page that asked, and is dropped
/// (with a log line) when that page is gone.
public struct BridgeResponder: Sendable {
    let core: BridgeCore
    let page: Int
    let handlerName: String?
    /// nil when the page sent no callbackId: answers go nowhere, as in the reference.
    let callbackId: String?
    private let answered = AnsweredFlag()
    /// Where a protocol that does not answer with a message takes the answer (DSBridge); nil: a message to the page.
    let sink: Sink?
    /// The connection the request came by, in a combined container: the answer goes back that way.
    let via: ConnectionRoute?

    /// A protocol's own way to take an answer: the data or the error, and whether it is final (false: progress).
    typealias Sink = @Sendable (_ payload: BridgePayload?, _ error: BridgeError?, _ isFinal: Bool) -> Void

    init(core: BridgeCore, page: Int, handlerName: String?, callbackId: String?, sink: Sink? = nil, via: ConnectionRoute? = nil) {
        self.core = core
        self.page = page
        self.handlerName = handlerName
        self.callbackId = callbackId
        self.sink = sink
        self.via = via
    }

    /// Whether the page waits for an answer (its message carried a callbackId).
    public var expectsAnswer: Bool { callbackId != nil }

    /// Answers with `data`; nil arrives in JavaScript as `null`.
    public func respond(_ data: JSONValue?) {
        send(BridgePayload.value(data ?? .null), error: nil)
    }

    /// Answers with an error: `{responseId, error: {code, message}}`.
    public func fail(_ error: BridgeError) {
        send(nil, error: error)
    }

    func respond(payload: BridgePayload?) {
        send(payload ?? .value(.null), error: nil)
    }

    /// Sends a part answer that keeps the page's callback, before the final ``respond(_:)``: DSBridge's
    /// `complete: false`. Protocols without progress (WebViewJavascriptBridge, Android JsBridge) have no such
    /// message: there it is logged and dropped. After the final answer it is ignored.
    public func progress(_ data: JSONValue?) {
        guard let sink else {
            core.warn("WebViewJavascriptBridge: progress for \(handlerName ?? "?") dropped: this protocol has no progress answers")
            return
        }
        guard callbackId != nil, answered.current == 0 else { return }
        sink(.value(data ?? .null), nil, false)
    }

    private func send(_ payload: BridgePayload?, error: BridgeError?) {
        guard let callbackId else { return }
        let earlier = answered.claim()
        guard earlier == 0 else {
            if earlier == 1 {
                core.warn("WebViewJavascriptBridge: response for \(handlerName ?? "?") (\(callbackId)) sent more than once; ignored")
            }
            return
        }
        if let sink { return sink(payload, error, true) }
        core.send(BridgeMessage(responseId: callbackId, responseData: payload, error: error), handlerName: handlerName, toPage: page,
                  via: via)
    }
}

/// Counts answers; shared by the copies of a responder.
final class AnsweredFlag: Sendable {
    private let count = Atomic(0)
    /// The number of answers before this one (0 for the first).
    func claim() -> Int { count.wrappingAdd(1, ordering: .relaxed).oldValue }
    /// The number of answers so far.
    var current: Int { count.load(ordering: .relaxed) }
}
