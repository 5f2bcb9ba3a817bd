import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// CSS transitions and animations: their events from the computed style, on a virtual clock.
@Suite struct TransitionTests {
    /// A virtual-clock web view with `html` loaded and idle; every transition and animation event on the document is
    /// logged to `log` as "type name elapsedTime ms-since-t0" (`t0` is 0 until a test sets it).
    private func page(_ html: String) async throws -> HeadlessWebView {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let webView = HeadlessWebView(runtime: runtime)
        try await webView.loadHTMLString("""
            <script>
            var log = [], t0 = 0;
            ['transitionrun', 'transitionstart', 'transitionend', 'transitioncancel', 'animationstart', 'animationiteration',
             'animationend', 'animationcancel'].forEach(function (type) {
              document.addEventListener(type, function (e) { record(e); });
            });
            function record(e) {
              var kind = e.type.indexOf('transition') === 0 ? TransitionEvent : AnimationEvent;
              log.push([e.type, e.propertyName || e.animationName, e.elapsedTime, Math.round(performance.now() - t0),
                        e instanceof kind && e.bubbles && !e.cancelable && e.pseudoElement === '' ? e.target.id : 'bad event'].join(' '));
            }
            function change(f) { t0 = performance.now(); f(); return 0; }
            function $(id) { return document.getElementById(id); }
            </script>
            \(html)
            """, baseURL: URL(string: "https://app.test/"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        return webView
    }

    /// Runs `script` inside `change(...)` (so times count from it), waits for idle and returns the log.
    private func change(_ webView: HeadlessWebView, _ script: String) async throws -> [String] {
        _ = try await webView.evaluateJavaScript("change(function () { \(script) })")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        return try await webView.evaluateJavaScript("log", as: [String].self)
    }

    /// The events of one opacity transition without delay, of `seconds`, on element `id`.
    private func opacityTransition(_ id: String, seconds: Int) -> [String] {
        ["transitionrun opacity 0 0 \(id)", "transitionstart opacity 0 0 \(id)", "transitionend opacity \(seconds) \(seconds * 1000) \(id)"]
    }

    @Test func transitionEventsFireOnceWithThePropertyNameOnTheVirtualClock() async throws {
        let webView = try await page("""
            <style>.box { opacity: 0; transition: opacity 2s ease 0.5s, color 1s; } .box.open { opacity: 1 }</style>
            <div id="box" class="box"></div>
            """)
        #expect(try await webView.evaluateJavaScript("log") == [])
        #expect(try await change(webView, "$('box').classList.add('open');") == [
            "transitionrun opacity 0 0 box", "transitionstart opacity 0 500 box", "transitionend opacity 2 2500 box",
        ])
        #expect(await webView.runtime.now >= 2500)
        // After its end the computed style is the cascade's end value.
        #expect(try await webView.evaluateJavaScript("getComputedStyle($('box')).opacity") == "1")
        await webView.close()
    }

    @Test func noTransitionForAZeroDurationAnUnlistedPropertyOrMalformedTimes() async throws {
        let webView = try await page("""
            <style>
            .zero { transition: opacity 0s; } .zero.x { opacity: 0.5 }
            .other { transition: color 1s; } .other.x { opacity: 0.5 }
            .bad { transition-property: opacity; transition-duration: soon; } .bad.x { opacity: 0.5 }
            .auto { transition: height 1s; } .auto.x { height: 10px }
            .control { transition: opacity 1s; } .control.x { opacity: 0.5 }
            </style>
            <div id="zero" class="zero"></div><div id="other" class="other"></div><div id="bad" class="bad"></div>
            <div id="auto" class="auto"></div><div id="control" class="control"></div>
            """)
        let log = try await change(webView, "document.querySelectorAll('div').forEach(function (d) { d.classList.add('x'); });")
        #expect(log == opacityTransition("control", seconds: 1))
        await webView.close()
    }

