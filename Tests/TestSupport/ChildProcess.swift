import Foundation

/// What a child process printed, and how it ended.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
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
        // how many children run at once: dozens of them on two cores starve every timed test.
        await slots.acquire()
        defer { Task { await slots.release() } }
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try runBlocking(executable, arguments, stdin: stdin, environment: environment,
                                    currentDirectory: currentDirectory)
                })
            }.start()
        }
    }

    /// Runs this test bundle again, in a child process, with only the tests matching `filter` and
    /// `variable=1` in its environment (the child test checks it and does the real work).
    public static func runTests(matching filter: String, childVariable variable: String) async throws -> ChildProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        return try await run(URL(fileURLWithPath: "/usr/bin/nice"),
                             ["-n", "10", CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter", filter],
                             environment: environment)
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

    private static func runBlocking(_ executable: URL, _ arguments: [String], stdin: String?,
                                    environment: [String: String]?, currentDirectory: URL?) throws -> ChildProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes at once so a full pipe never blocks the child.
        let errorOutput = ErrorOutput()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread { errorOutput.data = errHandle.readDataToEndOfFile(); done.signal() }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return ChildProcessResult(status: process.terminationStatus,
                                  stdout: String(decoding: outData, as: UTF8.self),
                                  stderr: String(decoding: errorOutput.data, as: UTF8.self))
    }
}

private let slots = ChildProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

/// At most `count` children at once; the others wait their turn in order.
private actor ChildProcessSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 { free -= 1; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// Written by one reader thread, read after it signals: the semaphore orders the accesses.
private final class ErrorOutput: @unchecked Sendable {
    var data = Data()
}
