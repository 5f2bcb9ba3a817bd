import Foundation

/// What the runner needs from the page a test file runs in. Internal seam: a blank script context
/// today, a `HeadlessWebView` for pages.
protocol TestPageDriver: Sendable {
    /// Starts what the page needs before its load timeout counts (the WebKit engine's host process); the failure, if
    /// the file cannot run.
    func prepare() async -> String?

    /// Loads the file with `harness` (the test API) run before any of its scripts, and reports to
    /// `signals` in order: exceptions, console messages and test API events as they happen, then
    /// `.loaded` (after the `load` event) or `.loadFailed`.
    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async

    /// Starts the tests (`__hybridTest.start()`); results keep arriving on `signals`.
    func startTests() async

    /// Maps a script URL from a stack to the path shown in reports and the file on disk, when it is
    /// one of the test's own files.
    func locate(url: String) -> (path: String, file: URL)?

    /// Closes the page and releases its runtime. Nothing is reported afterwards.
    func close() async

    /// Gives up a page that stopped answering (its thread may be stuck in JavaScript for good).
    func abandon()

    /// Stops the page's JavaScript, from any thread (``TestInterruption``).
    func interrupt(reason: String)

    /// The files of the test's folder its pages loaded so far (absolute paths), for ``TestFileReport/loadedFiles``.
    func loadedFiles() -> [String]

    /// What the file's pages did beside its tests, when recorded (``TestFileReport/pageEvents``).
    func pageEvents() -> [TestPageEvent]
}

extension TestPageDriver {
    func prepare() async -> String? { nil }
    func loadedFiles() -> [String] { [] }
    func pageEvents() -> [TestPageEvent] { [] }
    func abandon() {}
    func interrupt(reason: String) {}
}
