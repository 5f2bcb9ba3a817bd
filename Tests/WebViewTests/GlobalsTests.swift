import Foundation
import JavaScript
import Testing
@testable import WebView

/// The window's surface as WebKit's: no engine internals in what pages enumerate, WebKit's interfaces and not the
/// legacy ones it lacks, `requestIdleCallback` only where the device's browser has it, and a constructible
/// `EventTarget`. The expected values were observed on WebKitGTK 2.50 (`hybrid conform`) unless said otherwise.
@Suite struct GlobalsTests {
    private func open(device: DeviceProfile = .default) async throws -> (HeadlessWebView, EventLog) {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: device))
        let log = EventLog(webView)
        try await webView.loadHTMLString("<!doctype html><html><body><p>x</p></body></html>",
                                         baseURL: URL(string: "https://example.com/page.html"))
        return (webView, log)
    }

    /// Mocha's leak check, `Object.keys(window)` and `for (k in window)` list none of the engine's internals, even
    /// after the window has listeners; none is a global name but the internal device ones (not enumerable).
    @Test func theWindowListsNoInternals() async throws {
        let (webView, log) = try await open()
        #expect(try await webView.evaluateJavaScript("""
            addEventListener('resize', function () {});
            document.body.addEventListener('click', function () {});
            var listed = Object.keys(window), inLoop = [];
            for (var k in window) inLoop.push(k);
            var internal = function (k) { return k.charAt(0) === '_'; };
            [listed.filter(internal).join(), inLoop.filter(internal).join(),
             Object.keys(document.body).indexOf('_listeners'),
             ['addEventListener', 'removeEventListener', 'dispatchEvent'].filter(function (k) { return listed.indexOf(k) >= 0; }).join(),
             Object.getOwnPropertyNames(window).filter(function (k) { return k.charAt(0) === '_' && k.indexOf('__hybrid') !== 0; })
               .filter(function (k) { return !/^_(dispatchEvent|doClick|getEventHandler|isClick|listeners|setEventHandler|getTheParent)$/.test(k); }).join()]
            """) == ["", "", -1, "", ""])
        // Observed on WebKitGTK 2.50: domino's parser and the legacy interfaces WebKit removed are not globals; a
        // <td> is an HTMLTableCellElement by its constructor and its Object.prototype.toString name.
        #expect(try await webView.evaluateJavaScript("""
            [typeof HTMLParser, typeof HTMLKeygenElement, typeof HTMLMenuItemElement, typeof HTMLTableDataCellElement,
             typeof HTMLTableHeaderCellElement, Object.prototype.toString.call(document.createElement('td')),
             document.createElement('td').constructor.name, document.createElement('th').constructor.name,
             document.createElement('td') instanceof HTMLTableCellElement].join()
            """) == "undefined,undefined,undefined,undefined,undefined,[object HTMLTableCellElement],HTMLTableCellElement,HTMLTableCellElement,true")
        // The window's own listeners still work after the change.
        _ = try await webView.evaluateJavaScript("addEventListener('ping', function (e) { console.log('window ' + e.type); }); dispatchEvent(new Event('ping'))")
        #expect(log.consoleLines == ["window ping"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// WebKit (Safari, WKWebView: iPhone, iPad, and a Mac's Safari for the desktop profile) has no
    /// `requestIdleCallback`: typeof is 'undefined' on WebKitGTK 2.50. Android's WebView (Chrome) has it.
    @Test func idleCallbacksOnlyWhereTheDevicesBrowserHasThem() async throws {
        let probe = "[typeof requestIdleCallback, typeof cancelIdleCallback, typeof IdleDeadline].join()"
        for device in [DeviceProfile.iPhone15, .iPhoneSE, .iPad, .desktop] {
            let (webView, _) = try await open(device: device)
            #expect(try await webView.evaluateJavaScript(probe) == "undefined,undefined,undefined", "\(device.name)")
            await webView.close()
        }
        let (android, _) = try await open(device: .pixel8)
        #expect(try await android.evaluateJavaScript(probe) == "function,function,function")
        await android.close()
    }

    /// `new EventTarget()` and subclasses listen and dispatch; nodes, the document, the window, XMLHttpRequest and
    /// AbortSignal are EventTargets, a plain object is not. Every value observed on WebKitGTK 2.50.
    @Test func eventTargetIsAConstructibleInterface() async throws {
        let (webView, log) = try await open()
        #expect(try await webView.evaluateJavaScript("""
            var t = new EventTarget(), n = 0;
            t.addEventListener('x', function (e) { n += e.target === t ? 1 : 100; });
            t.dispatchEvent(new Event('x'));
            n
            """) == 1)
        #expect(try await webView.evaluateJavaScript("""
            class Bus extends EventTarget {}
            var b = new Bus(), seen = [];
            b.addEventListener('ping', function (e) { seen.push(e.type, e.target === b, this === b); });
            b.dispatchEvent(new CustomEvent('ping'));
            [seen.join(), b instanceof EventTarget, b instanceof Bus, Object.prototype.toString.call(b)].join(' ')
            """) == "ping,true,true true true [object EventTarget]")
        #expect(try await webView.evaluateJavaScript("""
            [document.body instanceof EventTarget, document instanceof EventTarget, window instanceof EventTarget,
             new XMLHttpRequest() instanceof EventTarget, new AbortController().signal instanceof EventTarget,
             ({}) instanceof EventTarget, Object.prototype.toString.call(new EventTarget())].join()
            """) == "true,true,true,true,true,false,[object EventTarget]")
        #expect(try await webView.evaluateJavaScript("""
            try { EventTarget(); 'no error' } catch (e) { e.name + ': ' + e.message }
            """) == "TypeError: Constructor requires 'new' operator")
        #expect(try await webView.evaluateJavaScript("""
            [EventTarget.length, EventTarget.name,
             ['addEventListener', 'constructor', 'dispatchEvent', 'removeEventListener'].every(function (k) {
               return Object.prototype.hasOwnProperty.call(EventTarget.prototype, k); }),
             Object.keys(window).indexOf('EventTarget')].join(' ')
            """) == "0 EventTarget true -1")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// The window's objects have WebKit's interface objects: `location`, `navigator`, the documents, tree walkers and
    /// node iterators are instances with WebKit's names and constructors, and constructing one throws. Every value
    /// observed on WebKitGTK 2.50.
    @Test func locationNavigatorAndDocumentsHaveTheirInterfaces() async throws {
        let (webView, log) = try await open()
        #expect(try await webView.evaluateJavaScript("""
            [Location, Navigator, HTMLDocument, XMLDocument].map(function (C) {
              try { new C(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }).join(' | ')
            """) == "TypeError: Illegal constructor | TypeError: Illegal constructor | TypeError: Illegal constructor | TypeError: Illegal constructor")
        #expect(try await webView.evaluateJavaScript("""
            [Object.prototype.toString.call(location), Object.prototype.toString.call(navigator),
             Object.prototype.toString.call(document), location instanceof Location, navigator instanceof Navigator,
             document instanceof HTMLDocument, document instanceof Document, Object.getPrototypeOf(document) === HTMLDocument.prototype,
             new Document() instanceof HTMLDocument, document.implementation.createHTMLDocument('') instanceof HTMLDocument,
             new DOMParser().parseFromString('<p>', 'text/html') instanceof HTMLDocument,
             Object.getPrototypeOf(HTMLDocument.prototype) === Document.prototype,
             location.constructor.name, navigator.constructor.name, document.constructor.name].join()
            """) == "[object Location],[object Navigator],[object HTMLDocument],true,true,true,true,true,false,true,true,true,Location,Navigator,HTMLDocument")
        #expect(try await webView.evaluateJavaScript("""
            [new DOMParser().parseFromString('<a/>', 'application/xml') instanceof XMLDocument,
             document.implementation.createDocument(null, 'a') instanceof XMLDocument, document instanceof XMLDocument,
             location.href === String(location)].join()
            """) == "true,true,false,true")
        #expect(try await webView.evaluateJavaScript("""
            var tw = document.createTreeWalker(document.body), ni = document.createNodeIterator(document.body);
            [TreeWalker, NodeIterator].map(function (C) { try { new C(); return 'no error'; } catch (e) { return e.message; } })
              .concat([tw instanceof TreeWalker, ni instanceof NodeIterator, Object.prototype.toString.call(tw),
                       Object.prototype.toString.call(ni), tw.constructor.name, tw.nextNode().nodeName]).join()
            """) == "Illegal constructor,Illegal constructor,true,true,[object TreeWalker],[object NodeIterator],TreeWalker,P")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Window members pages call or feature-detect: `origin`, `reportError` (an `error` event, as an uncaught
    /// exception), `open` (null: no popups), the no-op `print`/`focus`/`blur`/`close`/`stop`, `status`, the prefixed
    /// aliases, `clientInformation` and the bars. Every value observed on WebKitGTK 2.50 (the page's origin aside).
    @Test func windowMembersPagesCall() async throws {
        let (webView, log) = try await open()
        #expect(try await webView.evaluateJavaScript("""
            [origin === 'https://example.com' && origin === location.origin, typeof reportError, typeof print, typeof stop, typeof focus, typeof blur,
             typeof close, typeof open, JSON.stringify(status), webkitURL === URL,
             webkitRequestAnimationFrame === requestAnimationFrame, typeof webkitCancelAnimationFrame,
             clientInformation === navigator, locationbar.visible, Object.prototype.toString.call(menubar), closed].join()
            """) == "true,function,function,function,function,function,function,function,\"\",true,false,function,true,true,[object BarProp],false")
        #expect(try await webView.evaluateJavaScript("""
            var got = [];
            addEventListener('error', function (e) {
              got.push(e.constructor.name, e.message, e.error && e.error.message, e.cancelable); e.preventDefault(); });
            reportError(new Error('boom'));
            got.join('|')
            """) == "ErrorEvent|Error: boom|boom|true")
        #expect(try await webView.evaluateJavaScript("""
            function message(f) { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }
            [String(open('x.html', '_blank')), message(function () { reportError(); }),
             message(function () { new BarProp(); }), typeof webkitRequestAnimationFrame(function () {})].join()
            """) == "null,TypeError: Not enough arguments,TypeError: Illegal constructor,number")
        #expect(try await webView.evaluateJavaScript("status = 5; origin = 'o'; [typeof status, status, origin].join()") == "string,5,o")
        #expect(try await webView.evaluateJavaScript("""
            Object.keys(window).filter(function (k) {
              return /^(origin|reportError|print|stop|focus|blur|close|open|status|locationbar|menubar|personalbar|scrollbars|statusbar|toolbar|clientInformation|webkitURL|webkitRequestAnimationFrame)$/.test(k);
            }).sort().join()
            """) == "blur,clientInformation,close,focus,locationbar,menubar,open,origin,personalbar,print,reportError,scrollbars,status,statusbar,stop,toolbar,webkitRequestAnimationFrame")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// SVG elements have WebKit's interfaces and chains, made by `createElementNS` and by the parser; constructing
    /// one throws. Every chain observed on WebKitGTK 2.50.
    @Test func svgElementsHaveTheirInterfaces() async throws {
        let (webView, log) = try await open()
        let chains = [
            "g:SVGGElement>SVGGraphicsElement>SVGElement",
            "path:SVGPathElement>SVGGeometryElement>SVGGraphicsElement>SVGElement",
            "rect:SVGRectElement>SVGGeometryElement>SVGGraphicsElement>SVGElement",
            "text:SVGTextElement>SVGTextPositioningElement>SVGTextContentElement>SVGGraphicsElement>SVGElement",
            "tspan:SVGTSpanElement>SVGTextPositioningElement>SVGTextContentElement>SVGGraphicsElement>SVGElement",
            "linearGradient:SVGLinearGradientElement>SVGGradientElement>SVGElement",
            "clipPath:SVGClipPathElement>SVGElement",
            "svg:SVGSVGElement>SVGGraphicsElement>SVGElement",
            "use:SVGUseElement>SVGGraphicsElement>SVGElement",
            "stop:SVGStopElement>SVGElement",
            "foo:SVGElement",
        ].joined(separator: " ")
        #expect(try await webView.evaluateJavaScript("""
            var NS = 'http://www.w3.org/2000/svg';
            ['g', 'path', 'rect', 'text', 'tspan', 'linearGradient', 'clipPath', 'svg', 'use', 'stop', 'foo'].map(function (t) {
              var e = document.createElementNS(NS, t), chain = [];
              for (var p = Object.getPrototypeOf(e); p && p !== Element.prototype; p = Object.getPrototypeOf(p)) chain.push(p.constructor.name);
              return t + ':' + chain.join('>');
            }).join(' ')
            """) == .string(chains))
        #expect(try await webView.evaluateJavaScript("""
            document.body.innerHTML = '<svg><g><rect/><path/></g></svg>';
            var rect = document.querySelector('rect');
            [rect instanceof SVGRectElement, rect instanceof SVGGeometryElement, document.querySelector('g') instanceof SVGGElement,
             Object.prototype.toString.call(rect), rect.getAttribute('x'), rect.namespaceURI === 'http://www.w3.org/2000/svg',
             [SVGGElement, SVGGraphicsElement].map(function (C) { try { new C(); return 'no error'; } catch (e) { return e.message; } }).join('/')].join()
            """) == "true,true,true,[object SVGRectElement],,true,Illegal constructor/Illegal constructor")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
