import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// What pages and analytics code see when they stringify or list an event or the location: WebKit's own properties
/// only, the prototypes' members for `for...in`, and none of the engine's state. Every expected value was observed on
/// WebKitGTK 2.50 (Tests/Fixtures/EnumerableState, which `hybrid conform` compares with WebKit).
@Suite struct EnumerableStateTests {
    private func run(_ body: String) async throws -> (String, EventLog) {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString(body, baseURL: URL(string: "http://127.0.0.1:1/app/index.html"))
        let value = try await webView.evaluateJavaScript("JSON.stringify(out)")
        await webView.close()
        return (value.stringValue ?? "", log)
    }

    /// JSON.stringify(event) threw "cyclic structures" headless (domino's state: the target and its tree).
    @Test func eventsListOnlyIsTrusted() async throws {
        let (out, log) = try await run("""
            <button id="b">b</button><script>
            var out = [], b = document.getElementById('b');
            b.addEventListener('click', function (e) { out.push(JSON.stringify(e), Object.keys(e).join()); });
            b.click();
            document.body.addEventListener('x', function (e) { out.push(JSON.stringify(e), e.target === document.body, e.detail.a); });
            document.body.dispatchEvent(new CustomEvent('x', { detail: { a: 1 } }));
            var own = new Event('x');
            own.custom = 1;
            out.push(JSON.stringify(own), Object.getOwnPropertySymbols(own).length, JSON.stringify(document.createEvent('Event')));
            out.push(Object.keys(new CustomEvent('x', { detail: 1 })).join());
            </script>
            """)
        // observed on WebKitGTK 2.50
        #expect(out == #"["{\"isTrusted\":false}","isTrusted","{\"isTrusted\":false}",true,1,"{\"isTrusted\":false,\"custom\":1}",0,"{\"isTrusted\":false}","isTrusted"]"#)
        #expect(log.exceptions.isEmpty)
    }

    @Test func forInListsThePrototypesMembersInWebKitsOrder() async throws {
        let (out, _) = try await run("""
            <script>
            function forIn(o) { var keys = []; for (var k in o) keys.push(k); return keys.join(); }
            var out = [forIn(new CustomEvent('x')), forIn(new ProgressEvent('x')), forIn(new MediaQueryListEvent('change')),
              forIn(new AnimationPlaybackEvent('finish')),
              (function () { try { return Event.prototype.type; } catch (e) { return e.name + ': ' + e.message; } })()];
            </script>
            """)
        // observed on WebKitGTK 2.50
        let event = "type,target,currentTarget,eventPhase,cancelBubble,bubbles,cancelable,defaultPrevented,composed,timeStamp,"
            + "srcElement,returnValue,composedPath,stopPropagation,stopImmediatePropagation,preventDefault,initEvent,"
            + "NONE,CAPTURING_PHASE,AT_TARGET,BUBBLING_PHASE"
        #expect(out == #"["isTrusted,detail,initCustomEvent,\#(event)","isTrusted,lengthComputable,loaded,total,\#(event)","#
                + #""isTrusted,media,matches,\#(event)","isTrusted,currentTime,timelineTime,\#(event)","#
                + #""TypeError: The Event.type getter can only be used on instances of Event"]"#)
    }

    /// `Object.keys(location)` was `_window,_href,search` headless.
    @Test func locationsMembersAreItsOwnInWebKitsOrder() async throws {
        let (out, _) = try await run("""
            <script>
            var out = [Object.keys(location).join(), Object.getOwnPropertyNames(location).join(),
              Object.getOwnPropertyDescriptor(location, 'href').enumerable, Object.getOwnPropertyDescriptor(location, 'assign').writable,
              location.valueOf === Object.prototype.valueOf, String(location) === location.href,
              (function () { try { return DOMException(); } catch (e) { return e.name + ': ' + e.message; } })()];
            </script>
            """)
        // observed on WebKitGTK 2.50
        let keys = "href,protocol,host,hostname,port,pathname,search,hash,origin,ancestorOrigins,assign,replace,reload,toString"
        #expect(out == #"["\#(keys)","\#(keys),valueOf",true,false,true,true,"TypeError: Constructor requires 'new' operator"]"#)
    }

    /// A CSS animation's `finish` and `cancel` events were plain Events.
    @Test func aCSSAnimationsFinishIsAnAnimationPlaybackEvent() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let webView = HeadlessWebView(runtime: runtime)
        try await webView.loadHTMLString("""
            <style>@keyframes f { from { opacity: 0 } to { opacity: 1 } } .k { animation: f 10s }</style><div id="x">x</div>
            """, baseURL: URL(string: "https://app.test/"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        _ = try await webView.evaluateJavaScript("""
            var out, x = document.getElementById('x');
            getComputedStyle(x).opacity;
            x.className = 'k';
            0
            """)
        await webView.runtime.advance(by: .milliseconds(100))
        _ = try await webView.evaluateJavaScript("""
            var a = document.getAnimations()[0];
            a.onfinish = function (e) { out = [Object.keys(e).join(), String(e), typeof e.currentTime, typeof e.timelineTime, e.currentTime]; };
            a.finished.then(function () {});
            a.finish(); 0
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        // observed on WebKitGTK 2.50
        let seen = try await webView.evaluateJavaScript("JSON.stringify(out)")
        #expect(seen == #"["isTrusted","[object AnimationPlaybackEvent]","number","number",10000]"#)
        await webView.close()
    }

    @Test func aWorkersEventsListOnlyIsTrusted() async throws {
        let (webView, log, server) = try await workerPage(scripts: ["/events.js": """
            onmessage = function (e) {
              postMessage([JSON.stringify(e), Object.keys(e).join(), Object.keys(ProgressEvent.prototype).join(),
                           JSON.stringify(new CustomEvent('c', { detail: 1 })), Object.keys(Event.prototype).join()]);
            };
            """])
        let out = try await runAsync(webView, """
            var worker = new Worker('/events.js');
            worker.postMessage(1);
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
        // observed on WebKitGTK 2.50
        #expect(out == [#"{"isTrusted":true}"#, "isTrusted", "lengthComputable,loaded,total", #"{"isTrusted":false}"#,
                        .string("type,target,currentTarget,eventPhase,cancelBubble,bubbles,cancelable,defaultPrevented,composed,"
                                + "timeStamp,srcElement,returnValue,composedPath,stopPropagation,stopImmediatePropagation,"
                                + "preventDefault,initEvent,NONE,CAPTURING_PHASE,AT_TARGET,BUBBLING_PHASE")])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }
}
