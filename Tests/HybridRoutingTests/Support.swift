@testable import HybridRouting
import Synchronization

/// A router with `patterns` registered globally, handlers that accept.
func makeRouter(_ patterns: String..., options: URLRouterOptions = URLRouterOptions()) throws -> URLRouter {
    let router = URLRouter(options: options)
    for pattern in patterns { try router.register(pattern) }
    return router
}

/// Thread-safe record of which handlers ran, in order.
final class CallLog: Sendable {
    private let calls = Mutex<[String]>([])
    func append(_ name: String) { calls.withLock { $0.append(name) } }
    var all: [String] { calls.withLock { $0 } }
}
