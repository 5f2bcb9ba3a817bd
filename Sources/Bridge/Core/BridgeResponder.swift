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

    init(core: BridgeCore, page: Int, handlerName: String?, callbackId: String?) {
        self.core = core
        self.page = page
        self.handlerName = handlerName
        self.callbackId = callbackId
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

    private func send(_ payload: BridgePayload?, error: BridgeError?) {
        guard let callbackId else { return }
        let earlier = answered.claim()
        guard earlier == 0 else {
            if earlier == 1 {
                core.warn("WebViewJavascriptBridge: response for \(handlerName ?? "?") (\(callbackId)) sent more than once; ignored")
            }
            return
        }
        core.send(BridgeMessage(responseId: callbackId, responseData: payload, error: error), handlerName: handlerName, toPage: page)
    }
}

/// Counts answers; shared by the copies of a responder.
final class AnsweredFlag: Sendable {
    private let count = Atomic(0)
    /// The number of answers before this one (0 for the first).
    func claim() -> Int { count.wrappingAdd(1, ordering: .relaxed).oldValue }
}