    @Test func aTransitionIsCancelledWhenItsElementIsRemovedOrItIsDropped() async throws {
        let webView = try await page("""
            <style>.box { opacity: 0; transition: opacity 2s; } .box.open { opacity: 1 } .box.open.still { transition: none }</style>
            <div id="gone" class="box"></div><div id="dropped" class="box"></div>
            <script>$('gone').addEventListener('transitioncancel', record);</script>
            """)
        _ = try await webView.evaluateJavaScript("change(function () { $('gone').classList.add('open'); $('dropped').classList.add('open'); })")
        await webView.runtime.advance(by: .milliseconds(500))
        _ = try await webView.evaluateJavaScript("var gone = $('gone'); gone.remove(); $('dropped').classList.add('still'); 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let log = try await webView.evaluateJavaScript("log", as: [String].self)
        #expect(log.filter { $0.hasSuffix("gone") } == [
            "transitionrun opacity 0 0 gone", "transitionstart opacity 0 0 gone", "transitioncancel opacity 0.5 500 gone",
        ], "the removed element gets its cancel event, outside the document: \(log)")
        #expect(log.filter { $0.hasSuffix("dropped") } == [
            "transitionrun opacity 0 0 dropped", "transitionstart opacity 0 0 dropped", "transitioncancel opacity 0.5 500 dropped",
        ])
        #expect(await webView.runtime.now < 1000, "a cancelled transition no longer keeps the page busy")
        await webView.close()
    }

    @Test func changesInOneTaskStartNoTransitionUnlessAStyleReadComesBetween() async throws {
        let webView = try await page("""
            <style>.fade { opacity: 0; transition: opacity 1s; } .fade.in { opacity: 1 }</style>
            """)
        // Inserted and changed in one task: no before-change style, so no transition (as in browsers).
        let log = try await change(webView, """
            var a = document.createElement('div'); a.id = 'a'; a.className = 'fade'; document.body.appendChild(a);
            a.classList.add('in');
            var b = document.createElement('div'); b.id = 'b'; b.className = 'fade'; document.body.appendChild(b);
            getComputedStyle(b).opacity;   // a forced style update
            b.classList.add('in');
            """)
        #expect(log == opacityTransition("b", seconds: 1))
        await webView.close()
    }

    @Test func aThreeIterationAnimationFiresStartTwoIterationsAndEnd() async throws {
        let webView = try await page("""
            <style>
            @keyframes spin { from { transform: rotate(0deg) } to { transform: rotate(360deg) } }
            .spin { animation: spin 1s 3 }
            </style>
            <div id="s" class="spin"></div>
            """)
        #expect(await webView.runtime.now >= 3000)
        #expect(try await webView.evaluateJavaScript("log") == [
            "animationstart spin 0 0 s", "animationiteration spin 1 1000 s", "animationiteration spin 2 2000 s",
            "animationend spin 3 3000 s",
        ])
        // A new element with the class starts its own run; removing the class mid-run cancels it.
        _ = try await webView.evaluateJavaScript("""
            change(function () { log = []; var d = document.createElement('div'); d.id = 'later'; d.className = 'spin'; document.body.append(d); })
            """)
        await webView.runtime.advance(by: .milliseconds(1500))
        _ = try await webView.evaluateJavaScript("document.getElementById('later').className = ''; 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("log") == [
            "animationstart spin 0 0 later", "animationiteration spin 1 1000 later", "animationcancel spin 1.5 1500 later",
        ])
        await webView.close()
    }

    @Test func anInfiniteAnimationNeverKeepsThePageBusy() async throws {
        let webView = try await page("""
            <style>@keyframes pulse { to { opacity: 0 } } .pulse { animation: pulse 1s infinite }</style>
            <div id="p" class="pulse"></div>
            """)
        #expect(await webView.runtime.now < 100, "idle at once, not after the animation")
        #expect(try await webView.evaluateJavaScript("log") == ["animationstart pulse 0 0 p"])
        await webView.runtime.advance(by: .milliseconds(2500))
        #expect(try await webView.evaluateJavaScript("log") == [
            "animationstart pulse 0 0 p", "animationiteration pulse 1 1000 p", "animationiteration pulse 2 2000 p",
        ])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.close()
    }

    @Test func unknownKeyframesFireNothingAndMalformedTimingsFallBackToTheirInitialValues() async throws {
        let webView = try await page("""
            <style>
            @keyframes spin { to { opacity: 0 } }
            .unknown { animation: nosuch 1s 2 }
            .malformed { animation-name: spin; animation-duration: soon; animation-iteration-count: many }
            .none { animation: none }
            </style>
            <div id="u" class="unknown"></div><div id="m" class="malformed"></div><div id="n" class="none"></div>
            """)
        // A 0s animation (the initial duration) still starts and ends, at once, as in browsers.
        #expect(try await webView.evaluateJavaScript("log") == ["animationstart spin 0 0 m", "animationend spin 0 0 m"])
        await webView.close()
    }

    @Test func aPageWithoutTransitionsOrAnimationsNeverTurnsTheMachineryOn() async throws {
        let webView = try await page("""
            <style>.a { color: red }</style><div id="d" class="a"></div>
            """)
        #expect(try await change(webView, "$('d').className = 'b'; $('d').style.opacity = '0.5';") == [])
        #expect(await webView.withCore { core in core.document?.env?["styleRead"].isUndefined } == true,
                "no style change events, no hook on style reads")
        // A style attribute with a transition turns it on.
        #expect(await webView.withCore { core in core.document?.env?["animated"].isUndefined } == true,
                "nothing on the computed-style path")
        _ = try await webView.evaluateJavaScript("$('d').style.transition = 'opacity 1s'; 0")
        #expect(await webView.withCore { core in core.document?.env?["styleRead"].isUndefined } == false)
        await webView.close()
    }

    /// Reads `expression` for each of `ids` (the element as `e`) as one string per element.
    private func read(_ webView: HeadlessWebView, _ ids: [String], _ expression: String) async throws -> [String] {
        let list = ids.map { "'\($0)'" }.joined(separator: ", ")
        return try await webView.evaluateJavaScript("[\(list)].map(function (id) { var e = $(id); return String(\(expression)); })", as: [String].self)
    }

    @Test func transitionsGiveInterpolatedValuesWithTheirTimingFunctions() async throws {
        let webView = try await page("""
            <style>
            div { opacity: 0; transition: opacity 1s linear } div.in { opacity: 1 }
            #ease { transition-timing-function: ease } #steps { transition-timing-function: steps(2) }
            #bezier { transition-timing-function: cubic-bezier(0, 0, 1, 1) }
            #bad { transition-timing-function: cubic-bezier(2, 0, 1, 1) }
            #late { transition-delay: 500ms }
            #color { opacity: 1; color: rgb(255, 0, 0); transition: color 1s linear } #color.in { color: blue }
            #auto { opacity: 1; transition: height 1s linear } #auto.in { height: 10px }
            </style>
            <div id="linear"></div><div id="ease"></div><div id="steps"></div><div id="bezier"></div><div id="bad"></div>
            <div id="late"></div><div id="color"></div><div id="auto"></div>
            """)
        let ids = ["linear", "ease", "steps", "bezier", "bad", "late"]
        _ = try await webView.evaluateJavaScript("""
            change(function () { document.querySelectorAll('div').forEach(function (d) { d.classList.add('in'); }); })
            """)
        // At once: the start values (the delayed one fills backwards).
        #expect(try await read(webView, ids, "getComputedStyle(e).opacity") == ["0", "0", "0", "0", "0", "0"])
        await webView.runtime.advance(by: .milliseconds(250))
        #expect(try await read(webView, ["steps", "late"], "getComputedStyle(e).opacity") == ["0", "0"])
        await webView.runtime.advance(by: .milliseconds(250))
        // Half-time: linear and its cubic-bezier twin 0.5, ease ahead of it, steps(2) on its second step; a malformed
        // timing function counts as ease; a colour goes through purple; `auto` does not interpolate.
        #expect(try await read(webView, ids, "getComputedStyle(e).opacity") == ["0.5", "0.802403", "0.5", "0.5", "0.802403", "0"])
        #expect(try await read(webView, ["color", "auto"], "getComputedStyle(e).color + ' ' + getComputedStyle(e).height") == [
            "rgb(128, 0, 128) auto", "rgb(0, 0, 0) 10px",
        ])
        #expect(try await webView.evaluateJavaScript("log.filter(function (l) { return /transitionrun/.test(l); }).length") == 7)
        await webView.runtime.advance(by: .milliseconds(250))
        #expect(try await read(webView, ["linear", "late"], "getComputedStyle(e).opacity") == ["0.75", "0.25"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await read(webView, ids, "getComputedStyle(e).opacity") == ["1", "1", "1", "1", "1", "1"])
        await webView.close()
    }

    @Test func animationsFollowKeyframesDirectionFillModeAndPlayState() async throws {
        let webView = try await page("""
            <style>
            @keyframes grow { from { width: 0px } 50% { width: 80px } to { width: 100px } }
            @keyframes flip { from { float: left } to { float: right } }
            div { width: 10px }
            .alternate { animation: grow 1s linear 2 alternate } .forwards { animation: grow 1s linear forwards }
            .none { animation: grow 1s linear } .backwards { animation: grow 1s linear 1s backwards }
            .reverse { animation: grow 1s linear reverse } .flip { animation: flip 1s linear }
            .bad { animation: grow 1s linear; animation-direction: sideways; animation-fill-mode: always }
            </style>
            <div id="alternate"></div><div id="forwards"></div><div id="none"></div><div id="backwards"></div>
            <div id="reverse"></div><div id="flip"></div><div id="bad"></div>
            """)
        let ids = ["alternate", "forwards", "none", "backwards", "reverse", "bad"]
        _ = try await webView.evaluateJavaScript("""
            change(function () { document.querySelectorAll('div').forEach(function (d) { d.className = d.id; getComputedStyle(d).width; }); })
            """)
        await webView.runtime.advance(by: .milliseconds(250))
        // Between keyframes 0% and 50%: 0 → 80px; a delayed one fills backwards with its first keyframe.
        #expect(try await read(webView, ids, "getComputedStyle(e).width") == ["40px", "40px", "40px", "0px", "90px", "40px"])
        #expect(try await read(webView, ["flip"], "getComputedStyle(e).cssFloat") == ["left"])
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await read(webView, ["flip"], "getComputedStyle(e).cssFloat") == ["right"], "float is discrete: it flips at 50%")
        await webView.runtime.advance(by: .milliseconds(500))
        // 1250 ms: the second iteration of `alternate` runs backwards; `forwards` keeps its end value, `none` and
        // the malformed ones (normal, none) are back to the element's own 10px.
        #expect(try await read(webView, ids, "getComputedStyle(e).width") == ["90px", "100px", "10px", "40px", "10px", "10px"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await read(webView, ids, "getComputedStyle(e).width") == ["10px", "100px", "10px", "10px", "10px", "10px"])
        // A later style change does not start an ended animation again.
        _ = try await webView.evaluateJavaScript("log = []; $('none').style.color = 'red'; 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("log") == [])
        await webView.close()
    }

    @Test func aPausedAnimationHoldsItsTimeAndFiresNothingUntilItRunsAgain() async throws {
        let webView = try await page("""
            <style>@keyframes grow { from { width: 0px } to { width: 100px } } .grow { animation: grow 1s linear }</style>
            <div id="g"></div>
            """)
        _ = try await webView.evaluateJavaScript("change(function () { $('g').className = 'grow'; getComputedStyle($('g')).width; })")
        await webView.runtime.advance(by: .milliseconds(250))
        _ = try await webView.evaluateJavaScript("$('g').style.animationPlayState = 'paused'; getComputedStyle($('g')).width")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle, "a paused animation does not keep the page busy")
        await webView.runtime.advance(by: .seconds(5))
        #expect(try await read(webView, ["g"], "getComputedStyle(e).width + ' ' + e.getAnimations()[0].playState") == ["25px paused"])
        #expect(try await webView.evaluateJavaScript("log") == ["animationstart grow 0 0 g"])
        _ = try await webView.evaluateJavaScript("$('g').style.animationPlayState = 'running'; 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("log") == ["animationstart grow 0 0 g", "animationend grow 1 6000 g"])
        await webView.close()
    }

    @Test func getAnimationsListsCSSTransitionsAndAnimationsUntilTheyEnd() async throws {
        let webView = try await page("""
            <style>
            .fade { opacity: 0; transition: opacity 1s linear } .fade.in { opacity: 1 }
            @keyframes k { to { opacity: 0.5 } } .k { animation: k 2s linear }
            </style>
            <div id="f" class="fade"></div><div id="k"></div>
            <script>
            function describe(list) {
              return list.map(function (a) {
                return [a.constructor.name, a instanceof Animation, a.transitionProperty || a.animationName, a.playState,
                        a.currentTime, a.effect.target.id].join(' ');
              });
            }
            </script>
            """)
        _ = try await webView.evaluateJavaScript("""
            change(function () { getComputedStyle($('f')).opacity; $('f').classList.add('in'); $('k').className = 'k'; })
            """)
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("describe(document.getAnimations())") == [
            "CSSTransition true opacity running 500 f", "CSSAnimation true k running 500 k",
        ])
        #expect(try await webView.evaluateJavaScript("describe($('k').getAnimations())") == ["CSSAnimation true k running 500 k"])
        // Seeking the animation: its value and its events follow.
        #expect(try await webView.evaluateJavaScript("var k = $('k').getAnimations()[0]; k.currentTime = 1000; getComputedStyle($('k')).opacity") == "0.75")
        _ = try await webView.evaluateJavaScript("""
            var done = []; document.getAnimations().forEach(function (a) { a.finished.then(function (x) { done.push(x.currentTime); }); }); 0
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(await webView.runtime.now == 1500, "the seeked animation ends 1 s after its seek, the transition at 1 s")
        #expect(try await webView.evaluateJavaScript("[document.getAnimations().length, done.join(' ')]") == [0, "1000 2000"])
        await webView.close()
    }

    @Test func cancellingACSSTransitionOrAnimationFiresItsCancelEventAndRejectsFinished() async throws {
        let webView = try await page("""
            <style>
            .fade { opacity: 0; transition: opacity 1s linear } .fade.in { opacity: 1 }
            @keyframes k { to { opacity: 0.5 } } .k { animation: k 2s }
            </style>
            <div id="f" class="fade"></div><div id="k"></div>
            """)
        let log = try await change(webView, """
            getComputedStyle($('f')).opacity; $('f').classList.add('in'); $('k').className = 'k';
            window.rejected = [];
            setTimeout(function () {
              document.getAnimations().forEach(function (a) {
                a.finished.catch(function (e) { rejected.push(e.name); });
                a.cancel();
              });
              window.after = [document.getAnimations().length, getComputedStyle($('f')).opacity, getComputedStyle($('k')).opacity];
              $('k').style.color = 'red';   // a style change does not start the cancelled animation again
            }, 300);
            """)
        #expect(log == [
            "transitionrun opacity 0 0 f", "transitionstart opacity 0 0 f", "animationstart k 0 0 k",
            "transitioncancel opacity 0.3 300 f", "animationcancel k 0.3 300 k",
        ])
        #expect(try await webView.evaluateJavaScript("[after, rejected]") == [[0, "1", "1"], ["AbortError", "AbortError"]])
        #expect(try await webView.evaluateJavaScript("var a = $('k').getAnimations(); try { $('f').getAnimations(); CSSTransition(); } catch (e) { a = e.name; } a") == "TypeError")
        await webView.close()
    }

    @Test func anInterruptedTransitionStartsFromItsValueAndAReversedOneIsShortened() async throws {
        let webView = try await page("""
            <style>
            div { opacity: 0; width: 0px; transition: opacity 1s linear, width 1s linear }
            .in { opacity: 1 } .wide { width: 100px } .wider { width: 200px }
            </style>
            <div id="f"></div><div id="w"></div>
            """)
        _ = try await webView.evaluateJavaScript("change(function () { $('f').className = 'in'; $('w').className = 'wide'; })")
        await webView.runtime.advance(by: .milliseconds(250))
        // Going back: from 0.25 to 0, shortened to a quarter of its duration. Going on: from 25px to 200px, 1 s.
        _ = try await webView.evaluateJavaScript("$('f').className = ''; $('w').className = 'wider'; getComputedStyle($('f')).opacity")
        await webView.runtime.advance(by: .milliseconds(125))
        #expect(try await read(webView, ["f", "w"], "getComputedStyle(e).opacity + ' ' + getComputedStyle(e).width") == ["0.125 0px", "0 46.875px"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("log.filter(function (l) { return / f$/.test(l); })") == [
            "transitionrun opacity 0 0 f", "transitionstart opacity 0 0 f", "transitioncancel opacity 0.25 250 f",
            "transitionrun opacity 0 250 f", "transitionstart opacity 0 250 f", "transitionend opacity 0.25 500 f",
        ])
        #expect(try await webView.evaluateJavaScript("log.filter(function (l) { return / w$/.test(l); }).pop()") == "transitionend width 1 1250 w")
        await webView.close()
    }
}
