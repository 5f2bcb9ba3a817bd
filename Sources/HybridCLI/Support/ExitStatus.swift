import ArgumentParser

/// The exit codes every `hybrid` command uses.
///
/// When several apply, the most important wins in the order usage (2), memory limit (4), time limit (3),
/// exception (1): `max(.exception, .timeout) == .timeout`, `max(.timeout, .memory) == .memory`,
/// `max(.memory, .usage) == .usage`.
enum ExitStatus: Int32, Sendable, Comparable, CaseIterable {
    case success = 0
    /// An uncaught exception or unhandled rejection.
    case exception = 1
    /// A usage or input error (bad options, unreadable file).
    case usage = 2
    /// The time limit or the watchdog stopped the run.
    case timeout = 3
    /// `--max-memory`: the process's resident memory passed the limit.
    case memory = 4

    private var rank: Int {
        switch self {
        case .success: 0
        case .exception: 1
        case .timeout: 2
        case .memory: 3
        case .usage: 4
        }
    }

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rank < rhs.rank }

    /// The status as an error a command's `run()` throws to exit with it.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
