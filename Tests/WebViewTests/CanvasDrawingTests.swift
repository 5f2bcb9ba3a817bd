import Foundation
import JavaScript
import Testing
@testable import WebView

/// The 2D canvas on Cairo: pixels, transforms, clipping, text, gradients, images, PNG output, bad input and
/// the bitmaps' lifetime.
@Suite struct CanvasDrawingTests {
    /// Loads a page whose script sets `out`, and returns `out` as JSON text.
    private func run(_ script: String) async throws -> String { try await runCanvasPage(script) }

    /// `px(ctx, x, y)`: the RGBA bytes of one pixel, as an array.
    private let px = "function px(ctx, x, y) { return Array.from(ctx.getImageData(x, y, 1, 1).data); }\n"

    @Test func fillRectPaintsExactlyItsPixelsInTheParsedColour() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            var styles = [];
            ctx.fillStyle = 'red'; styles.push(ctx.fillStyle);
            ctx.fillStyle = 'not a colour'; styles.push(ctx.fillStyle);
            ctx.fillStyle = 'hsl(120, 100%, 50%)'; styles.push(ctx.fillStyle);
            ctx.fillStyle = 'rgba(0, 0, 255, 0.5)'; styles.push(ctx.fillStyle);
            ctx.fillStyle = '#f00';
            ctx.fillRect(10, 10, 20, 20);
            var out = [styles, px(ctx, 10, 10), px(ctx, 29, 29), px(ctx, 9, 10), px(ctx, 30, 30),
                       ctx === document.getElementById('c').getContext('2d'), ctx.canvas.id,
                       Object.prototype.toString.call(ctx)];
            """)
        #expect(out == ##"[["#ff0000","#ff0000","#00ff00","rgba(0, 0, 255, 0.5)"],[255,0,0,255],[255,0,0,255],[0,0,0,0],[0,0,0,0],true,"c","[object CanvasRenderingContext2D]"]"##)
    }

    @Test func transformsMoveScaleAndRotateWhatIsDrawn() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            ctx.fillStyle = '#00f';
            ctx.translate(10, 10); ctx.scale(2, 2);
            ctx.fillRect(0, 0, 5, 5);
            var m = ctx.getTransform();
            var before = [px(ctx, 19, 19)[2], px(ctx, 21, 21)[2], px(ctx, 9, 9)[2], m.a, m.d, m.e, m.f];
            ctx.resetTransform();
            ctx.translate(40, 0); ctx.rotate(Math.PI / 2);   // x now points down, y points left
            ctx.fillRect(0, 0, 10, 5);                       // covers x 35..40, y 0..10
            var rotated = [px(ctx, 37, 5)[2], px(ctx, 42, 5)[2], px(ctx, 37, 12)[2]];
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.save(); ctx.translate(5, 5); ctx.restore();
            var out = [before, rotated, ctx.getTransform().e];
            """)
        #expect(out == ##"[[255,0,0,2,2,10,10],[255,0,0],0]"##)
    }

    @Test func clipLimitsDrawingUntilRestore() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            ctx.save();
            ctx.beginPath(); ctx.rect(0, 0, 10, 10); ctx.clip();
            ctx.fillStyle = 'lime'; ctx.fillRect(0, 0, 50, 50);
            var clipped = [px(ctx, 5, 5)[1], px(ctx, 20, 20)[1]];
            ctx.restore();
            ctx.fillRect(0, 0, 50, 50);
            ctx.clearRect(40, 40, 10, 10);
            var out = [clipped, px(ctx, 20, 20), px(ctx, 45, 45)];
            """)
        #expect(out == ##"[[255,0],[0,0,0,255],[0,0,0,0]]"##)
    }

    @Test func pathsFillAndStrokeWithArcsCurvesAndRoundRects() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            ctx.fillStyle = '#0f0';
            ctx.translate(5, 0);
            ctx.beginPath(); ctx.arc(20, 25, 10, 0, Math.PI * 2); ctx.fill();
            // Hit tests take canvas pixels, whatever the transform.
            var hits = [ctx.isPointInPath(25, 25), ctx.isPointInPath(20, 25), ctx.isPointInPath(NaN, 1),
                        ctx.isPointInStroke(35, 25), ctx.isPointInStroke(25, 25)];
            ctx.resetTransform();
            var circle = [px(ctx, 25, 25)[3], px(ctx, 25, 16)[3], px(ctx, 16, 16)[3]];
            ctx.clearRect(0, 0, 50, 50);
            ctx.beginPath(); ctx.roundRect(5, 5, 40, 40, 10); ctx.fill();
            var round = [px(ctx, 6, 6)[1], px(ctx, 25, 6)[1]];
            ctx.clearRect(0, 0, 50, 50);
            ctx.strokeStyle = '#f00'; ctx.lineWidth = 4;
            ctx.beginPath(); ctx.moveTo(0, 25); ctx.quadraticCurveTo(25, 25, 50, 25); ctx.stroke();
            ctx.lineWidth = -1; ctx.lineWidth = NaN;
            var line = [px(ctx, 25, 25)[0], px(ctx, 25, 20)[0], ctx.lineWidth];
            ctx.beginPath(); ctx.moveTo(0, 0); ctx.arcTo(40, 0, 40, 40, 10); ctx.lineTo(40, 40);
            ctx.stroke();
            var out = [hits, circle, round, line, px(ctx, 20, 0)[0] > 0, px(ctx, 40, 30)[0] > 0, px(ctx, 40, 0)[0]];
            """)
        #expect(out == ##"[[true,true,false,true,false],[255,255,0],[0,255],[255,0,4],true,true,0]"##)
    }

    @Test func gradientsAlphaAndCompositingBlend() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            var g = ctx.createLinearGradient(0, 0, 50, 0);
            g.addColorStop(0, 'red'); g.addColorStop(1, 'blue');
            ctx.fillStyle = g;
            ctx.fillRect(0, 0, 50, 10);
            var left = px(ctx, 1, 5), right = px(ctx, 48, 5);
            ctx.globalAlpha = 0.5; ctx.fillStyle = '#000';
            ctx.fillRect(0, 20, 10, 10);
            var half = px(ctx, 5, 25)[3];
            ctx.globalAlpha = 1; ctx.globalCompositeOperation = 'destination-out';
            ctx.fillRect(0, 0, 5, 5);
            var errors = [];
            try { g.addColorStop(2, 'red'); } catch (e) { errors.push(e.name); }
            try { g.addColorStop(0.5, 'nope'); } catch (e) { errors.push(e.name); }
            try { ctx.createRadialGradient(0, 0, -1, 0, 0, 1); } catch (e) { errors.push(e.name); }
            try { ctx.createLinearGradient(0, NaN, 1, 1); } catch (e) { errors.push(e.name); }
            ctx.globalCompositeOperation = 'bogus';
            var out = [left[0] > 200 && left[2] < 50, right[2] > 200 && right[0] < 50, half >= 127 && half <= 128,
                       px(ctx, 2, 2)[3], errors, ctx.globalCompositeOperation, ctx.fillStyle === '#000000'];
            """)
        #expect(out == ##"[true,true,true,0,["IndexSizeError","SyntaxError","IndexSizeError","TypeError"],"destination-out",true]"##)
    }

    @Test func textHasRealMetricsThatGrowWithTheStringAndFont() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            var one = ctx.measureText('a').width, four = ctx.measureText('aaaa').width;
            var font = ctx.font;
            ctx.font = 'bold 30px "DejaVu Sans", sans-serif';
            var big = ctx.measureText('a');
            ctx.font = 'nonsense';
            ctx.textBaseline = 'top';
            ctx.fillStyle = '#000';
            ctx.fillText('W', 5, 5, undefined);   // an undefined maxWidth is no maxWidth (Chart.js passes one)
            var inked = 0, data = ctx.getImageData(0, 0, 50, 50).data;
            for (var i = 3; i < data.length; i += 4) if (data[i]) inked++;
            ctx.textAlign = 'center';
            var centred = ctx.measureText('ab');
            var out = [one > 0, four > one * 3.5, font, big.width > one * 2, ctx.font, inked > 20,
                       big.actualBoundingBoxAscent > 0, big.fontBoundingBoxAscent > 0,
                       Math.abs(centred.actualBoundingBoxLeft - centred.actualBoundingBoxRight) < 3];
            """)
        #expect(out == ##"[true,true,"10px sans-serif",true,"bold 30px \"DejaVu Sans\", sans-serif",true,true,true,true]"##)
    }

    @Test func imageDataRoundTripsAndCanvasesDrawOntoEachOther() async throws {
        let out = try await run(px + """
            var ctx = document.getElementById('c').getContext('2d');
            var image = ctx.createImageData(2, 2);
            image.data.set([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 128]);
            ctx.putImageData(image, 3, 3);
            var back = Array.from(ctx.getImageData(3, 3, 2, 2).data);
            var other = document.createElement('canvas'); other.width = 10; other.height = 10;
            var o = other.getContext('2d');
            o.imageSmoothingEnabled = false;   // nearest pixel: exact copies
            o.drawImage(document.getElementById('c'), 3, 3, 2, 2, 0, 0, 10, 10);
            var smooth = document.createElement('canvas').getContext('2d');
            smooth.drawImage(document.getElementById('c'), 3, 3, 2, 2, 0, 0, 10, 10);
            var errors = [];
            try { new ImageData(0, 1); } catch (e) { errors.push(e.name); }
            try { ctx.getImageData(0, 0, 0, 5); } catch (e) { errors.push(e.name); }
            try { ctx.drawImage({}, 0, 0); } catch (e) { errors.push(e.name); }
            var empty = document.createElement('canvas'); empty.width = 0;
            try { ctx.drawImage(empty, 0, 0); } catch (e) { errors.push(e.name); }
            var out = [back.slice(0, 12), Math.abs(back[12] - 10) <= 1 && back[15] === 128, px(o, 2, 2),
                       JSON.stringify(px(o, 7, 7)) === JSON.stringify(back.slice(12, 16)),
                       px(smooth, 4, 5)[2] > 100 && px(smooth, 4, 5)[3] > 150, errors];
            """)
        #expect(out == ##"[[255,0,0,255,0,255,0,255,0,0,255,255],true,[255,0,0,255],true,true,["IndexSizeError","IndexSizeError","TypeError","InvalidStateError"]]"##)
    }

    @Test func resizingClearsTheBitmapAndResetsTheState() async throws {
        let out = try await run(px + """
            var canvas = document.getElementById('c'), ctx = canvas.getContext('2d');
            ctx.fillStyle = 'red'; ctx.translate(5, 5); ctx.fillRect(0, 0, 50, 50);
            var before = px(ctx, 10, 10)[3];
            canvas.width = canvas.width;
            var after = [px(ctx, 10, 10)[3], ctx.fillStyle, ctx.getTransform().e];
            canvas.setAttribute('height', '20');
            var out = [before, after, canvas.height, ctx.getImageData(0, 0, 50, 30).data[50 * 25 * 4 + 3],
                       canvas.getContext('webgl'), canvas.getContext('webgl2'), document.createElement('canvas').getContext('webgl')];
            """)
        #expect(out == ##"[255,[0,"#000000",0],20,0,null,null,null]"##)
    }

    @Test func badArgumentsNeverCrashAndHugeCanvasesHaveNoBitmap() async throws {
        let out = try await run("""
            var ctx = document.getElementById('c').getContext('2d'), errors = [];
            [NaN, Infinity, -Infinity, -1e308, 1e308].forEach(function (v) {
              ctx.fillRect(v, 0, 10, 10); ctx.fillRect(0, 0, v, v); ctx.moveTo(v, v); ctx.lineTo(v, 1);
              ctx.bezierCurveTo(v, 1, 2, 3, 4, 5); ctx.quadraticCurveTo(1, v, 2, 2); ctx.rect(v, 0, 1, 1);
              ctx.translate(v, 0); ctx.scale(v, 1); ctx.rotate(v); ctx.transform(v, 0, 0, 1, 0, 0);
              ctx.setTransform(v, 0, 0, 1, 0, 0); ctx.ellipse(0, 0, 1, 1, v, 0, 1); ctx.arcTo(0, 0, v, 1, 1);
              ctx.setLineDash([v]); ctx.lineDashOffset = v; ctx.globalAlpha = v; ctx.fillText('x', v, 0);
              ctx.drawImage(document.getElementById('c'), v, 0); ctx.roundRect(0, 0, v, 1, 2);
              ctx.fill(); ctx.stroke(); ctx.clip();
            });
            ctx.resetTransform();
            ctx.scale(0, 0); ctx.fillRect(0, 0, 50, 50); ctx.resetTransform();
            ctx.ellipse(10, 10, 0, 5, 0, 0, Math.PI); ctx.stroke();
            try { ctx.arc(0, 0, -1, 0, 1); } catch (e) { errors.push(e.name); }
            try { ctx.fill('sideways'); } catch (e) { errors.push(e.name); }
            try { ctx.getImageData(0, 0, 100000, 100000); } catch (e) { errors.push(e.name); }
            try { CanvasRenderingContext2D.prototype.fillRect.call({}, 0, 0, 1, 1); } catch (e) { errors.push(e.name); }
            for (var i = 0; i < 20; i++) ctx.restore();
            var huge = document.createElement('canvas'); huge.width = 100000; huge.height = 100000;
            var h = huge.getContext('2d'); h.fillRect(0, 0, 10, 10);
            var wide = document.createElement('canvas'); wide.width = 5000; wide.height = 4000;
            wide.getContext('2d').fillRect(0, 0, 1, 1);
            var negative = document.createElement('canvas'); negative.width = -5;
            var out = [errors, ctx.getImageData(0, 0, 1, 1).data.length, h.getImageData(0, 0, 1, 1).data[3], huge.toDataURL(),
                       wide.toDataURL(), negative.width, negative.toDataURL().length > 100];
            """)
        #expect(out == ##"[["IndexSizeError","TypeError","RangeError","TypeError"],4,0,"data:,","data:,",300,true]"##)
    }

    @Test func toDataURLAndSnapshotsArePNGFilesOfTheCanvasSize() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <canvas id=chart width=64 height=32></canvas><canvas></canvas>
            <script>var c = document.getElementById('chart').getContext('2d'); c.fillStyle = 'teal'; c.fillRect(0, 0, 8, 8);
            var url = document.getElementById('chart').toDataURL('image/png'); var blobCalled = null;
            document.getElementById('chart').toBlob(function (b) { blobCalled = b === null || b.type === 'image/png'; });</script>
            """, baseURL: nil)
        let url = try await webView.evaluateJavaScript("url").stringValue ?? ""
        #expect(url.hasPrefix("data:image/png;base64,iVBORw0KGgo"))
        let snapshots = try await webView.canvasSnapshots()
        #expect(snapshots.map(\.name) == ["chart", "canvas-2"])
        #expect(snapshots.map(\.width) == [64, 300] && snapshots.map(\.height) == [32, 150])
        let png = try #require(snapshots.first?.png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16...23.
        let size = png.dropFirst(16).prefix(8).map { Int($0) }
        #expect(size == [0, 0, 0, 64, 0, 0, 0, 32])
        #expect(Data(base64Encoded: String(url.dropFirst("data:image/png;base64,".count))) == png)
        await webView.close()
    }

    /// `toDataURL('image/jpeg', q)` and `toBlob(cb, 'image/jpeg', q)` give JPEG through gdk-pixbuf, transparent pixels
    /// black as in browsers, smaller at a lower quality; a type the browser cannot write gives PNG.
    @Test func jpegExportHasItsQualityAndOtherTypesArePNG() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <canvas id=c width=40 height=20></canvas>
            <script>var canvas = document.getElementById('c'), ctx = canvas.getContext('2d');
            for (var i = 0; i < 40; i++) for (var j = 0; j < 10; j++) { ctx.fillStyle = 'rgb(' + (i * 37 % 256) + ',' + (j * 91 % 256) + ',' + ((i * j) % 256) + ')'; ctx.fillRect(i, j, 1, 1); }
            var blobType = null; canvas.toBlob(function (b) { blobType = b.type; }, 'image/jpeg', 0.5);</script>
            """, baseURL: URL(string: "http://127.0.0.1:1/app/index.html"))
        let result = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var high = canvas.toDataURL('image/jpeg', 1), low = canvas.toDataURL('image/jpeg', 0.05), fallback = canvas.toDataURL('image/jpeg', 7);
              var img = new Image();
              img.onload = function () {
                var copy = document.createElement('canvas'); copy.width = 40; copy.height = 20;
                var c2 = copy.getContext('2d'); c2.drawImage(img, 0, 0);
                var bottom = Array.from(c2.getImageData(20, 17, 1, 1).data);
                resolve([high.slice(0, 27), low.length < high.length, fallback.length > low.length, img.naturalWidth, img.naturalHeight,
                         bottom[0] < 8 && bottom[1] < 8 && bottom[2] < 8 && bottom[3] === 255,
                         canvas.toDataURL('image/webp').slice(0, 22), canvas.toDataURL('IMAGE/JPEG').slice(0, 15), blobType]);
              };
              img.onerror = function () { resolve('the JPEG did not decode'); };
              img.src = high;
            })
            """)
        #expect(result == ["data:image/jpeg;base64,/9j/", true, true, 40, 20, true, "data:image/png;base64,", "data:image/jpeg", "image/jpeg"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func closingThePageFreesItsBitmaps() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <canvas id=a></canvas><script>
            document.getElementById('a').getContext('2d').fillRect(0, 0, 5, 5);
            var kept = [1, 2].map(function () { var c = document.createElement('canvas'); c.getContext('2d'); return c; });
            var tooBig = document.createElement('canvas'); tooBig.width = 5000; tooBig.height = 5000; tooBig.getContext('2d');
            </script>
            """, baseURL: nil)
        let registry = try #require(await webView.withCore { $0.document?.platform?.canvases })
        #expect(registry.liveBitmapCount == 3)
        await webView.close()
        #expect(registry.liveBitmapCount == 0)
    }
}
