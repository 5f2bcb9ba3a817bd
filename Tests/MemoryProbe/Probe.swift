import Foundation

/// Runs a scenario and measures resident memory around it.
enum Probe {
    struct Report {
        var scenario: String
        var warmUp: Int
        var cycles: Int
        var residentBefore: Int
        var residentAfter: Int

        /// `{"scenario":…,"warmup":…,"cycles":…,"rssBeforeKB":…,"rssAfterKB":…,"growthKB":…}`
        var jsonLine: String {
            "{\"scenario\":\"\(scenario)\",\"warmup\":\(warmUp),\"cycles\":\(cycles),"
                + "\"rssBeforeKB\":\(residentBefore / 1024),\"rssAfterKB\":\(residentAfter / 1024),"
                + "\"growthKB\":\((residentAfter - residentBefore) / 1024)}"
        }
    }

    static func run(_ options: ProbeOptions) async throws -> Report {
        // The warm-up fills caches, JIT code, allocator arenas and lazily made globals, which are
        // paid once per process and are not leaks.
        for _ in 0..<options.warmUp { try await options.scenario.cycle() }
        let before = try residentBytes()
        // A soak bounded in time: as many cycles as fit (at most `cycles`); the report says how many ran.
        let end = options.seconds.map { ContinuousClock.now + .seconds($0) }
        var cycles = 0
        while cycles < options.cycles {
            if let end, ContinuousClock.now >= end { break }
            try await options.scenario.cycle()
            cycles += 1
        }
        let after = try residentBytes()
        return Report(scenario: options.scenario.name, warmUp: options.warmUp, cycles: cycles,
                      residentBefore: before, residentAfter: after)
    }

    struct StatmError: Error, CustomStringConvertible {
        var description: String { "cannot read /proc/self/statm" }
    }

    /// The resident set size in bytes: the second field of `/proc/self/statm`, in pages.
    static func residentBytes() throws -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { throw StatmError() }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { throw StatmError() }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
