import HybridLoop

/// A runtime provides its thread, so that a fixture server, say, can run next to its JavaScript.
extension JavaScriptRuntime: EventLoopProvider {}
