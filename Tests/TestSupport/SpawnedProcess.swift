import Foundation
import Glibc
import HybridSpawn

/// A child process for tests: HybridSpawn's `SpawnedChild` with its standard output and error on pipes, and its
/// standard input on a pipe or `/dev/null`.
///
/// Tests use this instead of Foundation's `Process`. On Linux, `Process` learns that a child ended from a
/// socket the child inherits, watched by CoreFoundation's socket manager; in a full run of the suite
/// (2026-11-26) `waitUntilExit()` never returned for a child that had exited and been reaped, and the
/// suite hung. `SpawnedChild` asks the kernel, and gives the child no other descriptor of the test process.
public final class SpawnedProcess: Sendable {
    /// How a child ended.
    public typealias Termination = SpawnedChild.Termination

    private let child: SpawnedChild
    public var pid: pid_t { child.pid }
    /// The read ends of the child's standard output and error.
    public let standardOutput: FileHandle
    public let standardError: FileHandle
    /// The write end of the child's standard input, nil when it reads `/dev/null`.
    public let standardInput: FileHandle?

    /// Starts `executable` with `arguments`. `environment` nil: this process's environment. A child that is still
    /// running when the last reference goes is killed and reaped.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                currentDirectory: URL? = nil, withInput: Bool = false) throws {
        child = try SpawnedChild(executable: executable, arguments: arguments, environment: environment,
                                 currentDirectory: currentDirectory, standardInput: withInput ? .pipe : .null,
                                 standardOutput: .pipe, standardError: .pipe)
        // Pipes, as asked.
        standardOutput = child.standardOutput!
        standardError = child.standardError!
        standardInput = child.standardInput
    }

    /// Sends `signal` to the child unless it has been reaped already. Does not wait for a thread that is
    /// blocked in ``waitForExit()``.
    public func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Blocks until the child ends (at once when it has) and returns how.
    @discardableResult
    public func waitForExit() -> Termination {
        child.waitForExit()
    }

    /// Reads standard output until `marker` has been seen or the stream ends; returns what was read.
    public func readOutput(until marker: String) -> String {
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(marker) {
            let chunk = standardOutput.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// What a child wrote and how it ended, once ``interrupt(after:with:)`` stopped it.
    public struct Interrupted: Sendable {
        /// Everything on standard output, from the start.
        public let output: String
        public let errors: String
        public let status: Int32
    }

    /// Waits until standard output shows `marker` (the child is under way), sends `signal`, then reads both
    /// streams to their end and waits for the exit. The reads block, so they happen on threads of their own,
    /// not on one of the few threads every async test shares.
    public func interrupt(after marker: String, with signal: Int32) async -> Interrupted {
        let seen = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.readOutput(until: marker)) }.start()
        }
        send(signal)
        let rest = await child.output()
        return Interrupted(output: seen + rest.outputText, errors: rest.errorText, status: rest.termination.status)
    }
}
