import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The Web Animations model beyond `Element.animate`: transform interpolation, `linear()` easing, `KeyframeEffect`,
/// composition, `commitStyles`, replaced animations, the playback rate of CSS animations and animated geometry.
/// Every page runs on a virtual clock, so values are read at exact times.
@Suite struct AnimationModelTests {
    /// A virtual-clock web view with `html` loaded.
    private func virtualPage(_ html: String) async throws -> (HeadlessWebView, EventLog) {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let webView = HeadlessWebView(runtime: runtime)
        let log = EventLog(webView)
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.test/"))
        return (webView, log)
    }

    @Test func transformsOfDifferentFunctionListsInterpolateAsMatricesAndReadAsMatrices() async throws {
        let (webView, log) = try await virtualPage("""
            <style>
            #s { transform: translateX(10px) rotate(90deg) }
            #t { transition: transform 1s linear; transform: rotate(0deg) }
            #z { transform: translateZ(0) }
            </style>
            <div id="s"></div><div id="z"></div><div id="a"></div><div id="b"></div><div id="t"></div><div id="n"></div>
            <div id="f"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            function read(ids) { return ids.map(function (id) { return getComputedStyle($(id)).transform; }); }
            // The shorter list is padded with identity functions: translateX(10px) rotate(0deg) to the longer one.
            $('a').animate({ transform: ['translateX(10px)', 'translateX(30px) rotate(90deg)'] }, 1000);
            // Percentages need the box, so these lists have no matrix here: discrete (the start value before 50%),
            // read with the percentage of the element's width.
            $('b').animate({ transform: ['translateX(10%)', 'rotate(30deg)'] }, 1000);
            // scaleX and scaleY meet as scale(): scale(-1, 1) to scale(1, -1) passes scale(0, 0).
            $('f').animate({ transform: ['scaleX(-1)', 'scaleY(-1)'] }, 1000);
            function tenth() { return 'matrix(1, 0, 0, 1, ' + $('b').offsetWidth / 10 + ', 0)'; }
            </script>
            """)
        // A static transform reads as its matrix (a flat 3D one too); `none` stays `none`.
        #expect(try await webView.evaluateJavaScript("read(['s', 'z', 'n'])") == ["matrix(0, 1, -1, 0, 10, 0)", "matrix(1, 0, 0, 1, 0, 0)", "none"])
        #expect(try await webView.evaluateJavaScript("[read(['a'])[0], read(['b'])[0] === tenth(), $('b').offsetWidth > 0]") == [
            "matrix(1, 0, 0, 1, 10, 0)", true, true,
        ])
        // rotate(0deg) to scale(2) has no common function list: a transition still runs, between the matrices.
        _ = try await webView.evaluateJavaScript("""
            var events = []; $('t').addEventListener('transitionrun', function (e) { events.push(e.propertyName); });
            $('t').style.transform = 'scale(2)'; read(['t'])
            """)
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("read(['a', 'b', 't', 'f'])") == [
            "matrix(0.707107, 0.707107, -0.707107, 0.707107, 20, 0)", "matrix(0.866025, 0.5, -0.5, 0.866025, 0, 0)",
            "matrix(1.5, 0, 0, 1.5, 0, 0)", "matrix(0, 0, 0, 0, 0, 0)",
        ])
        #expect(try await webView.evaluateJavaScript("events") == ["transform"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("read(['a', 't'])") == ["none", "matrix(2, 0, 0, 2, 0, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func linearEasingJoinsItsPointsAndMalformedOnesAreRejected() async throws {
        let (webView, log) = try await virtualPage("""
            <style>
            div { opacity: 0 } div.on { opacity: 1 }
            #c { transition: opacity 1s linear(0, 0.25, 1) } #d { transition: opacity 1s linear(0, oops) }
            #e { transition: opacity 1s ease }
            </style>
            <div id="a"></div><div id="b"></div><div id="c"></div><div id="d"></div><div id="e"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            function read() { return ['a', 'b', 'c', 'd', 'e'].map(function (id) { return getComputedStyle($(id)).opacity; }); }
            $('a').animate({ opacity: [0, 1] }, { duration: 1000, easing: 'linear(0, 0.5 50% 75%, 1)' });
            $('b').animate([{ opacity: 0, easing: 'linear(0 0%, 1 20%, 1)' }, { opacity: 1 }], 1000);
            var errors = [];
            ['linear(0)', 'linear()', 'linear(0, 1 2)', 'linear(0, 1 10% 20% 30%)', 'linear(0, x)'].forEach(function (easing) {
              try { $('a').animate({ opacity: [0, 1] }, { duration: 1000, easing: easing }); errors.push('no error'); }
              catch (e) { errors.push(e.name); }
            });
            </script>
            """)
        #expect(try await webView.evaluateJavaScript("errors") == ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"])
        _ = try await webView.evaluateJavaScript("read(); ['c', 'd', 'e'].forEach(function (id) { $(id).className = 'on'; }); read(); 0")
        await webView.runtime.advance(by: .milliseconds(250))
        // a: half way at 25%; b: 1 from 20%; c: a quarter of the way to the middle point; d: malformed, so `ease`.
        let values = try await webView.evaluateJavaScript("read()")
        #expect(values == ["0.25", "1", "0.125", "0.408511", "0.408511"])
        await webView.runtime.advance(by: .milliseconds(400))
        // a holds 0.5 from 50% to 75%.
        #expect(try await webView.evaluateJavaScript("read().slice(0, 1)") == ["0.5"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}

