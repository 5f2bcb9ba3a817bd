import Router

/// Our router under a name that does not clash with routing-kit's `Router` protocol.
typealias HybridRouter = Router
