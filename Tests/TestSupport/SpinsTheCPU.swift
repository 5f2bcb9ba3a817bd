import Testing

/// A test that keeps a core busy on purpose (a script looping until the watchdog stops it, in this
/// process or in a child it waits for) runs while no other such test runs.
///
/// Every test target is linked into one test process, where Swift Testing runs tests in parallel:
/// two loops at once take both cores of a small machine and starve every other test. The lock is
/// process-wide, so the trait serialises these tests across suites and targets, not only within
/// a suite as `.serialized` does.
public struct SpinsTheCPUTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // Only test cases take the lock: a suite holding it would block its own tests.
        guard testCase != nil else { return try await function() }
        try await cpuSpinLock.withUnit { try await function() }
    }
}

extension Trait where Self == SpinsTheCPUTrait {
    /// The test keeps a core busy on purpose: it never runs beside another such test.
    public static var spinsTheCPU: Self { Self() }
}

/// At most one spinning test at a time.
private let cpuSpinLock = AsyncSemaphore(count: 1)
