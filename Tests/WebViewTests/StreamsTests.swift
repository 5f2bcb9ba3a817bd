import Foundation
import JavaScript
import Testing
@testable import WebView

/// The Streams standard (`ReadableStream`, `WritableStream`, `TransformStream`), the encoding and compression streams,
/// `Blob.prototype.stream()` and `Response.prototype.body`, in real pages, each test in a web view of its own.
@Suite struct StreamsTests {
    /// Loads a blank page in a fresh web view, runs `body` as an async function's body and returns what it returns, with
    /// the page's uncaught exceptions.
    private func run(_ body: String) async throws -> (JSONValue, [String]) {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><body></body>", baseURL: URL(string: "http://example.test/app/")!)
        let value = try await webView.callAsyncJavaScript("(async function () {\n\(body)\n})()")
        let errors = log.exceptions.map(\.message)
        await webView.close()
        return (value, errors)
    }

    /// Runs `body` and expects it to return `expected` (a JSON text) without uncaught exceptions.
    private func expectJSON(_ body: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (out, errors) = try await run(body + "\nreturn JSON.stringify(out);")
        #expect(errors.isEmpty, sourceLocation: sourceLocation)
        #expect(out == .string(expected), sourceLocation: sourceLocation)
    }

    @Test func pagesThatDoNotUseStreamsDoNotBuildThem() async throws {
        try await expectJSON("""
            var names = ['ReadableStream', 'WritableStream', 'TransformStream', 'TextDecoderStream', 'CompressionStream'];
            var out = names.map(function (name) { return typeof Object.getOwnPropertyDescriptor(window, name).get; });
            new Blob(['x']);                       // a Blob alone does not build them either
            out.push(typeof Object.getOwnPropertyDescriptor(window, 'ReadableStream').get);
            out.push(typeof ReadableStream, typeof Object.getOwnPropertyDescriptor(window, 'WritableStream').value);
            out.push(Object.getOwnPropertyDescriptor(window, 'ReadableStream').value === ReadableStream);
            return JSON.stringify(out);
            """, #"["function","function","function","function","function","function","function","function",true]"#)
    }

    @Test func sourceStartPullAndBackpressure() async throws {
        try await expectJSON("""
            var pulls = 0, controller;
            var rs = new ReadableStream({
              start: function (c) { controller = c; c.enqueue('s'); },
              pull: function (c) { pulls++; c.enqueue('p' + pulls); }
            }, { highWaterMark: 3 });
            await new Promise(function (r) { setTimeout(r, 0); });
            var out = [pulls, controller.desiredSize];          // the queue filled to highWaterMark, no further
            var reader = rs.getReader();
            out.push((await reader.read()).value);
            await new Promise(function (r) { setTimeout(r, 0); });
            out.push(pulls, controller.desiredSize);            // one pull to refill
            controller.close();
            try { controller.enqueue('late'); } catch (e) { out.push(e.name); }
            var rest = [];
            for (var r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
            out.push(rest.join(','), controller.desiredSize);
            await reader.closed;
            var sized = new ReadableStream({}, new ByteLengthQueuingStrategy({ highWaterMark: 10 }));
            var c2; new ReadableStream({ start: function (c) { c2 = c; } }, { highWaterMark: 10, size: function (s) { return s.length; } });
            c2.enqueue('abcd');
            out.push(c2.desiredSize, new CountQueuingStrategy({ highWaterMark: 4 }).size('x'),
                     new ByteLengthQueuingStrategy({ highWaterMark: 4 }).size(new Uint8Array(7)));
            [function () { return new ReadableStream({}, { highWaterMark: -1 }); },
             function () { return new ReadableStream({ pull: 5 }); },
             function () { return new CountQueuingStrategy({}); },
             function () { c2.enqueue(undefined); }].forEach(function (f) {
              try { f(); out.push('no error'); } catch (e) { out.push(e.name); }
            });
            out.push(c2.desiredSize, sized.locked);   // a size() that throws errors the stream: desiredSize null
            """, #"[2,0,"s",3,0,"TypeError","p1,p2,p3",0,6,1,7,"RangeError","TypeError","TypeError","TypeError",null,false]"#)
    }

    @Test func readersLockAndRelease() async throws {
        try await expectJSON("""
            var rs = new ReadableStream({ start: function (c) { c.enqueue(1); } });
            var reader = rs.getReader(), out = [rs.locked];
            try { rs.getReader(); } catch (e) { out.push('second ' + e.name); }
            try { new ReadableStreamDefaultReader(rs); } catch (e) { out.push('constructor ' + e.name); }
            out.push(await rs.cancel().then(function () { return 'cancelled'; }, function (e) { return 'cancel ' + e.name; }));
            var pending = reader.read(), afterFirst = reader.read();
            reader.releaseLock();
            out.push((await pending).value, await afterFirst.then(function () { return 'read'; }, function (e) { return e.name; }));
            out.push(await reader.closed.then(function () { return 'closed'; }, function (e) { return 'closed ' + e.name; }));
            out.push(await reader.read().then(function () { return 'read'; }, function (e) { return 'released ' + e.name; }));
            out.push(rs.locked, rs.getReader() instanceof ReadableStreamDefaultReader);
            try { rs.getReader({ mode: 'byob' }); } catch (e) { out.push('byob ' + e.name); }
            try { new ReadableStream({ type: 'bytes' }); } catch (e) { out.push(e.name); }
            try { ReadableStream(); } catch (e) { out.push(e.name); }
            try { new ReadableStreamDefaultController(); } catch (e) { out.push(e.name); }
            """, #"[true,"second TypeError","constructor TypeError","cancel TypeError",1,"TypeError","closed TypeError","released TypeError",false,true,"byob TypeError","NotSupportedError","TypeError","TypeError"]"#)
    }

    @Test func cancelAndErrorsPropagate() async throws {
        try await expectJSON("""
            var out = [], seen = [];
            var rs = new ReadableStream({ cancel: function (reason) { seen.push(reason); return 'ignored'; } });
            var reader = rs.getReader(), pending = reader.read();
            out.push(await reader.cancel('why'));
            out.push(seen[0], (await pending).done, await reader.closed);
            var failing = new ReadableStream({ pull: function () { throw new RangeError('source broke'); } });
            var r2 = failing.getReader();
            out.push(await r2.read().then(function () { return 'read'; }, function (e) { return e.name + ': ' + e.message; }));
            out.push(await r2.closed.then(function () { return 'closed'; }, function (e) { return 'closed ' + e.message; }));
            var c3, errored = new ReadableStream({ start: function (c) { c3 = c; } });
            var r3 = errored.getReader(), waiting = r3.read();
            c3.error(new SyntaxError('told'));
            out.push(await waiting.then(function () { return 'read'; }, function (e) { return e.name; }), c3.desiredSize);
            try { new ReadableStream({ start: function () { throw new EvalError('start'); } }); } catch (e) { out.push(e.name); }
            var late = new ReadableStream({ start: function () { return Promise.reject(new URIError('async start')); } });
            out.push(await late.getReader().read().then(function () { return 'read'; }, function (e) { return e.name; }));
            out.push(await new ReadableStream({ cancel: function () { throw new TypeError('cancel broke'); } }).cancel()
              .then(function () { return 'ok'; }, function (e) { return e.message; }));
            """, #"[null,"why",true,null,"RangeError: source broke","closed source broke","SyntaxError",null,"EvalError","URIError","cancel broke"]"#)
    }

    @Test func teeIterationAndFrom() async throws {
        try await expectJSON("""
            var out = [], cancelled = null;
            function numbers() {
              var n = 0;
              return new ReadableStream({ pull: function (c) { n++; if (n > 3) c.close(); else c.enqueue(n); },
                                          cancel: function (r) { cancelled = r; } });
            }
            var branches = numbers().tee(), a = [], b = [];
            for await (var x of branches[0]) a.push(x);
            for await (var y of branches[1]) b.push(y);
            out.push(a.join(''), b.join(''));
            var pair = numbers().tee();
            var first = pair[0].cancel('one');       // settles once both branches are cancelled
            out.push(cancelled);
            await pair[1].cancel('two');
            await first;
            out.push(JSON.stringify(cancelled));
            cancelled = null;
            var s = numbers();
            for await (var v of s.values({ preventCancel: true })) { if (v === 1) break; }
            out.push(s.locked, cancelled === null || Array.isArray(cancelled));
            for await (var w of s) { out.push(w); break; }
            out.push(cancelled, s.locked);
            var iterator = numbers()[Symbol.asyncIterator]();
            out.push(Object.prototype.toString.call(iterator), JSON.stringify(await iterator.next()));
            async function* gen() { yield 'x'; yield 'y'; }
            var fromAsync = [], fromSync = [];
            for await (var g of ReadableStream.from(gen())) fromAsync.push(g);
            for await (var h of ReadableStream.from(['p', Promise.resolve('q')])) fromSync.push(h);
            out.push(fromAsync.join(''), fromSync.join(''));
            try { ReadableStream.from(5); } catch (e) { out.push(e.name); }
            var broken = ReadableStream.from({ [Symbol.iterator]: function () { return { next: function () { throw new Error('it broke'); } }; } });
            out.push(await broken.getReader().read().then(function () { return 'read'; }, function (e) { return e.message; }));
            """, #"["123","123",null,"[\"one\",\"two\"]",false,true,2,null,false,"[object ReadableStream AsyncIterator]","{\"value\":1,\"done\":false}","xy","pq","TypeError","it broke"]"#)
    }

    @Test func pipeToAndPipeThrough() async throws {
        try await expectJSON("""
            var out = [];
            function source(values) { return ReadableStream.from(values); }
            function sink(log, extra) {
              return new WritableStream(Object.assign({ write: function (c) { log.push(c); } }, extra || {}));
            }
            var got = [], closed = false;
            await source(['a', 'b']).pipeTo(sink(got, { close: function () { closed = true; } }));
            out.push(got.join(''), closed);
            var kept = [], dest = sink(kept, { close: function () { out.push('closed anyway'); } });
            await source(['c']).pipeTo(dest, { preventClose: true });
            out.push(kept.join(''), dest.locked);
            // a failing source aborts the destination, unless preventAbort
            var aborted = null, failing = new ReadableStream({ pull: function () { throw new Error('src'); } });
            out.push(await failing.pipeTo(sink([], { abort: function (r) { aborted = r.message; } })).then(function () { return 'ok'; }, function (e) { return e.message; }), aborted);
            // a failing destination cancels the source
            var cancelled = null, src = new ReadableStream({ pull: function (c) { c.enqueue(1); }, cancel: function (r) { cancelled = r.message; } });
            out.push(await src.pipeTo(new WritableStream({ write: function () { throw new Error('dst'); } })).then(function () { return 'ok'; }, function (e) { return e.message; }), cancelled);
            // abort by signal: the destination is aborted and the source cancelled with the signal's reason
            var controller = new AbortController(), reasons = [];
            var endless = new ReadableStream({ pull: function (c) { c.enqueue('z'); return new Promise(function (r) { setTimeout(r, 1); }); },
                                               cancel: function (r) { reasons.push('cancel ' + r.name); } });
            var piping = endless.pipeTo(sink([], { abort: function (r) { reasons.push('abort ' + r.name); } }), { signal: controller.signal });
            setTimeout(function () { controller.abort(); }, 5);
            out.push(await piping.then(function () { return 'ok'; }, function (e) { return e.name; }), reasons.sort().join(', '), endless.locked);
            out.push(await source(['q']).pipeTo(sink([]), { signal: AbortSignal.abort(new RangeError('early')) }).then(function () { return 'ok'; }, function (e) { return e.name; }));
            out.push(await source([]).pipeTo({}).then(function () { return 'ok'; }, function (e) { return e.name; }));
            var locked = source([]); locked.getReader();
            out.push(await locked.pipeTo(sink([])).then(function () { return 'ok'; }, function (e) { return e.name; }));
            var upper = new TransformStream({ transform: function (c, t) { t.enqueue(c.toUpperCase()); }, flush: function (t) { t.enqueue('!'); } });
            var through = [];
            for await (var v of source(['x', 'y']).pipeThrough(upper)) through.push(v);
            out.push(through.join(''));
            try { source([]).pipeThrough({ readable: 1, writable: 2 }); } catch (e) { out.push(e.name); }
            """, #"["ab",true,"c",false,"src","src","dst","dst","AbortError","abort AbortError, cancel AbortError",false,"RangeError","TypeError","TypeError","XY!","TypeError"]"#)
    }

    @Test func writableStreamBackpressureAndErrors() async throws {
        try await expectJSON("""
            var out = [], written = [], release = [];
            var ws = new WritableStream({
              write: function (chunk) { return new Promise(function (resolve) { release.push(function () { written.push(chunk); resolve(); }); }); }
            }, new CountQueuingStrategy({ highWaterMark: 2 }));
            var writer = ws.getWriter();
            await writer.ready;
            out.push(writer.desiredSize);
            var w1 = writer.write('a'), w2 = writer.write('b');
            out.push(writer.desiredSize);
            var ready = false;
            writer.ready.then(function () { ready = true; });
            await new Promise(function (r) { setTimeout(r, 0); });
            out.push(ready, release.length);                 // one write in flight, backpressure until it finishes
            release.shift()();
            await w1;
            await new Promise(function (r) { setTimeout(r, 0); });
            out.push(ready, writer.desiredSize);
            release.shift()();
            await w2;
            var closing = writer.close();
            out.push(await writer.write('c').then(function () { return 'wrote'; }, function (e) { return e.name; }));
            await closing;
            out.push(written.join(''), await writer.closed, writer.desiredSize);
            try { ws.getWriter(); } catch (e) { out.push(e.name); }
            writer.releaseLock();
            try { writer.desiredSize; } catch (e) { out.push('released ' + e.name); }
            // a sink that throws errors the stream
            var broken = new WritableStream({ write: function () { throw new Error('sink broke'); } }), bw = broken.getWriter();
            out.push(await bw.write(1).then(function () { return 'wrote'; }, function (e) { return e.message; }));
            out.push(await bw.closed.then(function () { return 'closed'; }, function (e) { return 'closed ' + e.message; }), bw.desiredSize);
            out.push(await bw.write(2).then(function () { return 'wrote'; }, function (e) { return e.message; }));
            // abort: the sink gets the reason, pending writes reject, the signal fires
            var abortedWith = null, signalled = false;
            var slow = new WritableStream({
              start: function (c) { c.signal.addEventListener('abort', function () { signalled = true; }); },
              write: function () { return new Promise(function (r) { setTimeout(r, 5); }); },
              abort: function (reason) { abortedWith = reason; }
            });
            // Both writes wait for the sink's start, so the abort rejects both (as Node and browsers do): each is
            // handled here, else the first one's rejection is an unhandled one.
            var sw = slow.getWriter(), first = sw.write(1), second = sw.write(2);
            var outcomes = Promise.all([first, second].map(function (p) { return p.then(function () { return 'wrote'; }, function (e) { return e; }); }));
            await sw.abort('enough');
            out.push(abortedWith, signalled, (await outcomes).join(' '));
            out.push(await new WritableStream().close().then(function () { return 'closed'; }));
            try { new WritableStream({ type: 'bytes' }); } catch (e) { out.push(e.name); }
            var errored = new WritableStream({ start: function (c) { c.error(new TypeError('told')); } });
            out.push(await errored.getWriter().write(1).then(function () { return 'wrote'; }, function (e) { return e.message; }));
            """, #"[2,0,false,1,true,1,"TypeError","ab",null,0,"TypeError","released TypeError","sink broke","closed sink broke",null,"sink broke","enough",true,"enough enough","closed","RangeError","told"]"#)
    }

    @Test func transformStreams() async throws {
        try await expectJSON("""
            var out = [];
            var double = new TransformStream({
              transform: function (chunk, controller) { controller.enqueue(chunk); controller.enqueue(chunk); }
            });
            var writer = double.writable.getWriter(), reader = double.readable.getReader();
            writer.write('a');
            writer.close();
            var got = [];
            for (var r = await reader.read(); !r.done; r = await reader.read()) got.push(r.value);
            out.push(got.join(''));
            var identity = new TransformStream(), iw = identity.writable.getWriter();
            iw.write(7);
            out.push((await identity.readable.getReader().read()).value);
            // a transformer that throws errors both sides
            var failing = new TransformStream({ transform: function () { throw new Error('transform broke'); } });
            var fw = failing.writable.getWriter(), fr = failing.readable.getReader();
            var reading = fr.read();   // the write waits for a read (backpressure: the readable side's highWaterMark is 0)
            out.push(await fw.write(1).then(function () { return 'wrote'; }, function (e) { return e.message; }));
            out.push(await reading.then(function () { return 'read'; }, function (e) { return e.message; }));
            // terminate closes the readable side and errors the writable side
            var ended = new TransformStream({ start: function (c) { c.terminate(); } });
            out.push((await ended.readable.getReader().read()).done,
                     await ended.writable.getWriter().write(1).then(function () { return 'wrote'; }, function (e) { return e.name; }));
            // cancelling the readable side errors the writable side with the reason
            var cancelSide = new TransformStream(), cw = cancelSide.writable.getWriter();
            await cancelSide.readable.cancel('stop');
            out.push(await cw.closed.then(function () { return 'closed'; }, function (e) { return e; }));
            var flushed = new TransformStream({ flush: function () { throw new Error('flush broke'); } });
            out.push(await flushed.writable.getWriter().close().then(function () { return 'closed'; }, function (e) { return e.message; }));
            try { new TransformStream({ readableType: 'bytes' }); } catch (e) { out.push(e.name); }
            out.push(Object.prototype.toString.call(double), double.readable instanceof ReadableStream, double.writable instanceof WritableStream);
            """, #"["aa",7,"transform broke","transform broke",true,"TypeError","stop","flush broke","RangeError","[object TransformStream]",true,true]"#)
    }

    @Test func encodingStreams() async throws {
        try await expectJSON("""
            var out = [];
            var bytes = [];
            for await (var chunk of ReadableStream.from(['h\\u00e9', '\\ud83d', '\\ude00', '\\ud800']).pipeThrough(new TextEncoderStream())) {
              bytes.push(Array.from(chunk).join(' '));
            }
            out.push(bytes);
            var encoded = new TextEncoder().encode('h\\u00e9\\ud83d\\ude00!');
            var parts = [encoded.slice(0, 2), encoded.slice(2, 4), encoded.slice(4, 7), encoded.slice(7)];
            var text = '';
            for await (var t of ReadableStream.from(parts).pipeThrough(new TextDecoderStream())) text += t;
            out.push(text === 'h\\u00e9\\ud83d\\ude00!');
            var bom = '';
            for await (var b of ReadableStream.from([new Uint8Array([0xef, 0xbb]), new Uint8Array([0xbf, 0x61, 0xef, 0xbb, 0xbf])]).pipeThrough(new TextDecoderStream())) bom += b;
            out.push(bom === 'a\\ufeff');
            var decoder = new TextDecoderStream('utf-8', { fatal: true });
            out.push(decoder.encoding, decoder.fatal, decoder.ignoreBOM, new TextEncoderStream().encoding);
            var bad = ReadableStream.from([new Uint8Array([0x61, 0xff])]).pipeThrough(decoder).getReader();
            out.push(await bad.read().then(function () { return 'read'; }, function (e) { return e.name; }));
            var truncated = ReadableStream.from([new Uint8Array([0x61, 0xe2, 0x82])]).pipeThrough(new TextDecoderStream()).getReader();
            var t1 = await truncated.read(), t2 = await truncated.read();
            out.push(t1.value + t2.value === 'a\\ufffd' || t1.value + t2.value === 'a\\ufffd\\ufffd');
            var notBytes = ReadableStream.from(['text']).pipeThrough(new TextDecoderStream()).getReader();
            out.push(await notBytes.read().then(function () { return 'read'; }, function (e) { return e.name; }));
            try { new TextDecoderStream('no-such-encoding'); } catch (e) { out.push(e.name); }
            """, #"[["104 195 169","240 159 152 128","239 191 189"],true,true,"utf-8",true,false,"utf-8","TypeError",true,"TypeError","RangeError"]"#)
    }

    @Test func blobStreamAndResponseBodies() async throws {
        try await expectJSON("""
            var out = [];
            var big = new Uint8Array(70000);
            for (var i = 0; i < big.length; i++) big[i] = i % 251;
            var sizes = [], sum = 0;
            for await (var chunk of new Blob([big]).stream()) { sizes.push(chunk.byteLength); sum += chunk[chunk.length - 1]; }
            out.push(sizes.join('+'), sum === big[65535] + big[69999]);
            out.push(await new Response(new Blob(['h\\u00e9']).stream()).text());
            var response = new Response('stream me');
            var body = response.body;
            out.push(body instanceof ReadableStream, response.body === body, response.bodyUsed);
            var reader = body.getReader(), first = await reader.read();
            out.push(new TextDecoder().decode(first.value), (await reader.read()).done, response.bodyUsed);
            out.push(await response.text().then(function () { return 'read again'; }, function (e) { return e.name; }));
            out.push(new Response().body, new Response(null).body);
            var used = new Response('x');
            await used.text();
            out.push(await used.body.getReader().read().then(function () { return 'read'; }, function (e) { return e.name; }));
            var streamed = new Response(ReadableStream.from([new TextEncoder().encode('{"a":'), new TextEncoder().encode('[1,2]}')]));
            out.push(JSON.stringify(await streamed.json()), streamed.bodyUsed);
            out.push(await streamed.text().then(function () { return 'read again'; }, function (e) { return e.name; }));
            out.push(Array.from(new Uint8Array(await new Response(ReadableStream.from([new Uint8Array([1, 2])])).arrayBuffer())).join(','));
            out.push(await new Response(ReadableStream.from(['not bytes'])).text().then(function () { return 'read'; }, function (e) { return e.name; }));
            var locked = ReadableStream.from([]); locked.getReader();
            try { new Response(locked); } catch (e) { out.push(e.name); }
            var original = new Response(ReadableStream.from([new TextEncoder().encode('twice')]));
            var copy = original.clone();
            out.push(await original.text(), await copy.text());
            try { original.clone(); } catch (e) { out.push('used ' + e.name); }
            var held = new Response('held'); held.body.getReader();
            try { held.clone(); } catch (e) { out.push('locked ' + e.name); }
            try { structuredClone(new ReadableStream()); } catch (e) { out.push(e.name); }
            try { structuredClone({ nested: new TransformStream().writable }); } catch (e) { out.push(e.name); }
            """, #"["65536+4464",true,"hé",true,true,false,"stream me",true,true,"TypeError",null,null,"TypeError","{\"a\":[1,2]}",true,"TypeError","1,2","TypeError","TypeError","twice","twice","used TypeError","locked TypeError","DataCloneError","DataCloneError"]"#)
    }

    @Test func fetchedResponseBodyStreams() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/data": return .text("fetched body é")
            default: return TestResponse(contentType: "text/html", body: Array("<!doctype html><body></body>".utf8))
            }
        }
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/"))
        let out = try await webView.callAsyncJavaScript("""
            (async function () {
              var response = await fetch('/data'), text = '';
              for await (var chunk of response.body.pipeThrough(new TextDecoderStream())) text += chunk;
              return JSON.stringify([text, response.bodyUsed]);
            })()
            """)
        #expect(log.exceptions.isEmpty)
        #expect(out == .string(#"["fetched body é",true]"#))
        await webView.close()
    }

    /// "hello streams\n" three times, compressed by Python's `gzip.compress(..., mtime=0)` when this test was written.
    private static let gzipVector = "31,139,8,0,0,0,0,0,2,3,203,72,205,201,201,87,40,46,41,74,77,204,45,230,202,192,195,3,0,43,152,26,188,42,0,0,0"

    @Test func compressionRoundTripsAndKnownVector() async throws {
        try await expectJSON("""
            var out = [];
            async function collect(stream) {
              var parts = [], size = 0;
              for await (var c of stream) { parts.push(c); size += c.byteLength; }
              var all = new Uint8Array(size), at = 0;
              parts.forEach(function (p) { all.set(p, at); at += p.byteLength; });
              return all;
            }
            var text = 'hello streams\\n'.repeat(2000) + '\\u00e9\\u4e2d';
            var input = new TextEncoder().encode(text);
            for (var format of ['gzip', 'deflate', 'deflate-raw']) {
              var packed = await collect(new Blob([input]).stream().pipeThrough(new CompressionStream(format)));
              var unpacked = await collect(ReadableStream.from([packed.slice(0, 10), packed.slice(10)]).pipeThrough(new DecompressionStream(format)));
              out.push(format, packed.length < input.length / 10, new TextDecoder().decode(unpacked) === text);
            }
            var gz = await collect(ReadableStream.from(['hello streams\\n'.repeat(3)]).pipeThrough(new TextEncoderStream()).pipeThrough(new CompressionStream('gzip')));
            out.push(gz[0], gz[1]);
            var vector = new Uint8Array([\(Self.gzipVector)]);
            var plain = await collect(ReadableStream.from([vector]).pipeThrough(new DecompressionStream('gzip')));
            out.push(new TextDecoder().decode(plain));
            var empty = await collect(ReadableStream.from([]).pipeThrough(new CompressionStream('gzip')));
            out.push(empty.length > 0, (await collect(ReadableStream.from([empty]).pipeThrough(new DecompressionStream('gzip')))).length);
            """, #"["gzip",true,true,"deflate",true,true,"deflate-raw",true,true,31,139,"hello streams\nhello streams\nhello streams\n",true,0]"#)
    }

    @Test func corruptCompressedInputErrorsTheStream() async throws {
        try await expectJSON("""
            var out = [];
            function attempt(chunks, format) {
              var reader = ReadableStream.from(chunks).pipeThrough(new DecompressionStream(format || 'gzip')).getReader();
              function next() { return reader.read().then(function (r) { return r.done ? 'done' : next(); }); }
              return next().then(function (r) { return r; }, function (e) { return e.name; });
            }
            var vector = new Uint8Array([\(Self.gzipVector)]);
            out.push(await attempt([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])]));
            var flipped = vector.slice(); flipped[20] ^= 0xff;
            out.push(await attempt([flipped]));
            out.push(await attempt([vector.slice(0, 20)]));                          // truncated
            var trailing = new Uint8Array(vector.length + 3); trailing.set(vector); trailing.set([1, 2, 3], vector.length);
            out.push(await attempt([trailing]));                                     // data after the end
            out.push(await attempt([vector], 'deflate'));                            // the wrong format
            out.push(await attempt(['not bytes']));
            out.push(await attempt([vector]));
            try { new CompressionStream('brotli'); } catch (e) { out.push(e.name); }
            try { new DecompressionStream(); } catch (e) { out.push(e.name); }
            """, #"["TypeError","TypeError","TypeError","TypeError","TypeError","TypeError","done","TypeError","TypeError"]"#)
    }
}

/// `fetch`'s `response.body` streams as the network delivers it.
@Suite struct FetchBodyStreamingTests {
    @Test func theFirstChunkIsReadableBeforeTheResponseEndsAndCancellingStopsTheRequest() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/stalls": return .stalling(after: "first part ")
            case "/parts": return .trickle(["one ", "two ", "three"], every: .milliseconds(5))
            default: return .text("x")
            }
        }
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [];
            // A response that never ends: fetch resolves at its head, and its first bytes can be read meanwhile.
            fetch('/stalls').then(function (response) {
              out.push(response.status, response.bodyUsed);
              var reader = response.body.getReader();
              return reader.read().then(function (first) {
                out.push(new TextDecoder().decode(first.value), first.done, response.bodyUsed);
                return reader.cancel();
              });
            }).then(function () {
              return fetch('/parts');
            }).then(function (response) {
              return response.text();   // the whole body, however many chunks it came in
            }).then(function (text) { out.push(text); });
            """)
        #expect(errors.isEmpty)
        #expect(out == #"[200,false,"first part ",false,true,"one two three"]"#)
        await server.stop()
    }
}
