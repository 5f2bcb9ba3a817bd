import Dispatch
import Foundation
import Glibc
import JavaScript
import Synchronization
import WebView

/// Statement, branch, function and line coverage of the pages' own scripts, as `hybrid test --coverage` measures it.
///
/// Each script a page runs from a file of the project is instrumented with istanbul's instrumenter before it runs,
/// unless its file matches one of ``excludes`` (by default dependencies and the test files themselves): classic
/// scripts inline in its HTML, `src` or inserted by a script (as `src`, or as text written verbatim in the page's HTML
/// or one of its script files, counted where it is written there), module scripts (inline, `src`, the modules they
/// import, `import()`ed modules, instrumented as the files are written, before their translation to classic
/// scripts), in the page and in its iframes. The web view's injected scripts (bridge, platform) and the test API are
/// never instrumented, nor scripts whose text is built at run time. The instrumented script counts into the page's global `__coverage__` object, the
/// one variable coverage adds to a page (as under Jest or nyc). When a document goes away its `__coverage__` is
/// kept; ``report()`` merges what every page counted.
///
/// The instrumenter is Debian's `node-istanbul` (istanbul-lib-instrument, istanbul-lib-coverage and the lcov report of
/// istanbul-reports) on Babel standalone (`node-babel7-standalone`), loaded on first use into a JavaScript context of
/// its own on a thread of its own, never into a page. An instrumented script is kept for the process by file and
/// text, so a script that many pages load is instrumented once. Instrumentation keeps each statement on its line, so
/// errors and stacks keep their line numbers; their columns move (as under Jest).
public final class CodeCoverage: Sendable {
    /// Where relative paths start (lcov's `SF:` lines, the summary, relative ``excludes``): the project's folder.
    public let root: URL
    /// Glob patterns (`fnmatch`, where `*` also matches `/`) of the files not to instrument, matched against a file's
    /// absolute path and its path relative to ``root``.
    public let excludes: [String]

    /// Dependencies (`node_modules`, `vendor`, `bower_components`, minified files) and the test files.
    public static let defaultExcludes = ["*/node_modules/*", "*/vendor/*", "*/bower_components/*", "*.min.js",
                                         "*.test.html", "*.test.js"]

    private let loop = Mutex<EventLoopThread?>(nil)
    private let engine = Mutex<LoopBoundBox<Result<CoverageEngine, CoverageError>?>?>(nil)
    private let pages = Mutex<[String]>([])

    /// Coverage of the files under `root` that match none of `excludes`.
    public init(root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                excludes: [String] = CodeCoverage.defaultExcludes) {
        self.root = root.standardizedFileURL
        self.excludes = excludes
    }

    deinit {
        close()
    }

