import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn`: its standard streams as you choose, no other descriptor of this
/// process, waited for with `waitpid`, signalled only while it has not been reaped.
///
/// Not Foundation's `Process`. On Linux (swift-corelibs-foundation of Swift 6.3), `Process.run()` lists
/// `/proc/self/fd` copying each entry's whole 256-byte name, and in a process with many descriptors that read runs
/// past glibc's directory buffer now and then and crashes the process (fixed upstream by
/// swiftlang/swift-corelibs-foundation#5472); and `waitUntilExit()` learns of the exit through a socket watched by
/// CoreFoundation, which in a loaded test run never reported a child that had ended. Here the child closes every
/// descriptor above 2 itself before it runs the executable, and the thread that wants the exit status asks the
/// kernel for it.
///
/// ```swift
/// let child = try SpawnedChild(executable: URL(fileURLWithPath: "/usr/bin/Xvfb"), arguments: ["-displayfd", "1"],
///                              standardOutput: .pipe, standardError: .null)
/// let line = child.standardOutput!.availableData
/// child.terminate()
/// print(await child.termination)      // signal(15)
/// ```
///
/// A child that is still running when its last reference goes is killed (`SIGKILL`) and reaped, so none is left
/// behind, running or as a zombie: keep the value for as long as the child should run.
public final class SpawnedChild: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// This process's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// A new pipe: this process gets the other end, as ``SpawnedChild/standardInput``,
        /// ``SpawnedChild/standardOutput`` or ``SpawnedChild/standardError``.
        case pipe
        /// An open descriptor of this process (a file, a socket, one end of a pipe), which the child gets as its
        /// stream. This process keeps it open and still owns it.
        case descriptor(Int32)
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this code.
        case exit(Int32)
        /// This signal ended it.
        case signal(Int32)

        /// The exit code, or the number of the signal that ended the child (Foundation's `terminationStatus`).
        public var status: Int32 {
            switch self {
            case .exit(let code), .signal(let code): code
            }
        }

        public var description: String {
            switch self {
            case .exit(let code): "exit \(code)"
            case .signal(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id. After the child has been reaped it may be another process's.
    public let pid: Int32
    /// The write end of the child's standard input when it is ``Stream/pipe``, otherwise nil. Close it to give the
    /// child the end of its input; ``PipeWriter`` writes to it without `SIGPIPE`.
    public let standardInput: FileHandle?
    /// The read end of the child's standard output when it is ``Stream/pipe``, otherwise nil.
    public let standardOutput: FileHandle?
    /// The read end of the child's standard error when it is ``Stream/pipe``, otherwise nil.
    public let standardError: FileHandle?
    /// Once the child has been reaped, how it ended. Signals are sent under this lock, so never to a reaped pid.
    private let ended = Mutex<Termination?>(nil)
    /// Serialises the reaping waits, so that one thread reaps and the others read its result.
    private let reaping = Mutex(())

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - executable: the file to run, a path (no search of `PATH`).
    ///   - arguments: the arguments after the executable's own path, which is the child's `argv[0]`.
    ///   - environment: the child's whole environment; nil, this process's environment. To add to this process's,
    ///     merge: `ProcessInfo.processInfo.environment.merging(extra) { $1 }`.
    ///   - currentDirectory: the child's working directory; nil, this process's.
    ///   - standardInput: where the child's standard input comes from; `/dev/null` unless given.
    ///   - standardOutput: where the child's standard output goes; this process's unless given.
    ///   - standardError: where the child's standard error goes; this process's unless given.
    /// - Throws: ``SpawnError`` when the executable is missing or cannot run, or a pipe cannot be made.
    public init(executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
                currentDirectory: URL? = nil, standardInput: Stream = .null, standardOutput: Stream = .inherit,
                standardError: Stream = .inherit) throws(SpawnError) {
        let path = executable.path
        var pipes: [(parent: Int32, child: Int32)?] = []
        defer { for pipe in pipes { if let pipe { close(pipe.child) } } }
        do {
            pipes.append(standardInput == .pipe ? try Self.pipe(childReads: true) : nil)
            pipes.append(standardOutput == .pipe ? try Self.pipe(childReads: false) : nil)
            pipes.append(standardError == .pipe ? try Self.pipe(childReads: false) : nil)
        } catch {
            for pipe in pipes { if let pipe { close(pipe.parent) } }
            throw SpawnError(executable: path, code: error.code, what: "cannot make a pipe for")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [standardInput, standardOutput, standardError].enumerated() {
            let target = Int32(target)
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                posix_spawn_file_actions_adddup2(&actions, pipes[Int(target)]!.child, target)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        // Everything else stays with this process, close-on-exec or not: pipes that other threads are making for
        // their own children at this moment, descriptors that libraries opened without O_CLOEXEC.
        _ = GNU.closeFrom(&actions, 3)
        if let currentDirectory {
            _ = GNU.changeDirectory(&actions, currentDirectory.path)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals this process blocks or ignores (Swift's cooperative threads block most) are the child's defaults.
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        // glibc reports a failed exec (a missing executable, a missing directory) as posix_spawn's result.
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            for pipe in pipes { if let pipe { close(pipe.parent) } }
            throw SpawnError(starting: path, in: currentDirectory?.path, code: POSIXErrorCode(rawValue: result))
        }
        self.pid = pid
        func handle(_ index: Int) -> FileHandle? {
            pipes[index].map { FileHandle(fileDescriptor: $0.parent, closeOnDealloc: true) }
        }
        self.standardInput = handle(0)
        self.standardOutput = handle(1)
        self.standardError = handle(2)
    }

    /// Kills and reaps a child that is still running.
    deinit {
        let running = ended.withLock { ended in
            if ended == nil { Glibc.kill(pid, SIGKILL) }
            return ended == nil
        }
        if running { waitForExit() }
    }

    /// Sends `signal` to the child, unless it has been reaped (its pid may then be another process's).
    /// Does not wait for it to end.
    public func send(_ signal: Int32) {
        ended.withLock { ended in
            if ended == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Asks the child to end: `SIGTERM`.
    public func terminate() {
        send(SIGTERM)
    }

    /// Ends the child at once: `SIGKILL`.
    public func kill() {
        send(SIGKILL)
    }

    /// How the child ended, nil while it runs. Does not block.
    public var exitStatus: Termination? {
        ended.withLock { $0 }
    }

    /// Waits (blocking this thread) until the child ends, reaps it, and returns how it ended; at once when it has
    /// been reaped. From async code, await ``termination`` instead: that wait has a thread of its own.
    @discardableResult
    public func waitForExit() -> Termination {
        if let termination = exitStatus { return termination }
        return reaping.withLock { _ in
            if let termination = exitStatus { return termination }
            // Wait without reaping, so that the pid stays this child's (a zombie) while `send` may still use it.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
            return ended.withLock { ended in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                // WIFSIGNALED, WTERMSIG and WEXITSTATUS are macros; this is their arithmetic.
                let signal = status & 0x7f
                let termination: Termination = signal != 0 && signal != 0x7f ? .signal(signal)
                    : .exit((status >> 8) & 0xff)
                ended = termination
                return termination
            }
        }
    }

    /// Waits until the child ends, reaps it, and returns how it ended. The wait blocks a thread of its own, not one
    /// of Swift's cooperative pool.
    public var termination: Termination {
        get async {
            if let termination = exitStatus { return termination }
            return await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: self.waitForExit()) }.start()
            }
        }
    }

    /// A new pipe: the read end the child's when `childReads`, otherwise this process's.
    private static func pipe(childReads: Bool) throws(POSIXError) -> (parent: Int32, child: Int32) {
        // Close-on-exec, so that children that other libraries start meanwhile do not inherit them.
        var fds: [Int32] = [0, 0]
        guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return childReads ? (parent: fds[1], child: fds[0]) : (parent: fds[0], child: fds[1])
    }
}
