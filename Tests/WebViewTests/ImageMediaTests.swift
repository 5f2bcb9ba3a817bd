import CGdkPixbuf
import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Images (`<img>`, `Image`, `<picture>`) and media elements (`<audio>`, `<video>`) in a page: loading through the
/// page's network stack, natural sizes from gdk-pixbuf, events as tasks, the document's `load` waiting for images,
/// and the autoplay policy.
@Suite struct ImageMediaTests {
    /// A `width` x `height` image in `format` (`png`, `jpeg`, `webp`), written by gdk-pixbuf's savers at test time.
    static func image(_ format: String, width: Int, height: Int) -> [UInt8] {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_ccff)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, nil) != 0, let buffer else { return [] }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    private static func page(_ body: String) -> TestResponse {
        TestResponse(contentType: "text/html", body: Array("<!doctype html><title>t</title><body>\(body)</body>".utf8))
    }

    /// A server of a page (`/`, with `body`), images and failures.
    private func makeServer(_ body: String = "") async throws -> LoopbackServer {
        let png = Self.image("png", width: 3, height: 2), jpeg = Self.image("jpeg", width: 5, height: 4)
        let webp = Self.image("webp", width: 7, height: 6)
        return try await LoopbackServer { request in
            switch request.path {
            case "/": return Self.page(body)
            case "/a.png": return TestResponse(contentType: "image/png", body: png)
            case "/b.jpg": return TestResponse(contentType: "image/jpeg", body: jpeg)
            case "/c.webp": return TestResponse(contentType: "image/webp", body: webp)
            case "/broken.png": return TestResponse(contentType: "image/png", body: Array("not an image".utf8))
            case "/truncated.png": return TestResponse(contentType: "image/png", body: Array(png.prefix(png.count / 2)))
            case "/hang.png": return .hanging
            case "/sound.mp3": return TestResponse(contentType: "audio/mpeg", body: Array("ID3 not decoded".utf8))
            case "/clip.mp4": return TestResponse(contentType: "video/mp4", body: Array("not decoded".utf8))
            default: return .text("not found", status: 404)
            }
        }
    }

    /// Serves a page of `body` (see ``makeServer(_:)``), loads it into a new web view on its own runtime, runs `test`
    /// with the web view, its event log and the server, then closes both.
    private func withPage(_ body: String = "", configuration: WebViewConfiguration = .init(),
                          _ test: (HeadlessWebView, EventLog, LoopbackServer) async throws -> Void) async throws {
        let server = try await makeServer(body)
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        let log = EventLog(webView)
        try await webView.load(server.url("/"))
        try await test(webView, log, server)
        await webView.close()
        await server.stop()
    }

    /// Loads `src` into a new Image and answers `[event, naturalWidth, naturalHeight, complete, width]`.
    private static func loadImage(_ src: String) -> String {
        """
        new Promise(resolve => {
          const img = new Image();
          const done = event => resolve([event.type, img.naturalWidth, img.naturalHeight, img.complete, img.width]);
          img.onload = done; img.onerror = done;
          img.src = \(src);
        })
        """
    }

    @Test func pngJpegAndWebPFromTheServerLoadWithTheirNaturalSize() async throws {
        try await withPage { webView, log, server in
            let png = try await webView.callAsyncJavaScript(Self.loadImage("'a.png'"))
            let jpeg = try await webView.callAsyncJavaScript(Self.loadImage("'/b.jpg'"))
            let webp = try await webView.callAsyncJavaScript(Self.loadImage("'c.webp'"))
            #expect(png == ["load", 3, 2, true, 3])
            #expect(jpeg == ["load", 5, 4, true, 5])
            #expect(webp == ["load", 7, 6, true, 7])
            // The request went through the page's session, relative to the document.
            #expect(server.requests.contains { $0.path == "/b.jpg" && ($0.headers["accept"] ?? "").hasPrefix("image/") })
            #expect(log.exceptions.isEmpty)
        }
    }

    @Test func eventsAreTasksAndPropertiesFollowTheRequest() async throws {
        try await withPage { webView, _, server in
            let result = try await webView.callAsyncJavaScript("""
                new Promise(resolve => {
                  const img = document.createElement('img');
                  const seen = [];
                  img.addEventListener('load', () => seen.push('load'));
                  img.src = 'a.png';
                  const during = [img.complete, img.naturalWidth, img.currentSrc === location.origin + '/a.png', seen.length];
                  Promise.resolve().then(() => seen.push('microtask'));
                  img.decode().then(() => resolve([during, seen, img.complete, img.naturalWidth, img.getAttribute('width')]));
                })
                """)
            #expect(result == [[false, 0, true, 0], ["microtask", "load"], true, 3, .null])
        }
    }

    @Test func dataURLsFromACanvasAndSVGLoad() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><body></body>", baseURL: URL(string: "http://example.test/")!)
        let canvas = "(() => { const c = document.createElement('canvas'); c.width = 4; c.height = 9; c.getContext('2d').fillRect(0, 0, 2, 2); return c.toDataURL(); })()"
        #expect(try await webView.callAsyncJavaScript(Self.loadImage(canvas)) == ["load", 4, 9, true, 4])
        let svg = "'data:image/svg+xml,' + encodeURIComponent('<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"20\"/>')"
        #expect(try await webView.callAsyncJavaScript(Self.loadImage(svg)) == ["load", 10, 20, true, 10])
        #expect(try await webView.callAsyncJavaScript(Self.loadImage("'data:image/png;base64,AAAA'")) == ["error", 0, 0, true, 0])
        await webView.close()
    }

    @Test func missingBrokenEmptyAndInvalidImagesFireError() async throws {
        try await withPage { webView, log, server in
            for src in ["'missing.png'", "'broken.png'", "'truncated.png'", "''", "'http://'", "'blob:nothing'", "'ftp://x/y.png'"] {
                #expect(try await webView.callAsyncJavaScript(Self.loadImage(src)) == ["error", 0, 0, true, 0], "src = \(src)")
            }
            let decoded = try await webView.callAsyncJavaScript("""
                (() => { const img = new Image(); img.src = 'broken.png';
                  return img.decode().then(() => 'resolved', e => e.name + ' ' + (e instanceof DOMException)); })()
                """)
            #expect(decoded == "EncodingError true")
            // No source at all: complete, no event, decode() rejects.
            let empty = try await webView.callAsyncJavaScript(
                "(() => { const img = new Image(8, 6); return img.decode().then(() => 'resolved', e => [e.name, img.complete, img.width, img.height]); })()")
            #expect(empty == ["EncodingError", true, 8, 6])
            #expect(log.exceptions.isEmpty)
        }
    }

    @Test func theDocumentLoadEventWaitsForImagesInTheHTML() async throws {
        try await withPage("""
            <picture><source srcset="c.webp"><img id="p" src="b.jpg"></picture>
            <img id="a" src="a.png" loading="lazy" decoding="async"><img id="gone" src="missing.png">
            <script>
              var order = [];
              document.getElementById('a').onload = () => order.push('img');
              document.getElementById('gone').onerror = () => order.push('error');
              addEventListener('load', () => order.push('window'));
            </script>
            """) { webView, _, server in
            let state = try await webView.evaluateJavaScript("""
                (() => { const a = document.getElementById('a'), p = document.getElementById('p');
                return [order.includes('img') && order.includes('error') && order[2], a.complete, a.naturalWidth, a.loading, a.decoding,
                 p.naturalWidth, p.currentSrc.endsWith('/c.webp')]; })()
                """)
            #expect(state == ["window", true, 3, "lazy", "async", 7, true])
        }
    }

    @Test func aHangingImageDoesNotHoldTheLoadEventForever() async throws {
        let server = try await makeServer()
        let (webView, _) = makeWebView()
        await webView.withCore { $0.resources.session.responseTimeout = .milliseconds(300) }
        // The page itself is not fetched: only the image's request has the short limit (a loaded server may take
        // longer than 0.3 s to answer a request that does come).
        try await webView.loadHTMLString("<img id='h' src='hang.png'>", baseURL: server.url("/"))
        #expect(try await webView.evaluateJavaScript("(() => { const h = document.getElementById('h'); return [document.readyState, h.complete, h.naturalWidth]; })()") == ["complete", true, 0])
        await webView.close()
        await server.stop()
    }

    @Test func imagesOfOtherDocumentsDoNotLoad() async throws {
        try await withPage { webView, _, server in
            _ = try await webView.evaluateJavaScript("new DOMParser().parseFromString('<img src=\"a.png\">', 'text/html'); 0")
            _ = await webView.runUntilIdle(timeout: .seconds(30))
            #expect(!server.requests.contains { $0.path == "/a.png" })
        }
    }

    // MARK: Media

    private static let playResult = "p => p.then(() => 'played', e => e.name)"

    @Test func playNeedsAUserGestureForAudibleMediaUnderTheDefaultPolicy() async throws {
        try await withPage("""
            <audio id="a" src="sound.mp3"></audio><video id="v" muted src="clip.mp4"></video><video id="loud" src="clip.mp4"></video>
            <button id="b" onclick="window.tapped = a.play()">play</button>
            <script>var a = document.getElementById('a'), v = document.getElementById('v'), loud = document.getElementById('loud');</script>
            """, configuration: .init()) { webView, _, server in
            let withoutGesture = try await webView.callAsyncJavaScript("""
                Promise.all([a.play(), v.play(), loud.play()].map(\(Self.playResult)))
                  .then(r => r.concat([a.paused, v.paused, loud.paused]))
                """)
            #expect(withoutGesture == ["NotAllowedError", "played", "NotAllowedError", true, false, true])
            try await webView.click("#b")
            #expect(try await webView.callAsyncJavaScript("tapped.then(() => 'played', e => e.name)") == "played")
        }
    }

    @Test func playIsAllowedWhenTheConfigurationRequiresNoGesture() async throws {
        let page = "<audio id='a' src='sound.mp3'></audio><script>var a = document.getElementById('a');</script>"
        try await withPage(page, configuration: .init(mediaTypesRequiringUserActionForPlayback: [])) { webView, _, _ in
            let played = try await webView.callAsyncJavaScript("(\(Self.playResult))(a.play())")
            #expect(played == "played")
        }
    }

    @Test func mediaEventsComeInOrder() async throws {
        try await withPage(configuration: .init(mediaTypesRequiringUserActionForPlayback: [])) { webView, _, server in
            let result = try await webView.callAsyncJavaScript("""
                new Promise(resolve => {
                  const audio = new Audio('sound.mp3'), seen = [];
                  const before = [audio.readyState, audio.networkState, Number.isNaN(audio.duration), audio.paused];
                  ['loadstart', 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay', 'canplaythrough', 'play', 'playing',
                   'timeupdate', 'pause', 'ended', 'error'].forEach(type => audio.addEventListener(type, () => seen.push(type)));
                  audio.oncanplay = () => audio.play();
                  audio.onended = () => resolve([before, seen, audio.ended, audio.paused, audio.duration, audio.readyState,
                                                 audio.networkState, audio.currentTime]);
                })
                """)
            #expect(result == [[0, 2, true, true],
                               ["loadstart", "durationchange", "loadedmetadata", "loadeddata", "canplay", "canplaythrough",
                                "play", "playing", "timeupdate", "pause", "ended"],
                               true, true, 0, 4, 1, 0])
        }
    }

    @Test func aMissingSourceFiresErrorAndPlayRejects() async throws {
        try await withPage(configuration: .init(mediaTypesRequiringUserActionForPlayback: [])) { webView, _, server in
            let result = try await webView.callAsyncJavaScript("""
                new Promise(resolve => {
                  const video = document.createElement('video');
                  const play = video.play();   // pending until the source fails
                  video.src = 'missing.mp4';
                  video.onerror = () => play.then(() => 'played', e => e.name).then(name =>
                    resolve([name, video.error.code, video.error.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED, video.networkState]));
                })
                """)
            #expect(result == ["AbortError", 4, true, 3])
            #expect(try await webView.callAsyncJavaScript("(\(Self.playResult))((() => { const v = document.createElement('video'); v.src = 'missing.mp4'; return new Promise(r => v.onerror = () => r(v.play())); })())") == "NotSupportedError")
            let types = try await webView.evaluateJavaScript("""
                const probe = document.createElement('audio');
                ['video/mp4', 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"', 'audio/mpeg', 'audio/ogg', 'audio/webm', 'video/webm', 'text/plain']
                  .map(t => probe.canPlayType(t))
                """)
            #expect(types == ["maybe", "probably", "maybe", "", "", "", ""])
        }
    }

    @Test func aLongMediaFileDoesNotHoldIdle() async throws {
        let page = "<video id='v' muted src='clip.mp4'></video><script>var v = document.getElementById('v');</script>"
        try await withPage(page, configuration: .init(mediaDuration: .seconds(3600))) { webView, _, _ in
            #expect(try await webView.callAsyncJavaScript("(\(Self.playResult))(v.play())") == "played")
            #expect(await webView.runUntilIdle(timeout: .seconds(60)) == .idle)
            let state = try await webView.evaluateJavaScript("v.pause(); [v.paused, v.ended, v.duration, v.currentTime >= 0 && v.currentTime < 3600]")
            #expect(state == [true, false, 3600, true])
        }
    }
}
