import BenchmarkSupport
internal import CJavaScriptCore
import Foundation
import Hybrid

// The web platform's cost per page: installing it into a new context, the first use of the lazily loaded
// libraries (core-js URL, whatwg-fetch), and a fetch of a local file through XMLHttpRequest, WebSession and
// GIO. Each against a baseline from the same run: a bare context, the installed platform, and Foundation
// reading the same file.

/// A page stand-in: what the platform needs from a page.
final class BenchHost: WebPlatformHost {
    let documentURL: URL
    let session: WebSession
    let sessionStorage = WebStorageArea()
    let runtime: JavaScriptRuntime
    init(url: URL, session: WebSession, runtime: JavaScriptRuntime) {
        documentURL = url
        self.session = session
        self.runtime = runtime
    }
    func beginWork() -> WorkToken { runtime.beginWork() }
    func report(_ error: JSException) { print("page error: \(error)") }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-bench-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let dataFile = folder.appendingPathComponent("data.json")
try #"{"items":[1,2,3],"name":"benchmark"}"#.write(to: dataFile, atomically: true, encoding: .utf8)
let pageURL = folder.appendingPathComponent("index.html")

let runtime = JavaScriptRuntime()
try await runtime.perform { runtime in
    let session = WebSession(loop: runtime.loop)
    let host = BenchHost(url: pageURL, session: session, runtime: runtime)
    let pages = 50

    func page(_ runtime: isolated JavaScriptRuntime) -> JSContext {
        let context = runtime.makeContext()
        context.evaluateScript("globalThis.document = {}; globalThis.window = globalThis;")
        return context
    }

    printReportHeader("Per page: installing the platform and first use of its libraries")
    let bare = measure("a new context (document stub)", operations: pages) { for _ in 0..<pages { _ = page(runtime) } }
    let installed = measure("new context + WebPlatform.install", operations: pages) {
        for _ in 0..<pages { WebPlatform.install(in: page(runtime), host: host) }
    }
    report(installed, against: bare)
    let url = try measure("... + first `new URL()` (core-js)", operations: pages) {
        for _ in 0..<pages {
            let context = page(runtime)
            WebPlatform.install(in: context, host: host)
            try context.evaluate("new URL('a?b=1', 'http://example.test/').href")
        }
    }
    report(url, against: installed)
    let fetch = try measure("... + first `typeof fetch` (whatwg-fetch)", operations: pages) {
        for _ in 0..<pages {
            let context = page(runtime)
            WebPlatform.install(in: context, host: host)
            try context.evaluate("typeof fetch")
        }
    }
    report(fetch, against: installed)

    printReportHeader("A fetch of a local JSON file, per request (one page, one request at a time)")
    let context = page(runtime)
    WebPlatform.install(in: context, host: host)
    try context.evaluate("var done = 0; function next() { fetch('data.json').then(r => r.json()).then(j => { done += j.items.length; }); }")
    let requests = 200
    let fetched = try measure("fetch + json() through XHR, WebSession, GIO", operations: requests) {
        for _ in 0..<requests {
            let before = try context.evaluate("done").toDouble()
            try context.evaluate("next()")
            // On the runtime thread, its loop's main context is the thread-default one.
            while try context.evaluate("done").toDouble() == before { g_main_context_iteration(g_main_context_get_thread_default(), 1) }
        }
    }
    let foundation = measure("Foundation Data(contentsOf:) + JSONSerialization", operations: requests) {
        for _ in 0..<requests { _ = try? JSONSerialization.jsonObject(with: Data(contentsOf: dataFile)) }
    }
    report(fetched, against: foundation)
}
await runtime.shutdown()
