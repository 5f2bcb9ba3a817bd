import ArgumentParser
import Foundation
import HybridTesting

/// `--coverage`, `--coverage-dir`, `--coverage-min` and `--coverage-exclude`, as `hybrid test` and `hybrid run` take
/// them: istanbul's coverage of the pages' own scripts (``CodeCoverage``), written as lcov when the run ends.
struct CoverageOptions: ParsableArguments {
    @Flag(name: .long, help: "Measure the coverage of the pages' own scripts (istanbul): lcov.info and coverage-final.json in --coverage-dir, a summary table.")
    var coverage = false

    @Option(name: .customLong("coverage-dir"), help: ArgumentHelp("Where --coverage writes lcov.info and coverage-final.json (default: coverage).", valueName: "DIR"))
    var coverageDir = "coverage"

    @Option(name: .customLong("coverage-min"), help: ArgumentHelp("Fail the run when total coverage is below PERCENT, for every kind or per kind (statements=80,branches=70); implies --coverage.", valueName: "PERCENT"))
    var coverageMin: String?

    @Option(name: .customLong("coverage-exclude"), help: ArgumentHelp("Do not instrument files matching GLOB (absolute or relative to the current folder; * matches / too); repeatable, added to the defaults.", valueName: "GLOB"))
    var coverageExclude: [String] = []

    /// What `--coverage` or `--coverage-min` asked for: the coverage to measure (its folder made now, so that a
    /// folder that cannot be made fails before anything runs) and the minimums; nil when neither was given. Throws a
    /// bad `--coverage-min` or the file system's error, for the caller to report as a usage error.
    func start(root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws -> CoverageRun? {
        let thresholds = try coverageMin.map { text throws(CoverageError) in try CoverageThresholds(parsing: text) }
        guard coverage || thresholds != nil else { return nil }
        try FileManager.default.createDirectory(atPath: coverageDir, withIntermediateDirectories: true)
        return CoverageRun(coverage: CodeCoverage(root: root, excludes: CodeCoverage.defaultExcludes + coverageExclude),
                           folder: coverageDir, thresholds: thresholds)
    }
}

/// One command's coverage: what it measures, where it writes it, the minimums it checks.
struct CoverageRun: Sendable {
    var coverage: CodeCoverage
    var folder: String
    var thresholds: CoverageThresholds?

    /// Merges and writes the coverage (`lcov.info`, `coverage-final.json` in ``folder``), the report that failure
    /// calls for (a report that cannot be made is written to standard error after `command`'s name). Stops the
    /// instrumenter.
    func finish(command: String) async -> CoverageOutcome {
        defer { coverage.close() }
        do {
            let report = try await coverage.report()
            try report.write(to: URL(fileURLWithPath: folder))
            let failures = thresholds.map { report.failures(below: $0) } ?? []
            return CoverageOutcome(table: "\n" + report.table + "coverage: lcov.info and coverage-final.json in \(folder)\n",
                                   failures: failures, status: failures.isEmpty ? nil : .exception)
        } catch {
            StandardStreams.err("hybrid \(command): \(error)\n")
            return CoverageOutcome(status: .usage)
        }
    }
}

/// What a command prints of its coverage and the status it calls for.
struct CoverageOutcome: Sendable {
    /// The summary table and where the files are, after an empty line.
    var table = ""
    /// A line per kind below its minimum.
    var failures: [String] = []
    /// 1 below a minimum, 2 when the report could not be made, nil when neither.
    var status: ExitStatus?
    /// The table, then the failures: what follows the run's output.
    var trailer: String { table + failures.map { $0 + "\n" }.joined() }
}
