import Foundation
import JavaScript
import Testing
@testable import WebView

/// Dedicated workers: a context of their own on a runtime thread of their own, messages serialized across threads.
@Suite struct WorkerTests {
    private func page(_ scripts: [String: String]) async throws -> (HeadlessWebView, EventLog, LoopbackServer) {
        try await workerPage(scripts: scripts)
    }

    private func run(_ webView: HeadlessWebView, _ body: String) async throws -> JSONValue {
        try await runAsync(webView, body)
    }

    @Test func aWorkerComputesPrimesAndPostsThemBack() async throws {
        let (webView, log, server) = try await page(["/primes.js": """
            onmessage = function (e) {
              var primes = [];
              for (var n = 2; primes.length < e.data.count; n++) {
                var prime = true;
                for (var d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
                if (prime) primes.push(n);
              }
              postMessage({ primes: primes, last: primes[primes.length - 1] });
            };
            """])
        let out = try await run(webView, """
            var worker = new Worker('primes.js');
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage({ count: 1000 });
            var data = await reply;
            return [data.primes.length, data.primes.slice(0, 5), data.last, Object.prototype.toString.call(worker)];
            """)
        #expect(out == [1000, [2, 3, 5, 7, 11], 7919, "[object Worker]"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// Pages hash files and sign requests in workers (WebKit has `crypto` there): the worker's `crypto` is the page's
    /// libgcrypt-backed one, checked against the FIPS 180-2 "abc" vector and RFC 4231's HMAC-SHA-256 test case 2.
    @Test func aWorkerHashesAndSignsWithCryptoSubtle() async throws {
        let (webView, log, server) = try await page(["/hash.js": """
            onmessage = async function (e) {
              var bytes = new TextEncoder().encode(e.data);
              var hex = function (buffer) {
                return Array.from(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
              };
              var key = await crypto.subtle.importKey('raw', new TextEncoder().encode('Jefe'), { name: 'HMAC', hash: 'SHA-256' },
                                                      false, ['sign']);
              var mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('what do ya want for nothing?'));
              var refused = await crypto.subtle.digest('MD5', bytes).then(function () { return 'resolved'; },
                                                                          function (error) { return error.name; });
              postMessage({ digest: hex(await crypto.subtle.digest('SHA-256', bytes)), mac: hex(mac), refused: refused,
                            random: crypto.getRandomValues(new Uint8Array(16)).length, uuid: /^[0-9a-f-]{36}$/.test(crypto.randomUUID()),
                            tags: Object.prototype.toString.call(crypto) + Object.prototype.toString.call(key) });
            };
            """])
        let out = try await run(webView, """
            var worker = new Worker('hash.js');
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage('abc');
            var data = await reply;
            return [data.digest, data.mac, data.refused, data.random, data.uuid, data.tags];
            """)
        #expect(out == ["ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                        "NotSupportedError", 16, true, "[object Crypto][object CryptoKey]"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// What a worker's script posts as it starts reaches the page before the page counts as idle: `hybrid run` and
    /// the test API's waits used to end while the worker was still making its scope (the message came later or
    /// never). The scope's interfaces are WebKit's (observed on WebKitGTK 2.50): libraries such as axios tell a
    /// worker by `self instanceof WorkerGlobalScope`.
    @Test func aWorkersFirstMessagesArriveBeforeThePageIsIdleAndItsScopeIsAWorkerGlobalScope() async throws {
        let (webView, log, server) = try await page(["/early.js": """
            var illegal;
            try { new WorkerGlobalScope(); } catch (e) { illegal = e.name; }
            postMessage([self instanceof WorkerGlobalScope, self instanceof DedicatedWorkerGlobalScope,
                         Object.prototype.toString.call(self), origin === location.origin, isSecureContext, illegal]);
            reportError(new TypeError('reported'));
            postMessage('after');
            """])
        _ = try await webView.evaluateJavaScript("""
            var got = [], errors = [], worker = new Worker('/early.js');
            worker.onmessage = function (e) { got.push(e.data); };
            worker.onerror = function (e) { errors.push(e.message); };
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("[got, errors]")
                    == [[[true, true, "[object DedicatedWorkerGlobalScope]", true, true, "TypeError"], "after"],
                        ["TypeError: reported"]])
        #expect(log.exceptions.map(\.message) == ["reported"])
        await webView.close()
        await server.stop()
    }

    /// A worker has DOM's event classes and a constructible `EventTarget`, as in WebKit (values observed on WebKitGTK
    /// 2.50 with the same script): event buses and libraries in workers make and dispatch their own events; after a
    /// dispatch an event has no current target and no phase.
    @Test func aWorkerMakesAndDispatchesItsOwnEvents() async throws {
        let (webView, log, server) = try await page(["/events.js": """
            var out = [];
            var e = new Event('ping', { cancelable: true, bubbles: true });
            out.push([e.type, e.bubbles, e.cancelable, e.composed, e.defaultPrevented, e.isTrusted, e.eventPhase, e.target,
                      Object.prototype.toString.call(e)]);
            var t = new EventTarget(), seen = [];
            t.addEventListener('ping', function (ev) { seen.push('a:' + (ev.target === t) + ev.eventPhase); ev.preventDefault(); ev.stopImmediatePropagation(); });
            t.addEventListener('ping', function () { seen.push('b'); });
            out.push([t.dispatchEvent(e), e.defaultPrevented, seen, e.eventPhase, e.currentTarget === null, e.target === t]);
            var c = new CustomEvent('c', { detail: { n: 1 } }), m = new MessageEvent('message', { data: 5 });
            var er = new ErrorEvent('error', { message: 'x', lineno: 3 });
            out.push([c.detail, c instanceof Event, Object.prototype.toString.call(c), m.data, m.origin, m.ports, er.message, er.lineno, er.colno, er.error]);
            out.push([self instanceof EventTarget, Event.AT_TARGET]);
            try { new Event(); } catch (err) { out.push(err.name + ': ' + err.message); }
            self.addEventListener('custom', function (ev) { out.push('self got ' + ev.type + ' ' + (ev.target === self)); });
            self.dispatchEvent(new Event('custom'));
            var controller = new AbortController();
            controller.signal.addEventListener('abort', function (ev) { out.push(['abort', ev instanceof Event, ev.isTrusted]); });
            controller.abort();
            onmessage = function (ev) { out.push([ev instanceof MessageEvent, ev.isTrusted, ev.data]); postMessage(out); };
            """])
        let out = try await run(webView, """
            var worker = new Worker('/events.js');
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage('hi');
            return await reply;
            """)
        #expect(out == [["ping", true, true, false, false, false, 0, nil, "[object Event]"],
                        [false, true, ["a:true2"], 0, true, true],
                        [["n": 1], true, "[object CustomEvent]", 5, "", [], "x", 3, 0, nil],
                        [true, 2],
                        "TypeError: Not enough arguments",
                        "self got custom true",
                        ["abort", true, true],
                        [true, true, "hi"]])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// `FileReaderSync`, which only workers have (upload workers read file slices with it to hash them): each read
    /// at once, with WebKit's values and words (observed on WebKitGTK 2.50 with the same script).
    @Test func aWorkerReadsBlobsWithFileReaderSync() async throws {
        let (webView, log, server) = try await page(["/read.js": """
            var r = new FileReaderSync(), b = new Blob(['héllo'], { type: 'text/plain' }), out = [];
            out.push(new Uint8Array(r.readAsArrayBuffer(b)).length, r.readAsText(b), r.readAsDataURL(b),
                     r.readAsBinaryString(new Blob([new Uint8Array([0, 255])])).length,
                     r.readAsText(new Blob([new Uint8Array([0xe9])]), 'latin1'), r.readAsDataURL(new Blob([])),
                     Object.prototype.toString.call(r));
            try { r.readAsText('x'); } catch (e) { out.push(e.name + ': ' + e.message); }
            postMessage(out);
            """])
        let out = try await run(webView, """
            var worker = new Worker('/read.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == [6, "héllo", "data:text/plain;base64,aMOpbGxv", 2, "é", "data:application/octet-stream;base64,",
                        "[object FileReaderSync]", "TypeError: Argument 1 ('blob') to FileReaderSync.readAsText must be an instance of Blob"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// A worker's performance timeline (User Timing, `PerformanceObserver`), as WebKit's workers have it (values
    /// observed on WebKitGTK 2.50 with the same script): no navigation entry, the page's words for errors.
    @Test func aWorkerMarksMeasuresAndObservesItsTimeline() async throws {
        let (webView, log, server) = try await page(["/timeline.js": """
            var out = [Object.prototype.toString.call(performance)];
            performance.mark('a', { detail: { x: 1 } });
            var m = performance.measure('m', 'a');
            out.push([m.entryType, m.name, typeof m.duration, performance.getEntriesByType('mark').map(function (e) { return e.name + ':' + JSON.stringify(e.detail); })]);
            out.push(performance.getEntries().map(function (e) { return e.entryType; }), performance.getEntriesByType('navigation').length);
            new PerformanceObserver(function (list) { out.push(list.getEntries().map(function (e) { return e.name; })); postMessage(out); }).observe({ type: 'mark' });
            performance.mark('b');
            performance.clearMarks();
            out.push(performance.getEntriesByType('mark').length);
            try { performance.measure('bad', 'nosuch'); } catch (e) { out.push(e.name + ': ' + e.message); }
            """])
        let out = try await run(webView, """
            var worker = new Worker('/timeline.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == ["[object Performance]", ["measure", "m", "number", ["a:{\"x\":1}"]], ["mark", "measure"], 0, 0,
                        "SyntaxError: No mark named 'nosuch' exists", ["b"]])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func theWorkerScopeHasItsGlobals() async throws {
        let (webView, _, server) = try await page(["/scope.js": """
            postMessage({
              self: self === globalThis, name: name, href: location.href, path: location.pathname,
              location: Object.prototype.toString.call(location), agent: navigator.userAgent.length > 0,
              window: typeof window, document: typeof document, fetch: typeof fetch,
              timers: typeof setTimeout + typeof setInterval, clone: structuredClone(new Map([[1, 2]])).get(1),
              text: new TextDecoder().decode(new TextEncoder().encode('héllo')), base64: btoa('hi') + atob('aGk='),
              channel: typeof MessageChannel
            });
            """])
        let out = try await run(webView, """
            var worker = new Worker('/scope.js', { name: 'calc' });
            var data = await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            return [data.self, data.name, data.href === location.origin + '/scope.js', data.path, data.location, data.agent,
                    data.window, data.document, data.fetch, data.timers, data.clone, data.text, data.base64, data.channel];
            """)
        #expect(out == [true, "calc", true, "/scope.js", "[object WorkerLocation]", true, "undefined", "undefined", "function",
                        "functionfunction", 2, "héllo", "aGk=hi", "function"])
        await webView.close()
        await server.stop()
    }

    @Test func messagesCrossThreadsAsStructuredClones() async throws {
        let (webView, log, server) = try await page(["/echo.js": "onmessage = function (e) { postMessage(e.data); };"])
        let out = try await run(webView, """
            var worker = new Worker('echo.js');
            var buffer = new Uint8Array([1, 2, 3, 4]).buffer;
            var shared = { n: 1 };
            var value = { map: new Map([['k', shared]]), set: new Set([shared]), date: new Date(86400000), re: /a+/gi,
                          bytes: new Uint16Array(buffer, 2, 1), buffer: buffer, special: [NaN, -0, Infinity, undefined, 10n],
                          boxed: Object('s'), error: new RangeError('far'), nested: { deep: [shared] } };
            value.self = value;
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage(value, [buffer]);
            var detached = buffer.byteLength;
            var c = await reply;
            return [detached, c.map.get('k') === c.nested.deep[0], c.set.has(c.nested.deep[0]), c.date.getTime(),
                    c.re.source + '/' + c.re.flags, c.bytes instanceof Uint16Array, c.bytes.buffer === c.buffer,
                    Array.from(new Uint8Array(c.buffer)), c.bytes[0], Number.isNaN(c.special[0]), Object.is(c.special[1], -0),
                    c.special[2], c.special.length, 3 in c.special, c.special[4] === 10n, c.boxed instanceof String,
                    c.error instanceof RangeError, c.error.message, c.self === c];
            """)
        #expect(out == [0, true, true, 86400000, "a+/gi", true, true, [1, 2, 3, 4], 1027, true, true, .null, 5, true, true, true,
                        true, "far", true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func blobsAndFilesMakeARoundTripThroughAWorker() async throws {
        let (webView, log, server) = try await page(["/blobs.js": """
            onmessage = async function (e) {
              var file = e.data.file, blob = e.data.blob;
              postMessage({ echo: e.data, seen: [file instanceof File, file.name, file.type, file.lastModified, await file.text(),
                                                 blob instanceof Blob, blob.size, blob.type],
                            made: new File([new Uint8Array([104, 105])], 'hi.txt', { type: 'text/plain', lastModified: 7 }) });
            };
            """])
        let out = try await run(webView, """
            var worker = new Worker('blobs.js');
            var file = new File(['{"a":1}'], 'data.json', { type: 'application/json', lastModified: 1234 });
            var blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' });
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage({ file: file, blob: blob, again: file });
            var data = await reply, echo = data.echo;
            return [data.seen, echo.file instanceof File, echo.file.name, echo.again === echo.file, await echo.file.text(),
                    Array.from(new Uint8Array(await echo.blob.arrayBuffer())), echo.blob.type, data.made.name, await data.made.text(),
                    data.made.lastModified];
            """)
        #expect(out == [[true, "data.json", "application/json", 1234, "{\"a\":1}", true, 3, "application/octet-stream"],
                        true, "data.json", true, "{\"a\":1}", [1, 2, 3], "application/octet-stream", "hi.txt", "hi", 7])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func uncloneableMessagesAndBadOptionsThrowAtOnce() async throws {
        let (webView, _, server) = try await page(["/echo.js": "onmessage = function (e) { postMessage(e.data); };"])
        let out = try await run(webView, """
            var worker = new Worker('echo.js'), out = [];
            function attempt(f) { try { f(); out.push('no error'); } catch (e) { out.push(e.name); } }
            attempt(function () { worker.postMessage(function f() {}); });
            attempt(function () { worker.postMessage({ node: document.body }); });
            attempt(function () { worker.postMessage(new MessageChannel().port1); });
            attempt(function () { new Worker('echo.js', { type: 'module' }); });
            attempt(function () { new Worker('echo.js', { type: 'shared' }); });
            attempt(function () { new Worker('https://elsewhere.test/echo.js'); });
            attempt(function () { worker.postMessage(); });
            worker.terminate();
            attempt(function () { worker.postMessage('after terminate'); });
            return out;
            """)
        // A port not transferred is a TypeError (observed on WebKitGTK 2.50).
        #expect(out == ["DataCloneError", "DataCloneError", "TypeError", "no error", "TypeError", "SecurityError",
                        "TypeError", "no error"])
        await webView.close()
        await server.stop()
    }

    @Test func aWorkerRunsFromABlobURLOfThePage() async throws {
        let (webView, _, server) = try await page([:])
        let out = try await run(webView, """
            var url = URL.createObjectURL(new Blob(['onmessage = function (e) { postMessage([e.data * 2, location.protocol, location.origin]); };'],
                                                   { type: 'text/javascript' }));
            var worker = new Worker(url);
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage(21);
            var data = await reply;
            URL.revokeObjectURL(url);
            var revoked = new Worker(url);
            var event = await new Promise(function (resolve) { revoked.onerror = resolve; });
            return [data[0], data[1], data[2] === location.origin, event.type];
            """)
        #expect(out == [42, "blob:", true, "error"])
        await webView.close()
        await server.stop()
    }

    @Test func aScriptThatCannotBeFetchedFiresErrorOnTheWorker() async throws {
        let (webView, _, server) = try await page([:])
        let out = try await run(webView, """
            var worker = new Worker('missing.js');
            var event = await new Promise(function (resolve) { worker.onerror = resolve; });
            return [event.type, event instanceof ErrorEvent];
            """)
        #expect(out == ["error", false])
        await webView.close()
        await server.stop()
    }

    @Test func anUncaughtErrorBecomesAnErrorEventAndReachesThePageUnlessPrevented() async throws {
        let (webView, log, server) = try await page([
            "/throws.js": "var x = 1;\nonmessage = function (e) {\n  throw new TypeError('bad ' + e.data);\n};\n",
        ])
        let out = try await run(webView, """
            var worker = new Worker('throws.js'), seen = [];
            function next(prevent) {
              return new Promise(function (resolve) {
                worker.onerror = function (e) { if (prevent) e.preventDefault(); seen.push(e); resolve(e); };
              });
            }
            var first = next(true);
            worker.postMessage('one');
            var e = await first;
            var second = next(false);
            worker.postMessage('two');
            await second;
            return [e instanceof ErrorEvent, e.message, e.filename === location.origin + '/throws.js', e.lineno, seen.length];
            """)
        #expect(out == [true, "TypeError: bad one", true, 3, 2])
        // The first was prevented; the second reaches the page's error log.
        #expect(log.exceptions.map(\.message) == ["bad two"])
        await webView.close()
        await server.stop()
    }

    @Test func importScriptsRunsScriptsAndAMissingOneThrowsNetworkError() async throws {
        let (webView, _, server) = try await page([
            "/lib.js": "function double(n) { return n * 2; }",
            "/main.js": """
                importScripts('lib.js');
                var failure;
                try { importScripts('/missing.js'); } catch (e) { failure = e.name; }
                postMessage([double(21), failure]);
                """,
        ])
        let out = try await run(webView, """
            var worker = new Worker('main.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == [42, "NetworkError"])
        await webView.close()
        await server.stop()
    }

    @Test func consoleInAWorkerGoesToThePageLog() async throws {
        let (webView, log, server) = try await page(["/log.js": "console.log('from the worker', 42); postMessage('done');"])
        _ = try await run(webView, """
            var worker = new Worker('log.js');
            await new Promise(function (resolve) { worker.onmessage = resolve; });
            """)
        #expect(log.consoleLines.contains { $0.contains("from the worker 42") })
        await webView.close()
        await server.stop()
    }

    @Test func terminateStopsAnEndlessLoopAndClosingThePageStopsItsWorkers() async throws {
        let (webView, _, server) = try await page([
            "/spin.js": "onmessage = function () { postMessage('spinning'); for (;;) {} };",
            "/idle.js": "postMessage('ready');",
        ])
        _ = try await run(webView, """
            window.spinner = new Worker('spin.js');
            var started = new Promise(function (resolve) { spinner.onmessage = resolve; });
            spinner.postMessage('go');
            await started;
            window.idle = new Worker('idle.js');
            await new Promise(function (resolve) { idle.onmessage = resolve; });
            """)
        let endpoints = try await webView.withDocument { document in
            document.workers.keys.sorted().compactMap { document.workers[$0]?.endpoint }
        } ?? []
        #expect(endpoints.count == 2)
        guard endpoints.count == 2 else { return }
        _ = try await webView.evaluateJavaScript("spinner.terminate()")
        // The worker's runtime answers again only once the endless loop stopped; then it is shut down.
        await #expect(throws: JSException.self) { try await endpoints[0].runtime.evaluate("1") }
        #expect(try await webView.withDocument { $0.workers.count } == 1)
        await webView.close()
        #expect(endpoints[1].isTerminated)
        await #expect(throws: JSException.self) { try await endpoints[1].runtime.evaluate("1") }
        await server.stop()
    }

    @Test func aWorkerThatClosesItselfSendsNothingMore() async throws {
        let (webView, _, server) = try await page(["/once.js": """
            onmessage = function (e) { postMessage('first'); close(); postMessage('after close'); };
            """])
        _ = try await webView.evaluateJavaScript("""
            var worker = new Worker('once.js'), got = [];
            worker.onmessage = function (e) { got.push(e.data); };
            worker.postMessage('go');
            """)
        // The page stays busy until the worker handled 'go' (and until what it posted meanwhile was delivered).
        #expect(await webView.runUntilIdle(timeout: .seconds(900)) == .idle)
        #expect(try await webView.evaluateJavaScript("got") == ["first"])
        #expect(try await webView.withDocument { $0.workers.count } == 0)
        await webView.close()
        await server.stop()
    }
}

/// A page at `/index.html` of a loopback server whose other paths `respond` answers (nil: a 404), for the worker suites.
func workerPage(_ respond: @escaping @Sendable (TestRequest) -> TestResponse?) async throws -> (HeadlessWebView, EventLog, LoopbackServer) {
    let server = try await LoopbackServer { request in
        if request.path == "/index.html" {
            return TestResponse(contentType: "text/html; charset=utf-8", body: Array("<!doctype html><body></body>".utf8))
        }
        return respond(request) ?? TestResponse(status: 404, contentType: "text/plain", body: Array("no".utf8))
    }
    let (webView, log) = makeWebView()
    try await webView.load(server.url("/index.html"))
    return (webView, log, server)
}

/// A page as ``workerPage(_:)`` whose server also serves `scripts` (path → text) as JavaScript, `.json` paths as JSON.
func workerPage(scripts: [String: String]) async throws -> (HeadlessWebView, EventLog, LoopbackServer) {
    try await workerPage { request in
        scripts[request.path].map { script in
            TestResponse(contentType: request.path.hasSuffix(".json") ? "application/json" : "text/javascript", body: Array(script.utf8))
        }
    }
}

/// Runs `body` as an async function's body in the page and returns what it returns.
func runAsync(_ webView: HeadlessWebView, _ body: String) async throws -> JSONValue {
    try await webView.callAsyncJavaScript("(async function () {\n\(body)\n})()")
}
