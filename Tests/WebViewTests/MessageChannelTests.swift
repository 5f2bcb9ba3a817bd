import Foundation
import JavaScript
import Testing
@testable import WebView

/// `MessageChannel`, `MessagePort` and `BroadcastChannel` in real pages and between their frames.
@Suite struct MessageChannelTests {
    /// Runs `body` as an async function's body in a fresh page and returns what it returns.
    private func run(_ body: String, html: String = "<!doctype html><body><p id=p>x</p></body>") async throws -> JSONValue {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString(html, baseURL: URL(string: "http://example.test/")!)
        let value = try await webView.callAsyncJavaScript("(async function () {\n\(body)\n})()")
        #expect(log.exceptions.isEmpty)
        await webView.close()
        return value
    }

    @Test func portsDeliverClonesAsTasksInOrder() async throws {
        let out = try await run("""
            var channel = new MessageChannel(), got = [], sent = { n: 1, list: [1, 2], when: new Date(5) };
            var done = new Promise(function (resolve) {
              channel.port2.onmessage = function (e) {
                got.push([e.data.n, e.data === sent, e.data.when instanceof Date, e.ports.length, e instanceof MessageEvent]);
                if (got.length === 2) resolve();
              };
            });
            channel.port1.postMessage(sent);
            channel.port1.postMessage({ n: 2 });
            var synchronous = got.length;
            await done;
            return JSON.stringify([synchronous, got, Object.prototype.toString.call(channel.port1),
                                   channel.port1 instanceof MessagePort, typeof MessagePort]);
            """)
        #expect(out == .string(#"[0,[[1,false,true,0,true],[2,false,false,0,true]],"[object MessagePort]",true,"function"]"#))
    }

    /// `onmessage` starts the port and runs where it was set among the listeners (registration order), as every
    /// platform event target's handler does; null takes it out.
    @Test func onmessageRunsInRegistrationOrderAndStartsThePort() async throws {
        let out = try await run("""
            var channel = new MessageChannel(), got = [], arrived;
            var done = new Promise(function (resolve) { arrived = resolve; });
            channel.port2.addEventListener('message', function (e) { got.push('listener ' + e.data); });
            channel.port2.onmessage = function (e) { got.push('handler ' + e.data); if (e.data === 2) arrived(); };
            channel.port2.addEventListener('message', function (e) { got.push('last ' + e.data); });
            channel.port1.postMessage(1);
            channel.port1.postMessage(2);
            await done;
            await new Promise(function (r) { setTimeout(r, 0); });
            var before = channel.port2.onmessage !== null;
            channel.port2.onmessage = null;
            return JSON.stringify([got, before, channel.port2.onmessage, channel.port2.hasOwnProperty('onmessage')]);
            """)
        #expect(out == .string(#"[["listener 1","handler 1","last 1","listener 2","handler 2","last 2"],true,null,false]"#))
    }

    @Test func addEventListenerWaitsForStartAndMessagesQueueUntilThen() async throws {
        let out = try await run("""
            var channel = new MessageChannel(), got = [], bothArrived;
            var arrived = new Promise(function (resolve) { bothArrived = resolve; });
            channel.port2.addEventListener('message', function (e) { got.push(e.data); if (got.length === 2) bothArrived(); });
            channel.port1.postMessage('a');
            channel.port1.postMessage('b');
            // Tasks run in order: a delivery queued by the posts would run before this timer's task.
            await new Promise(function (r) { setTimeout(r, 0); });
            var before = got.slice();
            channel.port2.start();
            await arrived;
            return JSON.stringify([before, got]);
            """)
        #expect(out == .string(#"[[],["a","b"]]"#))
    }

    @Test func closeStopsDeliveryBothWays() async throws {
        let out = try await run("""
            var channel = new MessageChannel(), got = [];
            channel.port2.onmessage = function (e) { got.push(e.data); };
            channel.port1.onmessage = function (e) { got.push('back ' + e.data); };
            channel.port1.postMessage('queued then closed');
            channel.port2.close();
            channel.port1.postMessage('after close');
            channel.port2.postMessage('from the closed side');
            // A third port pair's message is queued after any delivery those posts could have queued.
            var barrier = new MessageChannel();
            await new Promise(function (r) { barrier.port2.onmessage = r; barrier.port1.postMessage('last'); });
            return JSON.stringify(got);
            """)
        #expect(out == .string("[]"))
    }

