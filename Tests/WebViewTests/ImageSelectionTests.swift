import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Which image an `<img>` loads (`srcset` and `sizes` against the device profile, `<picture>` sources), when it
/// loads (`loading="lazy"`), and drawing loaded images on a canvas (`drawImage`, `createPattern`, origin-clean).
@Suite struct ImageSelectionTests {
    /// A server of a page (`/`, with `body`) and images: `/img-WxH.png` (or `.webp`) is a W x H image filled with
    /// #3366cc, made at test time; `/broken.png` is not an image.
    private func makeServer(_ body: String = "") async throws -> LoopbackServer {
        try await LoopbackServer { request in
            if request.path == "/" {
                return TestResponse(contentType: "text/html",
                                    body: Array("<!doctype html><title>t</title><body style='margin:0'>\(body)</body>".utf8))
            }
            if request.path == "/turned.jpg" { return TestResponse(contentType: "image/jpeg", body: Self.turnedJPEG) }
            if request.path == "/broken.png" { return TestResponse(contentType: "image/png", body: Array("not an image".utf8)) }
            let name = request.path.dropFirst().split(separator: ".")
            let size = name.first.map { $0.dropFirst(4).split(separator: "x").compactMap { Int($0) } } ?? []
            guard request.path.hasPrefix("/img-"), name.count == 2, size.count == 2 else { return .text("not found", status: 404) }
            let format = name[1] == "webp" ? "webp" : "png"
            return TestResponse(contentType: "image/\(format)", body: ImageMediaTests.image(format, width: size[0], height: size[1]))
        }
    }

    /// A 4 x 2 JPEG whose EXIF orientation (6: a quarter turn clockwise) makes it 2 x 4 when shown: an APP1 segment
    /// with a one-entry big-endian TIFF directory, put after the start-of-image marker.
    private static let turnedJPEG: [UInt8] = {
        let jpeg = ImageMediaTests.image("jpeg", width: 4, height: 2)
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0] + Array("MM".utf8)
            + [0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        return Array(jpeg.prefix(2)) + exif + Array(jpeg.dropFirst(2))
    }()

    /// A profile like ``DeviceProfile/iPhoneSE`` (375 x 667) with another pixel ratio.
    private static func device(ratio: Double) -> DeviceProfile {
        var profile = DeviceProfile.iPhoneSE
        profile.devicePixelRatio = ratio
        return profile
    }

