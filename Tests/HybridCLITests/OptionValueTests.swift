import Foundation
import Testing

/// Numeric options of every command: rejected while parsing, with the one-line usage error and exit 2, never a
/// crash (`--timeout 1e16` used to trap converting seconds to an `Int64` of milliseconds).
@Suite struct OptionValueTests {
    @Test(arguments: [
        ["eval", "--timeout", "1e16", "1"],
        ["eval", "--timeout", "1e308", "1"],
        ["eval", "--timeout", "nan", "1"],
        ["eval", "--timeout", "inf", "1"],
        ["eval", "--timeout", "-inf", "1"],
        ["eval", "--timeout", "-1", "1"],
        ["eval", "--timeout", "0", "1"],
        ["eval", "--timeout", "0.0001", "1"],
        ["eval", "--timeout", "86401", "1"],
        ["run", "--timeout", "1e308", "--eval", "1"],
        ["run", "--timeout", "nan", "--eval", "1"],
        ["run", "--timeout", "-5", "--eval", "1"],
        ["test", "--test-timeout", "1e300", "no/such/folder"],
        ["test", "--test-timeout", "0", "no/such/folder"],
        ["test", "--test-timeout", "-inf", "no/such/folder"],
        ["test", "--jobs", "0", "no/such/folder"],
        ["test", "--jobs", "-1", "no/such/folder"],
        ["test", "--jobs", "257", "no/such/folder"],
        ["test", "--jobs", "99999999999999999999", "no/such/folder"],
        ["test", "--shard", "0/3", "no/such/folder"],
        ["test", "--shard", "4/3", "no/such/folder"],
        ["test", "--shard", "1/0", "no/such/folder"],
        ["test", "--shard", "1/99999999999999999999", "no/such/folder"],
        ["eval", "--max-memory", "300", "1"],
        ["eval", "--max-memory", "abc", "1"],
        ["eval", "--max-memory", "0M", "1"],
        ["eval", "--max-memory", "15M", "1"],
        ["eval", "--max-memory", "-1G", "1"],
        ["eval", "--max-memory", "1e400G", "1"],
        ["eval", "--max-memory", "infM", "1"],
        ["eval", "--max-memory", "2T", "1"],
        ["run", "--max-memory", "1025G", "--eval", "1"],
        ["test", "--max-memory", "M", "no/such/folder"],
        ["serve", "--port", "-1", "/nonexistent"],
        ["serve", "--port", "65536", "/nonexistent"],
        ["serve", "--port", "1e3", "/nonexistent"],
    ])
    func badNumbersAreUsageErrors(arguments: [String]) async throws {
        let result = try await HybridBinary.run(arguments)
        let command = "hybrid \(arguments[0])"
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("\(command): The value '\(arguments[2])' is invalid for '\(arguments[1]) <"),
                "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" See '\(command) --help'.\n"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
    }

    @Test func durationsSayTheirRange() async throws {
        let result = try await HybridBinary.run(["eval", "--timeout", "1e16", "1"])
        #expect(result.stderr == "hybrid eval: The value '1e16' is invalid for '--timeout <seconds>': must be a number "
                                 + "of seconds from 0.001 to 86400 (one day). See 'hybrid eval --help'.\n")
    }

    @Test func memorySizesSayTheirForm() async throws {
        let result = try await HybridBinary.run(["eval", "--max-memory", "300", "1"])
        #expect(result.stderr == "hybrid eval: The value '300' is invalid for '--max-memory <size>': must be a size with "
                                 + "a unit K, M or G (like 512M or 2G), from 16M to 1024G. See 'hybrid eval --help'.\n")
    }

    @Test func theLargestDurationIsAccepted() async throws {
        let result = try await HybridBinary.run(["eval", "--timeout", "86400", "6 * 7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "42\n")
    }
}
