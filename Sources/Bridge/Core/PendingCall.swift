import JavaScript

/// A native call waiting for the page's answer, under its `objc_cb_<n>` id.
struct PendingCall: Sendable {
    enum Waiter: Sendable {
        /// The reference's response callback: called with the data, never with an error.
        case callback(@Sendable (JSONValue?) -> Void)
        /// An `await bridge.call(...)`.
        case continuation(CheckedContinuation<JSONValue?, any Error>)
        /// A `bridge.call(...) { result in ... }`: the answer or the error.
        case completion(@Sendable (Result<JSONValue?, BridgeError>) -> Void)
    }

    var handlerName: String
    var waiter: Waiter
    /// The page the request was delivered to; nil while it waits in the startup queue.
    var page: Int?
    var timeout: CallTimeout?

    /// Completes the call with the page's answer.
    func complete(_ data: JSONValue?, error: BridgeError?) {
        timeout?.cancel()
        switch waiter {
        case .callback(let callback):
            if error == nil { callback(data) }
        case .continuation(let continuation):
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
        case .completion(let completion):
            completion(error.map { .failure($0) } ?? .success(data))
        }
    }

    /// Fails the call (timeout, cancellation, page gone). Old-style callbacks are just forgotten.
    func fail(_ error: any Error) {
        timeout?.cancel()
        switch waiter {
        case .callback: break
        case .continuation(let continuation): continuation.resume(throwing: error)
        case .completion(let completion): completion(.failure(BridgeError.from(error)))
        }
    }
}
