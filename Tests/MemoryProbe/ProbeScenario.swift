/// One thing to create and destroy repeatedly, such as a runtime, a page or a navigation step.
///
/// To add a scenario, write a `static let` in an extension (one file per module under
/// `Scenarios/`) and list it in ``all``. `cycle` must leave nothing behind on purpose: the probe
/// reports any growth of resident memory across cycles as a leak.
struct ProbeScenario: Sendable {
    /// The name given on the command line.
    var name: String
    /// What one cycle does, for `--help`-style listings.
    var summary: String
    /// Creates, exercises and destroys the thing once.
    var cycle: @Sendable () async throws -> Void

    /// Every scenario the probe knows.
    static let all: [ProbeScenario] = [
        runtimeCycles,
        contextCycles,
        deliberateLeak,
        webPagePushPop,
        poolSoak,
    ]

    static var names: String { all.map(\.name).joined(separator: ", ") }
}
