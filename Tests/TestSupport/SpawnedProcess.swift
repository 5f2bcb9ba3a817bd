import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn`, its standard streams on pipes, waited for with `waitpid`.
///
/// Tests use this instead of Foundation's `Process`. On Linux, `Process` learns that a child ended from a
/// socket the child inherits, watched by CoreFoundation's socket manager; in a full run of the suite
/// (2026-11-26) `waitUntilExit()` never returned for a child that had exited and been reaped, and the
/// suite hung. Here the thread that wants the status asks the kernel for it.
///
/// The child gets exactly the three pipes (or `/dev/null`) and no other descriptor of the test process.
public final class SpawnedProcess: Sendable {
    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        case exit(Int32)
        case signal(Int32)

        /// Foundation's `terminationStatus`: the exit code, or the number of the signal that ended the child.
        public var status: Int32 {
            switch self {
            case .exit(let code), .signal(let code): code
            }
        }
    }

    public let pid: pid_t
    /// The read ends of the child's standard output and error.
    public let standardOutput: FileHandle
    public let standardError: FileHandle
    /// The write end of the child's standard input, nil when it reads `/dev/null`.
    public let standardInput: FileHandle?
    private let termination = Mutex<Termination?>(nil)
    /// Set once the child has been reaped: its pid may then belong to another process.
    private let reaped = Atomic<Bool>(false)

    /// Starts `executable` with `arguments`. `environment` nil: this process's environment.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                currentDirectory: URL? = nil, withInput: Bool = false) throws {
        let output = try Self.pipe(), error = try Self.pipe()
        let input = withInput ? try Self.pipe() : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, error.write, STDERR_FILENO)
        _ = GNU.closeFrom(&actions, 3)
        if let currentDirectory {
            _ = GNU.changeDirectory(&actions, currentDirectory.path)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals the test process blocks or ignores (the cooperative pool's threads block most) stay with it.
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        close(output.write)
        close(error.write)
        if let input { close(input.read) }
        guard result == 0 else {
            close(output.read)
            close(error.read)
            if let input { close(input.write) }
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        self.pid = pid
        standardOutput = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        standardError = FileHandle(fileDescriptor: error.read, closeOnDealloc: true)
        standardInput = input.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) }
    }

    /// A child that is still running when the last reference goes is killed and reaped.
    deinit {
        if !reaped.load(ordering: .acquiring) {
            kill(pid, SIGKILL)
            waitForExit()
        }
    }

    /// Sends `signal` to the child unless it has been reaped already. Does not wait for a thread that is
    /// blocked in ``waitForExit()``.
    public func send(_ signal: Int32) {
        if !reaped.load(ordering: .acquiring) { kill(pid, signal) }
    }

    /// Blocks until the child ends (at once when it has) and returns how.
    @discardableResult
    public func waitForExit() -> Termination {
        termination.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            // WIFSIGNALED/WTERMSIG/WEXITSTATUS are macros; this is their arithmetic.
            let signal = status & 0x7f
            let result: Termination = signal != 0 && signal != 0x7f ? .signal(signal) : .exit((status >> 8) & 0xff)
            ended = result
            reaped.store(true, ordering: .releasing)
            return result
        }
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
    /// streams to their end and waits for the exit. The reads block, so they happen on a thread of their own,
    /// not on one of the few threads every async test shares.
    public func interrupt(after marker: String, with signal: Int32) async -> Interrupted {
        await withCheckedContinuation { continuation in
            Thread {
                let seen = self.readOutput(until: marker)
                self.send(signal)
                let rest = String(decoding: self.standardOutput.readDataToEndOfFile(), as: UTF8.self)
                let errors = String(decoding: self.standardError.readDataToEndOfFile(), as: UTF8.self)
                continuation.resume(returning: Interrupted(output: seen + rest, errors: errors,
                                                           status: self.waitForExit().status))
            }.start()
        }
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        // Close-on-exec, so that children that other tests start at the same time do not inherit them.
        var fds: [Int32] = [0, 0]
        guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (fds[0], fds[1])
    }
}

/// glibc's GNU extensions, which Swift's `Glibc` module does not declare (they need `_GNU_SOURCE`).
private enum GNU {
    typealias FileActionsInt = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias FileActionsPath = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let closeFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: FileActionsInt.self)
    static let changeDirectory = symbol("posix_spawn_file_actions_addchdir_np", as: FileActionsPath.self)
    static let pipe2 = symbol("pipe2", as: Pipe2.self)

    private static func symbol<F>(_ name: String, as type: F.Type) -> F {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("glibc has no \(name) (glibc 2.34 or later is needed)")
        }
        return unsafeBitCast(address, to: type)
    }
}
