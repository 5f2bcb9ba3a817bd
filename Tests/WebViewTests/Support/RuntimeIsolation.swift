import Foundation
import JavaScript
@testable import WebView

extension JavaScriptRuntime {
    /// Runs an async body on the runtime thread with isolated access, so non-Sendable values
    /// (sessions, contexts) live across its awaits while the loop keeps iterating.
    func isolated<T: Sendable>(_ body: @Sendable (isolated JavaScriptRuntime) async throws -> T) async rethrows -> T {
        try await body(self)
    }
}

extension WebSession {
    /// Sends and waits for the completion; call from code isolated to the runtime.
    func sendAndWait(_ request: WebRequest, isolation: isolated (any Actor)? = #isolation) async -> Result<LoadedResource, WebLoadError> {
        await withCheckedContinuation { continuation in
            send(request) { continuation.resume(returning: $0) }
        }
    }
}
