import Foundation
import Synchronization
import JavaScript

extension WebViewJavascriptBridge {
    /// Calls the JavaScript handler `handlerName` and returns its answer (nil for `undefined`).
    ///
    /// Throws ``BridgeError`` (`handler_not_found`, `handler_failed`, `timeout`,
    /// `payload_too_large`, `page_gone`, or the page's own code) and `CancellationError` when the
    /// task is cancelled. A call made before the page loaded the bridge waits in the startup queue.
    public func call(_ handlerName: String, _ data: JSONValue? = nil, timeout: Duration? = nil) async throws -> JSONValue? {
        let core = self.core
        let box = CallIDBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue?, any Error>) in
                switch core.callHandler(handlerName, data: data.map { .value($0) }, waiter: .continuation(continuation)) {
                case .failure(let error):
                    continuation.resume(throwing: error)
                case .success(let id):
                    guard let id else { return }
                    box.set(id)
                    if Task.isCancelled { core.failPending(id, with: CancellationError()) }
                    if let timeout { core.armTimeout(for: id, handlerName: handlerName, after: timeout) }
                }
            }
        } onCancel: {
            if let id = box.get() { core.failPending(id, with: CancellationError()) }
        }
    }

    /// Calls the JavaScript handler `handlerName`; `completion` gets its answer (nil for
    /// `undefined`) or the error that ended the call, as the async ``call(_:_:timeout:)`` would
    /// throw it, once, on any thread. Unlike the async call, the message is queued before this
    /// returns: running the page until idle right after includes its delivery and answer.
    public func call(_ handlerName: String, _ data: JSONValue? = nil, timeout: Duration? = nil,
                     completion: @escaping @Sendable (Result<JSONValue?, BridgeError>) -> Void) {
        switch core.callHandler(handlerName, data: data.map { .value($0) }, waiter: .completion(completion)) {
        case .failure(let error):
            completion(.failure(error))
        case .success(let id):
            if let id, let timeout { core.armTimeout(for: id, handlerName: handlerName, after: timeout) }
        }
    }

    /// Calls the JavaScript handler with a Codable request and decodes its answer as `Response`.
    public func call<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ handlerName: String, _ request: Request, as type: Response.Type = Response.self, timeout: Duration? = nil
    ) async throws -> Response {
        let answer = try await call(handlerName, try JSONValue(encoding: request), timeout: timeout)
        return try (answer ?? .null).decode(Response.self)
    }

    /// Registers a native handler written as an async function of a Codable request.
    ///
    /// ```swift
    /// bridge.register("add") { (request: AddRequest) async throws -> Int in request.a + request.b }
    /// ```
    /// `body` runs on the page's runtime thread, as reference-style handlers do, and comes back to it
    /// after each suspension. A throw answers with an error: a ``BridgeError`` as it is, anything
    /// else as `handler_failed`. A request that does not decode answers `handler_failed` without
    /// calling `body`.
    public func register<Request: Decodable & Sendable, Response: Encodable & Sendable>(
        _ handlerName: String, _ body: @escaping @Sendable (Request) async throws -> Response
    ) {
        let runtime = self.runtime
        setHandler(handlerName) { request, responder in
            let decoded: Request
            do {
                decoded = try (request.data ?? .null).decode(Request.self)
            } catch {
                responder.fail(BridgeError(code: BridgeError.handlerFailed, message: "could not decode the request for \(handlerName): \(error)"))
                return
            }
            let token = runtime.beginWork()
            // On the runtime thread, like every other handler, before and after each suspension.
            Task(executorPreference: runtime.loop) {
                defer { token.end() }
                do {
                    responder.respond(try JSONValue(encoding: try await body(decoded)))
                } catch {
                    responder.fail(BridgeError.from(error))
                }
            }
        }
    }
}

/// The callback id of a call in flight, for its cancellation handler.
private final class CallIDBox: Sendable {
    private let id = Mutex<String?>(nil)
    func set(_ value: String) { id.withLock { $0 = value } }
    func get() -> String? { id.withLock { $0 } }
}
