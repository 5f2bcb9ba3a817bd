/// What ``TestSuiteRunner`` reports as it goes: files starting and finishing, in the order that happens.
public enum TestSuiteEvent: Sendable {
    /// The file at `index` of the list given to the runner started.
    case started(index: Int, file: TestFile)
    /// The file at `index` finished; files finish in any order (``TestSuiteRunner/run(_:onProgress:onReport:onEvent:)``'s
    /// `onReport` has them in file order).
    case finished(index: Int, report: TestFileReport)
}
