// `import JavaScript` also gives the runtime threads (HybridLoop: EventLoopThread, LoopBound) and JSON data
// (HybridJSON: JSONValue), which the engine's API is made of.
@_exported import HybridJSON
@_exported import HybridLoop
