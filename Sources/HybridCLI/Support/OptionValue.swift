import ArgumentParser
import HybridTesting

/// The numeric option values of every `hybrid` command, parsed in one place.
///
/// Each is an `@Option(transform:)`, so a bad number is rejected while the command line is parsed, with the
/// one-line usage error and exit 2 (`hybrid eval: The value '1e16' is invalid for '--timeout <seconds>': must be
/// a number of seconds from 0.001 to 86400. See 'hybrid eval --help'.`). Before, a value such as `1e16` passed
/// the "positive and finite" checks and trapped later, converting seconds to an `Int64` of milliseconds.
enum OptionValue {
    /// The longest duration an option accepts: one day, far beyond any sensible run and far below an overflow.
    static let maximumSeconds = 86_400.0
    /// The shortest: one millisecond, the resolution the limits are kept in (anything less would be zero).
    static let minimumSeconds = 0.001
    /// The most files `hybrid test --jobs` runs at once (each is a runtime thread with its own engine).
    static let maximumJobs = 256

    /// A duration in seconds (`--timeout`, `--test-timeout`): finite, from ``minimumSeconds`` to ``maximumSeconds``.
    static func seconds(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= minimumSeconds, value <= maximumSeconds else {
            throw ValidationError("must be a number of seconds from 0.001 to 86400 (one day)")
        }
        return value
    }

    /// `--animation-settle SECONDS`: from 0 (animation frames never keep a page busy) to 3600.
    static func settleSeconds(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 3600 else {
            throw ValidationError("must be a number of seconds from 0 to 3600")
        }
        return value
    }

    /// `--max-memory SIZE`: a number with a binary unit, `512M`, `2G`, `1.5G`, `800K` (K, M, G; an optional
    /// trailing `B`, any case), from 16 MB (less than a runtime needs to start) to 1024 GB.
    static func memorySize(_ text: String) throws -> Int {
        let units: [Character: Double] = ["K": 1024, "M": 1_048_576, "G": 1_073_741_824]
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        guard let unit = digits.last.flatMap({ units[$0] }), let value = Double(digits.dropLast()), value.isFinite,
              digits.dropLast().allSatisfy({ $0.isNumber || $0 == "." }),
              value * unit >= 16 * 1_048_576, value * unit <= 1024 * 1_073_741_824 else {
            throw ValidationError("must be a size with a unit K, M or G (like 512M or 2G), from 16M to 1024G")
        }
        return Int(value * unit)
    }

    /// `--jobs`: a whole number from 1 to ``maximumJobs``.
    static func jobs(_ text: String) throws -> Int {
        guard let value = Int(text), (1...maximumJobs).contains(value) else {
            throw ValidationError("must be a whole number from 1 to \(maximumJobs)")
        }
        return value
    }

    /// `--port`: 0 (any free port) to 65535.
    static func port(_ text: String) throws -> Int {
        guard let value = Int(text), (0...65_535).contains(value) else {
            throw ValidationError("must be a port number from 0 (any free port) to 65535")
        }
        return value
    }

    /// `--shard I/N`, with 1 <= I <= N.
    static func shard(_ text: String) throws -> TestShard {
        guard let shard = TestShard(parsing: text) else {
            throw ValidationError("must be I/N with 1 <= I <= N, like 2/3")
        }
        return shard
    }
}
