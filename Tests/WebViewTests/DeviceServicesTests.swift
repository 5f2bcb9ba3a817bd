import Foundation
import JavaScript
import Testing
@testable import WebView

/// The device services a page asks for (`DeviceServices`): each behaves as in WKWebView on the profile's system,
/// needs a user gesture where WebKit does, and is driven and observed from Swift.
@Suite struct DeviceServicesTests {
    /// A web view on `html`, loaded from `base` (an https page unless given: a secure context).
    private func withPage(_ html: String, base: String = "https://app.example/index.html", device: DeviceProfile = .default,
                          services: DeviceServices = DeviceServices(),
                          _ body: (HeadlessWebView, DeviceServices) async throws -> Void) async throws {
        let runtime = JavaScriptRuntime()
        var configuration = WebViewConfiguration(device: device)
        configuration.services = services
        let webView = HeadlessWebView(runtime: runtime, configuration: configuration)
        try await webView.loadHTMLString(html, baseURL: URL(string: base)!)
        try await body(webView, services)
        await webView.close()
    }

    private static let button = "<button id='b' onclick='window.result = window.act()'>go</button>"
    private static let outcome = "Promise.resolve(result).then(v => v === undefined ? 'ok' : v, e => e.name)"

    @Test func theClipboardNeedsAUserGestureAndIsTheHostsToSetAndRead() async throws {
        try await withPage(Self.button) { webView, services in
            services.clipboardText = "from the host"
            let outside = try await webView.callAsyncJavaScript("""
                Promise.all([navigator.clipboard.readText(), navigator.clipboard.writeText('x')].map(p => p.then(() => 'ok', e => e.name)))
                """)
            #expect(outside == ["NotAllowedError", "NotAllowedError"])
            #expect(services.clipboardText == "from the host")
            _ = try await webView.evaluateJavaScript("window.act = () => navigator.clipboard.readText()")
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript("result") == "from the host")
            _ = try await webView.evaluateJavaScript("window.act = () => navigator.clipboard.writeText('copied ✓')")
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript(Self.outcome) == "ok")
            #expect(services.clipboardText == "copied ✓")
            _ = try await webView.evaluateJavaScript("""
                window.act = () => navigator.clipboard.write([new ClipboardItem({
                  'text/plain': new Blob(['plain'], { type: 'text/plain' }), 'text/html': '<b>rich</b>' })])
                """)
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript(Self.outcome) == "ok")
            #expect(services.clipboard.map(\.type) == ["text/plain", "text/html"])
            #expect(services.clipboard.last?.data == Data("<b>rich</b>".utf8))
            _ = try await webView.evaluateJavaScript("""
                window.act = () => navigator.clipboard.read().then(items => Promise.all(
                  [items.length, items[0].types.join(), items[0].getType('text/html').then(b => b.text()),
                   items[0].getType('image/png').then(() => 'found', e => e.name)]))
                """)
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript("result") == [1, "text/plain,text/html", "<b>rich</b>", "NotFoundError"])
            let bad = try await webView.evaluateJavaScript("""
                [(() => { try { new ClipboardItem({}); } catch (e) { return e.name; } })(), typeof Clipboard, isSecureContext]
                """)
            #expect(bad == ["TypeError", "function", true])
        }
    }

    @Test func anInsecurePageHasNoClipboardAndNoLocation() async throws {
        try await withPage("<p>plain http</p>", base: "http://shop.example/") { webView, services in
            services.geolocation = .position(GeolocationPosition(latitude: 1, longitude: 2))
            let result = try await webView.callAsyncJavaScript("""
                new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'), e => resolve(
                  [typeof navigator.clipboard, typeof navigator.share, isSecureContext, e.code, e.PERMISSION_DENIED])))
                """)
            #expect(result == ["undefined", "undefined", false, 1, 1])
        }
    }

    @Test func geolocationAnswersFromTheHostAndWatchersFollowIt() async throws {
        try await withPage("<p>map</p>") { webView, services in
            let denied = try await webView.callAsyncJavaScript("""
                new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'),
                  e => resolve([e.code, e.message, e instanceof GeolocationPositionError])))
                """)
            #expect(denied == [1, "User denied Geolocation", true])
            services.geolocation = .position(GeolocationPosition(latitude: 31.2304, longitude: 121.4737, accuracy: 5, altitude: 4))
            let here = try await webView.callAsyncJavaScript("""
                new Promise(resolve => navigator.geolocation.getCurrentPosition(p => resolve([p.coords.latitude,
                  p.coords.longitude, p.coords.accuracy, p.coords.altitude, p.coords.speed, typeof p.timestamp,
                  JSON.stringify(p.toJSON().coords).length > 0]), e => resolve(e.code)))
                """)
            #expect(here == [31.2304, 121.4737, 5, 4, nil, "number", true])
            let timeout = try await webView.callAsyncJavaScript("""
                new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'), e => resolve(e.code), { timeout: 0 }))
                """)
            #expect(timeout == 3)
            _ = try await webView.evaluateJavaScript("""
                window.seen = [];
                window.watch = navigator.geolocation.watchPosition(p => seen.push(p.coords.latitude), e => seen.push('error ' + e.code));
                """)
            _ = await webView.runUntilIdle()
            await webView.setGeolocation(.position(GeolocationPosition(latitude: 40, longitude: 116)))
            await webView.setGeolocation(.error(.positionUnavailable))
            _ = await webView.runUntilIdle()
            _ = try await webView.evaluateJavaScript("navigator.geolocation.clearWatch(watch)")
            await webView.setGeolocation(.position(GeolocationPosition(latitude: 1, longitude: 1)))
            _ = await webView.runUntilIdle()
            #expect(try await webView.evaluateJavaScript("seen") == [31.2304, 40, "error 2"])
            let misuse = try await webView.evaluateJavaScript("(() => { try { navigator.geolocation.getCurrentPosition(); } catch (e) { return e.name; } })()")
            #expect(misuse == "TypeError")
        }
    }

    @Test func goingOfflineFiresTheWindowsEvents() async throws {
        try await withPage("<script>window.seen = []; addEventListener('offline', () => seen.push('offline ' + navigator.onLine)); ononline = () => seen.push('online ' + navigator.onLine);</script>") { webView, services in
            let before = try await webView.evaluateJavaScript("navigator.onLine")
            #expect(before == true)
            await webView.setOnline(false)
            await webView.setOnline(false)   // no change, no event
            #expect(services.isOnline == false)
            await webView.setOnline(true)
            #expect(try await webView.evaluateJavaScript("seen") == ["offline false", "online true"])
        }
    }

    @Test func notificationsExistOnlyWhenTheAppGivesAPermission() async throws {
        try await withPage("<p>no notifications in WKWebView</p>") { webView, _ in
            let type = try await webView.evaluateJavaScript("typeof Notification")
            #expect(type == "undefined")
        }
        let services = DeviceServices()
        services.notificationPermission = .default
        services.notificationRequestAnswer = .granted
        try await withPage(Self.button, services: services) { webView, services in
            let before = try await webView.callAsyncJavaScript("""
                Notification.requestPermission().then(p => [p, Notification.permission, new Promise(r => {
                  const n = new Notification('early'); n.onerror = () => r('error'); n.onshow = () => r('shown'); })])
                  .then(a => Promise.all(a))
                """)
            #expect(before == ["default", "default", "error"])
            #expect(services.notifications.isEmpty)
            _ = try await webView.evaluateJavaScript("window.act = () => Notification.requestPermission()")
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript("result") == "granted")
            let shown = try await webView.callAsyncJavaScript("""
                new Promise(r => { const n = new Notification('Order shipped', { body: 'Parcel 7', tag: 'order', data: { id: 7 } });
                  n.addEventListener('show', () => { n.close(); });
                  n.onclose = () => r([n.title, n.body, n.tag, n.data.id, Notification.permission]); })
                """)
            #expect(shown == ["Order shipped", "Parcel 7", "order", 7, "granted"])
            #expect(services.notifications.map(\.title) == ["Order shipped"])
            #expect(services.notifications.first?.page == "https://app.example/index.html")
        }
    }

    @Test func vibrateIsAndroidsAndNeedsAGesture() async throws {
        try await withPage("<p>ios</p>") { webView, _ in
            let type = try await webView.evaluateJavaScript("typeof navigator.vibrate")
            #expect(type == "undefined")
        }
        try await withPage(Self.button, device: .pixel8) { webView, services in
            #expect(try await webView.evaluateJavaScript("navigator.vibrate(200)") == false)
            _ = try await webView.evaluateJavaScript("window.act = () => [navigator.vibrate([100, 50, 20000, 30]), navigator.vibrate(0)]")
            try await webView.click("#b")
            #expect(try await webView.evaluateJavaScript("result") == [true, true])
            #expect(services.vibrations == [[100, 50, 10000], []])
            #expect(try await webView.evaluateJavaScript("typeof navigator.share") == "undefined")
        }
    }

    @Test func shareGoesToTheHostInAGestureAndCanBeCancelled() async throws {
        try await withPage(Self.button) { webView, services in
            let refused = try await webView.callAsyncJavaScript("""
                Promise.all([navigator.share({ url: '/item/7' }), navigator.share({}), navigator.share()]
                  .map(p => p.then(() => 'ok', e => e.name)))
                """)
            #expect(refused == ["NotAllowedError", "TypeError", "TypeError"])
            #expect(try await webView.evaluateJavaScript("[navigator.canShare({ text: 'hi' }), navigator.canShare({})]") == [true, false])
            _ = try await webView.evaluateJavaScript("""
                window.act = () => navigator.share({ title: 'Item', text: 'Look', url: '/item/7',
                  files: [new File(['x'], 'photo.png', { type: 'image/png' })] })
                """)
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript(Self.outcome) == "ok")
            #expect(services.shares == [ShareRequest(title: "Item", text: "Look", url: "https://app.example/item/7", files: ["photo.png"])])
            services.shareOutcome = .cancelled
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript(Self.outcome) == "AbortError")
            #expect(services.shares.count == 2)
        }
    }

    @Test func geolocationTextParsesAndRefusesBadInput() {
        #expect(GeolocationPosition(parsing: "31.23, 121.47") == GeolocationPosition(latitude: 31.23, longitude: 121.47))
        #expect(GeolocationPosition(parsing: "1,2,30")?.accuracy == 30)
        for bad in ["", "1", "91,0", "0,181", "a,b", "1,2,-1", "1,2,3,4"] { #expect(GeolocationPosition(parsing: bad) == nil, "\(bad)") }
    }

    @Test func geolocationReadingsComeFromJSON() throws {
        #expect(try GeolocationReading(json: JSONValue(parsing: #"{"latitude": 31.2, "longitude": 121.5, "speed": 3}"#))
                == .position(GeolocationPosition(latitude: 31.2, longitude: 121.5, speed: 3)))
        #expect(try GeolocationReading(json: JSONValue(parsing: #"{"error": "timeout"}"#)) == .error(.timeout))
        #expect(try GeolocationReading(json: JSONValue(parsing: #"{"error": 2}"#)) == .error(.positionUnavailable))
        for bad in [#"[]"#, #"{"latitude": 100, "longitude": 0}"#, #"{"latitude": 1}"#, #"{"error": "nope"}"#,
                    #"{"latitude": 1, "longitude": 1, "accuracy": -1}"#] {
            #expect(throws: GeolocationFileError.self, "\(bad)") { try GeolocationReading(json: JSONValue(parsing: bad)) }
        }
        let missing = URL(fileURLWithPath: "/nonexistent/where.json")
        #expect(throws: GeolocationFileError.self) { try GeolocationReading(contentsOf: missing) }
    }
}
