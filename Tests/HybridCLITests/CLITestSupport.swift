import Foundation

/// Runs the built `hybrid` executable and captures its streams.
///
/// End-to-end tests of the command share this: it finds the binary next to the test bundle.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum HybridBinary {
    static var url: URL {
        // The test bundle lives in .build/<config>/; the executable is its sibling.
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent("hybrid")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hybrid")
    }

    /// Runs `hybrid` with `arguments`, feeding `stdin` if given, and waits for it to exit.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = url
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
        // Read both pipes concurrently so a full pipe never blocks the child.
        let errBox = ErrBox()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread { errBox.data = errHandle.readDataToEndOfFile(); done.signal() }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Written by one reader thread, read after it signals: the semaphore orders the accesses.
private final class ErrBox: @unchecked Sendable {
    var data = Data()
}
