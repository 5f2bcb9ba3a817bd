import Foundation
import JavaScript
import Testing
@testable import WebView

/// Text layout in `geometry/geometry.js` (the DocC article "Geometry model"): text measured through the canvas's
/// fonts (CairoText), broken into lines, inline elements with one client rect per line, shrink-to-fit widths and
/// flex items sized by their content. Every expected number below is headless Chromium's
/// (`chromium --headless=new --no-sandbox --dump-dom`, Debian's chromium with fonts-dejavu-core and
/// fonts-droid-fallback) for the same page with `font-family: 'DejaVu Sans'`; widths and x positions may differ by up
/// to 1 px (Chromium kerns, Cairo's font API does not), line counts, heights and y positions must match.
@Suite struct TextLayoutTests {
    private func open(_ body: String, style: String = "") async throws -> (HeadlessWebView, EventLog) {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: .iPhoneSE))
        let log = EventLog(webView)
        try await webView.loadHTMLString("""
            <!doctype html><html><head><style>\(style)</style></head><body>\(body)</body></html>
            """, baseURL: nil)
        return (webView, log)
    }

    /// The rects of `ids` against Chromium's (`expected`, JSON: id -> [x, y, width, height]); returns the mismatches.
    private func mismatches(_ webView: HeadlessWebView, ids: String, expected: String) async throws -> JSONValue? {
        try await webView.evaluateJavaScript("""
            var expected = \(expected), bad = [];
            function r(el) { var b = el.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; }
            function near(id, got, want) {
              var ok = Math.abs(got[0] - want[0]) <= 1 && Math.abs(got[2] - want[2]) <= 1 &&
                Math.abs(got[1] - want[1]) <= 0.5 && Math.abs(got[3] - want[3]) <= 0.5;
              if (!ok) bad.push(id + ': ' + JSON.stringify(got) + ' (Chromium ' + JSON.stringify(want) + ')');
            }
            [\(ids)].forEach(function (id) { near(id, r(document.getElementById(id)), expected[id]); });
            bad
            """)
    }

    /// Lines break at spaces, after hyphens, between CJK ideographs and anywhere under `word-break: break-all` and
    /// `overflow-wrap: anywhere`; `white-space` collapses or keeps spaces and newlines; `text-align`,
    /// `text-indent`, `letter-spacing`, `word-spacing`, `text-transform` and mixed font sizes on a line.
    @Test func textBreaksIntoLinesAsInChromium() async throws {
        let (webView, log) = try await open("""
            <div id=a class=w style="line-height:20px">The quick brown fox jumps over the lazy dog</div>
            <div id=b class=w>Some text with <span id=bs>a span that wraps across lines</span> done.</div>
            <div id=c class=w style="white-space:nowrap">The quick brown fox jumps over the lazy dog</div>
            <div id=d class=w style="white-space:pre">one
            two  three
            four</div>
            <div id=e class=w style="text-align:center"><span id=es>Hello</span></div>
            <div id=f class=w style="text-align:right"><span id=fs>Hello world</span></div>
            <div id=g><span id=gs style="display:inline-block;padding:0 4px">Hello world</span><b id=gb>Bold</b></div>
            <div id=h style="display:flex;width:300px"><div id=h1>Hello</div><div id=h2>world wide web</div></div>
            <div id=i style="position:relative;height:40px"><div id=i1 style="position:absolute;top:0;left:0">Absolute text</div></div>
            <div id=j class=w style="letter-spacing:2px;word-spacing:5px;text-transform:uppercase"><span id=js>hello world</span></div>
            <div id=k class=w style="text-indent:30px"><span id=ks>Hello</span> there my friend, how are you today?</div>
            <div id=l style="width:100px;font-family:'Droid Sans Fallback'">中文字符中文字符中文字符</div>
            <div id=m style="width:80px;word-break:break-all">abcdefghijklmnopqrstuvwxyz</div>
            <div id=n style="width:120px">well-known state-of-the-art</div>
            <div id=o style="font-size:20px;line-height:1.5">x <span id=os style="font-size:10px">small</span></div>
            <div id=r style="width:150px;white-space:pre-line">  first   line

              third</div>
            <div id=s style="width:100px;overflow-wrap:anywhere">abcdefghijklmnopqrstuvwxyz</div>
            <div id=t style="position:relative"><span id=t1 style="display:inline-block;width:50px;height:30px"></span>x</div>
            <div id=p style="display:flex;width:100px"><div id=p1>Supercalifragilistic</div><div id=p2>expialidocious words</div></div>
            <div id=q style="display:inline-flex"><span id=q1>ab</span><span id=q2>cd</span></div>

            """, style: """
            body { margin: 8px; width: 340px; font-family: 'DejaVu Sans'; font-size: 16px }
            .w { width: 200px }
            """)
        // Chromium's rects for this page (see the suite's comment)
        let expected = #"{"a":[8,8,200,40],"b":[8,48,200,57],"bs":[8,48,184.21875,38],"c":[8,105,200,19],"d":[8,124,200,57],"e":[8,181,200,19],"es":[87.71875,181,40.5625,19],"f":[8,200,200,19],"fs":[118.296875,200,89.703125,19],"g":[8,219,340,19],"gs":[8,219,97.703125,19],"gb":[105.703125,219,40.125,19],"h":[8,238,300,19],"h1":[8,238,40.5625,19],"h2":[48.5625,238,124.84375,19],"i1":[8,257,106.59375,19],"j":[8,297,200,19],"js":[8,297,144.84375,19],"k":[8,316,200,57],"ks":[38,316,40.5625,19],"l":[8,373,100,42],"m":[8,415,80,76],"n":[8,491,120,57],"o":[8,548,340,30],"os":[26.203125,561,26.640625,11],"p":[8,726,100,38],"p1":[8,726,147.375,38],"p2":[155.375,726,113.78125,38],"q":[8,764,38.921875,19],"q1":[8,764,19.96875,19],"q2":[27.96875,764,18.953125,19],"r":[8,578,150,57],"s":[8,635,100,57],"t":[8,692,340,34],"t1":[8,692,50,30],"bsRects":[[134.15625,48,53.328125,19],[8,67,184.21875,19]],"offs":[184,38,98]}"#
        let bad = try await mismatches(webView, ids: "'a','b','bs','c','d','e','es','f','fs','g','gs','gb','h','h1','h2','i1','j','js','k','ks','l','m','n','o','os','p','p1','p2','q','q1','q2','r','s','t','t1'", expected: expected)
        #expect(bad == [])
        // the span on two lines: one client rect per line (Chromium: [134.15625, 48, 53.328125, 19] and
        // [8, 67, 184.21875, 19]), its offsetWidth/offsetHeight the union's (Chromium: 184, 38); the inline-block's
        // offsetWidth (Chromium: 98)
        let rects = try await webView.evaluateJavaScript("""
            var bs = document.getElementById('bs'), want = [[134.15625, 48, 53.328125, 19], [8, 67, 184.21875, 19]];
            var list = Array.from(bs.getClientRects()).map(function (b) { return [b.x, b.y, b.width, b.height]; });
            [list.length, list.every(function (r, i) {
               return r.every(function (v, k) { return Math.abs(v - want[i][k]) <= (k % 2 ? 0 : 1); });
             }), Math.abs(bs.offsetWidth - 184) <= 1, bs.offsetHeight, Math.abs(document.getElementById('gs').offsetWidth - 98) <= 1]
            """)
        #expect(rects == [2, true, true, 38, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Preserved spaces that wrap (`pre-wrap`), `<br>`, an inline element with padding, borders and margins on two
    /// lines (its fragments as high as its font plus its padding and borders, the line boxes not), a `nowrap` span,
    /// nested inline elements, an inline-block and an absolutely positioned box whose text is wider than their
    /// containing block (shrink-to-fit takes the available width), and a column flex item that does not stretch.
    @Test func inlineBoxesAndShrinkToFitAsInChromium() async throws {
        let (webView, log) = try await open("""
            <div id=a style="width:150px;white-space:pre-wrap">keep   these    spaces and wrap them please</div>
            <div id=b>one<br>two<br><span id=bs>three</span></div>
            <div id=c style="width:200px">before <span id=cs style="padding:2px 6px;border:1px solid;margin:0 3px">padded span text here</span> after</div>
            <div id=d style="width:200px">some words <span id=ds style="white-space:nowrap">never wrap inside this</span> tail</div>
            <div id=e style="width:200px"><span id=es style="display:inline-block">an inline block whose text is longer than its line</span></div>
            <div id=f style="position:relative;width:180px"><div id=fa style="position:absolute;left:10px">absolute text that is long enough to wrap</div></div>
            <div id=g style="width:200px"><b id=gb>bold <i id=gi>and italic</i> words</b> plain</div>
            <div id=h style="display:flex;flex-direction:column;align-items:flex-start"><div id=h1>column item</div><div id=h2>x</div></div>
            """, style: """
            body { margin: 8px; width: 340px; font-family: 'DejaVu Sans'; font-size: 16px }
            """)
        // Chromium's rects for this page (see the suite's comment)
        let expected = #"{"a":[8,8,150,57],"b":[8,65,340,57],"bs":[8,103,42.328125,19],"c":[8,122,200,38],"cs":[8,119,170.375,44],"d":[8,160,200,57],"ds":[8,179,177.328125,19],"e":[8,217,200,57],"es":[8,217,200,57],"f":[8,274,180,0],"fa":[18,274,170,38],"g":[8,274,200,38],"gb":[8,274,188.765625,19],"gi":[52.953125,274,83.59375,19],"h":[8,312,340,38],"h1":[8,312,100.140625,19],"h2":[8,331,9.46875,19],"csRects":[[67.578125,119,110.796875,25],[8,138,79.71875,25]]}"#
        let bad = try await mismatches(webView, ids: "'a','b','bs','c','cs','d','ds','e','es','f','fa','g','gb','gi','h','h1','h2'", expected: expected)
        #expect(bad == [])
        // the padded span's fragments (Chromium: [67.578125, 119, 110.796875, 25] and [8, 138, 79.71875, 25])
        let fragments = try await webView.evaluateJavaScript("""
            var want = [[67.578125, 119, 110.796875, 25], [8, 138, 79.71875, 25]];
            var list = Array.from(document.getElementById('cs').getClientRects()).map(function (b) { return [b.x, b.y, b.width, b.height]; });
            [list.length, list.every(function (r, i) { return r.every(function (v, k) { return Math.abs(v - want[i][k]) <= (k % 2 ? 0 : 1); }); })]
            """)
        #expect(fragments == [2, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Text that overflows its box counts in `scrollWidth` (the ellipsis test pages do), a float shrinks to fit, an
    /// inline `<svg>` is an atomic inline of its attributes' size, SVG text is measured (`getComputedTextLength`,
    /// `getBBox`), grid `auto`, `min-content` and `max-content` columns take their items' content widths, and text
    /// in a flex container is an anonymous flex item.
    @Test func overflowFloatsSvgTextAndContentSizedGridTracksAsInChromium() async throws {
        let (webView, log) = try await open("""
            <div id=a style="width:100px;white-space:nowrap;overflow:hidden;padding:0 5px">a long line of text that overflows</div>
            <div id=b style="width:100px">unbreakablewordthatislong</div>
            <div id=c style="float:left">Floated</div><div id=c2 style="clear:both"></div>
            <svg width=300 height=100><text id=t x=10 y=50 font-family="DejaVu Sans" font-size="20">Hello SVG</text><text id=t2 x=10 y=80 style="font: 12px 'DejaVu Sans'">small text</text></svg>
            <div id=g style="display:grid;grid-template-columns:auto 1fr;width:300px"><div id=g1>label text</div><div id=g2>value</div></div>
            <div id=g3 style="display:grid;grid-template-columns:max-content max-content min-content;width:300px"><div id=g31>one two</div><div id=g32>three</div><div id=g33>four five</div></div>
            <div id=fl style="display:flex;width:300px">Anonymous text <span id=fls>span item</span></div>
            """, style: """
            body { margin: 8px; width: 340px; font-family: 'DejaVu Sans'; font-size: 16px }
            """)
        // Chromium's rects for this page (see the suite's comment)
        let expected = #"{"a":[8,8,110,19],"b":[8,27,100,19],"c":[8,46,59.515625,19],"g":[8,169,300,19],"g1":[8,169,75.359375,19],"g2":[83.359375,169,224.640625,19],"g3":[8,188,300,38],"g31":[8,188,64.015625,38],"g32":[72.015625,188,42.328125,38],"g33":[114.34375,188,32.140625,38],"fl":[8,226,300,19],"fls":[139,226,79.671875,19]}"#
        let bad = try await mismatches(webView, ids: "'a','b','c','g','g1','g2','g3','g31','g32','g33','fl','fls'", expected: expected)
        #expect(bad == [])
        // Chromium: scrollWidth/clientWidth 270/110 and 219/100; text lengths 98.9375 and 59.46875; the first
        // text's getBBox() [10, 31, 98.9375, 24]
        let out = try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            function near(a, b) { return Math.abs(a - b) <= 1; }
            var bb = $('t').getBBox();
            [near($('a').scrollWidth, 270), $('a').clientWidth, near($('b').scrollWidth, 219), $('b').clientWidth,
             near($('t').getComputedTextLength(), 98.9375), near($('t2').getComputedTextLength(), 59.46875),
             bb.x, bb.y, near(bb.width, 98.9375), bb.height]
            """)
        #expect(out == [true, 110, true, 100, true, true, 10, 31, true, 24])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `Range.getClientRects()`/`getBoundingClientRect()`: one rect per text node and line (from the text layout),
    /// the border boxes of the elements the range selects whole. The expected rects are Chromium's.
    @Test func rangeRectsComeFromTheTextLayout() async throws {
        let (webView, log) = try await open("""
            <p id=rp style="width:150px">Range over some text that wraps</p>
            <div id=d>Start <b id=b>bold</b>   end</div>
            """, style: "body { margin: 8px; width: 340px; font-family: 'DejaVu Sans'; font-size: 16px }")
        let bad = try await webView.evaluateJavaScript("""
            function r(b) { return [b.x, b.y, b.width, b.height]; }
            var bad = [];
            function check(name, got, want) {
              if (got.length !== want.length || !got.every(function (g, i) {
                return g.every(function (v, k) { return Math.abs(v - want[i][k]) <= (k % 2 ? 0 : 1); });
              })) bad.push(name + ': ' + JSON.stringify(got));
            }
            var range = document.createRange(), tn = document.getElementById('rp').firstChild;
            range.setStart(tn, 6); range.setEnd(tn, 20);
            check('range', [r(range.getBoundingClientRect())], [[8, 16, 140.125, 38]]);
            check('rangeRects', Array.from(range.getClientRects()).map(r), [[63.796875, 16, 84.328125, 19], [8, 35, 31.578125, 19]]);
            var r2 = document.createRange(); r2.selectNodeContents(document.getElementById('d'));
            check('r2', [r(r2.getBoundingClientRect())], [[8, 70, 118.796875, 19]]);
            check('r2Rects', Array.from(r2.getClientRects()).map(r),
              [[8, 70, 44.171875, 19], [52.171875, 70, 39.390625, 19], [52.171875, 70, 39.390625, 19], [91.5625, 70, 35.234375, 19]]);
            var r3 = document.createRange();
            r3.setStart(document.getElementById('d').firstChild, 2); r3.setEnd(document.getElementById('b').firstChild, 2);
            check('r3Rects', Array.from(r3.getClientRects()).map(r), [[24.421875, 70, 27.75, 19], [52.171875, 70, 22.453125, 19]]);
            var detached = document.createRange(); detached.selectNodeContents(document.createElement('div'));
            check('detached', Array.from(detached.getClientRects()).map(r), []);
            bad
            """)
        #expect(bad == [])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Pathological text lays out without errors: a 20,000-character word broken anywhere (Chromium: 5 "a"s of
    /// 9.8125 px a line in 50 px), a zero font size, negative letter spacing, tabs and newlines kept by `pre`,
    /// empty inline elements, a detached element and a block inside an inline element.
    @Test func pathologicalTextLaysOutWithoutErrors() async throws {
        let (webView, log) = try await open("""
            <div id=long style="width:50px;overflow-wrap:anywhere"></div>
            <div id=zero style="font-size:0">invisible words</div>
            <div id=neg style="letter-spacing:-20px;width:100px">squeezed words here</div>
            <pre id=pre></pre>
            <div id=empty><span></span><b></b></div>
            <div id=split><span>before<div style="margin:10px 0;height:20px"></div>after</span></div>
            """, style: "body { margin: 0; font-family: 'DejaVu Sans'; font-size: 16px }")
        let out = try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            $('long').textContent = 'a'.repeat(20000);
            $('pre').textContent = 'a\\tb\\nc\\nd';
            var detached = document.createElement('span'); detached.textContent = 'x';
            [$('long').offsetHeight, $('zero').offsetHeight, $('neg').offsetHeight, $('pre').offsetHeight,
             $('empty').offsetHeight, detached.getClientRects().length, document.body.scrollWidth, $('split').offsetHeight]
            """)
        // Chromium: 76000, 0, 19, 66 (three lines of fontconfig's monospace, Noto Sans Mono: 22 px each), 0 (the
        // empty inline elements make no line box), 0; the body's scrollWidth is the viewport's (375 on iPhone SE); a
        // block inside a span sits between its lines with its margins (Chromium: 19 + 10 + 20 + 10 + 19 = 78)
        #expect(out == [76000, 0, 19, 66, 0, 0, 375, 78])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// A typical phone page (a flex navigation bar, headings, a card with wrapping text, inline-block tags and
    /// buttons, a list) lays out as in Chromium, to the 1/64 px in most places.
    @Test func aTypicalPhonePageLaysOutAsInChromium() async throws {
        let (webView, log) = try await open("""
            <div class=nav id=nav><a id=logo href=#>MyShop</a><span id=menu>Menu</span></div>
            <h1 id=h1>Welcome to the shop</h1>
            <div class=card id=card><h2 class=title id=title>Product name that is rather long indeed</h2>
            <p id=desc>Description text of the product goes here, long enough to wrap across several lines in a phone.</p>
            <span class=tag id=t1>new</span><span class=tag id=t2>sale</span><span class=tag id=t3>limited edition</span>
            <div><button class=btn id=buy>Buy now</button> <a class=btn id=more href=#>Details</a></div></div>
            <ul id=ul><li id=li1>First item</li><li id=li2>Second item with more words in it to wrap maybe not</li></ul>
            """, style: """
            body { margin: 8px; width: 359px; font-family: 'DejaVu Sans'; font-size: 16px }
            .nav { display:flex; justify-content:space-between; align-items:center; padding: 8px; background:#eee }
            .btn { display:inline-block; padding: 6px 12px; border: 1px solid; border-radius: 4px; font-size: 14px }
            .card { border:1px solid #ccc; padding: 12px; margin: 10px 0 }
            .tag { display:inline-block; margin-right: 4px; padding: 2px 6px; font-size: 12px; line-height: 1.5 }
            .title { font-size: 20px; font-weight: bold; line-height: 1.4; margin: 0 0 8px }
            """)
        // Chromium's rects for this page, rounded to 1/100 px (see the suite's comment)
        let expected = #"{"nav":[8,8,359,35],"logo":[16,16,63.52,19],"menu":[315.06,16,43.94,19],"h1":[8,64.44,359,76],"card":[8,161.88,359,223],"title":[21,174.88,333,56],"desc":[21,246.88,333,57],"t1":[21,319.88,36.81,22],"t2":[61.81,319.88,36.33,22],"t3":[102.14,319.88,98.53,22],"buy":[21,341.88,86.11,30],"more":[112.2,341.88,74.55,30],"ul":[8,400.88,359,57],"li1":[48,400.88,319,19],"li2":[48,419.88,319,38]}"#
        let bad = try await mismatches(webView, ids: "'nav','logo','menu','h1','card','title','desc','t1','t2','t3','buy','more','ul','li1','li2'", expected: expected)
        #expect(bad == [])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `text-align: justify` spreads a line's free space over its spaces (not on the last line); `vertical-align`
    /// `middle` (half the parent's x-height), `top`, `bottom`, `super`, `sub` on atomic inlines, images and spans.
    @Test func justifyAndVerticalAlignAsInChromium() async throws {
        let (webView, log) = try await open("""
            <p id=j style="width:200px;text-align:justify">Justified text <span id=js>spreads its</span> words to fill each line but the last one</p>
            <div id=v1><span id=i1 style="display:inline-block;width:20px;height:20px;vertical-align:middle"></span><span id=s1>middle</span></div>
            <div id=v2><span id=i2 style="display:inline-block;width:20px;height:40px;vertical-align:top"></span><span id=s2>top</span></div>
            <div id=v3><span id=i3 style="display:inline-block;width:20px;height:30px;vertical-align:bottom"></span><span id=s3>bottom</span></div>
            <div id=v4>x<span id=s4 style="vertical-align:super;font-size:12px">sup</span>y<span id=s5 style="vertical-align:sub;font-size:12px">sub</span></div>
            <div id=v5><img id=i5 width=24 height=24 style="vertical-align:middle"><span id=s6>img</span></div>
            """, style: "body { margin: 8px; width: 340px; font-family: 'DejaVu Sans'; font-size: 16px }")
        // Chromium's rects for this page (see the suite's comment)
        let expected = #"{"j":[8,16,200,57],"js":[118.578125,16,89.421875,19],"v1":[8,89,340,20.5],"i1":[8,89.5,20,20],"s1":[28,89,54.640625,19],"v2":[8,109.5,340,40],"i2":[8,109.5,20,40],"s2":[28,109.5,26.21875,19],"v3":[8,149.5,340,30],"i3":[8,149.5,20,30],"s3":[28,160.5,57.875,19],"v4":[8,179.5,340,24.515625],"s4":[17.46875,179.5,21.484375,14],"s5":[48.421875,190.015625,21.484375,14],"v5":[8,204.015625,340,24],"i5":[8,204.015625,24,24],"s6":[32,205.515625,30.1875,19]}"#
        let bad = try await mismatches(webView, ids: "'j','js','v1','i1','s1','v2','i2','s2','v3','i3','s3','v4','s4','s5','v5','i5','s6'", expected: expected)
        #expect(bad == [])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// How many strings the layout has measured natively (geometry.js's private `env.geometry.measured()`).
    private func measured(_ webView: HeadlessWebView) async -> Int {
        await webView.withCore { core in
            Int((try? core.document?.env?["geometry"].invokeMethod("measured"))?.toDouble() ?? -1)
        }
    }

    /// A page that never reads geometry measures nothing; a layout measures each string once (cached per font and
    /// string), a scroll measures nothing again, and a text change relays out with only the new strings measured.
    @Test func textIsMeasuredLazilyOnceAndRelaidOutWhenItChanges() async throws {
        let (webView, log) = try await open("""
            <div id=p style="width: 100px">alpha beta alpha beta</div><div id=after style="height: 2000px"></div>
            """, style: "body { margin: 0; font-family: 'DejaVu Sans'; font-size: 16px }")
        #expect(await measured(webView) == 0)
        // "alpha beta" is 85.5 px wide in DejaVu Sans 16px: two lines of it (Chromium: 38 px high, 57 with " gamma")
        #expect(try await webView.evaluateJavaScript("document.getElementById('p').offsetHeight") == 38)
        #expect(await measured(webView) == 3)   // "alpha", "beta", " "
        #expect(try await webView.evaluateJavaScript("scrollTo(0, 10); document.getElementById('after').getBoundingClientRect().top") == 28)
        #expect(await measured(webView) == 3)
        #expect(try await webView.evaluateJavaScript("""
            document.getElementById('p').firstChild.appendData(' gamma'); document.getElementById('p').offsetHeight
            """) == 57)
        #expect(await measured(webView) == 4)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