    @Test func transferDetachesBuffersAndMovesPorts() async throws {
        let out = try await run("""
            var outer = new MessageChannel(), inner = new MessageChannel();
            var buffer = new Uint8Array([1, 2, 3]).buffer;
            var received = new Promise(function (resolve) { outer.port2.onmessage = resolve; });
            outer.port1.postMessage({ bytes: buffer, port: inner.port1 }, [buffer, inner.port1]);
            var afterSend = buffer.byteLength;
            var event = await received;
            var moved = event.data.port;
            var echoed = new Promise(function (resolve) { inner.port2.onmessage = function (e) { resolve(e.data); }; });
            moved.postMessage('through the moved port');
            inner.port1.postMessage('through the old port, dropped');
            var text = await echoed;
            return JSON.stringify([afterSend, Array.from(new Uint8Array(event.data.bytes)), event.ports.length,
                                   event.ports[0] === moved, moved !== inner.port1, moved instanceof MessagePort, text]);
            """)
        #expect(out == .string(#"[0,[1,2,3],1,true,true,true,"through the moved port"]"#))
    }

    @Test func badMessagesAndTransferListsThrowWebKitsErrors() async throws {
        let out = try await run("""
            var channel = new MessageChannel(), out = [];
            function attempt(f) { try { f(); out.push('no error'); } catch (e) { out.push(e.name); } }
            attempt(function () { channel.port1.postMessage(function f() {}); });
            attempt(function () { channel.port1.postMessage({ p: channel.port2 }); });      // a port not transferred
            attempt(function () { channel.port1.postMessage(1, [channel.port1]); });          // the source port itself
            var other = new MessageChannel();
            attempt(function () { channel.port1.postMessage(1, [other.port1, other.port1]); });
            attempt(function () { channel.port1.postMessage(); });
            attempt(function () { new MessagePort(); });
            attempt(function () { structuredClone(other.port2); });
            return JSON.stringify(out);
            """)
        // A port in the message but not in the transfer list is a TypeError (observed on WebKitGTK 2.50).
        #expect(out == .string(#"["DataCloneError","TypeError","DataCloneError","DataCloneError","TypeError","TypeError","TypeError"]"#))
    }

    @Test func windowPostMessageHandsAPortToAFrame() async throws {
        let out = try await run("""
            var frame = document.getElementById('f');
            if (!frame.contentWindow || !frame.contentWindow.ready) await new Promise(function (r) { frame.onload = r; });
            var channel = new MessageChannel();
            var reply = new Promise(function (resolve) { channel.port1.onmessage = function (e) { resolve(e.data); }; });
            frame.contentWindow.postMessage('here is a port', '*', [channel.port2]);
            return JSON.stringify(await reply);
            """, html: """
            <!doctype html><body><iframe id=f srcdoc="<script>var ready = true;
            addEventListener('message', function (e) {
              e.ports[0].postMessage({ got: e.data, ports: e.ports.length, local: e.ports[0] instanceof MessagePort });
            });</script>"></iframe></body>
            """)
        #expect(out == .string(#"{"got":"here is a port","ports":1,"local":true}"#))
    }

    @Test func broadcastChannelsReachTheOtherFramesButNotThemselves() async throws {
        let out = try await run("""
            var frame = document.getElementById('f');
            if (!frame.contentWindow || !frame.contentWindow.ready) await new Promise(function (r) { frame.onload = r; });
            var mine = new BroadcastChannel('news'), second = new BroadcastChannel('news'), other = new BroadcastChannel('sport');
            var got = [];
            var echoed = new Promise(function (resolve) {
              function record(who) { return function (e) { got.push(who + ' ' + JSON.stringify(e.data)); if (got.length === 3) resolve(); }; }
              mine.onmessage = record('mine');      // only the frame's echo: never its own message
              second.onmessage = record('second');
              other.onmessage = record('sport');
            });
            mine.postMessage({ from: 'top' });
            await echoed;
            await new Promise(function (r) { setTimeout(r, 0); });   // a message to itself would have come by now
            mine.close();
            var closedError;
            try { mine.postMessage('x'); } catch (e) { closedError = e.name; }
            var cloneError;
            try { second.postMessage(function () {}); } catch (e) { cloneError = e.name; }
            got.sort();
            return JSON.stringify([got, closedError, cloneError, mine.name]);
            """, html: """
            <!doctype html><body><iframe id=f srcdoc="<script>var ready = true;
            var channel = new BroadcastChannel('news');
            channel.onmessage = function (e) { channel.postMessage({ echo: e.data, frame: true }); };</script>"></iframe></body>
            """)
        #expect(out == .string(#"[["mine {\"echo\":{\"from\":\"top\"},\"frame\":true}","second {\"echo\":{\"from\":\"top\"},\"frame\":true}","second {\"from\":\"top\"}"],"InvalidStateError","DataCloneError","news"]"#))
    }

    @Test func aPageThatNeverUsesChannelsHasOnlyTheLazyAccessors() async throws {
        let out = try await run("""
            var d = Object.getOwnPropertyDescriptor(window, 'MessageChannel');
            var before = typeof d.get;
            var type = typeof MessageChannel;
            var after = Object.getOwnPropertyDescriptor(window, 'MessageChannel');
            return JSON.stringify([before, type, typeof after.value]);
            """)
        #expect(out == .string(#"["function","function","function"]"#))
    }
}
