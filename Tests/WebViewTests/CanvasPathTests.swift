import Foundation
import JavaScript
import Testing
@testable import WebView

/// Loads a page with a 50 x 50 canvas `c` whose script sets `out`, and returns `out` as JSON text; the page must
/// throw nothing.
func runCanvasPage(_ script: String) async throws -> String {
    let (webView, log) = makeWebView()
    try await webView.loadHTMLString("<canvas id=c width=50 height=50></canvas><script>\(script)</script>",
                                     baseURL: URL(string: "http://127.0.0.1:1/app/index.html"))
    let value = try await webView.evaluateJavaScript("JSON.stringify(out)")
    await webView.close()
    #expect(log.exceptions.isEmpty, "\(log.exceptions)")
    return value.stringValue ?? ""
}

/// `Path2D` on the 2D canvas: building, SVG path data (and where its errors stop it), `addPath`, and the
/// context's `fill`, `stroke`, `clip`, `isPointInPath` and `isPointInStroke` taking a path.
@Suite struct CanvasPathTests {
    /// `ctx` on the page's canvas; `alpha(x, y)`: the alpha byte of one pixel; `painted()`: how many pixels are
    /// not transparent.
    private let helpers = """
        var ctx = document.getElementById('c').getContext('2d');
        function alpha(x, y) { return ctx.getImageData(x, y, 1, 1).data[3]; }
        function painted() {
          var d = ctx.getImageData(0, 0, 50, 50).data, n = 0;
          for (var i = 3; i < d.length; i += 4) if (d[i]) n++;
          return n;
        }

        """

    @Test func svgPathDataFillsExactlyItsPixels() async throws {
        let out = try await runCanvasPage(helpers + """
            var p = new Path2D('M10 10 h20 v20 h-20 Z');
            ctx.fill(p);
            var out = [painted(), alpha(10, 10), alpha(29, 29), alpha(9, 10), alpha(30, 29), alpha(10, 30),
                       Object.prototype.toString.call(p), p instanceof Path2D];
            """)
        #expect(out == #"[400,255,255,0,0,0,"[object Path2D]",true]"#)
    }

    @Test func pathLeavesTheCurrentPathAsItWas() async throws {
        let out = try await runCanvasPage(helpers + """
            ctx.beginPath(); ctx.rect(0, 0, 5, 5);
            ctx.fill(new Path2D('M20 20 h10 v10 h-10 z'));   // not the current path
            var first = painted();
            ctx.fill();                                       // the current rectangle, still there
            var out = [first, painted(), alpha(2, 2), ctx.isPointInPath(2, 2), ctx.isPointInPath(25, 25)];
            """)
        #expect(out == "[100,125,255,true,false]")
    }

    @Test func fillRulesDifferForNestedSubpaths() async throws {
        let out = try await runCanvasPage(helpers + """
            var p = new Path2D();
            p.rect(0, 0, 40, 40); p.rect(10, 10, 20, 20);   // the same winding direction
            ctx.fill(p, 'evenodd');
            var evenOdd = [alpha(5, 5), alpha(20, 20), painted()];
            ctx.clearRect(0, 0, 50, 50);
            ctx.fill(p, 'nonzero');
            var nonZero = [alpha(5, 5), alpha(20, 20), painted()];
            var hits = [ctx.isPointInPath(p, 20, 20), ctx.isPointInPath(p, 20, 20, 'evenodd'), ctx.isPointInPath(p, 5, 5, 'evenodd'),
                        ctx.isPointInPath(p, 45, 45), ctx.isPointInPath(p, NaN, 5)];
            var bad = null;
            try { ctx.fill(p, 'odd'); } catch (e) { bad = e.name; }
            var out = [evenOdd, nonZero, hits, bad];
            """)
        #expect(out == #"[[255,0,1200],[255,255,1600],[true,false,true,false,false],"TypeError"]"#)
    }

