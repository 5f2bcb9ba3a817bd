import Foundation
import JavaScript
import Testing
@testable import WebView

/// The web platform's groups made on first use (`internals.lazy`: WebSocket, EventSource, Worker, messaging, blobs,
/// fetch, URL, performance observers, clipboard, geolocation, notifications) and the DOM's SVG element interfaces: a page that touches none of them builds
/// none (issue 20's memory per page), and a group, once built, has the descriptors WebKit gives window interfaces.
@Suite struct LazyPlatformTests {
    /// One name of each lazy group.
    static let groups = ["WebSocket", "EventSource", "Worker", "MessageChannel", "Blob", "fetch", "URL", "atob",
                         "PerformanceObserver", "ClipboardItem", "Geolocation", "Notification", "SVGRectElement"]

    private func load(_ html: String) async throws -> HeadlessWebView {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://example.test/app/")!)
        return webView
    }

    /// A page that never names them leaves every group unbuilt: each name is still the group's stand-in (an accessor
    /// until first read), not the built interface. Fails if a group is made eagerly again.
    @Test func untouchedGroupsAreNotBuilt() async throws {
        let webView = try await load("""
            <!doctype html><body><ul id="list"></ul>
            <script>for (var i = 0; i < 10; i++) { var li = document.createElement('li'); li.textContent = 'item ' + i;
            document.getElementById('list').appendChild(li); }</script></body>
            """)
        let names = Self.groups.map { "'\($0)'" }.joined(separator: ", ")
        let built = try await webView.evaluateJavaScript("""
            [\(names)].filter(function (name) {
              var descriptor = Object.getOwnPropertyDescriptor(window, name);
              return descriptor && !descriptor.get;
            })
            """)
        await webView.close()
        #expect(built == .array([]))
    }

    /// The interfaces among them (not the operations `fetch` and `atob`; `Notification` exists on some profiles only).
    static let interfaces = groups.filter { !["fetch", "atob", "Notification"].contains($0) }

    /// Built on first read, each interface is a data property with the same attributes as an interface installed at
    /// set-up (`XMLHttpRequest`): writable, configurable, not enumerable; and the same value on every read.
    @Test func builtGroupsHaveEagerDescriptors() async throws {
        let webView = try await load("<!doctype html><body></body>")
        let names = Self.interfaces.map { "'\($0)'" }.joined(separator: ", ")
        let out = try await webView.evaluateJavaScript("""
            (function () {
              function shape(name) {
                var d = Object.getOwnPropertyDescriptor(window, name);
                if (!d) return 'none';
                return [typeof d.value, d.writable, d.enumerable, d.configurable, 'get' in d].join(' ');
              }
              var eager = shape('XMLHttpRequest');
              return [\(names)].map(function (name) {
                var first = window[name];
                return name + ': ' + (shape(name) === eager) + ' ' + (window[name] === first) + ' ' + (name in window) +
                  ' ' + (Object.keys(window).indexOf(name) < 0) + ' ' + (Object.getOwnPropertyNames(window).indexOf(name) >= 0);
              });
            })()
            """)
        await webView.close()
        #expect(out == .array(Self.interfaces.map { .string("\($0): true true true true true") }))
    }
}
