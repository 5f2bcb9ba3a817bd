import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct DevicePageTests {
    private func webView(_ device: DeviceProfile? = nil) -> (HeadlessWebView, EventLog) {
        var configuration = WebViewConfiguration()
        if let device { configuration.device = device }
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        return (webView, EventLog(webView))
    }

    @Test func theDefaultIsAnIPhoneInWKWebView() async throws {
        let (webView, _) = webView()
        try await webView.loadHTMLString("<p>hi</p>", baseURL: nil)
        let values = try await webView.evaluateJavaScript("""
            [navigator.userAgent.indexOf('iPhone OS') > 0, navigator.platform, navigator.maxTouchPoints, navigator.language,
             innerWidth, innerHeight, outerWidth, devicePixelRatio, screen.width, screen.height, screen.availHeight,
             screen.colorDepth, screen.orientation.type, screen.orientation.angle, window.orientation, 'ontouchstart' in window,
             'ontouchstart' in document.documentElement, visualViewport.width, visualViewport.scale,
             Object.prototype.toString.call(screen), Object.keys(window).indexOf('__hybridDevice'),
             Object.keys(window).indexOf('__hybridDeviceListeners'), __hybridDevice.safeArea.top, __hybridDevice.pointer,
             Array.isArray(__hybridDeviceListeners)]
            """)
        #expect(values == [true, "iPhone", 5, "en-US", 393, 852, 393, 3, 393, 852, 852, 24, "portrait-primary", 0, 0, true,
                           true, 393, 1, "[object Screen]", -1, -1, 59, "coarse", true])
        await webView.close()
    }

    @Test func aDesktopHasNoTouchOrOrientationAndAPixelPhoneIsAnAndroidWebView() async throws {
        let (desktop, _) = webView(.desktop)
        try await desktop.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await desktop.evaluateJavaScript("""
            [navigator.maxTouchPoints, 'ontouchstart' in window, 'ontouchstart' in document.body, 'ontouchend' in document.createElementNS('http://www.w3.org/2000/svg', 'svg'), 'ontouchstart' in document, 'orientation' in window,
             'onorientationchange' in window, innerWidth, screen.width, __hybridDevice.hover, navigator.platform]
            """) == [0, false, false, false, false, false, false, 1280, 1440, "hover", "MacIntel"])
        await desktop.close()
        let (pixel, _) = webView(.pixel8)
        try await pixel.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await pixel.evaluateJavaScript("[/; wv\\)/.test(navigator.userAgent), innerWidth, devicePixelRatio, window.orientation]")
                == [true, 412, 2.625, 0])
        await pixel.close()
    }

    @Test func theDeviceUserAgentIsSentWithRequestsAndCustomUserAgentStillWins() async throws {
        var configuration = WebViewConfiguration(customUserAgent: "Custom/1", device: .iPhoneSE)
        let custom = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        try await custom.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await custom.evaluateJavaScript("[navigator.userAgent, innerWidth]") == ["Custom/1", 375])
        await custom.close()
        configuration = WebViewConfiguration(applicationNameForUserAgent: "MyApp/2", device: .iPhoneSE)
        let named = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        try await named.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await named.evaluateJavaScript("navigator.userAgent") == .string(DeviceProfile.iPhoneSE.userAgent + " MyApp/2"))
        await named.close()
    }

    @Test func replaceableAttributesCanBeAssigned() async throws {
        let (webView, _) = webView()
        try await webView.loadHTMLString("<script>innerWidth = 5; var screen = 'mine';</script>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("[innerWidth, screen, Object.keys(window).indexOf('innerWidth') >= 0]") == [5, "mine", true])
        await webView.close()
    }

    @Test func rotationFiresOrientationChangeThenResizeThenTheDeviceListeners() async throws {
        let (webView, log) = webView(.iPhoneSE)
        try await webView.loadHTMLString("""
            <script>
            function note(what) { console.log(what + ' ' + innerWidth + 'x' + innerHeight + ' ' + window.orientation + ' ' + __hybridDevice.orientation); }
            addEventListener('orientationchange', function () { note('orientationchange'); });
            onresize = function () { note('resize'); };
            visualViewport.addEventListener('resize', function () { note('visualViewport resize'); });
            __hybridDeviceListeners.push(function () { note('listener'); });
            __hybridDeviceListeners.push(function () { throw new Error('listener broke'); });
            __hybridDeviceListeners.push(function () { note('after'); });
            </script>
            """, baseURL: nil)
        await webView.rotate()
        #expect(await webView.device == DeviceProfile.iPhoneSE.rotated())
        var landscape = DeviceProfile.iPhoneSE.rotated()
        landscape.colorScheme = .dark
        await webView.setDevice(landscape)  // same size: only the listeners
        #expect(log.consoleLines == ["orientationchange 667x375 90 landscape", "resize 667x375 90 landscape",
                                     "visualViewport resize 667x375 90 landscape", "listener 667x375 90 landscape",
                                     "after 667x375 90 landscape", "listener 667x375 90 landscape", "after 667x375 90 landscape"])
        #expect(log.exceptions.map(\.message) == ["listener broke", "listener broke"])
        #expect(try await webView.evaluateJavaScript("[__hybridDevice.colorScheme, screen.width, screen.orientation.type]")
                == ["dark", 375, "landscape-primary"])
        await webView.close()
    }

    @Test func aDeviceSetBeforeLoadingIsWhatTheNextPageSees() async throws {
        let (webView, _) = webView()
        await webView.setDevice(.iPad)
        try await webView.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("[innerWidth, navigator.platform, navigator.maxTouchPoints]") == [820, "MacIntel", 5])
        await webView.close()
    }
}

@Suite struct DeviceScrollingTests {
    @Test func theRootElementsClientSizeIsTheViewport() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: .iPhoneSE))
        try await webView.loadHTMLString("<p>hi</p>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            [document.documentElement.clientWidth, document.documentElement.clientHeight,
             document.createElement('html').clientWidth]
            """) == [375, 667, 0])
        await webView.rotate()
        #expect(try await webView.evaluateJavaScript("document.documentElement.clientWidth") == 667)
        await webView.close()
    }

    @Test func scrollToMovesTheViewportAndOneScrollEventFollowsInALaterTask() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        let log = EventLog(webView)
        try await webView.loadHTMLString("""
            <div style="width: 1000px; height: 3000px"></div>
            <script>
            var fired = 0;
            document.addEventListener('scroll', function (e) { fired++; console.log('document ' + e.bubbles + ' ' + scrollX + ',' + scrollY); });
            addEventListener('scroll', function (e) { console.log('window ' + (e.target === document)); });
            </script>
            """, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            scrollTo(0, 100); scrollBy({ top: 50 }); scroll({ left: 10 });
            var same = [scrollX, scrollY, pageXOffset, pageYOffset];
            scrollTo(-5, NaN); scrollTo({ left: 10, top: 150 });
            var bad = (function () { try { scrollTo(5); return 'no error'; } catch (e) { return e.name; } })();
            scrollTo(undefined); scrollBy();
            same.concat([bad, scrollY, fired])
            """) == [10, 150, 10, 150, "TypeError", 150, 0])  // no event during the script
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["document true 10,150", "window true"])
        await webView.close()
    }
}
