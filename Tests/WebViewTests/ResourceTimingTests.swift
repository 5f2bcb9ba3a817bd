import FixtureServer
import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Resource Timing: `PerformanceResourceTiming` entries for what a page loads (fetch, XHR, images, stylesheets),
/// recorded in Swift as loads end and made into entries when the page reads or observes them.
@Suite struct ResourceTimingTests {
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/missing": return .text("gone", status: 404)
            default: return .text("body of \(request.path)")
            }
        }
    }

    @Test func fetchAndXHRMakeEntriesThatObserversAndTheBufferSee() async throws {
        let server = try await makeServer()
        let gone = try ClosedPort()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = { observed: [] };
            new PerformanceObserver(function (list) {
              list.getEntries().forEach(function (e) { out.observed.push(e.initiatorType + ' ' + new URL(e.name).pathname); });
            }).observe({ type: 'resource' });
            out.supported = PerformanceObserver.supportedEntryTypes.indexOf('resource') >= 0;
            var x = new XMLHttpRequest();
            x.open('GET', '/xhr'); x.send();
            var failed = new XMLHttpRequest();
            failed.open('GET', 'http://127.0.0.1:\(gone.port)/refused'); failed.send();
            Promise.all([fetch('/fetched').then(function (r) { return r.text(); }), fetch('/missing').then(function (r) { return r.text(); })]).then(function () {
              var sync = new XMLHttpRequest(); sync.open('GET', '/sync', false); sync.send();
              var list = performance.getEntriesByType('resource');
              out.entries = list.map(function (e) {
                return [e.initiatorType, new URL(e.name).pathname, e.entryType, e.decodedBodySize, e.encodedBodySize,
                        e.transferSize, e.nextHopProtocol, e.startTime > 0, e.responseEnd >= e.startTime,
                        e.duration === e.responseEnd - e.startTime, e instanceof PerformanceResourceTiming];
              }).sort();
              out.byName = performance.getEntriesByName(list[0].name).length;
              out.json = Object.keys(list[0].toJSON()).indexOf('decodedBodySize') >= 0;
              performance.clearResourceTimings();
              out.cleared = performance.getEntriesByType('resource').length;
              performance.setResourceTimingBufferSize(1);
              function read(r) { return r.text(); }
              return Promise.all([fetch('/one').then(read), fetch('/two').then(read)]);
            }).then(function () {
              out.afterLimit = performance.getEntriesByType('resource').length;
              // Observers hear of entries in a task of their own (which does not keep the page busy): look after it.
              setTimeout(function () { out.heard = out.observed.join(); }, 0);
            });
            """)
        #expect(errors.isEmpty)
        #expect(out.contains(#""supported":true"#))
        #expect(out.contains(#""entries":[["fetch","/fetched","resource",16,16,316,"http/1.1",true,true,true,true],["# +
                             #""fetch","/missing","resource",4,4,304,"http/1.1",true,true,true,true],["# +
                             #""xmlhttprequest","/sync","resource",13,13,313,"http/1.1",true,true,true,true],["# +
                             #""xmlhttprequest","/xhr","resource",12,12,312,"http/1.1",true,true,true,true]]"#))
        #expect(out.contains(#""byName":1,"json":true,"cleared":0"#))
        #expect(out.contains(#""afterLimit":1"#))
        // The observer saw each load once, in the order the loads ended, sync request included.
        let observed = out.split(separator: "\"heard\":\"").last?.split(separator: "\"").first.map(String.init) ?? ""
        for name in ["xmlhttprequest /xhr", "fetch /fetched", "fetch /missing", "xmlhttprequest /sync"] {
            #expect(observed.components(separatedBy: name).count == 2, "\(name) in \(observed)")
        }
        #expect(!observed.contains("refused"))
        await server.stop()
    }

    @Test func aPageRecordsItsScriptsImagesAndStylesheetsAndABufferedObserverSeesThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("body { color: red }".utf8).write(to: folder.appendingPathComponent("style.css"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("pic.png"))
        try Data("window.app = 1;".utf8).write(to: folder.appendingPathComponent("app.js"))
        try Data("""
            <!DOCTYPE html><link rel="stylesheet" href="style.css"><img src="pic.png">
            <script src="app.js"></script>
            <script>window.addEventListener('load', function () {
              new PerformanceObserver(function (list) {
                window.seen = list.getEntries().map(function (e) { return e.initiatorType + ' ' + e.name.split('/').pop(); }).sort();
              }).observe({ type: 'resource', buffered: true });
            });</script>
            """.utf8).write(to: folder.appendingPathComponent("index.html"))
        let server = FixtureServer(root: folder.path)
        let base = try await server.start()
        let (webView, log) = makeWebView()
        try await webView.load(URL(string: base + "index.html")!)
        _ = await webView.runUntilIdle(timeout: .generous)
        let seen = try await webView.evaluateJavaScript("window.seen")
        #expect(seen == ["img pic.png", "link style.css", "script app.js"])
        let sizes = try await webView.evaluateJavaScript("""
            performance.getEntriesByType('resource').map(function (e) { return e.decodedBodySize; }).sort(function (a, b) { return a - b; })
            """)
        #expect(sizes == [4, 15, 19])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