    @Test func pathMethodsStrokeClipAndAddPathWithATransform() async throws {
        let out = try await runCanvasPage(helpers + """
            var line = new Path2D();
            line.moveTo(0, 25); line.lineTo(50, 25);
            ctx.lineWidth = 4;
            var strokeHits = [ctx.isPointInStroke(line, 25, 26), ctx.isPointInStroke(line, 25, 30)];
            ctx.stroke(line);
            var stroked = [alpha(25, 24), alpha(25, 26), alpha(25, 20), painted()];
            ctx.clearRect(0, 0, 50, 50);
            var square = new Path2D();
            square.rect(0, 0, 10, 10);
            var moved = new Path2D();
            moved.addPath(square, { e: 20, f: 20 });          // translated by (20, 20)
            moved.addPath(square, { a: 2, d: 2, f: 30 });        // 20 x 20 at (0, 30), cut by the canvas
            ctx.save(); ctx.clip(moved); ctx.fillRect(0, 0, 50, 50); ctx.restore();
            var clipped = [alpha(25, 25), alpha(5, 5), alpha(15, 45), painted()];
            var copy = new Path2D(moved);
            moved.rect(40, 20, 10, 10);                         // the copy does not change
            ctx.clearRect(0, 0, 50, 50);
            ctx.translate(-20, -20); ctx.fill(copy);             // the context's transform applies at fill time
            var out = [strokeHits, stroked, clipped, [alpha(5, 5), alpha(25, 5), painted()]];
            """)
        #expect(out == "[[true,false],[255,255,0,200],[255,0,255,500],[255,0,100]]")
    }

    @Test func curvesAndArcsFromSvgPathData() async throws {
        let out = try await runCanvasPage(helpers + """
            // A half disc of radius 10 (upper half, sweep 1), a quadratic and cubic hump, relative commands.
            var disc = new Path2D('M5 20 A 10 10 0 0 1 25 20 Z');
            var hits = [disc.constructor === Path2D, ctx.isPointInPath(disc, 15, 12), ctx.isPointInPath(disc, 15, 25),
                        ctx.isPointInPath(new Path2D('m30 40 q10-20 20 0z'), 40, 35),
                        ctx.isPointInPath(new Path2D('M30 40 C30 20 50 20 50 40 Z'), 40, 30),
                        ctx.isPointInPath(new Path2D('M0 0 H10 V10 H0 z M20 0 l10 0 0 10 -10 0 z'), 25, 5)];
            var p = new Path2D();
            p.arc(25, 25, 10, 0, 2 * Math.PI); p.ellipse(0, 0, 5, 3, 0, 0, Math.PI); p.arcTo(0, 0, 10, 10, 2);
            p.quadraticCurveTo(1, 1, 2, 2); p.bezierCurveTo(1, 1, 2, 2, 3, 3); p.roundRect(0, 0, 10, 10, [2]); p.closePath();
            var errors = [];
            [function () { p.arc(0, 0, -1, 0, 1); }, function () { p.ellipse(0, 0, 1, -1, 0, 0, 1); },
             function () { p.arcTo(0, 0, 1, 1, -1); }, function () { p.roundRect(0, 0, 1, 1, [1, 2, 3, 4, 5]); },
             function () { p.addPath({}); }, function () { Path2D(); }, function () { ctx.stroke({}); },
             function () { Path2D.prototype.lineTo.call({}, 1, 1); }].forEach(function (f) {
              try { f(); errors.push('none'); } catch (e) { errors.push(e.name); }
            });
            p.arc(0, 0, NaN, 0, 1);   // non-finite: ignored
            var out = [hits, errors];
            """)
        #expect(out == #"[[true,true,false,true,true,true],["IndexSizeError","IndexSizeError","IndexSizeError","RangeError","TypeError","TypeError","TypeError","TypeError"]]"#)
    }

    @Test func malformedPathDataStopsAtTheFirstError() async throws {
        let out = try await runCanvasPage(helpers + """
            function area(d) { ctx.clearRect(0, 0, 50, 50); ctx.fill(new Path2D(d)); return painted(); }
            var out = [
              area('M0 0 H10 V10 H0 Z M20 20 H30 V30 H20 Z'),   // both squares
              area('M0 0 H10 V10 H0 Z M20 20 H30 X V30 H20 Z'), // the second stops at X: no area
              area('M0 0 H10 V10 H0 Z M20 20 L30'),             // half a pair drops the segment
              area('L10 10 H20 V20 Z'),                           // must start with a moveto
              area('M0 0 H10 V10 H0 Z,'),                         // a trailing comma ends it after the square
              area('M0,0,10,0,10,10,0,10z'),                      // implicit lineto pairs with commas
              area('M 0 0 10 0 10 10 0 10 z 5 5'),                // numbers after z are an error
              area(''), area('garbage'), area('M1e2.5')           // nothing; a lone moveto paints nothing
            ];
            """)
        #expect(out == "[200,100,100,0,100,100,100,0,0,0]")
    }
}
