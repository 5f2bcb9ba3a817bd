import Foundation
import JavaScript
import Testing
@testable import WebView

/// Module workers (`new Worker(url, {type: 'module'})`) and `import()` in workers, on the page's module machinery.
@Suite struct ModuleWorkerTests {
    @Test func aModuleWorkerImportsStaticallyAndDynamically() async throws {
        let (webView, log, server) = try await workerPage(scripts: [
            "/lib/math.js": "export let count = 0;\nexport function bump() { count++; }\nexport default function double(n) { return n * 2; }",
            "/lib/config.json": "{\"scale\": 3}",
            "/lib/lazy.js": "import { bump } from './math.js';\nbump();\nexport const lazy = 'loaded';",
            "/workers/main.js": """
                import double, { count, bump } from '../lib/math.js';
                import config from '../lib/config.json' with { type: 'json' };
                bump();
                const seenCount = count;
                let importScriptsError;
                try { importScripts('x.js'); } catch (e) { importScriptsError = e.name; }
                onmessage = async (e) => {
                  const { lazy } = await import('../lib/lazy.js');
                  const math = await import('../lib/math.js');
                  postMessage([double(e.data), config.scale, seenCount, math.count, lazy, importScriptsError,
                               import.meta.url === location.href, typeof self.document]);
                };
                """,
        ])
        let out = try await runAsync(webView, """
            var worker = new Worker('/workers/main.js', { type: 'module' });
            var reply = new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            worker.postMessage(21);   // waits until the module graph ran
            return await reply;
            """)
        #expect(out == [42, 3, 1, 2, "loaded", "TypeError", true, "undefined"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// A module worker from a blob: URL runs the blob (untyped, as WebKit runs it), and a module worker's own script
    /// served as text runs while a module it imports served as text fails it: WebKit checks the media type of a module
    /// worker's imports only (observed on WebKitGTK 2.50).
    @Test func aModuleWorkersOwnScriptIsNotTypeCheckedButItsImportsAre() async throws {
        let (webView, log, server) = try await workerPage { request in
            switch request.path {
            case "/own.txt": .text("postMessage('own text ran');")
            case "/imports.js": .text("import './dep.txt'; postMessage('imported text');", headers: [("Content-Type", "text/javascript")])
            case "/dep.txt": .text("export {};")
            default: nil
            }
        }
        let out = try await runAsync(webView, """
            function run(url) {
              return new Promise(function (resolve) {
                var w = new Worker(url, { type: 'module' });
                w.onmessage = function (e) { resolve(e.data); };
                w.onerror = function (e) { e.preventDefault(); resolve('error'); };
              });
            }
            return [await run(URL.createObjectURL(new Blob(['postMessage("blob module ran")']))), await run('/own.txt'),
                    await run('/imports.js')];
            """)
        #expect(out == ["blob module ran", "own text ran", "error"])
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        await webView.close()
        await server.stop()
    }

    @Test func aMissingModuleFiresErrorOnTheWorkerAndAThrowingOneAnErrorEvent() async throws {
        let (webView, log, server) = try await workerPage(scripts: [
            "/imports-missing.js": "import { x } from './nowhere.js';\npostMessage(x);",
            "/throws.js": "export const a = 1;\nthrow new RangeError('module boom');",
        ])
        let out = try await runAsync(webView, """
            var missing = new Worker('/imports-missing.js', { type: 'module' });
            var first = await new Promise(function (resolve) { missing.onerror = resolve; missing.onmessage = resolve; });
            var throwing = new Worker('/throws.js', { type: 'module' });
            var second = await new Promise(function (resolve) { throwing.onerror = function (e) { e.preventDefault(); resolve(e); }; });
            return [first.type, first instanceof ErrorEvent, second instanceof ErrorEvent, second.message,
                    second.filename === location.origin + '/throws.js', second.lineno];
            """)
        #expect(out == ["error", false, true, "RangeError: module boom", true, 2])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func aClassicWorkerCanImportModules() async throws {
        let (webView, _, server) = try await workerPage(scripts: [
            "/mod.js": "export const answer = 42;",
            "/classic.js": "import('./mod.js').then(function (m) { postMessage(m.answer); }, function (e) { postMessage(String(e)); });",
        ])
        let out = try await runAsync(webView, """
            var worker = new Worker('classic.js');
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        #expect(out == 42)
        await webView.close()
        await server.stop()
    }

    @Test func terminatingAModuleWorkerWhileAnImportHangsLeavesThePageIdle() async throws {
        let (webView, _, server) = try await workerPage { request in
            switch request.path {
            case "/hang.js": return .hanging
            case "/main.js": return TestResponse(contentType: "text/javascript", body: Array("import './hang.js';\npostMessage('ran');".utf8))
            default: return nil
            }
        }
        _ = try await webView.evaluateJavaScript("var worker = new Worker('main.js', { type: 'module' }), got = []; worker.onmessage = function (e) { got.push(e.data); };")
        // Loading the graph keeps the page busy; terminating the worker ends that and cancels the fetch.
        #expect(await webView.runUntilIdle(timeout: .milliseconds(200)) == .timedOut)
        _ = try await webView.evaluateJavaScript("worker.terminate()")
        #expect(await webView.runUntilIdle(timeout: .seconds(900)) == .idle)
        #expect(try await webView.evaluateJavaScript("got") == [])
        await webView.close()
        await server.stop()
    }

    @Test func terminateStopsAModuleWorkersEndlessLoop() async throws {
        let (webView, _, server) = try await workerPage(scripts: [
            "/spin.js": "import './dep.js';\npostMessage('spinning');\nfor (;;) {}",
            "/dep.js": "export {};",
        ])
        _ = try await runAsync(webView, """
            window.spinner = new Worker('spin.js', { type: 'module' });
            await new Promise(function (resolve) { spinner.onmessage = resolve; });
            """)
        let endpoint = try await webView.withDocument { document in document.workers.values.first?.endpoint }
        _ = try await webView.evaluateJavaScript("spinner.terminate()")
        // The worker's runtime answers again only once the endless loop stopped; then it is shut down.
        await #expect(throws: JSException.self) { try await endpoint??.runtime.evaluate("1") }
        #expect(try await webView.withDocument { $0.workers.count } == 0)
        await webView.close()
        await server.stop()
    }
}

/// `MessagePort`s transferred between a page and its workers: the two ends talk across threads.
@Suite struct WorkerPortTests {
    @Test func aPortTransferredToAWorkerTalksBothWays() async throws {
        let (webView, log, server) = try await workerPage(scripts: ["/w.js": """
                onmessage = function (e) {
                  var port = e.ports[0];
                  var back = new MessageChannel();
                  back.port1.onmessage = function (m) { port.postMessage('back channel got ' + m.data); };
                  port.onmessage = function (m) {
                    if (m.data === 'bytes') { var b = new Uint8Array([9, 8]).buffer; port.postMessage(b, { transfer: [b] }); return; }
                    if (m.data instanceof ArrayBuffer) { port.postMessage(['got', m.data.byteLength]); return; }
                    port.postMessage([m.data, e.data.port === port, e.ports.length]);
                  };
                  postMessage('ready', [back.port2]);
                };
                """])
        let out = try await runAsync(webView, """
              var worker = new Worker('/w.js'), channel = new MessageChannel(), replies = [];
              channel.port1.postMessage('queued before the transfer');
              var ready = new Promise(function (resolve) { worker.onmessage = resolve; });
              worker.postMessage({ port: channel.port2 }, [channel.port2]);
              var readyEvent = await ready;
              function next() { return new Promise(function (resolve) { channel.port1.onmessage = function (m) { resolve(m.data); }; }); }
              replies.push(await next());                       // the message queued before the transfer
              var reply = next(); channel.port1.postMessage('hello'); replies.push(await reply);
              var back = readyEvent.ports[0];
              reply = next(); back.postMessage(7); replies.push(await reply);
              reply = next(); channel.port1.postMessage('bytes'); var bytes = await reply;
              replies.push(Array.from(new Uint8Array(bytes)));
              var sent = new ArrayBuffer(5);
              reply = next(); channel.port1.postMessage(sent, [sent]); replies.push(sent.byteLength, await reply);
              return [readyEvent.data, readyEvent.ports.length, Object.prototype.toString.call(back)].concat(replies);
            """)
        #expect(out == ["ready", 1, "[object MessagePort]", ["queued before the transfer", true, 1], ["hello", true, 1],
                        "back channel got 7", [9, 8], 0, ["got", 5]])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }
}

/// `BroadcastChannel` between a page and its workers.
@Suite struct WorkerBroadcastTests {
    @Test func broadcastChannelsReachWorkersAndComeBack() async throws {
        let (webView, log, server) = try await workerPage(scripts: ["/w.js": """
                var channel = new BroadcastChannel('news'), other = new BroadcastChannel('other');
                other.onmessage = function (e) { postMessage('wrong channel ' + e.data); };
                channel.onmessage = function (e) {
                  postMessage([name, e.data.text, e.data.map instanceof Map, e.origin === location.origin]);
                  if (e.data.text === 'from the page' && name === 'a') channel.postMessage({ text: 'from worker a', map: new Map() });
                };
                postMessage('ready');
                """])
        let out = try await runAsync(webView, """
              var heard = [], pageChannel = new BroadcastChannel('news');
              var a = new Worker('/w.js', { name: 'a' }), b = new Worker('/w.js', { name: 'b' });
              var done = new Promise(function (resolve) {
                function collect(e) { if (e.data !== 'ready') heard.push(e.data); if (heard.length === 4) resolve(); }
                a.onmessage = collect;
                b.onmessage = collect;
                pageChannel.onmessage = function (e) { heard.push(['page', e.data.text]); if (heard.length === 4) resolve(); };
              });
              await Promise.all([a, b].map(function (w) {
                return new Promise(function (resolve) { w.addEventListener('message', function f(e) { if (e.data === 'ready') resolve(); }); });
              }));
              pageChannel.postMessage({ text: 'from the page', map: new Map() });
              await done;
              return heard.map(JSON.stringify).sort();
            """)
        #expect(out == ["[\"a\",\"from the page\",true,true]", "[\"b\",\"from the page\",true,true]",
                        "[\"b\",\"from worker a\",true,true]", "[\"page\",\"from worker a\"]"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }
}
