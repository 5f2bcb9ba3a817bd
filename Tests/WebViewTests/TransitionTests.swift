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
        // The computed style is the end value from the start (nothing is interpolated).
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
        _ = try await webView.evaluateJavaScript("$('d').style.transition = 'opacity 1s'; 0")
        #expect(await webView.withCore { core in core.document?.env?["styleRead"].isUndefined } == false)
        await webView.close()
    }
}
