import Foundation
import Glibc
import Synchronization

/// The WebKit host's process, started with `posix_spawn`: its standard input and output on pipes, its standard error
/// on `/dev/null`, no other descriptor of this process.
///
/// Not Foundation's `Process`: on Linux, `Process.run()` (swift-corelibs-foundation of Swift 6.3) lists
/// `/proc/self/fd` copying each entry's whole 256-byte name, and in a process with many descriptors (a test suite, a
/// service) that read runs past the end of glibc's directory buffer now and then and crashes the process (seen here
/// in a full run of the suite: `Process.run()` → `memcpy`, a bad pointer dereference; fixed upstream by
/// swiftlang/swift-corelibs-foundation#5472). Here the child closes what it must not inherit itself
/// (`posix_spawn_file_actions_addclosefrom_np`), and the thread that reads the host's output reaps it.
final class HostProcess: Sendable {
    let pid: pid_t
    /// Write end of the host's standard input.
    let input: FileHandle
    /// Read end of the host's standard output.
    let output: FileHandle
    private let reaped = Atomic<Bool>(false)

    /// Starts `executable` with `arguments` and this process's environment with `environment` over it.
    init(executable: URL, arguments: [String], environment: [String: String]) throws {
        let toHost = try Self.pipe(), fromHost = try Self.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toHost.read, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromHost.write, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        _ = Self.closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals this process blocks or ignores (Swift's cooperative threads block most) are the host's defaults.
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        close(toHost.read)
        close(fromHost.write)
        guard result == 0 else {
            close(toHost.write)
            close(fromHost.read)
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        self.pid = pid
        input = FileHandle(fileDescriptor: toHost.write, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: fromHost.read, closeOnDealloc: true)
    }

    /// Asks the host to end (SIGTERM), unless it has been reaped (its pid may then be another process's).
    func terminate() {
        if !reaped.load(ordering: .acquiring) { kill(pid, SIGTERM) }
    }

    /// Blocks until the host has ended and reaps it. Called once, by the thread that read the host's output to its
    /// end; ``terminate()`` still reaches a host that closed its output but has not ended.
    func waitForExit() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        reaped.store(true, ordering: .releasing)
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (fds[0], fds[1])
    }

    private typealias FileActionsInt = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// glibc's GNU extensions (glibc 2.34 or later), which Swift's `Glibc` module does not declare.
    private static let closeFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: FileActionsInt.self)
    private static let pipe2 = symbol("pipe2", as: Pipe2.self)

    private static func symbol<F>(_ name: String, as type: F.Type) -> F {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("glibc has no \(name) (glibc 2.34 or later is needed)")
        }
        return unsafeBitCast(address, to: type)
    }
}
