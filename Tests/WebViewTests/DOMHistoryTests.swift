import Foundation
import JavaScript
import Testing
@testable import WebView

/// The page's session history: entries, traversal, `popstate` and `hashchange`, and what Swift sees.
@Suite struct DOMHistoryTests {
    private let base = URL(string: "http://127.0.0.1:1/app/index.html")!

    private var sameDocumentNavigations: (EventLog) -> [String] {
        { log in log.all.compactMap { if case .sameDocumentNavigation(let url, let type) = $0.kind { "\(type.rawValue) \(url)" } else { nil } } }
    }

    @Test func backAndForwardFirePopstateThenHashchangeInLaterTasks() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            var events = [];
            addEventListener('popstate', function (e) { events.push('popstate ' + JSON.stringify(e.state) + ' ' + location.pathname + location.hash + ' ' + (e instanceof PopStateEvent)); });
            addEventListener('hashchange', function (e) { events.push('hashchange ' + e.oldURL.split('/').pop() + ' > ' + e.newURL.split('/').pop() + ' ' + (e instanceof HashChangeEvent)); });
            history.pushState({ n: 1 }, '', 'one');
            history.pushState({ n: 2 }, '', 'two');
            location.hash = 'x';
            var sync = [history.length, history.state, location.href.split('/').pop()];
            history.back();
            sync.push(location.hash, events.length);
            </script>
            """, baseURL: base)
        let afterBack = try await webView.callAsyncJavaScript("""
            new Promise(function (r) { setTimeout(r, 20); }).then(function () { return JSON.stringify([sync, events, history.state]); })
            """)
        // The fragment navigation fires popstate (state null) before it returns; hashchange comes in a task.
        #expect(afterBack.stringValue == ##"[[4,null,"two#x","#x",1],["popstate null /app/two#x true","hashchange two > two#x true","popstate {\"n\":2} /app/two true","hashchange two#x > two true"],{"n":2}]"##)
        let afterGo = try await webView.callAsyncJavaScript("""
            events = []; history.go(-2);
            new Promise(function (r) { setTimeout(r, 20); }).then(function () { history.forward(); return new Promise(function (r) { setTimeout(r, 20); }); })
              .then(function () { return JSON.stringify([events, history.length, location.pathname]); })
            """)
        #expect(afterGo.stringValue == #"[["popstate null /app/index.html true","popstate {\"n\":1} /app/one true"],4,"/app/one"]"#)
        #expect(await webView.url?.absoluteString == "http://127.0.0.1:1/app/one")
        #expect(sameDocumentNavigations(log) == [
            "sessionStatePush http://127.0.0.1:1/app/one", "sessionStatePush http://127.0.0.1:1/app/two",
            "anchorNavigation http://127.0.0.1:1/app/two#x", "sessionStatePop http://127.0.0.1:1/app/two",
            "sessionStatePop http://127.0.0.1:1/app/index.html", "sessionStatePop http://127.0.0.1:1/app/one",
        ])
        await webView.close()
    }

    @Test func pushingDropsTheForwardEntriesAndTraversalsPastTheEndsDoNothing() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            var popped = 0;
            addEventListener('popstate', function () { popped++; });
            history.pushState(null, '', '#a');
            history.pushState(null, '', '#b');
            history.back();
            </script>
            """, baseURL: base)
        let out = try await webView.callAsyncJavaScript("""
            new Promise(function (r) { setTimeout(r, 20); }).then(function () {
              history.pushState('c', '', '#c');
              var length = history.length;
              history.forward(); history.go(-10); history.go(10);
              return new Promise(function (r) { setTimeout(r, 20); }).then(function () { return JSON.stringify([length, history.length, location.hash, history.state, popped]); });
            })
            """)
        #expect(out.stringValue == ##"[3,3,"#c","c",1]"##)
        #expect(log.navigations.isEmpty)
        await webView.close()
    }

    @Test func replaceAndSameFragmentKeepTheLength() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <a id="link" href="#top">top</a><script>
            var hashes = 0;
            addEventListener('hashchange', function () { hashes++; });
            history.replaceState({ r: 1 }, '', 'replaced');
            var a = [history.length, history.state.r, location.pathname];
            location.replace('#one');
            a.push(history.length, history.state);
            location.hash = 'one';
            a.push(history.length);
            document.getElementById('link').click();
            a.push(history.length, location.hash);
            </script>
            """, baseURL: base)
        let out = try await webView.callAsyncJavaScript("new Promise(function (r) { setTimeout(r, 20); }).then(function () { return JSON.stringify([a, hashes]); })")
        #expect(out.stringValue == ##"[[1,1,"/app/replaced",1,null,1,2,"#top"],2]"##)
        await webView.close()
    }

    /// As in Chromium (checked headless) and HTML: every fragment navigation fires popstate at once, a link to
    /// the fragment the page is at too; setting `location.hash` to the fragment it has does nothing at all.
    @Test func fragmentNavigationsFirePopstateAtOnceButTheSameHashDoesNothing() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <a id="link" href="#top">top</a><script>
            var events = [];
            addEventListener('popstate', function (e) { events.push('popstate ' + e.state + ' ' + location.hash + ' ' + history.length); });
            addEventListener('hashchange', function (e) { events.push('hashchange ' + e.newURL.split('#')[1]); });
            location.hash = 'x'; events.push('after x');
            location.hash = '#x'; events.push('after same');
            location.replace('#y'); events.push('after replace');
            document.getElementById('link').click(); events.push('after link');
            document.getElementById('link').click(); events.push('after same link');
            </script>
            """, baseURL: base)
        let out = try await webView.callAsyncJavaScript("new Promise(function (r) { setTimeout(r, 20); }).then(function () { return events.join(' | '); })")
        #expect(out.stringValue == "popstate null #x 2 | after x | after same | popstate null #y 2 | after replace | popstate null #top 3 | after link | popstate null #top 3 | after same link | hashchange x | hashchange y | hashchange top")
        #expect(sameDocumentNavigations(log) == [
            "anchorNavigation http://127.0.0.1:1/app/index.html#x", "anchorNavigation http://127.0.0.1:1/app/index.html#y",
            "anchorNavigation http://127.0.0.1:1/app/index.html#top", "anchorNavigation http://127.0.0.1:1/app/index.html#top",
        ])
        await webView.close()
    }

    /// As in WebKit (FrameLoader's fragment navigations go through the navigation policy check), the navigation
    /// delegate decides each fragment navigation, at once; a cancel leaves the page where it was.
    @Test func fragmentNavigationsAskTheNavigationDelegateAndACancelStopsThem() async throws {
        let (webView, log) = makeWebView()
        let delegate = RecordingNavigationDelegate { action in action.url?.fragment == "blocked" ? .cancel : .allow }
        await webView.setNavigationDelegate(delegate)
        try await webView.loadHTMLString("""
            <a id="link" href="#linked">linked</a><script>
            var events = [];
            addEventListener('popstate', function () { events.push('popstate ' + location.hash); });
            location.hash = 'x';
            location.hash = 'blocked'; events.push('after blocked ' + location.hash);
            document.getElementById('link').click();
            history.pushState(null, '', '#pushed');
            </script>
            """, baseURL: base)
        let out = try await webView.evaluateJavaScript("events.join(' | ') + ' | ' + history.length")
        #expect(out.stringValue == "popstate #x | after blocked #x | popstate #linked | 4")
        let fragments = delegate.requests.filter { $0.url?.fragment != nil }
        #expect(fragments.map { "\($0.type.rawValue) \($0.url?.fragment ?? "")" } == ["location x", "location blocked", "linkActivated linked"])
        let navigations = log.all.compactMap { event -> String? in
            if case .navigation(let url, _, let decision) = event.kind, url.contains("#") { "\(decision.rawValue) \(url.split(separator: "/").last ?? "")" } else { nil }
        }
        #expect(navigations == ["allow index.html#x", "cancel index.html#blocked", "allow index.html#linked"])
        // pushState is no navigation request, in WebKit either.
        #expect(!delegate.requests.contains { $0.url?.fragment == "pushed" })
        #expect(sameDocumentNavigations(log).map { $0.split(separator: "#").last ?? "" } == ["x", "linked", "pushed"])
        await webView.close()
    }

    @Test func badStatesAndForeignURLsThrow() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <p id="p"></p><script>
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name + (e instanceof DOMException ? ' (DOMException)' : ''); } }
            var state = { when: new Date(0), list: [1, { deep: true }], map: new Map([['k', 1]]) };
            history.pushState(state, '');
            var copy = history.state;
            var out = [name(function () { history.pushState(function () {}, ''); }),
                       name(function () { history.pushState({ node: document.getElementById('p') }, ''); }),
                       name(function () { history.pushState(null, '', 'http://elsewhere.test/'); }),
                       name(function () { history.pushState(null); }),
                       copy !== state, copy.when instanceof Date, copy.list[1].deep, copy.map.get('k'), history.state === history.state,
                       history.length, (history.scrollRestoration = 'manual', history.scrollRestoration),
                       (history.scrollRestoration = 'bogus', history.scrollRestoration), Object.prototype.toString.call(history),
                       name(function () { new History(); })];
            </script>
            """, baseURL: base)
        #expect(try await webView.evaluateJavaScript("JSON.stringify(out)").stringValue
                == #"["DataCloneError (DOMException)","DataCloneError (DOMException)","SecurityError (DOMException)","TypeError",true,true,true,1,true,2,"manual","manual","[object History]","TypeError"]"#)
        await webView.close()
    }
}