extension AnimationModelTests {
    @Test func keyframeEffectsAndAnimationsAreMadeReadAndRetimed() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="box"></div><div id="other"></div><div id="third"></div>
            <script>
            var box = document.getElementById('box'), other = document.getElementById('other'), errors = [];
            // Without a timeline, a played animation holds its time.
            var still = new Animation(new KeyframeEffect(document.getElementById('third'), { opacity: [0, 1] }, 1000), null);
            still.play();
            var effect = new KeyframeEffect(box, [{ opacity: 0 }, { opacity: 1, offset: 0.8 }, { opacity: 1 }], { duration: 1000, fill: 'forwards' });
            var anim = new Animation(effect, document.timeline);
            var before = [anim.playState, effect.getComputedTiming().localTime, anim.timeline === document.timeline, anim.effect === effect];
            anim.play();
            function timing() { var t = effect.getComputedTiming(); return [t.localTime, t.progress, t.currentIteration, t.endTime, t.activeDuration]; }
            function frames() { return effect.getKeyframes().map(function (k) { return [k.offset, k.computedOffset, k.opacity, k.easing, k.composite]; }); }
            function opacity() { return getComputedStyle(box).opacity; }
            [function () { new KeyframeEffect('box', []); }, function () { KeyframeEffect(box, []); }, function () { new Animation({}); },
             function () { new KeyframeEffect(box, [], { composite: 'mix' }); }, function () { effect.updateTiming({ duration: -1 }); },
             function () { effect.setKeyframes([{ opacity: 0, offset: 2 }]); }].forEach(function (f) {
              try { f(); errors.push('no error'); } catch (e) { errors.push(e.name); }
            });
            </script>
            """)
        #expect(try await webView.evaluateJavaScript("[before, errors]") == [
            ["idle", nil, true, true], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"],
        ])
        // The failed calls changed nothing.
        #expect(try await webView.evaluateJavaScript("[effect.getTiming().duration, frames().length]") == [1000, 3])
        await webView.runtime.advance(by: .milliseconds(400))
        #expect(try await webView.evaluateJavaScript("[opacity(), timing(), frames()]") == [
            "0.5", [400, 0.4, 0, 1000, 1000],
            [[nil, 0, "0", "linear", "auto"], [0.8, 0.8, "1", "linear", "auto"], [nil, 1, "1", "linear", "auto"]],
        ])
        #expect(try await webView.evaluateJavaScript("[still.timeline, still.currentTime, still.playState]") == [nil, 0, "running"])
        _ = try await webView.evaluateJavaScript("effect.updateTiming({ duration: 2000 }); 0")
        #expect(try await webView.evaluateJavaScript("[opacity(), timing()]") == ["0.25", [400, 0.2, 0, 2000, 2000]])
        _ = try await webView.evaluateJavaScript("effect.setKeyframes({ opacity: [1, 0] }); 0")
        #expect(try await webView.evaluateJavaScript("[opacity(), frames()[0]]") == ["0.8", [nil, 0, "1", "linear", "auto"]])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("""
            [anim.playState, opacity(), document.timeline.currentTime === performance.now(),
             document.timeline instanceof DocumentTimeline, new DocumentTimeline({ originTime: 100 }).currentTime === performance.now() - 100]
            """) == ["finished", "0", true, true, true])
        // The effect moves to another target; a target that is not an element is refused.
        #expect(try await webView.evaluateJavaScript("""
            var refused; try { effect.target = 'other'; } catch (e) { refused = e.name; }
            effect.target = other; [getComputedStyle(box).opacity, getComputedStyle(other).opacity, refused]
            """) == ["1", "0", "TypeError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func addAndAccumulateCompositeOverTheUnderlyingValue() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="c" style="width: 100px; opacity: 0.3; transform: translateX(10px)"></div>
            <div id="d" style="transform: translateX(10px) scale(2)"></div>
            <div id="e" style="width: 100px"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            $('c').animate({ width: ['0px', '50px'], opacity: [0, 0.4] }, { duration: 1000, composite: 'add' });
            $('c').animate({ transform: ['translateX(0px)', 'translateX(20px)'] }, { duration: 1000, composite: 'add' });
            $('d').animate({ transform: ['translateX(0px) scale(1)', 'translateX(20px) scale(2)'] }, { duration: 1000, composite: 'accumulate' });
            // A keyframe's own composite wins; `replace` (the default) ignores the underlying value.
            $('e').animate([{ width: '0px', composite: 'add' }, { width: '50px', composite: 'replace' }], 1000);
            function read() {
              var c = getComputedStyle($('c')), d = getComputedStyle($('d')), e = getComputedStyle($('e'));
              return [c.width, c.opacity, c.transform, d.transform, e.width];
            }
            </script>
            """)
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("read()") == [
            "125px", "0.5", "matrix(1, 0, 0, 1, 20, 0)", "matrix(2.5, 0, 0, 2.5, 20, 0)", "75px",
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func replacedAnimationsAreRemovedUnlessPersistedAndCommitStylesWritesTheValue() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var box = document.getElementById('box'), removed = [];
            var first = box.animate({ opacity: [0, 0.5] }, { duration: 100, fill: 'forwards' });
            var second = box.animate({ opacity: [0, 0.8] }, { duration: 200, fill: 'forwards' });
            var kept = box.animate({ opacity: [0, 0.2] }, { duration: 50, fill: 'forwards' });
            kept.persist();
            first.onremove = function (e) { removed.push('first ' + e.type); };
            second.addEventListener('remove', function () { removed.push('second'); });
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        // Not within finish() itself: at the next update.
        #expect(try await webView.evaluateJavaScript("""
            var other = document.body.appendChild(document.createElement('div'));
            var late = other.animate({ opacity: [1, 0] }, { duration: 10, fill: 'both' }), also = other.animate({ opacity: 1 }, { duration: 10, fill: 'both' });
            late.finish(); also.finish(); [late.replaceState, also.replaceState]
            """) == ["active", "active"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("[late.replaceState, also.replaceState]") == ["removed", "active"])
        #expect(try await webView.evaluateJavaScript("""
            [first.replaceState, second.replaceState, kept.replaceState, removed, box.getAnimations().length, getComputedStyle(box).opacity]
            """) == ["removed", "active", "persisted", ["first remove"], 2, "0.2"])
        // commitStyles writes the value through `second` (the removed `first` is no longer below it).
        _ = try await webView.evaluateJavaScript("second.commitStyles(); second.cancel(); kept.cancel(); 0")
        #expect(try await webView.evaluateJavaScript("[box.style.opacity, getComputedStyle(box).opacity]") == ["0.8", "0.8"])
        // A removed animation comes back with persist().
        _ = try await webView.evaluateJavaScript("first.persist(); 0")
        #expect(try await webView.evaluateJavaScript("[first.replaceState, getComputedStyle(box).opacity]") == ["persisted", "0.5"])
        // A target that is not rendered cannot take the values, and an effect without a target has none.
        #expect(try await webView.evaluateJavaScript("""
            var out = [];
            var loose = document.createElement('div'), hidden = document.createElement('div');
            hidden.style.display = 'none'; document.body.appendChild(hidden);
            [loose, hidden].forEach(function (el) {
              var a = el.animate({ opacity: [0, 1] }, 100);
              try { a.commitStyles(); out.push('no error'); } catch (e) { out.push(e.name); }
            });
            try { new Animation(new KeyframeEffect(null, { opacity: [0, 1] }, 100)).commitStyles(); } catch (e) { out.push(e.name); }
            out.concat([loose.style.opacity, hidden.style.opacity])
            """) == ["InvalidStateError", "InvalidStateError", "NoModificationAllowedError", "", ""])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}

extension AnimationModelTests {
    @Test func cssAnimationsTakeAPlaybackRateAndPlayOrPauseOverridesThePlayState() async throws {
        let (webView, log) = try await virtualPage("""
            <style>
            @keyframes grow { from { width: 0px } to { width: 100px } }
            #g, #p, #q { animation: grow 1s linear } #p { animation-play-state: paused }
            </style>
            <div id="g"></div><div id="p"></div><div id="q"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            function width(id) { return getComputedStyle($(id)).width; }
            var ended = [];
            ['g', 'p', 'q'].forEach(function (id) { $(id).addEventListener('animationend', function () { ended.push(id + ' ' + performance.now()); }); });
            </script>
            """)
        let rates = try await webView.evaluateJavaScript("""
            var g = $('g').getAnimations()[0], p = $('p').getAnimations()[0], q = $('q').getAnimations()[0], errors = [], t0 = performance.now();
            [g, p, q].forEach(function (a) { a.currentTime = 0; });
            g.playbackRate = 2;
            p.play();                                   // runs although animation-play-state says paused
            q.pause();
            $('p').style.animationPlayState = 'paused';  // no longer applies to p
            $('q').style.animationPlayState = 'running'; // nor to q
            [function () { g.playbackRate = -1; }, function () { g.updatePlaybackRate(-2); }, function () { g.playbackRate = NaN; }].forEach(function (f) {
              try { f(); errors.push('no error'); } catch (e) { errors.push(e.name); }
            });
            [g.playbackRate, errors]
            """)
        #expect(rates == [2, ["NotSupportedError", "NotSupportedError", "TypeError"]])
        await webView.runtime.advance(by: .milliseconds(250))
        #expect(try await webView.evaluateJavaScript("""
            [width('g'), g.currentTime, width('p'), p.playState, width('q'), q.playState]
            """) == ["50px", 500, "25px", "running", "0px", "paused"])
        _ = try await webView.evaluateJavaScript("g.updatePlaybackRate(0.5); p.playbackRate = 0; 0")
        await webView.runtime.advance(by: .milliseconds(500))
        // At rate 0, p stands still but runs.
        #expect(try await webView.evaluateJavaScript("""
            [width('g'), g.currentTime, g.playbackRate, width('p'), p.currentTime, p.playState]
            """) == ["75px", 750, 0.5, "25px", 250, "running"])
        _ = try await webView.evaluateJavaScript("p.playbackRate = 1; 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        // g: 500 ms at rate 2, then 250 ms of animation at rate 0.5 take 500 ms; p stood still for 500 ms; q stays paused.
        #expect(try await webView.evaluateJavaScript("ended.map(function (e) { var p = e.split(' '); return p[0] + ' ' + (p[1] - t0); })") == [
            "g 1250", "p 1500",
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func geometryFollowsAnimatedBoxesAndTransforms() async throws {
        let (webView, log) = try await virtualPage("""
            <style>div { position: absolute; height: 50px }</style>
            <div id="m" style="left: 0px; top: 0px; width: 100px"></div>
            <div id="n" style="left: 100px; top: 100px; width: 100px; height: 100px; transform: translate(10px, 20px) scale(2)"></div>
            <div id="o" style="left: 0px; top: 300px; width: 100px; transform-origin: 0 0"></div>
            <div id="x" style="left: 0px; top: 400px; width: 100px"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            function rect(id) { var r = $(id).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }
            $('m').animate({ left: ['0px', '200px'], width: ['100px', '300px'] }, 1000);
            var slide = $('o').animate({ transform: ['translateX(0px)', 'translateX(100px) scaleX(2)'] }, 1000);
            $('x').animate({ transform: ['translateX(oops)', 'translateX(wrong)'] }, 1000);
            function read() { return [rect('m'), $('m').offsetWidth, $('m').offsetLeft, rect('n'), $('n').offsetWidth, rect('o'), rect('x')]; }
            </script>
            """)
        // n: scaled 2 about its centre (150, 150 in the page), then moved by (10, 20); offsetWidth ignores transforms.
        #expect(try await webView.evaluateJavaScript("read()") == [
            [0, 0, 100, 50], 100, 0, [60, 70, 200, 200], 100, [0, 300, 100, 50], [0, 400, 100, 50],
        ])
        await webView.runtime.advance(by: .milliseconds(500))
        // Malformed animated values leave x as it is.
        #expect(try await webView.evaluateJavaScript("read()") == [
            [100, 0, 200, 50], 200, 100, [60, 70, 200, 200], 100, [50, 300, 150, 50], [0, 400, 100, 50],
        ])
        _ = try await webView.evaluateJavaScript("slide.cancel(); 0")
        #expect(try await webView.evaluateJavaScript("rect('o')") == [0, 300, 100, 50])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("[rect('m'), $('m').offsetWidth]") == [[0, 0, 100, 50], 100])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
