import Foundation

extension ProbeScenario {
    /// Leaks 16 KB of touched memory per cycle, so tests can check that the probe sees a leak.
    static let deliberateLeak = ProbeScenario(
        name: "deliberate-leak",
        summary: "leak 16 KB per cycle (checks the probe itself)"
    ) {
        let size = 16 * 1024
        guard let block = malloc(size) else { throw ScenarioError(description: "malloc failed") }
        memset(block, 0xA5, size)
        LeakedBlocks.keep(block)
    }
}

/// Holds the deliberately leaked blocks so nothing can free them.
private enum LeakedBlocks {
    nonisolated(unsafe) static var blocks: [UnsafeMutableRawPointer] = []
    static func keep(_ block: UnsafeMutableRawPointer) { blocks.append(block) }
}
