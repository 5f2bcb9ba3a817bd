/// What ``TestSuiteRunner`` reports as it goes: files starting and finishing, and their tests starting and
/// finishing, in the order that happens.
public enum TestSuiteEvent: Sendable {
    /// The file at `index` of the list given to the runner started.
    case started(index: Int, file: TestFile)
    /// A test of the file at `index` began, named as its result will be.
    case testStarted(index: Int, name: String)
    /// A test of the file at `index` ended: its result as the file's report has it. The failures of the file
    /// itself (it did not load, threw outside any test) come only with the file's ``finished(index:report:)``.
    case testFinished(index: Int, result: TestCaseResult)
    /// The file at `index` finished, after the events of its tests; files finish in any order
    /// (``TestSuiteRunner/run(_:onProgress:onReport:onEvent:)``'s `onReport` has them in file order).
    case finished(index: Int, report: TestFileReport)
}
