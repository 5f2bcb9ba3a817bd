import Foundation
import Testing
@testable import WebView

/// Canvas shadows and `createPattern`, read back with `getImageData`.
@Suite struct CanvasShadowPatternTests {
    /// `ctx` on a 50 x 50 canvas; `px(x, y)`: one pixel's RGBA bytes; `source(w, h, colour)`: a new canvas of that
    /// size filled with the colour through `putImageData`.
    private let helpers = """
        var ctx = document.getElementById('c').getContext('2d');
        function px(x, y) { return Array.from(ctx.getImageData(x, y, 1, 1).data); }
        function source(w, h, colour) {
          var canvas = document.createElement('canvas');
          canvas.width = w; canvas.height = h;
          var c = canvas.getContext('2d'), image = c.createImageData(w, h);
          for (var i = 0; i < image.data.length; i += 4) image.data.set(colour, i);
          c.putImageData(image, 0, 0);
          return canvas;
        }

        """

    @Test func offsetShadowsColourTheirPixelsForFillsStrokesTextAndImages() async throws {
        let out = try await runCanvasPage(helpers + """
            ctx.fillStyle = '#f00';
            ctx.fillRect(0, 0, 5, 5);                        // no shadow: the default colour is transparent
            var none = px(25, 2);
            ctx.shadowColor = 'blue'; ctx.shadowOffsetX = 20;
            ctx.scale(2, 1);                                  // the offset is in canvas pixels, not under the transform
            ctx.fillRect(0, 10, 5, 5);                        // x 0..10, shadow x 20..30
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            var fill = [px(5, 12), px(25, 12), px(19, 12)[3], px(31, 12)[3]];
            ctx.shadowOffsetX = 0; ctx.shadowOffsetY = 5;
            ctx.strokeStyle = '#0f0'; ctx.lineWidth = 2;
            ctx.beginPath(); ctx.moveTo(0, 21); ctx.lineTo(50, 21); ctx.stroke();
            var stroke = [px(10, 21), px(10, 26), px(10, 30)[3]];
            ctx.clearRect(0, 0, 50, 50);
            ctx.shadowOffsetY = 20; ctx.font = '20px sans-serif';
            ctx.fillText('W', 0, 20);
            var text = 0, d = ctx.getImageData(0, 20, 50, 30).data;
            for (var i = 0; i < d.length; i += 4) if (d[i + 2] > 200 && d[i + 3] > 200) text++;
            ctx.clearRect(0, 0, 50, 50);
            ctx.shadowOffsetY = 0; ctx.shadowOffsetX = 30;
            ctx.drawImage(source(10, 10, [255, 255, 0, 255]), 0, 0);
            var image = [px(5, 5), px(35, 5), px(45, 5)[3]];
            var out = [none, fill, stroke, text > 10, image];
            """)
        #expect(out == "[[0,0,0,0],[[255,0,0,255],[0,0,255,255],0,0],[[0,255,0,255],[0,0,255,255],0],true,[[255,255,0,255],[0,0,255,255],0]]")
    }

    @Test func blurSpreadsTheShadowAndClearsWithTheState() async throws {
        let out = try await runCanvasPage(helpers + """
            ctx.shadowColor = '#000'; ctx.shadowBlur = 8; ctx.shadowOffsetX = 25;
            ctx.fillStyle = '#f00';
            ctx.fillRect(5, 15, 10, 10);                      // shadow square x 30..40, y 15..25
            var centre = px(35, 20)[3], edge = px(30, 20)[3], outside = px(42, 20)[3], far = px(35, 2)[3];   // beyond the blur's reach
            var shape = px(10, 20);
            ctx.save(); ctx.shadowBlur = -1; var kept = ctx.shadowBlur; ctx.restore();
            ctx.shadowColor = 'transparent'; var colour = ctx.shadowColor;
            ctx.clearRect(0, 0, 50, 50); ctx.fillRect(5, 15, 10, 10);
            var out = [centre > edge, edge > outside, outside > 0, far, shape, kept, colour, px(35, 20)[3]];
            """)
        #expect(out == #"[true,true,true,0,[255,0,0,255],8,"rgba(0, 0, 0, 0)",0]"#)
    }

    @Test func patternsRepeatAsAskedAndSnapshotTheirSource() async throws {
        let out = try await runCanvasPage(helpers + """
            var tile = source(10, 10, [255, 0, 0, 255]);
            function fillWith(repetition, transform) {
              ctx.clearRect(0, 0, 50, 50);
              var p = ctx.createPattern(tile, repetition);
              if (transform) p.setTransform(transform);
              ctx.fillStyle = p;
              ctx.fillRect(0, 0, 50, 50);
              return [px(5, 5)[3], px(45, 5)[3], px(5, 45)[3], px(45, 45)[3], px(25, 9)[3], px(25, 10)[3]];
            }
            var repeat = fillWith('repeat'), repeatX = fillWith('repeat-x'), repeatY = fillWith('repeat-y'),
                none = fillWith('no-repeat'), empty = fillWith(''), nullRepeat = fillWith(null),
                moved = fillWith('repeat-x', { f: 20 });
            var movedBand = [px(5, 19)[3], px(5, 20)[3], px(45, 29)[3], px(45, 30)[3]];
            var p = ctx.createPattern(tile, 'repeat');
            tile.getContext('2d').clearRect(0, 0, 10, 10);   // the pattern keeps its copy
            ctx.clearRect(0, 0, 50, 50); ctx.fillStyle = p; ctx.fillRect(0, 0, 50, 50);
            var errors = [];
            [function () { ctx.createPattern(tile, 'diagonal'); }, function () { var zero = document.createElement('canvas'); zero.width = 0; ctx.createPattern(zero, 'repeat'); },
             function () { ctx.createPattern({}, 'repeat'); }, function () { ctx.createPattern(tile); },
             function () { new CanvasPattern(); }].forEach(function (f) {
              try { f(); errors.push('none'); } catch (e) { errors.push(e.name); }
            });
            var out = [repeat, repeatX, repeatY, none, empty, nullRepeat, moved, movedBand, px(33, 33),
                       ctx.fillStyle === p, String(p), ctx.createPattern(document.createElement('img'), 'repeat'), errors];
            """)
        #expect(out == #"[[255,255,255,255,255,255],[255,255,0,0,255,0],[255,0,255,0,0,0],[255,0,0,0,0,0],[255,255,255,255,255,255],[255,255,255,255,255,255],[0,0,0,0,0,0],[0,255,255,0],[255,0,0,255],true,"[object CanvasPattern]",null,["SyntaxError","InvalidStateError","TypeError","TypeError","TypeError"]]"#)
    }
}
