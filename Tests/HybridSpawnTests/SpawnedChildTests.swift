import Foundation
import Glibc
import HybridSpawn
import Testing

@Suite struct SpawnedChildTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func reportsTheExitCode() async throws {
        let output = try await SpawnedChild.run(executable: shell, arguments: ["-c", "echo out; echo err >&2; exit 7"])
        #expect(output.termination == .exit(7))
        #expect(output.termination.status == 7)
        #expect(output.outputText == "out\n")
        #expect(output.errorText == "err\n")
    }

    @Test func reportsTheSignalThatEndedTheChild() async throws {
        let output = try await SpawnedChild.run(executable: shell, arguments: ["-c", "kill -KILL $$"])
        #expect(output.termination == .signal(SIGKILL))
    }

    @Test func readsMegabytesOnBothPipesWithoutDeadlock() async throws {
        // The child writes its standard error first: a parent reading only standard output would wait for ever
        // once the error pipe's 64 KB are full. Its input is a megabyte too, which tee copies to both streams.
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let script = "head -c 300000 /dev/zero >&2; tee /proc/self/fd/2"
        let output = try await SpawnedChild.run(executable: shell, arguments: ["-c", script], input: input)
        #expect(output.termination == .exit(0))
        #expect(output.standardOutput == input)
        #expect(output.standardError.count == 1_300_000)
        #expect(output.standardError.suffix(input.count) == input)
    }

    @Test func aMissingExecutableIsAClearError() async throws {
        let error = try #require(throws: SpawnError.self) {
            _ = try SpawnedChild(executable: URL(fileURLWithPath: "/no/such/tool"), arguments: ["x"])
        }
        #expect(error.code == .ENOENT)
        #expect(error.executable == "/no/such/tool")
        #expect(error.description == "cannot start /no/such/tool: No such file or directory")
    }

    @Test func aFileThatIsNotExecutableIsAClearError() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString).txt")
        try #require(FileManager.default.createFile(atPath: file.path, contents: Data("text\n".utf8),
                                                    attributes: [.posixPermissions: 0o644]))
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(throws: SpawnError.self) { _ = try SpawnedChild(executable: file) }
        #expect(error.code == .EACCES)
        #expect(error.description == "cannot start \(file.path): Permission denied")
    }

    @Test func aMissingWorkingDirectoryIsAClearError() async throws {
        let error = try #require(throws: SpawnError.self) {
            _ = try SpawnedChild(executable: URL(fileURLWithPath: "/bin/pwd"),
                                 currentDirectory: URL(fileURLWithPath: "/no/such/folder"))
        }
        #expect(error.code == .ENOENT)
        #expect(error.description == "cannot start /bin/pwd: no working directory /no/such/folder")
    }

    @Test func terminatesAChildThatIgnoresItsInput() async throws {
        // sleep never reads its standard input, so closing it would not end it: only the signal does.
        let child = try SpawnedChild(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["1000"],
                                     standardInput: .pipe)
        try child.standardInput?.close()
        #expect(child.exitStatus == nil)
        child.terminate()
        #expect(await child.termination == .signal(SIGTERM))
        #expect(child.exitStatus == .signal(SIGTERM))
        // Reaped: a later signal goes nowhere (the pid may be another process's by now), and the wait returns at once.
        child.kill()
        #expect(child.waitForExit() == .signal(SIGTERM))
    }

    @Test func everyWaiterGetsTheSameEnd() async throws {
        let child = try SpawnedChild(executable: shell, arguments: ["-c", "read line; exit 3"], standardInput: .pipe)
        async let first = child.termination
        async let second = child.termination
        // Both waits are under way (or not yet): either way the child is reaped once, and each learns how it ended.
        try child.standardInput?.close()
        #expect(await [first, second] == [.exit(3), .exit(3)])
        #expect(child.waitForExit() == .exit(3))
    }

    @Test func killsAndReapsARunningChildWhenTheLastReferenceGoes() async throws {
        var child: SpawnedChild? = try SpawnedChild(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["1000"])
        let pid = try #require(child?.pid)
        #expect(kill(pid, 0) == 0)
        child = nil
        // Not running and not a zombie: no such process at all.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() async throws {
        let output = try await SpawnedChild.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                                environment: ["GREETING": "hello world", "EMPTY": ""])
        #expect(Set(output.outputText.split(separator: "\n")) == ["GREETING=hello world", "EMPTY="])
    }

    @Test func withoutAnEnvironmentTheChildInheritsThisProcesss() async throws {
        // No setenv here: other tests read the environment at the same time, and setenv is not safe beside that.
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        let output = try await SpawnedChild.run(executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(output.outputText.split(separator: "\n").contains("PATH=\(path)"))
    }

    @Test func runsInTheGivenWorkingDirectory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SpawnedChild.run(executable: URL(fileURLWithPath: "/bin/pwd"), arguments: ["-P"],
                                                currentDirectory: folder)
        #expect(output.outputText == folder.resolvingSymlinksInPath().path + "\n")
    }

    @Test func theChildGetsNoDescriptorBeyondItsStandardStreams() async throws {
        // A descriptor of this process that is not close-on-exec, as a library might leave one.
        let leaky = open("/etc/hostname", O_RDONLY)
        try #require(leaky > 2)
        defer { close(leaky) }
        let child = try SpawnedChild(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["1000"],
                                     standardInput: .pipe, standardOutput: .pipe, standardError: .null)
        defer { child.kill() }
        // posix_spawn returns once the child runs the executable; its dynamic loader may still hold a descriptor of
        // its own for a moment (the library cache or a library it maps: a CI run saw a fourth descriptor), so what
        // is checked is that none of the child's is this process's leaky file.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd")
        #expect(Set(["0", "1", "2"]).isSubset(of: descriptors))
        let targets = descriptors.filter { (Int($0) ?? 0) > 2 }
            .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/\($0)") }
        #expect(!targets.contains("/etc/hostname"), "\(targets)")
    }

    @Test func aGivenDescriptorBecomesTheChildsStream() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let output = try await SpawnedChild.run(executable: shell, arguments: ["-c", "echo to-file; ls /proc/self/fd"],
                                                standardOutput: .descriptor(descriptor), standardError: .null)
        // The descriptor is still this process's to close.
        #expect(close(descriptor) == 0)
        #expect(output.termination == .exit(0))
        #expect(output.standardOutput.isEmpty)
        // ls lists its own directory's descriptor (3) besides the standard streams.
        #expect(try String(contentsOf: file, encoding: .utf8) == "to-file\n0\n1\n2\n3\n")
    }

    @Test func writingToAChildThatHasEndedFailsWithoutSIGPIPE() async throws {
        let child = try SpawnedChild(executable: URL(fileURLWithPath: "/bin/true"), standardInput: .pipe)
        #expect(await child.termination == .exit(0))
        let input = try #require(child.standardInput)
        // Without the blocked SIGPIPE this write would end the test process.
        #expect(PipeWriter(descriptor: input.fileDescriptor).write(Array(repeating: 1, count: 100_000)) == false)
    }
}
