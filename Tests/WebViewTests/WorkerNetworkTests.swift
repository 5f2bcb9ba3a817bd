import Foundation
import JavaScript
import Testing
@testable import WebView

/// `fetch` and `XMLHttpRequest` inside dedicated workers: through the page's network stack, the worker's URL as base.
@Suite struct WorkerNetworkTests {
    /// A page whose server answers `routes` (path → response) and `/echo` (the request's method, body and cookie).
    private func page(_ routes: [String: TestResponse]) async throws -> (HeadlessWebView, EventLog, LoopbackServer) {
        try await workerPage { request in
            if request.path == "/echo" {
                return .json("{\"method\":\"\(request.method)\",\"body\":\"\(request.text)\",\"cookie\":\"\(request.headers["cookie"] ?? "")\"}")
            }
            return routes[request.path]
        }
    }

    private static func script(_ text: String) -> TestResponse {
        TestResponse(contentType: "text/javascript", body: Array(text.utf8))
    }

    private func run(_ webView: HeadlessWebView, _ body: String) async throws -> JSONValue {
        try await runAsync(webView, body)
    }

    @Test func aWorkerFetchesThroughThePagesNetworkWithItsURLAsBase() async throws {
        let (webView, log, server) = try await page([
            "/w/data.json": .json("{\"answer\": 42}"),
            "/w/fetcher.js": Self.script("""
                onmessage = async function () {
                  var out = [typeof Headers, typeof Request, typeof Response, typeof AbortController, typeof XMLHttpRequest];
                  var response = await fetch('data.json');
                  out.push(response.status, response.url === location.origin + '/w/data.json', (await response.json()).answer);
                  var posted = await fetch('/echo', { method: 'POST', body: 'hi' });
                  var echo = await posted.json();
                  out.push(echo.method, echo.body, echo.cookie);
                  var missing = await fetch('nothing-here');
                  out.push(missing.status, missing.ok);
                  try { await fetch('http://127.0.0.1:1/refused'); out.push('no error'); } catch (e) { out.push(e.name); }
                  postMessage(out);
                };
                """),
        ])
        let out = try await run(webView, """
            document.cookie = 'flavour=plain';
            var worker = new Worker('/w/fetcher.js');
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage('go');
            return await reply;
            """)
        #expect(out == ["function", "function", "function", "function", "function", 200, true, 42, "POST", "hi", "flavour=plain",
                        404, false, "TypeError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func xmlHttpRequestInAWorkerFiresItsEventsAndReadsJSON() async throws {
        let (webView, _, server) = try await page([
            "/data.json": .json("[1, 2, 3]"),
            "/xhr.js": Self.script("""
                var xhr = new XMLHttpRequest(), events = [];
                xhr.onreadystatechange = function () { events.push(xhr.readyState); };
                xhr.onload = function () {
                  postMessage([events, xhr.status, xhr.response, xhr.getResponseHeader('content-type')]);
                };
                xhr.open('GET', 'data.json');
                xhr.responseType = 'json';
                xhr.send();
                """),
        ])
        let out = try await run(webView, """
            var worker = new Worker('xhr.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == [[1, 2, 3, 4], 200, [1, 2, 3], "application/json"])
        await webView.close()
        await server.stop()
    }

    /// A synchronous `XMLHttpRequest` in a worker (browsers allow it there): the worker's script waits for the result
    /// through the page's network while its timers wait too; failures throw as on a page.
    @Test func aSynchronousXMLHttpRequestInAWorkerWaitsForItsResult() async throws {
        let (webView, log, server) = try await page([
            "/data.json": .json("[1, 2, 3]"),
            "/sync.js": Self.script("""
                var order = [];
                setTimeout(function () { order.push('timer'); }, 0);
                function get(method, url, body) {
                  var xhr = new XMLHttpRequest();
                  xhr.open(method, url, false);
                  xhr.send(body);
                  return xhr;
                }
                var first = get('GET', 'data.json');
                order.push([first.readyState, first.status, first.responseText, first.getResponseHeader('content-type')]);
                order.push(JSON.parse(get('POST', '/echo', 'hi').responseText).body, get('GET', 'nothing').status);
                try { get('GET', 'http://127.0.0.1:1/refused'); order.push('no error'); } catch (e) { order.push(e.name); }
                setTimeout(function () { postMessage(order); }, 0);
                """),
        ])
        let out = try await run(webView, """
            var worker = new Worker('sync.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == [[4, 200, "[1, 2, 3]", "application/json"], "hi", 404, "NetworkError", "timer"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// `terminate()` while the worker waits for a synchronous request that never ends: the wait ends, the request is
    /// cancelled and the page is idle again.
    @Test func terminatingAWorkerThatWaitsForASynchronousRequest() async throws {
        var hang = TestResponse.text("")
        hang.hang = true
        let (webView, log, server) = try await page([
            "/hang": hang,
            "/waits.js": Self.script("postMessage('waiting'); var x = new XMLHttpRequest(); x.open('GET', '/hang', false); x.send(); postMessage('after');"),
        ])
        let out = try await run(webView, """
            var worker = new Worker('waits.js'), seen = window.seen = [];
            worker.onmessage = function (e) { seen.push(e.data); };
            await new Promise(function (resolve) { worker.addEventListener('message', resolve); });
            worker.terminate();
            return seen;
            """)
        #expect(out == ["waiting"])
        _ = await webView.runUntilIdle()
        #expect(try await webView.evaluateJavaScript("seen") == ["waiting"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func anAbortedFetchRejectsAndTerminatingMidFetchLeavesThePageIdle() async throws {
        let (webView, _, server) = try await page([
            "/hang": .hanging,
            "/abort.js": Self.script("""
                var controller = new AbortController();
                fetch('/hang', { signal: controller.signal }).then(function () { postMessage('resolved'); },
                                                                   function (e) { postMessage(e.name); });
                setTimeout(function () { controller.abort(); }, 0);
                """),
            "/stuck.js": Self.script("fetch('/hang').then(function () { postMessage('resolved'); }); postMessage('fetching');"),
        ])
        let aborted = try await run(webView, """
            var worker = new Worker('abort.js');
            var name = await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.terminate();
            return name;
            """)
        #expect(aborted == "AbortError")
        _ = try await run(webView, """
            window.stuck = new Worker('stuck.js'), window.got = [];
            await new Promise(function (resolve) { stuck.onmessage = function (e) { got.push(e.data); resolve(); }; });
            """)
        // The worker's request keeps the page busy; terminating the worker cancels it.
        #expect(await webView.runUntilIdle(timeout: .milliseconds(200)) == .timedOut)
        _ = try await webView.evaluateJavaScript("stuck.terminate()")
        #expect(await webView.runUntilIdle(timeout: .seconds(900)) == .idle)
        #expect(try await webView.evaluateJavaScript("got") == ["fetching"])
        #expect(try await webView.withDocument { $0.workers.count } == 0)
        await webView.close()
        await server.stop()
    }

    @Test func blobsWorkInsideAWorker() async throws {
        let (webView, _, server) = try await page([
            "/blob.js": Self.script("""
                var blob = new Blob(['héllo ', new Uint8Array([119, 111, 114, 108, 100])], { type: 'text/plain' });
                blob.slice(0, 6).text().then(function (head) {
                  return new Response(blob).text().then(function (all) { postMessage([blob.size, blob.type, head, all]); });
                });
                """),
        ])
        let out = try await run(webView, """
            var worker = new Worker('blob.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == [12, "text/plain", "héllo", "héllo world"])
        await webView.close()
        await server.stop()
    }
}
