/// The outcome of one test, or of a file-level failure (then named after the file).
public struct TestCaseResult: Sendable, Hashable {
    /// The name given to `test(name, fn)`; the file's path for a file-level failure.
    public var name: String
    /// Passed, failed or skipped.
    public var status: TestStatus
    /// Why it failed (or why it was skipped, when known).
    public var message: String?
    /// Where it failed: the first line of the test file in the error's stack, else where the test was declared.
    public var location: SourceLocation?
    /// How long the test ran.
    public var duration: Duration
    /// Passed only after its file ran again (``TestRunOptions/retries``): it failed before, so it is flaky.
    public var isFlaky = false

    /// A result; see the properties.
    public init(name: String, status: TestStatus, message: String? = nil, location: SourceLocation? = nil,
                duration: Duration = .zero) {
        self.name = name
        self.status = status
        self.message = message
        self.location = location
        self.duration = duration
    }
}
