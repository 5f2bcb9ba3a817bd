import Foundation

/// What ``CodeCoverage/report()`` merged from every page: per file and in total, statements, branches, functions and
/// lines covered, with the lcov text and the coverage map (istanbul's JSON, as Jest's `coverage-final.json`).
public struct CoverageReport: Sendable {
    /// Covered and total counts of one kind.
    public struct Count: Sendable, Equatable {
        public var covered: Int
        public var total: Int
        /// The covered share in percent, 100 when there is nothing to cover (as istanbul counts it).
        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
    }

    /// The four kinds of coverage.
    public enum Kind: String, Sendable, CaseIterable {
        case statements, branches, functions, lines
    }

    /// The counts of one file, or of all.
    public struct Summary: Sendable, Equatable {
        public var statements: Count
        public var branches: Count
        public var functions: Count
        public var lines: Count
        public subscript(kind: Kind) -> Count {
            switch kind {
            case .statements: statements
            case .branches: branches
            case .functions: functions
            case .lines: lines
            }
        }
    }

    /// Each instrumented file that ran (absolute path), sorted by path.
    public var files: [(path: String, summary: Summary)]
    /// All files together.
    public var total: Summary
    /// The lcov tracefile (`lcov.info`): one record per file, its `SF:` path relative to the coverage root.
    public var lcov: String
    /// The coverage map as JSON (istanbul's format, by absolute path).
    public var coverageMap: String
    /// Where relative paths start.
    public var root: URL

    private struct Wire: Decodable {
        struct File: Decodable { var path: String; var summary: WireSummary }
        struct WireSummary: Decodable { var statements: [Int]; var branches: [Int]; var functions: [Int]; var lines: [Int] }
        var map: String
        var lcov: String
        var files: [File]
        var total: WireSummary
    }

    init(json: String, root: URL) throws {
        let wire = try JSONDecoder().decode(Wire.self, from: Data(json.utf8))
        func count(_ pair: [Int]) -> Count { Count(covered: pair.first ?? 0, total: pair.count > 1 ? pair[1] : 0) }
        func summary(_ s: Wire.WireSummary) -> Summary {
            Summary(statements: count(s.statements), branches: count(s.branches), functions: count(s.functions),
                    lines: count(s.lines))
        }
        files = wire.files.map { ($0.path, summary($0.summary)) }
        total = summary(wire.total)
        lcov = wire.lcov
        coverageMap = wire.map
        self.root = root
    }

    /// Writes `lcov.info` and `coverage-final.json` into `folder` (made if needed). Throws the file system's error.
    public func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(lcov.utf8).write(to: folder.appendingPathComponent("lcov.info"), options: .atomic)
        try Data(coverageMap.utf8).write(to: folder.appendingPathComponent("coverage-final.json"), options: .atomic)
    }

    /// The text summary: a table with a row per file (path relative to the root) and one for all files, each
    /// kind as a percentage with its covered and total counts.
    public var table: String {
        func cell(_ count: Count) -> String { "\(Self.percentText(count.percent)) (\(count.covered)/\(count.total))" }
        let header = ["File"] + Kind.allCases.map { $0.rawValue.capitalized }
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var rows = files.map { file in
            [file.path.hasPrefix(base) ? String(file.path.dropFirst(base.count)) : file.path]
                + Kind.allCases.map { cell(file.summary[$0]) }
        }
        rows.append(["All files"] + Kind.allCases.map { cell(total[$0]) })
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, text in
                column == 0 ? text.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - text.count) + text
            }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ([line(header), rule] + rows.dropLast().map(line) + [rule, line(rows.last!)]).joined(separator: "\n") + "\n"
    }

    /// The kinds whose total is below `thresholds`, as lines naming the kind, its coverage and the minimum.
    public func failures(below thresholds: CoverageThresholds) -> [String] {
        Kind.allCases.compactMap { kind in
            guard let minimum = thresholds.minimum[kind], total[kind].percent < minimum else { return nil }
            return "coverage: \(kind.rawValue) \(Self.percentText(total[kind].percent)) is below the minimum "
                + "\(Self.percentText(minimum)) (\(total[kind].covered)/\(total[kind].total))"
        }
    }

    /// `87.5%`, `100%`: at most two decimals, as istanbul's text report rounds.
    static func percentText(_ value: Double) -> String {
        let rounded = (value * 100).rounded(.down) / 100
        return rounded == rounded.rounded() ? "\(Int(rounded))%" : "\(rounded)%"
    }
}

/// Minimum coverage percentages (`--coverage-min 80`, or per kind `--coverage-min statements=80,branches=70`), as
/// Jest's `coverageThreshold.global`.
public struct CoverageThresholds: Sendable, Equatable {
    /// The minimum percentage of each kind that has one.
    public var minimum: [CoverageReport.Kind: Double]

    public init(minimum: [CoverageReport.Kind: Double] = [:]) {
        self.minimum = minimum
    }

    /// Parses `80` (every kind) or `statements=80,branches=70` (kinds `statements`, `branches`, `functions`, `lines`;
    /// each 0 to 100). Throws a message naming what is wrong.
    public init(parsing text: String) throws(CoverageError) {
        func percent(_ text: Substring) throws(CoverageError) -> Double {
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), (0...100).contains(value) else {
                throw CoverageError(message: "--coverage-min wants a percentage from 0 to 100, got '\(text)'")
            }
            return value
        }
        minimum = [:]
        if !text.contains("=") {
            let value = try percent(Substring(text))
            for kind in CoverageReport.Kind.allCases { minimum[kind] = value }
            return
        }
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let kind = CoverageReport.Kind(rawValue: pair[0].trimmingCharacters(in: .whitespaces)) else {
                throw CoverageError(message: "--coverage-min: '\(part)' is not KIND=PERCENT (kinds: statements, branches, "
                                    + "functions, lines)")
            }
            minimum[kind] = try percent(pair[1])
        }
    }
}
