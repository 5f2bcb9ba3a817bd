/// The command line of the probe: a scenario name, then optional cycle counts.
struct ProbeOptions {
    var scenario: ProbeScenario
    var cycles = 1_000
    var warmUp = 100
    /// Stop measuring after this many seconds even if fewer than `cycles` ran (nil: run every cycle).
    var seconds: Int?

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        guard let name = arguments.first else {
            throw UsageError(description: "usage: MemoryProbe <scenario> [--cycles N] [--warmup N] [--seconds N]; scenarios: \(ProbeScenario.names)")
        }
        guard let scenario = ProbeScenario.all.first(where: { $0.name == name }) else {
            throw UsageError(description: "unknown scenario '\(name)'; scenarios: \(ProbeScenario.names)")
        }
        self.scenario = scenario
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst(), let value = Int(text), value >= 0 else {
                throw UsageError(description: "\(flag) needs a non-negative integer")
            }
            switch flag {
            case "--cycles": cycles = value
            case "--warmup": warmUp = value
            case "--seconds": seconds = value
            default: throw UsageError(description: "unknown option '\(flag)'")
            }
        }
    }
}
