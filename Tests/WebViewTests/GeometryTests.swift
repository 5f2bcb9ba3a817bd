import Foundation
import JavaScript
import Testing
@testable import WebView

/// The box model of `geometry/geometry.js` (the DocC article "Geometry model"): sizes from the computed style,
/// positions from the flow, the viewport from the device profile, scrolling clamped to the laid-out extent.
@Suite struct GeometryTests {
    private func open(_ body: String, style: String = "", device: DeviceProfile = .iPhoneSE) async throws -> (HeadlessWebView, EventLog) {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: device))
        let log = EventLog(webView)
        try await webView.loadHTMLString("""
            <!doctype html><html><head><style>body { margin: 8px } \(style)</style></head><body>\(body)</body></html>
            """, baseURL: nil)
        return (webView, log)
    }

    @Test func blocksFillTheirContainerAndTakeSizesFromTheComputedStyle() async throws {
        let (webView, log) = try await open("""
            <div id=outer><div id=inner></div><p id=p>text</p></div><div id=bb></div><div id=mm></div>
            """, style: """
            #outer { width: 50%; padding: 10px; border: 2px solid; margin: 0 auto }
            #inner { height: 2.5rem; margin: 5px }
            #bb { box-sizing: border-box; width: 100px; padding: 10px; border: 5px solid; height: 50px }
            #mm { width: 10px; min-width: 20vw; max-height: 3px; height: 1000px }
            """)
        let out = try await webView.evaluateJavaScript("""
            function r(id) { var b = document.getElementById(id).getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; }
            var outer = document.getElementById('outer');
            [r('outer'), r('inner'), r('p'), r('bb'), r('mm'),
             [outer.offsetWidth, outer.clientWidth, outer.clientTop, outer.offsetTop, outer.offsetLeft, document.body.offsetHeight]]
            """)
        // body content 359 wide; outer 179.5 + 24, centred; p: one line of 19px (line-height normal: the default
        // font's ascent plus descent, as in Chromium, whose heights and y positions these are), 1em margins, the top
        // one collapsing with #inner's 5px bottom margin.
        #expect(out == [
            [85.75, 8, 203.5, 120], [102.75, 25, 169.5, 40], [97.75, 81, 179.5, 19],
            [8, 128, 100, 50], [8, 178, 75, 3],
            [204, 200, 2, 8, 86, 173],
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Flex containers lay their items out as CSS Flexible Box Layout says (without text): grow and shrink with
    /// min-/max- sizes, wrapping with gaps, justify-content, align-items/align-self with stretch, auto margins,
    /// columns, row-reverse and order. The expected rects are headless Chromium's for the same page.
    @Test func flexContainersPlaceTheirItemsAsBrowsersDo() async throws {
        let (webView, log) = try await open("""
            <div class=bar id=bar><div id=b1></div><div id=b2></div><div class=fixed id=b3></div></div>
            <div class=wrap id=wrap><div id=w1></div><div id=w2></div><div id=w3></div><div id=w4></div></div>
            <div class=center id=center><div id=c1></div></div>
            <div class=between id=between><div id=s1></div><div id=s2></div><div id=s3></div></div>
            <div class=col id=col><div id=k1></div><div class=grow id=k2></div><div id=k3></div></div>
            <div class=stretch id=stretch><div class=a id=t1></div><div class=b id=t2></div><div class=c id=t3></div></div>
            <div class=auto id=auto><div id=a1></div><div class=push id=a2></div></div>
            <div class=shrink id=shrink><div id=h1></div><div class=no id=h2></div></div>
            <div class=minmax id=minmax><div id=m1></div><div class=max id=m2></div><div id=m3></div></div>
            <div class=rev id=rev><div id=r1></div><div id=r2></div></div>
            <div class=order id=order><div id=o1></div><div class=first id=o2></div></div>
            """, style: """
            body { margin: 0; width: 390px }
            .bar { display: flex; width: 360px; padding: 5px; gap: 10px; }
            .bar > div { flex: 1; height: 20px; }
            .bar > .fixed { flex: 0 0 100px; }
            .wrap { display: flex; flex-wrap: wrap; width: 300px; column-gap: 10px; row-gap: 4px; }
            .wrap > div { width: 100px; height: 30px; }
            .center { display: flex; justify-content: center; align-items: center; height: 100px; width: 300px; }
            .center > div { width: 50px; height: 20px; }
            .between { display: flex; justify-content: space-between; width: 300px; }
            .between > div { width: 40px; height: 10px; }
            .col { display: flex; flex-direction: column; height: 200px; width: 120px; }
            .col > div { height: 30px; }
            .col > .grow { flex-grow: 1; }
            .stretch { display: flex; width: 200px; }
            .stretch > .a { width: 50px; height: 60px; } .stretch > .b { width: 50px; } .stretch > .c { width: 50px; align-self: flex-end; height: 10px; }
            .auto { display: flex; width: 300px; } .auto > div { width: 50px; height: 10px; } .auto > .push { margin-left: auto; }
            .shrink { display: flex; width: 200px; } .shrink > div { width: 150px; height: 10px; } .shrink > .no { flex-shrink: 0; }
            .minmax { display: flex; width: 300px; } .minmax > div { flex: 1; height: 10px; } .minmax > .max { max-width: 50px; }
            .rev { display: flex; flex-direction: row-reverse; width: 300px; } .rev > div { width: 60px; height: 10px; }
            .order { display: flex; width: 300px; } .order > div { width: 60px; height: 10px; } .order > .first { order: -1; }
            """)
        let out = try await rects(["bar", "b1", "b2", "b3", "wrap", "w1", "w2", "w3", "w4", "center", "c1", "between", "s1", "s2", "s3", "col", "k1", "k2", "k3", "stretch", "t1", "t2", "t3", "auto", "a1", "a2", "shrink", "h1", "h2", "minmax", "m1", "m2", "m3", "rev", "r1", "r2", "order", "o1", "o2"], in: webView)
        #expect(out == [
            "bar:0,0,370,30",
            "b1:5,5,120,20",
            "b2:135,5,120,20",
            "b3:265,5,100,20",
            "wrap:0,30,300,64",
            "w1:0,30,100,30",
            "w2:110,30,100,30",
            "w3:0,64,100,30",
            "w4:110,64,100,30",
            "center:0,94,300,100",
            "c1:125,134,50,20",
            "between:0,194,300,10",
            "s1:0,194,40,10",
            "s2:130,194,40,10",
            "s3:260,194,40,10",
            "col:0,204,120,200",
            "k1:0,204,120,30",
            "k2:0,234,120,140",
            "k3:0,374,120,30",
            "stretch:0,404,200,60",
            "t1:0,404,50,60",
            "t2:50,404,50,60",
            "t3:100,454,50,10",
            "auto:0,464,300,10",
            "a1:0,464,50,10",
            "a2:250,464,50,10",
            "shrink:0,474,200,10",
            "h1:0,474,50,10",
            "h2:50,474,150,10",
            "minmax:0,484,300,10",
            "m1:0,484,125,10",
            "m2:125,484,50,10",
            "m3:175,484,125,10",
            "rev:0,494,300,10",
            "r1:240,494,60,10",
            "r2:180,494,60,10",
            "order:0,504,300,10",
            "o1:60,504,60,10",
            "o2:0,504,60,10",
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Grid containers: fixed, percentage, `fr`, `auto` and `minmax()` tracks, `repeat()` with a count and with
    /// `auto-fill`, gaps, auto-placed items stretched to their cells or aligned, explicit and implicit row sizes.
    /// The expected rects are headless Chromium's for the same page (sizes chosen to divide evenly: Chromium
    /// snaps fractional tracks to 1/64 px in a way this model does not follow).
    @Test func gridContainersPlaceTheirItemsAsBrowsersDo() async throws {
        let (webView, log) = try await open("""
            <div class=g1 id=g1><div id=a1></div><div id=a2></div><div id=a3></div><div id=a4></div><div id=a5></div></div>
            <div class=g2 id=g2><div id=b1></div><div class=tall id=b2></div><div class=sized id=b3></div><div id=b4></div></div>
            <div class=g3 id=g3><div id=c1></div><div id=c2></div><div id=c3></div><div id=c4></div></div>
            <div class=g4 id=g4><div id=d1></div><div id=d2></div><div id=d3></div></div>
            """, style: """
            body { margin: 0; width: 390px }
            .g1 { display: grid; grid-template-columns: repeat(4, 1fr); gap: 10px; width: 370px; padding: 10px; }
            .g1 > div { height: 40px; }
            .g2 { display: grid; grid-template-columns: 100px 1fr 2fr; column-gap: 6px; row-gap: 8px; width: 292px; }
            .g2 > div { height: 20px; } .g2 > .tall { height: 50px; } .g2 > .sized { width: 30px; justify-self: center; align-self: end; height: 10px; }
            .g3 { display: grid; grid-template-columns: repeat(auto-fill, minmax(100px, 1fr)); gap: 5px; width: 340px; }
            .g3 > div { height: 30px; }
            .g4 { display: grid; grid-template-columns: 50% auto; grid-template-rows: 40px; grid-auto-rows: 25px; width: 200px; }
            .g4 > div { margin: 2px; }
            """)
        let out = try await rects(["g1", "a1", "a2", "a4", "a5", "g2", "b1", "b2", "b3", "b4", "g3", "c1", "c2", "c3", "c4", "g4", "d1", "d2", "d3"], in: webView)
        #expect(out == [
            "g1:0,0,390,110",
            "a1:10,10,85,40",
            "a2:105,10,85,40",
            "a4:295,10,85,40",
            "a5:10,60,85,40",
            "g2:0,110,292,78",
            "b1:0,110,100,20",
            "b2:106,110,60,50",
            "b3:217,150,30,10",
            "b4:0,168,100,20",
            "g3:0,188,340,65",
            "c1:0,188,110,30",
            "c2:115,188,110,30",
            "c3:230,188,110,30",
            "c4:0,223,110,30",
            "g4:0,253,200,65",
            "d1:2,255,96,36",
            "d2:102,255,96,36",
            "d3:2,295,96,21",
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Grid items that span tracks (`span N`), take explicit lines (`1 / -1`, `grid-row: 2 / 4`, `grid-area`) and are
    /// auto-placed around the ones placed first; the longhands compute from the shorthands. Expected rects from headless
    /// Chromium for the same page.
    @Test func gridItemsSpanAndTakeExplicitLines() async throws {
        let (webView, log) = try await open("""
            <div class=g id=g><div class=wide id=x1></div><div id=x2></div><div class=full id=x3></div><div class=tall id=x4></div><div id=x5></div><div class=at id=x6></div><div class=area id=x7></div><div id=x8></div></div>
            <div class=h id=h><header id=y1></header><div class=side id=y2></div><div id=y3></div><div id=y4></div><div id=y5></div></div>
            """, style: """
            body { margin: 0; width: 390px }
            .g { display: grid; grid-template-columns: repeat(3, 100px); column-gap: 10px; row-gap: 5px; width: 320px; }
            .g > div { height: 20px; }
            .wide { grid-column: span 2; } .full { grid-column: 1 / -1; } .tall { grid-row: span 2; height: auto !important; }
            .at { grid-column: 3; grid-row: 1; } .area { grid-area: 4 / 2 / 5 / 4; }
            .h { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; width: 200px; }
            .h > header { grid-column: 1 / 3; height: 30px; } .h > div { height: 10px; } .h > .side { grid-row: 2 / 4; }
            """)
        let out = try await rects(["g", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "h", "y1", "y2", "y3", "y4", "y5"], in: webView)
        #expect(out == [
            "g:0,0,320,120",
            "x1:0,0,210,20",
            "x2:0,25,100,20",
            "x3:0,50,320,20",
            "x4:0,75,100,45",
            "x5:110,100,100,20",
            "x6:220,0,100,20",
            "x7:110,75,210,20",
            "x8:220,100,100,20",
            "h:0,120,200,72",
            "y1:0,120,200,30",
            "y2:0,154,98,10",
            "y3:102,154,98,10",
            "y4:102,168,98,10",
            "y5:0,182,98,10",
        ])
        let longhands = try await webView.evaluateJavaScript("""
            ['x1', 'x3', 'x7'].map(function (id) { var s = getComputedStyle(document.getElementById(id));
              return [s.gridColumnStart, s.gridColumnEnd, s.gridRowStart, s.gridRowEnd].join(' '); })
            """)
        #expect(longhands == ["span 2 auto auto auto", "1 -1 auto auto", "2 4 4 5"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func displayNoneOnTheElementOrAnAncestorGivesZerosAndNoClientRects() async throws {
        let (webView, log) = try await open("""
            <div id=a style='display: none'><span id=s>x</span></div><p id=h hidden>h</p><div id=shown style='height: 4px'></div>
            """)
        let out = try await webView.evaluateJavaScript("""
            var detached = document.createElement('div'); detached.style.height = '10px';
            ['a', 's', 'h'].map(function (id) {
              var el = document.getElementById(id), r = el.getBoundingClientRect();
              return [r.width, r.height, r.x, el.getClientRects().length, el.offsetWidth, el.offsetHeight, el.clientWidth,
                      el.scrollHeight, el.offsetParent];
            }).concat([[detached.getClientRects().length, detached.offsetHeight, detached.getBoundingClientRect().height,
                        document.getElementById('shown').getClientRects().length, document.getElementById('shown').offsetHeight]])
            """)
        #expect(out == [
            [0, 0, 0, 0, 0, 0, 0, 0, nil], [0, 0, 0, 0, 0, 0, 0, 0, nil], [0, 0, 0, 0, 0, 0, 0, 0, nil], [0, 0, 0, 1, 4],
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `id:x,y,width,height` of each element's bounding client rect, the form the Chromium-checked tests compare.
    private func rects(_ ids: [String], in webView: HeadlessWebView) async throws -> JSONValue {
        let list = ids.map { "'\($0)'" }.joined(separator: ",")
        return try await webView.evaluateJavaScript("""
            [\(list)].map(function (id) { var r = document.getElementById(id).getBoundingClientRect(); return id + ':' + [r.x, r.y, r.width, r.height].join(','); })
            """)
    }

    @Test func viewportUnitsFollowTheDeviceProfileAndItsRotation() async throws {
        let page = "<div id=v style='width: 50vw; height: 10vh'></div>"
        let (small, _) = try await open(page, device: .iPhoneSE)
        let (large, _) = try await open(page, device: .iPhone15ProMax)
        let read = "var r = document.getElementById('v').getBoundingClientRect(); [r.width, r.height, document.documentElement.scrollWidth]"
        #expect(try await small.evaluateJavaScript(read) == [187.5, 66.703125, 375])
        #expect(try await large.evaluateJavaScript(read) == [215, 93.203125, 430])
        await small.rotate()
        #expect(try await small.evaluateJavaScript(read) == [333.5, 37.5, 667])
        await small.close()
        await large.close()
    }

    /// The rem scaling of lib-flexible (amfe/lib-flexible 2.x, on a large share of Chinese H5 pages; not packaged by
    /// Debian or PyPI, so its published behaviour is written out here): the root's font size is a tenth of
    /// `clientWidth`, set again on `resize` and `pageshow`; the body's font size is 12px times the pixel ratio; a
    /// design 750 px wide is laid out in rem. Two devices and a rotation give the sizes of each viewport (heights in
    /// 1/64 px as WebKit's layout units: 4 x 66.7 is 266.796875; `offsetLeft` includes the body's 8px margin).
    @Test func libFlexibleRemLayoutFollowsTheDeviceAndItsRotation() async throws {
        let page = """
            <div id=banner style='width: 10rem; height: 4rem'></div><div id=card style='width: 4.6rem; height: 1rem; margin-left: 0.4rem'></div>
            <script>
            (function flexible(window, document) {
              var docEl = document.documentElement, dpr = window.devicePixelRatio || 1;
              function setBodyFontSize() {
                if (document.body) document.body.style.fontSize = (12 * dpr) + 'px';
                else document.addEventListener('DOMContentLoaded', setBodyFontSize);
              }
              setBodyFontSize();
              function setRemUnit() { docEl.style.fontSize = docEl.clientWidth / 10 + 'px'; }
              setRemUnit();
              window.addEventListener('resize', setRemUnit);
              window.addEventListener('pageshow', function (e) { if (e.persisted) setRemUnit(); });
            }(window, document));
            </script>
            """
        let read = """
            var b = document.getElementById('banner').getBoundingClientRect(), c = document.getElementById('card');
            [document.documentElement.style.fontSize, document.body.style.fontSize, b.width, b.height, c.offsetWidth, c.offsetLeft]
            """
        let (small, smallLog) = try await open(page, device: .iPhoneSE)
        let (large, largeLog) = try await open(page, device: .iPhone15ProMax)
        #expect(try await small.evaluateJavaScript(read) == ["37.5px", "24px", 375, 150, 173, 23])
        #expect(try await large.evaluateJavaScript(read) == ["43px", "36px", 430, 172, 198, 25])
        await small.rotate()
        #expect(await small.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await small.evaluateJavaScript(read) == ["66.7px", "24px", 667, 266.796875, 307, 35])
        #expect(smallLog.exceptions.isEmpty && largeLog.exceptions.isEmpty)
        await small.close()
        await large.close()
    }

    @Test func absoluteAndFixedBoxesAndTheOffsetParent() async throws {
        let (webView, log) = try await open("""
            <div id=rel style='position: relative; margin-top: 100px; height: 50px; border-top: 3px solid'>
              <div id=abs style='position: absolute; top: 10%; left: 20px; width: 40px; height: 2em; padding: 1px'></div>
              <div id=right style='position: absolute; right: 0; bottom: 0; width: 10px; height: 10px'></div>
            </div>
            <div id=fixed style='position: fixed; left: 0; right: 0; top: 5px; height: 7px'></div>
            <div style='height: 2000px'></div>
            """)
        let read = """
            function r(id) { var b = document.getElementById(id).getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; }
            var abs = document.getElementById('abs');
            [r('rel'), r('abs'), r('right'), r('fixed'), [abs.offsetParent.id, abs.offsetTop, abs.offsetLeft,
             document.getElementById('rel').offsetParent === document.body]]
            """
        // #rel's 100px top margin collapses with the body's 8px. The absolute box is in the relative box's padding
        // box (below its 3px border); 10% of its 50px height.
        #expect(try await webView.evaluateJavaScript(read) == [
            [8, 100, 359, 53], [28, 108, 42, 34], [357, 143, 10, 10], [0, 5, 375, 7], ["rel", 5, 20, true],
        ])
        #expect(try await webView.evaluateJavaScript("scrollTo(0, 60); [r('rel')[1], r('fixed')[1], scrollY]") == [40, 5, 60])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func windowScrollingIsClampedToTheDocumentsExtent() async throws {
        let (webView, log) = try await open("<div id=tall style='height: 1000px; width: 500px'></div>")
        #expect(try await webView.evaluateJavaScript("""
            var root = document.documentElement;
            var sizes = [root.scrollHeight, root.scrollWidth, root.clientHeight];
            scrollTo(10000, 10000);
            var end = [scrollX, scrollY, root.scrollTop, document.getElementById('tall').getBoundingClientRect().top];
            root.scrollTop = 20;
            sizes.concat(end, [scrollY])
            """) == [1016, 508, 667, 133, 349, 349, -341, 20])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func elementScrollingIsClampedAndFiresOneScrollEventThatDoesNotBubble() async throws {
        let (webView, log) = try await open("""
            <div id=box style='height: 100px; overflow: auto; padding: 5px'><div id=content style='height: 300px'></div></div>
            <script>
            var box = document.getElementById('box');
            box.addEventListener('scroll', function (e) { console.log('scroll ' + e.bubbles + ' ' + box.scrollTop); });
            document.addEventListener('scroll', function () { console.log('document'); });
            </script>
            """)
        #expect(try await webView.evaluateJavaScript("""
            var sizes = [box.scrollHeight, box.clientHeight];
            box.scrollTop = 50; box.scrollBy(0, 1000);
            var clamped = box.scrollTop;
            var top = document.getElementById('content').getBoundingClientRect().top;
            box.scrollTo({ top: -4 });
            var bad = (function () { try { box.scrollTo(3); return 'no error'; } catch (e) { return e.name; } })();
            sizes.concat([clamped, top, box.scrollTop, bad])
            """) == [310, 110, 200, -187, 0, "TypeError"])
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["scroll false 0"])
        // No move, no event.
        #expect(try await webView.evaluateJavaScript("box.scrollTop = 0; box.scrollLeft = 99; [box.scrollTop, box.scrollLeft]") == [0, 0])
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["scroll false 0"])
        await webView.close()
    }

    /// DOMRect and friends; a range selecting a paragraph has two client rects, the paragraph's and its text's (as in
    /// Chromium; TextLayoutTests checks their values).
    @Test func domRectsAndRangeRects() async throws {
        let (webView, log) = try await open("<p id=p>x</p>")
        #expect(try await webView.evaluateJavaScript("""
            var r = new DOMRect(10, 20, -4, 6); r.x = 12;
            var ro = DOMRectReadOnly.fromRect({ width: 3 }); try { ro.width = 9; } catch (e) {}
            var range = document.createRange(); range.selectNode(document.getElementById('p'));
            var noNew = (function () { try { DOMRect(1, 2, 3, 4); return 'no error'; } catch (e) { return e.name; } })();
            var list = document.getElementById('p').getClientRects();
            [r.left, r.right, r.top, r.bottom, JSON.stringify(r.toJSON()), ro.width, ro instanceof DOMRect,
             r instanceof DOMRectReadOnly, String(r), range.getBoundingClientRect() instanceof DOMRect,
             range.getClientRects().length, noNew, String(list), list.item(0) === list[0], list.item(5), [...list].length]
            """) == [
            8, 12, 20, 26, #"{"x":12,"y":20,"width":-4,"height":6,"top":20,"right":12,"bottom":26,"left":8}"#, 3, false,
            true, "[object DOMRect]", true, 2, "TypeError", "[object DOMRectList]", true, nil, 1,
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func svgBoundingBoxesAndLengthsFromGeometryAttributes() async throws {
        let (webView, log) = try await open("""
            <svg id=s width=100 height=100><g id=g><rect id=r x=1 y=2 width=10 height=20 /><circle id=c cx=50 cy=50 r=5 /></g>
            <ellipse id=e cx=0 cy=0 rx=10 ry=5 /><line id=l x1=0 y1=0 x2=3 y2=4 /><polygon id=p points='0,0 3,0 3,4' />
            <polyline id=pl points='0 0, 3 0 3 4' /><rect id=neg width=-5 height=3 /><path id=d d='M0 0 L10 0' /></svg>
            """)
        #expect(try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            var boxes = ['r', 'c', 'g', 'e', 'l', 'p', 's', 'neg', 'd'].map(function (id) {
              var b = $(id).getBBox(); return [b.x, b.y, b.width, b.height, b instanceof DOMRect];
            });
            var lengths = ['r', 'c', 'e', 'l', 'p', 'pl'].map(function (id) { return Math.round($(id).getTotalLength() * 1000) / 1000; });
            var path = (function () { try { $('d').getTotalLength(); return 'no error'; } catch (e) { return e.name; } })();
            [boxes, lengths, path]
            """) == [
            [[1, 2, 10, 20, true], [45, 45, 10, 10, true], [1, 2, 54, 53, true], [-10, -5, 20, 10, true], [0, 0, 3, 4, true],
             [0, 0, 3, 4, true], [-10, -5, 65, 60, true], [0, 0, 0, 3, true], [0, 0, 0, 0, true]],
            [60, 31.416, 48.442, 5, 12, 7], "TypeError",
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Two blocks, the first holding a narrower one, then one that hit testing skips (`pointer-events: none`).
    private static let hitTestingPage = """
        <div id=a style='height: 100px'><div id=b style='height: 50px; margin-left: 20px'></div></div>
        <div id=none style='height: 100px; pointer-events: none'></div>

        """

    @Test func elementFromPointAndScrollIntoView() async throws {
        let (webView, log) = try await open(Self.hitTestingPage + """
            <div id=far style='margin-top: 2000px; height: 10px'></div><div style='height: 1000px'></div>
            """)
        #expect(try await webView.evaluateJavaScript("""
            function at(x, y) { var el = document.elementFromPoint(x, y); return el ? el.id || el.localName : null; }
            var before = [at(30, 20), at(10, 20), at(30, 150), at(30, 600), at(-1, 0), at(30, 700), at(400, 10)];
            document.getElementById('far').scrollIntoView();
            var start = [scrollY, document.getElementById('far').getBoundingClientRect().top];
            document.getElementById('far').scrollIntoView({ block: 'end' });
            var end = scrollY;
            var bad = (function () { try { document.elementFromPoint(1); return 'no error'; } catch (e) { return e.name; } })();
            var badBlock = (function () { try { document.body.scrollIntoView({ block: 'middle' }); return 'no error'; } catch (e) { return e.name; } })();
            before.concat(start, [end, bad, badBlock])
            """) == ["b", "a", "body", "body", nil, nil, nil, 2208, 0, 1551, "TypeError", "TypeError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// How many cascades the css layer has worked out (its private `env.css.computations()`).
    private func styleComputations(_ webView: HeadlessWebView) async -> Int {
        await webView.withCore { core in
            Int((try? core.document?.env?["css"].invokeMethod("computations"))?.toDouble() ?? -1)
        }
    }

    @Test func aLayoutComputesEachStyleOnceAndAnUnchangedStyleIsNotComputedAgain() async throws {
        // Style attributes and a <style> sheet are parsed during the first layout: parsing must not restyle the page.
        let (webView, log) = try await open("""
            <div id=a class=big><p id=p style='margin: 0; height: 4px'>x</p></div><div id=b style='height: 2000px'></div>
            """, style: ".big { height: 30px } .small { height: 10px }")
        let start = await styleComputations(webView)
        #expect(try await webView.evaluateJavaScript("document.getElementById('b').getBoundingClientRect().top") == 38)
        // html, body, #a, #p, #b: one cascade each (head and its children are never laid out).
        let first = await styleComputations(webView)
        #expect(first - start == 5)
        // A scroll lays the document out again from the cached styles.
        #expect(try await webView.evaluateJavaScript("scrollTo(0, 100); document.getElementById('b').getBoundingClientRect().top") == -62)
        #expect(await styleComputations(webView) == first)
        // A class change restyles #a and its subtree (#p) only: the next read sees the new height.
        #expect(try await webView.evaluateJavaScript("""
            document.getElementById('a').className = 'small'; document.getElementById('b').getBoundingClientRect().top
            """) == -82)
        #expect(await styleComputations(webView) == first + 2)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func elementsFromPointListsEveryHitTopmostFirstEndingWithTheRoot() async throws {
        let (webView, log) = try await open(Self.hitTestingPage + """
            <div id=over style='position: absolute; top: 0; left: 0; width: 40px; height: 40px; visibility: hidden'></div>
            """)
        #expect(try await webView.evaluateJavaScript("""
            function at(x, y) { return document.elementsFromPoint(x, y).map(function (el) { return el.id || el.localName; }); }
            var bad = (function () { try { document.elementsFromPoint(1); return 'no error'; } catch (e) { return e.name; } })();
            [at(30, 20), at(10, 20), at(30, 150), at(4, 4), at(-1, 0), at(30, 9999), Array.isArray(document.elementsFromPoint(1, 1)),
             document.elementsFromPoint.length, bad, document.implementation.createHTMLDocument('').elementsFromPoint(1, 1)]
            """) == [
            ["b", "a", "body", "html"], ["a", "body", "html"], ["body", "html"], ["html"], [], [], true, 2, "TypeError", [],
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func anIdleCallbackRunsByItsTimeoutWhenThePageStaysBusy() async throws {
        // The script keeps the event loop busy (a long task, on the runtime's own clock) past the timeout: the
        // callback with a timeout runs timed out with no time left; the one without gets an ordinary idle period.
        let (webView, log) = try await open("""
            <script>
            function report(name) {
              return function (d) { console.log(name + ' ' + d.didTimeout + ' ' + (d.timeRemaining() === 0) + ' ' + (d.timeRemaining() <= 50)); };
            }
            var plain = requestIdleCallback(report('plain'));
            var timed = requestIdleCallback(report('timed'), { timeout: 5 });
            var cancelled = requestIdleCallback(report('cancelled'), { timeout: 1 });
            cancelIdleCallback(cancelled);
            var start = performance.now();
            while (performance.now() - start < 20) {}
            </script>
            """, device: .pixel8)
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["plain false false true", "timed true true true"])
        // Without a long task, a timeout is not reached: an ordinary idle period.
        _ = try await webView.evaluateJavaScript("requestIdleCallback(report('quick'), { timeout: 60000 })")
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines.last == "quick false false true")
        #expect(try await webView.evaluateJavaScript("""
            [0, 'x', 5].map(function (bad) { try { requestIdleCallback(function () {}, bad); return 'no error'; } catch (e) { return e.name; } })
            """) == ["TypeError", "TypeError", "TypeError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func verticalMarginsCollapseAsInChromium() async throws {
        // Expected values from CSS 2.1 §8.3.1 by hand, the same as Chromium's for this page.
        let (webView, log) = try await open("""
            <div id=a style='margin: 20px 0 30px'><div id=a1 style='margin-top: 10px; height: 10px'></div>\
            <div id=a2 style='margin-bottom: 40px; height: 10px'></div></div>
            <div id=b style='margin: 25px 0 -15px; height: 10px'></div>
            <div id=c style='margin: 5px 0 -5px; height: 10px'></div>
            <div id=d style='position: relative; padding-top: 1px; margin-top: 12px'><div id=d1 style='margin-top: 7px; height: 5px'></div>\
            <div id=abs style='position: absolute; top: 0; margin-top: 4px; height: 2px; width: 2px'></div></div>
            <div id=e style='overflow: hidden'><div id=e1 style='margin: 9px 0; height: 5px'></div></div>
            <div id=x style='display: flex; flex-direction: column; margin-top: 6px'><div id=x1 style='margin: 3px 0 10px; height: 5px'></div>\
            <div id=x2 style='margin-top: 10px; height: 5px'></div></div>
            <div id=y style='border-top: 1px solid; margin-top: 2px'><div id=y1 style='margin-top: 4px; height: 5px; margin-bottom: 8px'></div></div>
            """)
        #expect(try await webView.evaluateJavaScript("""
            ['a', 'a1', 'a2', 'b', 'c', 'd', 'd1', 'abs', 'e', 'e1', 'x', 'x1', 'x2', 'y', 'y1'].map(function (id) {
              return document.getElementById(id);
            }).concat([document.body, document.documentElement]).map(function (el) {
              var r = el.getBoundingClientRect(); return [r.y, r.height];
            })
            """) == [
            // a, a1 and the body's top margins collapse (20); a2's bottom margin and a's (40) collapse with b's top.
            [20, 20], [20, 10], [30, 10], [80, 10],
            // -15 and 5 give -10: c overlaps b; -5 and 12 give 7; d's padding keeps d1's margin inside.
            [80, 10], [97, 13], [105, 5], [101, 2],
            // overflow: hidden keeps e1's margins inside e; flex items' margins add up.
            [110, 23], [119, 5], [139, 33], [142, 5], [167, 5],
            // y's border keeps y1's top margin inside; y1's bottom margin collapses through y and the body.
            [174, 10], [179, 5], [20, 164], [0, 192],
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