    /// Serves a page of `body`, loads it into a new web view (on `device`) on its own runtime, runs `test`, then
    /// closes both.
    private func withPage(_ body: String = "", device: DeviceProfile = .iPhoneSE,
                          _ test: (HeadlessWebView, EventLog, LoopbackServer) async throws -> Void) async throws {
        let server = try await makeServer(body)
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: device))
        let log = EventLog(webView)
        try await webView.load(server.url("/"))
        try await test(webView, log, server)
        await webView.close()
        await server.stop()
    }

    /// `body` (statements, `await` allowed) as an async function's call.
    private static func async(_ body: String) -> String { "(async () => {\n\(body)\n})()" }

    private static func requested(_ server: LoopbackServer, _ path: String) -> Bool {
        server.requests.contains { $0.path == path }
    }

    /// Expects `[file name of currentSrc, naturalWidth, naturalHeight]` of the element with `id` to be `expected`.
    private static func expectChosen(_ webView: HeadlessWebView, _ id: String, _ expected: JSONValue,
                                     sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let chosen = try await webView.evaluateJavaScript("""
            (() => { const i = document.getElementById('\(id)'); return [i.currentSrc.split('/').pop(), i.naturalWidth, i.naturalHeight]; })()
            """)
        #expect(chosen == expected, sourceLocation: sourceLocation)
    }

    @Test func srcsetPicksTheSmallestDensityAtLeastTheDevicePixelRatio() async throws {
        let body = "<img id='i' srcset='img-4x2.png 1x, img-8x4.png 2x, img-12x6.png 3x'>"
        try await withPage(body, device: Self.device(ratio: 2)) { webView, _, server in
            try await Self.expectChosen(webView, "i", ["img-8x4.png", 4, 2])
            #expect(!Self.requested(server, "/img-4x2.png") && !Self.requested(server, "/img-12x6.png"))
        }
        try await withPage(body, device: Self.device(ratio: 1)) { webView, _, server in
            try await Self.expectChosen(webView, "i", ["img-4x2.png", 4, 2])
            #expect(!Self.requested(server, "/img-8x4.png"))
        }
        // No candidate reaches 4x: the largest; the img's src joins as 1x when no candidate is 1x.
        try await withPage("<img id='i' src='img-4x2.png' srcset='img-8x4.png 2x, img-12x6.png 3x'>",
                           device: Self.device(ratio: 4)) { webView, _, _ in
            try await Self.expectChosen(webView, "i", ["img-12x6.png", 4, 2])
        }
        try await withPage("<img id='i' src='img-4x2.png' srcset='img-8x4.png 2x'>", device: Self.device(ratio: 1)) { webView, _, _ in
            try await Self.expectChosen(webView, "i", ["img-4x2.png", 4, 2])
        }
    }

    @Test func widthDescriptorsUseTheFirstMatchingSize() async throws {
        // 375px wide at 2x. Candidates 400w, 800w, 1600w.
        let set = "srcset='img-4x2.png 400w, img-8x4.png 800w, img-16x8.png 1600w'"
        try await withPage("""
            <img id='m' \(set) sizes='(max-width: 600px) 200px, 100vw'>
            <img id='n' \(set) sizes='(min-width: 600px) 200px, 100vw'>
            <img id='o' \(set) sizes='nonsense, (max-width: 600px) calc(10px), 12.5em'>
            <img id='d' \(set)>
            """) { webView, _, _ in
            // 200px: 400w is 2x. 100vw = 375px: 800w is 2.13x. 12.5em = 200px. No sizes: 100vw.
            try await Self.expectChosen(webView, "m", ["img-4x2.png", 2, 1])
            try await Self.expectChosen(webView, "n", ["img-8x4.png", 3, 1])
            try await Self.expectChosen(webView, "o", ["img-4x2.png", 2, 1])
            try await Self.expectChosen(webView, "d", ["img-8x4.png", 3, 1])
        }
    }

    @Test func malformedCandidatesAreIgnoredSilently() async throws {
        try await withPage("<img id='i' srcset='img-8x4.png 2q, img-12x6.png 1x 2x, img-16x8.png 100w 2x, img-4x2.png 1x'>",
                           device: Self.device(ratio: 2)) { webView, log, server in
            try await Self.expectChosen(webView, "i", ["img-4x2.png", 4, 2])
            #expect(!Self.requested(server, "/img-8x4.png") && !Self.requested(server, "/img-12x6.png"))
            #expect(!log.consoleLines.contains { $0.contains("srcset") })
            // Nothing valid and no src: no source at all.
            let empty = try await webView.evaluateJavaScript("""
                (() => { const i = new Image(); i.srcset = 'a.png 1q'; return [i.currentSrc, i.complete]; })()
                """)
            #expect(empty == ["", true])
        }
    }

    @Test func pictureSourcesHonourMediaAndType() async throws {
        try await withPage("""
            <picture><source media='(min-width: 800px)' srcset='img-5x5.png'><source type='image/x-unknown' srcset='img-6x6.png'>
              <source type='image/png' media='(max-width: 800px)' srcset='img-7x7.png'><img id='a' src='img-8x8.png'></picture>
            <picture><source type='image/webp' srcset='img-9x9.webp'><img id='b' src='img-8x8.png'></picture>
            <picture><source media='print' srcset='img-5x5.png'><source type='video/mp4' srcset='img-6x6.png'>
              <img id='c' src='img-10x10.png'></picture>
            """) { webView, _, server in
            try await Self.expectChosen(webView, "a", ["img-7x7.png", 7, 7])
            try await Self.expectChosen(webView, "b", ["img-9x9.webp", 9, 9])
            try await Self.expectChosen(webView, "c", ["img-10x10.png", 10, 10])
            #expect(!Self.requested(server, "/img-5x5.png") && !Self.requested(server, "/img-6x6.png"))
            // The parser sets an img's src before putting it in its <picture>: the fallback is never fetched.
            #expect(!Self.requested(server, "/img-8x8.png"))
            // A changed <source> makes its img pick again.
            let picked = try await webView.callAsyncJavaScript("""
                new Promise(resolve => {
                  const c = document.getElementById('c');
                  c.onload = () => resolve([c.currentSrc.split('/').pop(), c.naturalWidth]);
                  c.parentNode.firstElementChild.setAttribute('media', 'all');
                })
                """)
            #expect(picked == ["img-5x5.png", 5])
        }
    }

    @Test func changingSrcsetOrSizesSelectsAgain() async throws {
        try await withPage("<img id='i' src='img-4x2.png'>", device: Self.device(ratio: 2)) { webView, _, _ in
            let result = try await webView.callAsyncJavaScript(Self.async("""
                const i = document.getElementById('i'), seen = [i.currentSrc.split('/').pop()];
                const loaded = () => new Promise(resolve => { i.onload = () => resolve(i.currentSrc.split('/').pop()); });
                let next = loaded(); i.srcset = 'img-6x6.png 1x, img-8x8.png 2x'; seen.push(await next);
                next = loaded(); i.srcset = 'img-6x6.png 375w, img-8x8.png 750w'; i.sizes = '50vw'; seen.push(await next);
                return seen;
                """))
            #expect(result == ["img-4x2.png", "img-8x8.png", "img-6x6.png"])
        }
    }

    @Test func lazyImagesBelowTheFoldWaitUntilScrolledNear() async throws {
        try await withPage("""
            <img id='top' loading='lazy' src='img-3x3.png'>
            <div style='height: 4000px'></div>
            <img id='far' loading='lazy' src='img-4x4.png' width='10' height='10'>
            <div style='height: 4000px'></div>
            <img id='later' loading='lazy' src='img-5x5.png' width='10' height='10'>
            <img id='hidden' loading='lazy' src='img-6x6.png' style='display: none'>
            <script>var order = []; addEventListener('load', () => order.push('window'));
              document.getElementById('far').onload = () => order.push('far');</script>
            """) { webView, _, server in
            _ = await webView.runUntilIdle()
            #expect(Self.requested(server, "/img-3x3.png"))
            #expect(!Self.requested(server, "/img-4x4.png") && !Self.requested(server, "/img-5x5.png"))
            let before = try await webView.evaluateJavaScript("""
                (() => { const f = document.getElementById('far'); return [document.readyState, order.join(), f.complete, f.naturalWidth, f.currentSrc.split('/').pop()]; })()
                """)
            #expect(before == ["complete", "window", false, 0, "img-4x4.png"])
            // Scrolled near: it loads (a 100% root margin: 1000px above the viewport's top is near enough).
            let loaded = try await webView.callAsyncJavaScript(Self.async("""
                await new Promise(resolve => { document.getElementById('far').addEventListener('load', resolve); scrollTo(0, 3200); });
                return order.join();
                """))
            #expect(loaded == "window,far")
            #expect(Self.requested(server, "/img-4x4.png"))
            // No longer lazy: it loads wherever it is. A lazy image with no box never loads.
            let eager = try await webView.callAsyncJavaScript(Self.async("""
                const l = document.getElementById('later'); scrollTo(0, 0);
                await new Promise(resolve => { l.onload = resolve; l.loading = 'eager'; });
                return l.naturalWidth;
                """))
            #expect(eager == 5)
            _ = await webView.runUntilIdle()
            #expect(!Self.requested(server, "/img-6x6.png"))
        }
    }

    /// `[r, g, b, a]` of pixel (x, y) of canvas `c` (in the page's `c`).
    private static func pixel(_ x: Int, _ y: Int) -> String { "Array.from(c.getContext('2d').getImageData(\(x), \(y), 1, 1).data)" }

    @Test func drawImageDrawsTheDecodedPixelsOfALoadedImage() async throws {
        try await withPage { webView, _, _ in
            let result = try await webView.callAsyncJavaScript(Self.async("""
                const img = new Image(); img.src = 'img-3x2.png'; await img.decode();
                const c = document.createElement('canvas'); c.width = 8; c.height = 8;
                const ctx = c.getContext('2d');
                ctx.drawImage(img, 0, 0);
                const three = [\(Self.pixel(0, 0)), \(Self.pixel(2, 1)), \(Self.pixel(3, 0)), \(Self.pixel(0, 2))];
                ctx.clearRect(0, 0, 8, 8); ctx.drawImage(img, 1, 1, 6, 4);
                const five = [\(Self.pixel(0, 0)), \(Self.pixel(6, 4)), \(Self.pixel(7, 5))];
                // A two-colour image (red | blue) from a canvas: the 9-argument form takes its right half.
                const s = document.createElement('canvas'); s.width = 2; s.height = 1;
                const sx = s.getContext('2d'); sx.fillStyle = '#f00'; sx.fillRect(0, 0, 1, 1); sx.fillStyle = '#00f'; sx.fillRect(1, 0, 1, 1);
                const two = new Image(); two.src = s.toDataURL(); await two.decode();
                ctx.clearRect(0, 0, 8, 8); ctx.drawImage(two, 1, 0, 1, 1, 0, 0, 2, 2);
                const nine = [\(Self.pixel(1, 1)), \(Self.pixel(2, 2))];
                ctx.clearRect(0, 0, 8, 8); ctx.fillStyle = ctx.createPattern(img, 'repeat'); ctx.fillRect(0, 0, 8, 8);
                const pattern = [\(Self.pixel(7, 7))];
                return [three, five, nine, pattern, c.toDataURL().startsWith('data:image/png')];
                """))
            let blue: JSONValue = [51, 102, 204, 255], clear: JSONValue = [0, 0, 0, 0]
            #expect(result == [[blue, blue, clear, clear], [clear, blue, clear], [[0, 0, 255, 255], clear], [blue], true])
        }
    }

    @Test func exifOrientationTurnsTheNaturalSizeAndThePixels() async throws {
        try await withPage { webView, _, _ in
            let result = try await webView.callAsyncJavaScript(Self.async("""
                const img = new Image(); img.src = 'turned.jpg'; await img.decode();
                const c = document.createElement('canvas'); c.width = 4; c.height = 4;
                c.getContext('2d').drawImage(img, 0, 0);
                return [img.naturalWidth, img.naturalHeight, \(Self.pixel(1, 3))[3], \(Self.pixel(3, 1))[3]];
                """))
            #expect(result == [2, 4, 255, 0])
        }
    }

    @Test func imagesNotLoadedDrawNothingAndBrokenOnesThrow() async throws {
        try await withPage { webView, _, _ in
            let result = try await webView.callAsyncJavaScript(Self.async("""
                const c = document.createElement('canvas'); c.width = 4; c.height = 4; const ctx = c.getContext('2d');
                const pending = new Image(); pending.src = 'img-3x2.png';
                ctx.drawImage(pending, 0, 0); ctx.drawImage(new Image(), 0, 0);
                const out = [\(Self.pixel(0, 0)), ctx.createPattern(new Image(), 'repeat')];
                const broken = new Image(); broken.src = 'broken.png';
                await new Promise(resolve => { broken.onerror = resolve; });
                for (const draw of [() => ctx.drawImage(broken, 0, 0), () => ctx.createPattern(broken, 'repeat')]) {
                  try { draw(); out.push('drawn'); } catch (e) { out.push(e.name); }
                }
                try { ctx.drawImage({}, 0, 0); } catch (e) { out.push(e.name); }
                return out;
                """))
            #expect(result == [[0, 0, 0, 0], .null, "InvalidStateError", "InvalidStateError", "TypeError"])
        }
    }

    @Test func crossOriginImagesTaintTheCanvas() async throws {
        let other = try await makeServer()
        try await withPage { webView, _, _ in
            let result = try await webView.callAsyncJavaScript(Self.async("""
                const c = document.createElement('canvas'); c.width = 4; c.height = 4; const ctx = c.getContext('2d');
                const load = src => { const i = new Image(); i.src = src; return i.decode().then(() => i); };
                const same = await load('img-2x2.png'), foreign = await load('\(other.url("/img-2x2.png").absoluteString)');
                ctx.drawImage(same, 0, 0);
                const out = [ctx.getImageData(0, 0, 1, 1).data[3]];
                ctx.drawImage(foreign, 0, 0);
                for (const read of [() => ctx.getImageData(0, 0, 1, 1), () => c.toDataURL(), () => c.toBlob(() => {})]) {
                  try { read(); out.push('read'); } catch (e) { out.push(e.name); }
                }
                // Through a pattern too.
                const d = document.createElement('canvas'); const dtx = d.getContext('2d');
                dtx.fillStyle = dtx.createPattern(foreign, 'repeat'); dtx.fillRect(0, 0, 1, 1);
                try { d.toDataURL(); out.push('read'); } catch (e) { out.push(e.name); }
                return out;
                """))
            #expect(result == [255, "SecurityError", "SecurityError", "SecurityError", "SecurityError"])
        }
        await other.stop()
    }
}