    /// Whether the file at `path` (absolute) is instrumented: it matches none of ``excludes``.
    public func includes(path: String) -> Bool {
        let relative = relativePath(path)
        return !excludes.contains { pattern in
            fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, relative, 0) == 0
        }
    }

    /// `path` relative to ``root`` when it is inside it, else as it is.
    func relativePath(_ path: String) -> String {
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    // MARK: Instrumenting

    /// A script's key in ``instrumented``: the name its counters are kept under, and its text.
    private struct ScriptKey: Hashable, Sendable {
        var name: String
        var text: String
        var module: Bool
    }

    /// Instrumented scripts by name and text, for the process (nil: the script does not parse, and runs as it is).
    /// Bounded as the module translations are: up to 64 MiB of script text, then the table starts over.
    private static let instrumented = ReadMostlyCache<ScriptKey, String?>(costLimit: 64 << 20) { key, value in
        key.text.utf8.count + (value?.utf8.count ?? 0)
    }

    /// `text`, the script (a module's source when `module`) whose counters are kept under `name` (a file's path,
    /// `FILE#LINE` for an inline script), instrumented; nil when it cannot be (it does not parse, or the instrumenter
    /// is not installed): it then runs as it is and counts nothing. Blocks the calling thread while the instrumenter works (once per name and text for
    /// the process). Call it on a runtime's thread (a page's, as the observer does), never on the instrumenter's own
    /// thread or from Swift concurrency's shared pool, whose few threads other tasks need meanwhile.
    public func instrument(_ text: String, name: String, module: Bool = false) -> String? {
        let key = ScriptKey(name: name, text: text, module: module)
        if let cached = Self.instrumented[key] { return cached }
        let result = onEngine { engine in
            try engine.api.invokeMethod("instrument", arguments: [text, name, module]).toString()
        }
        // A script that does not parse is kept too (as nil): it is not instrumented again. Without the instrumenter
        // nothing is kept: the failure is ``report()``'s to tell.
        switch result {
        case .success(let code): return Self.instrumented.insert(code, for: key)
        case .failure(let error) where !(error is CoverageError): return Self.instrumented.insert(nil, for: key)
        case .failure: return nil
        }
    }

    /// Keeps a page's `__coverage__` (its JSON text) for ``report()``.
    public func record(pageCoverage json: String) {
        pages.withLock { $0.append(json) }
    }

    /// Instruments the document's own scripts (files that ``includes(path:)``, located by `locate`, which gives the
    /// file a URL is, or nil for URLs that are not the project's) and records its `__coverage__` when it goes away.
    public func observer(locate: @escaping @Sendable (String) -> String?) -> any DocumentObserver {
        CoverageDocuments(coverage: self, locate: locate)
    }

    // MARK: Reporting

    /// Merges what every page counted: the coverage per file and in total, lcov, and the coverage map as JSON.
    /// Throws ``CoverageError`` when the instrumenter could not be loaded (a Debian package is missing).
    public func report() async throws -> CoverageReport {
        let pages = "[" + self.pages.withLock { $0 }.joined(separator: ",") + "]"
        let root = root.path
        let (loop, box) = self.loop.withLock { engineThread(&$0) }
        let text = try await loop.submit {
            try Self.engine(in: box).api.invokeMethod("report", arguments: [pages, root]).toString() ?? ""
        }
        return try CoverageReport(json: text, root: self.root)
    }

    /// Stops the instrumenter's thread once the work queued on it is done; later calls start it again.
    public func close() {
        // Under the lock that ``onEngine(_:)`` queues its work under: no work is queued on a stopped thread.
        loop.withLock { loop in
            guard let thread = loop else { return }
            if let engine = engine.withLock({ $0 }) { thread.execute { engine.value = nil } }
            thread.shutdown()
            loop = nil
            engine.withLock { $0 = nil }
        }
    }

    /// Runs `body` on the instrumenter's thread with the instrumenter (loaded on first use) and waits for it.
    private func onEngine<T: Sendable>(_ body: @escaping @Sendable (CoverageEngine) throws -> T) -> Result<T, any Error> {
        let outcome = Outcome<T>()
        loop.withLock { loop in
            let (thread, box) = engineThread(&loop)
            thread.execute {
                outcome.result = Result { try body(Self.engine(in: box)) }
                outcome.done.signal()
            }
        }
        outcome.done.wait()
        return outcome.result ?? .failure(CoverageError(message: "the instrumenter's thread stopped"))
    }

    /// The instrumenter in `box`, loaded on first use; throws ``CoverageError`` when it cannot be loaded (again on
    /// each call: the failure is kept).
    private static func engine(in box: LoopBoundBox<Result<CoverageEngine, CoverageError>?>) throws -> CoverageEngine {
        if box.value == nil {
            box.value = Result { try CoverageEngine() }.mapError { $0 as? CoverageError ?? CoverageError(message: "\($0)") }
        }
        return try box.value!.get()
    }

    /// The instrumenter's thread and its state, started if needed; called under the `loop` lock.
    private func engineThread(_ loop: inout EventLoopThread?) -> (EventLoopThread, LoopBoundBox<Result<CoverageEngine, CoverageError>?>) {
        if let thread = loop, let box = engine.withLock({ $0 }) { return (thread, box) }
        let thread = EventLoopThread(name: "hybrid.coverage")
        let box = LoopBoundBox<Result<CoverageEngine, CoverageError>?>(sending: nil, loop: thread)
        loop = thread
        engine.withLock { $0 = box }
        return (thread, box)
    }
}

/// A result handed from the instrumenter's thread to the thread waiting for it.
private final class Outcome<T>: @unchecked Sendable {
    // @unchecked: `result` is written on the instrumenter's thread before `done` is signalled and read after the
    // waiter wakes; the semaphore orders the two.
    var result: Result<T, any Error>?
    let done = DispatchSemaphore(value: 0)
}

/// The instrumenter could not be loaded: a Debian package is missing, or its files do not load.
public struct CoverageError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { "coverage: \(message)" }
}

/// The JavaScript side (`hybrid-coverage.js`) in a machine and context of its own. Instrumenter-thread only.
final class CoverageEngine {
    let machine: JSVirtualMachine
    let context: JSContext
    let api: JSValue

    init() throws {
        for (path, package) in [("/usr/share/nodejs/istanbul-lib-instrument", "node-istanbul"),
                                ("/usr/share/nodejs/@babel/standalone", "node-babel7-standalone")]
        where !FileManager.default.fileExists(atPath: path) {
            throw CoverageError(message: "install the Debian package \(package) (apt-get install \(package))")
        }
        machine = JSVirtualMachine(consoleSink: { _ in })
        context = JSContext(virtualMachine: machine)
        let require = try CommonJSModules.makeRequire(in: context, builtins: ["crypto", "path", "@babel/core", "node:process",
                                                                              "node:os", "node:tty"])
        let sha1 = JSValue(function: { args in CryptoNatives.sha1Hex(args.string(at: 0) ?? "") }, name: "sha1", in: context)
        api = try context.evaluate(HybridTestingScripts.coverage.script.get()).call(arguments: [require, sha1])
    }
}
