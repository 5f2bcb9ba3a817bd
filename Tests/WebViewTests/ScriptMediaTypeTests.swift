import Foundation
import JavaScript
import Testing
@testable import WebView

/// The media types a classic script and a classic worker are refused for, as WebKit refuses them (module scripts:
/// `ModuleTests.modulesAreRefusedUnlessServedAsJavaScriptOrJSON`). Values observed on WebKitGTK 2.50 with
/// `hybrid conform`.
@Suite struct ScriptMediaTypeTests {
    /// A classic `<script src>` runs whatever it is served as, except an image, audio, video or CSV, which fires
    /// `error` at the script and is reported.
    @Test func aClassicScriptServedAsAnImageOrCSVIsNotRun() async throws {
        let types = ["txt": "text/plain", "png": "image/png", "json": "application/json", "html": "text/html",
                     "css": "text/css", "csv": "text/csv", "mp4": "video/mp4"]
        let server = try await LoopbackServer { request in
            if request.path == "/" {
                return .text("<script>var seen = [];</script>" + types.keys.sorted().map { "<script src='/s.\($0)' onerror=\"seen.push('\($0) error')\"></script>" }
                    .joined(), headers: [("Content-Type", "text/html")])
            }
            let name = String(request.path.dropFirst(3))
            return .text("seen.push('\(name)');", headers: [("Content-Type", types[name] ?? "text/plain")])
        }
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/"))
        #expect(try await webView.evaluateJavaScript("seen") == ["css", "csv error", "html", "json", "mp4 error", "png error", "txt"])
        #expect(log.exceptions.map(\.message).filter { $0.contains("is not executable") }.count == 3, "\(log.exceptions)")
        await webView.close()
        await server.stop()
    }

    /// A classic worker's script fetched over HTTP must be served as JavaScript (else the worker fires `error`); one
    /// from a blob: URL runs whatever its type.
    @Test func aClassicWorkerOverHTTPMustBeServedAsJavaScript() async throws {
        let (webView, log, server) = try await workerPage { request in
            switch request.path {
            case "/w.txt": .text("postMessage('text ran');")
            case "/w.js": .text("postMessage('script ran');", headers: [("Content-Type", "application/javascript; charset=utf-8")])
            default: nil
            }
        }
        let out = try await runAsync(webView, """
            function run(url) {
              return new Promise(function (resolve) {
                var w = new Worker(url);
                w.onmessage = function (e) { resolve(e.data); };
                w.onerror = function (e) { resolve('error ' + e.constructor.name); };
              });
            }
            return [await run('/w.txt'), await run('/w.js'),
                    await run(URL.createObjectURL(new Blob(["postMessage('blob ran')"], { type: 'text/plain' })))];
            """)
        #expect(out == ["error Event", "script ran", "blob ran"])
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        await webView.close()
        await server.stop()
    }
}
