import Foundation

extension SpawnedChild {
    /// What a child wrote and how it ended.
    public struct Output: Sendable {
        /// How the child ended.
        public var termination: Termination
        /// Everything on its standard output; empty when that was not a pipe.
        public var standardOutput: Data
        /// Everything on its standard error; empty when that was not a pipe.
        public var standardError: Data

        /// The standard output as UTF-8 text (invalid bytes replaced).
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// The standard error as UTF-8 text (invalid bytes replaced).
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` to its end: `input` (nil: `/dev/null`) on its standard input, then the input's end; its
    /// standard output and error collected, or sent where `standardOutput` and `standardError` say.
    ///
    /// The pipes are read at the same time, each on a thread of its own, so a child that fills one while this
    /// process reads the other does not stall; nothing blocks Swift's cooperative pool.
    ///
    /// ```swift
    /// let output = try await SpawnedChild.run(executable: URL(fileURLWithPath: "/bin/ls"), arguments: ["-l"])
    /// print(output.termination, output.outputText)
    /// ```
    ///
    /// Other parameters as ``init(executable:arguments:environment:currentDirectory:standardInput:standardOutput:standardError:)``.
    public static func run(executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, input: Data? = nil, standardOutput: Stream = .pipe,
                           standardError: Stream = .pipe) async throws(SpawnError) -> Output {
        let child = try SpawnedChild(executable: executable, arguments: arguments, environment: environment,
                                     currentDirectory: currentDirectory, standardInput: input == nil ? .null : .pipe,
                                     standardOutput: standardOutput, standardError: standardError)
        return await child.output(input: input)
    }

    /// Writes `input` to the standard input (when it is a pipe) and closes it, reads the standard output and error
    /// (those that are pipes) to their end, and waits for the child to end. Call it once, and do not read the pipes
    /// elsewhere meanwhile.
    public func output(input: Data? = nil) async -> Output {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.outputBlocking(input: input)) }.start()
        }
    }

    private func outputBlocking(input: Data?) -> Output {
        let writer = standardInput.map { handle in
            OnItsOwnThread {
                PipeWriter(descriptor: handle.fileDescriptor).write(Array(input ?? Data()))
                try? handle.close()
            }
        }
        let errors = standardError.map { handle in OnItsOwnThread { handle.readDataToEndOfFile() } }
        let output = standardOutput?.readDataToEndOfFile() ?? Data()
        writer?.wait()
        return Output(termination: waitForExit(), standardOutput: output, standardError: errors?.wait() ?? Data())
    }
}

/// A value computed on a thread of its own (a blocking read or write); ``wait()`` returns it once it is there.
private final class OnItsOwnThread<Value: Sendable>: @unchecked Sendable {
    // Written by the thread before it signals, read after the wait: the semaphore orders the two.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Value) {
        Thread {
            self.value = body()
            self.done.signal()
        }.start()
    }

    /// Blocks until the value is there. Called once.
    func wait() -> Value {
        done.wait()
        return value!
    }
}
