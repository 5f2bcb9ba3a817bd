import Foundation
import HybridSpawn

/// What a child process printed, and how it ended.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// True when a child test run's progress (Swift Testing writes it to standard error) says that
    /// the test shown as `name` (`memoryChild()`, or a display name in quotes) ran and passed, so a
    /// child that skipped it does not count.
    public func testPassed(_ name: String) -> Bool {
        (stderr + stdout).contains("Test \(name) passed after")
    }
}

/// Runs child processes for tests without blocking Swift's cooperative thread pool.
///
/// The pool has one thread per core (two here). A test that waits for a child synchronously holds
/// one of them for as long as the child runs, and every async test of the process (timers, pages,
/// servers) stalls meanwhile: under load that turned into spurious timeouts. Here the waiting
/// happens on a thread of its own and the test awaits it.
public enum ChildProcess {
    /// Runs `executable` with `arguments`, feeding `stdin` when given, and returns its output.
    public static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String]? = nil,
                           currentDirectory: URL? = nil) async throws -> ChildProcessResult {
        // Tests no longer hold a pool thread each while their child runs, so nothing else would bound
        // how many children run at once: dozens of them on two cores starve every other test.
        try await slots.withUnit {
            try await runChild(executable, arguments, stdin: stdin, environment: environment,
                                  currentDirectory: currentDirectory)
        }
    }

    /// Runs `executable` with `arguments` under `nice -n niceness` (above 0: a lower priority). It
    /// takes no turn among the children of normal priority: a long measurement (the memory probes)
    /// would make dozens of short command tests queue behind it, while at a low priority it only
    /// gets the cores that the tests leave idle.
    public static func runNiced(_ niceness: Int, _ executable: URL, _ arguments: [String],
                                environment: [String: String]? = nil) async throws -> ChildProcessResult {
        let nice = URL(fileURLWithPath: "/usr/bin/nice")
        let arguments = ["-n", String(niceness), executable.path] + arguments
        guard niceness > 0 else { return try await run(nice, arguments, environment: environment) }
        return try await runChild(nice, arguments, stdin: nil, environment: environment, currentDirectory: nil)
    }

    /// Runs this test bundle again, in a child process, with only the tests matching `filter` and
    /// `variable=1` in its environment: the child tests are enabled by it (see ``isChild(_:)``) and
    /// do the real work. `niceness` as for ``runNiced(_:_:_:environment:)``.
    public static func runTests(matching filter: String, childVariable variable: String,
                                niceness: Int = 10) async throws -> ChildProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        return try await runNiced(niceness, URL(fileURLWithPath: CommandLine.arguments[0]),
                                  ["--testing-library", "swift-testing", "--filter", filter], environment: environment)
    }

    private static func runChild(_ executable: URL, _ arguments: [String], stdin: String?,
                                    environment: [String: String]?, currentDirectory: URL?) async throws -> ChildProcessResult {
        // SpawnedChild.run reads and writes the pipes on threads of its own.
        let output = try await SpawnedChild.run(executable: executable, arguments: arguments, environment: environment,
                                                currentDirectory: currentDirectory, input: stdin.map { Data($0.utf8) })
        return ChildProcessResult(status: output.termination.status, stdout: output.outputText, stderr: output.errorText)
    }

    /// True in the child process that ``runTests(matching:childVariable:niceness:)`` started with `variable`.
    public static func isChild(_ variable: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == "1"
    }

    /// An executable built next to the test bundle (`hybrid`, `MemoryProbe`).
    public static func builtProduct(_ name: String) -> URL {
        // The test bundle lives in .build/<config>/; the executables are its siblings.
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }
}

private let slots = AsyncSemaphore(count: max(2, ProcessInfo.processInfo.activeProcessorCount))
