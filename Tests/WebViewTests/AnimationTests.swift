import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// `requestAnimationFrame` and the idle rule, on a virtual clock so nothing depends on the machine's speed.
@Suite struct AnimationTests {
    /// A web view whose runtime runs on a virtual clock.
    private func virtualWebView(settle: Duration = .seconds(1)) -> (HeadlessWebView, EventLog) {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let webView = HeadlessWebView(runtime: runtime, configuration: WebViewConfiguration(animationSettleTime: settle))
        return (webView, EventLog(webView))
    }

    /// A virtual-clock web view with `html` loaded.
    private func virtualPage(_ html: String, settle: Duration = .seconds(1)) async throws -> (HeadlessWebView, EventLog) {
        let (webView, log) = virtualWebView(settle: settle)
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.test/"))
        return (webView, log)
    }

    @Test func framesRunAt60HzWithOneTimePerFrameAndKeepThePageBusy() async throws {
        let (webView, log) = try await virtualPage("""
            <script>
            var seen = [];
            // Frame times as thirds of a millisecond (a 60 Hz frame is 50 of them), so they compare exactly.
            function mark(name) { return function (t) { seen.push(name + ':' + Math.round(t * 3)); }; }
            requestAnimationFrame(mark('a'));
            requestAnimationFrame(function (t) {
              mark('b')(t);
              requestAnimationFrame(mark('next'));   // requested during a frame: runs in the next one
            });
            requestAnimationFrame(mark('c'));
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("seen.map(function (s) { return s.split(':')[0]; })") == ["a", "b", "c", "next"])
        let times = try await webView.evaluateJavaScript("seen.map(function (s) { return Number(s.split(':')[1]); })")
        #expect(try await webView.evaluateJavaScript("""
            var t = seen.map(function (s) { return Number(s.split(':')[1]); });
            t[0] === t[1] && t[1] === t[2] && t[0] > 0 && t[0] % 50 === 0 && t[3] === t[0] + 50
            """) == true, "one 60 Hz tick for every callback of a frame, the next frame one tick later: \(times)")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func cancelledFramesDoNotRunEvenWithinTheSameFrame() async throws {
        let (webView, _) = try await virtualPage("""
            <script>
            var ran = [];
            var later = requestAnimationFrame(function () { ran.push('cancelled before'); });
            requestAnimationFrame(function () { ran.push('first'); cancelAnimationFrame(second); });
            var second = requestAnimationFrame(function () { ran.push('cancelled in the frame'); });
            cancelAnimationFrame(later);
            cancelAnimationFrame(12345);   // unknown ids are ignored
            cancelAnimationFrame('nonsense');
            var ids = [later, second];
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("ran") == ["first"])
        #expect(try await webView.evaluateJavaScript("ids[0] > 0 && ids[1] > ids[0]") == true)
        await webView.close()
    }

    @Test func aTwoSecondFrameDrivenTransitionEndsBeforeIdleOnTheVirtualClock() async throws {
        let (webView, _) = try await virtualPage("""
            <div id="box" style="opacity: 0"></div>
            <script>
            var box = document.getElementById('box'), start = null, done = false;
            requestAnimationFrame(function step(t) {
              if (start === null) start = t;
              var progress = Math.min(1, (t - start) / 2000);
              box.style.opacity = String(progress);
              if (progress < 1) requestAnimationFrame(step); else done = true;
            });
            </script>
            """, settle: .seconds(3))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("done") == true)
        #expect(try await webView.evaluateJavaScript("box.style.opacity") == "1")
        #expect(await webView.runtime.now >= 2000)
        await webView.close()
    }

    @Test func aFrameLoopForeverBecomesIdleAfterTheSettleTimeAndRestartsOnOutsideRequests() async throws {
        let (webView, _) = try await virtualPage("""
            <script>
            var frames = 0;
            requestAnimationFrame(function spin() { frames++; requestAnimationFrame(spin); });
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let settled = await webView.runtime.now
        #expect(settled >= 999 && settled < 1050, "idle after 1 s of frames, at \(settled) ms")
        let counted = try await webView.evaluateJavaScript("frames")
        #expect(counted == 60 || counted == 61, "about 60 frames in the settle second: \(counted)")
        // The loop goes on in time; it just no longer keeps the page busy.
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("frames > 85") == true)
        // A frame requested from outside a frame (here: a script from Swift) restarts the settle time.
        _ = try await webView.evaluateJavaScript("var outside = 0; requestAnimationFrame(function () { outside++; }); 0")
        let before = await webView.runtime.now
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let after = await webView.runtime.now
        #expect(after - before >= 999 && after - before < 1050, "settled again 1 s later: \(before) → \(after)")
        #expect(try await webView.evaluateJavaScript("outside") == 1)
        await webView.close()
    }

    @Test func framesAreNotPageTimersSoClearingEveryTimerIdLeavesTheLoopRunning() async throws {
        let (webView, _) = try await virtualPage("""
            <script>
            var frames = 0, before = setTimeout(function () {}, 0);
            requestAnimationFrame(function spin() { frames++; requestAnimationFrame(spin); });
            var after = setTimeout(function () {}, 0);
            // A page that clears every timer id it might own (some libraries do on teardown).
            function clearAll() { for (var id = 1; id <= 1000; id++) { clearInterval(id); clearTimeout(id); } }
            clearAll();
            </script>
            """)
        #expect(try await webView.evaluateJavaScript("after - before") == 1, "a frame takes no page timer id")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let settled = await webView.runtime.now
        #expect(settled >= 999 && settled < 1050, "the loop kept the page busy for the settle time: \(settled) ms")
        // Past the settle time the frames go on, and clearing every id again still does not stop them.
        _ = try await webView.evaluateJavaScript("clearAll(); var counted = frames; 0")
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("frames - counted >= 29") == true)
        _ = try await webView.evaluateJavaScript("clearAll(); counted = frames; 0")
        await webView.runtime.advance(by: .milliseconds(100))
        #expect(try await webView.evaluateJavaScript("frames - counted >= 5") == true)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.close()
    }

    @Test func zeroSettleTimeMeansFramesNeverKeepThePageBusy() async throws {
        let (webView, _) = try await virtualPage("""
            <script>var ran = false; requestAnimationFrame(function () { ran = true; });</script>
            """, settle: .zero)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("ran") == false)
        await webView.runtime.advance(by: .milliseconds(17))
        #expect(try await webView.evaluateJavaScript("ran") == true)
        await webView.close()
    }

    @Test func badCallbacksAreRejectedAndAThrowingCallbackDoesNotStopTheFrame() async throws {
        let (webView, log) = try await virtualPage("""
            <script>
            var errors = [], ran = [];
            [undefined, null, 'ran.push(1)', 42, {}].forEach(function (bad) {
              try { requestAnimationFrame(bad); } catch (e) { errors.push(e.name); }
            });
            requestAnimationFrame(function () { throw new Error('frame boom'); });
            requestAnimationFrame(function () { ran.push('after the throw'); });
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("errors") == ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"])
        #expect(try await webView.evaluateJavaScript("ran") == ["after the throw"])
        #expect(log.exceptions.map(\.message).contains { $0.contains("frame boom") })
        await webView.close()
    }

    @Test func aHiddenPageRunsNoFramesAndIsIdle() async throws {
        let (webView, _) = try await virtualPage("<p>x</p>")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.setVisible(false)
        _ = try await webView.evaluateJavaScript("var ran = 0; requestAnimationFrame(function () { ran++; }); 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.runtime.advance(by: .seconds(1))
        #expect(try await webView.evaluateJavaScript("ran") == 0)
        await webView.setVisible(true)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("ran") == 1)
        await webView.close()
    }

    @Test func onTheRealClockRunUntilIdleWaitsForAFrameChain() async throws {
        // The settle time is real time here: a loaded machine can take longer than the default second for three
        // frames, and then the chain rightly stops counting. This test is about waiting for the chain, so it gets
        // all the time it needs (the settle rule is tested on the virtual clock).
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: .init(animationSettleTime: .generous))
        try await webView.loadHTMLString("""
            <script>
            var frames = 0;
            requestAnimationFrame(function frame() { frames++; if (frames < 3) requestAnimationFrame(frame); });
            </script>
            """, baseURL: URL(string: "https://app.test/"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("frames") == 3)
        await webView.close()
    }

    // MARK: Element.animate (the Web Animations API's timing model)

    @Test func aTwoSecondAnimationFinishesBeforeIdleAndAnInfiniteOneDoesNotBlock() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var log = [], box = document.getElementById('box');
            var a = box.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 2000, fill: 'forwards', id: 'fade' });
            var spin = box.animate({ transform: 'rotate(360deg)' }, { duration: 1000, iterations: Infinity });
            a.onfinish = function (e) { log.push('onfinish ' + e.currentTime); };
            a.addEventListener('finish', function () { log.push('finish event'); });
            a.finished.then(function (x) { log.push('finished ' + (x === a) + ' ' + a.playState); });
            log.push(a.playState, a.id, box.getAnimations().length);
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(await webView.runtime.now == 2000)
        #expect(try await webView.evaluateJavaScript("log") == ["running", "fade", 2, "finished true finished", "onfinish 2000", "finish event"])
        // The finished animation fills forwards, so it is still the element's; the infinite one runs on.
        #expect(try await webView.evaluateJavaScript("[spin.playState, box.getAnimations().length, document.getAnimations().length, a.currentTime]")
                == ["running", 2, 2, 2000])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func cancelRejectsFinishedFiresCancelAndLeavesThePageIdle() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var log = [], box = document.getElementById('box');
            var a = box.animate({ opacity: 0 }, 5000);
            a.finished.then(function () { log.push('finished'); }, function (e) { log.push(e.name); });
            a.oncancel = function (e) { log.push('cancel ' + e.currentTime); };
            a.onfinish = function () { log.push('finish'); };
            a.cancel();
            a.cancel();   // a second cancel does nothing
            log.push(a.playState, String(a.currentTime), box.getAnimations().length);
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(await webView.runtime.now < 100, "a cancelled animation does not keep the page busy")
        #expect(try await webView.evaluateJavaScript("log") == ["idle", "null", 0, "AbortError", "cancel null"])
        #expect(log.exceptions.isEmpty, "the rejected finished promise is not an unhandled rejection")
        await webView.close()
    }

    @Test func pauseHoldsTheCurrentTimeAndPlayResumesFromIt() async throws {
        let (webView, _) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var done = null, box = document.getElementById('box');
            var a = box.animate({ opacity: 0 }, 2000);
            a.finished.then(function () { done = performance.now(); });
            </script>
            """)
        await webView.runtime.advance(by: .milliseconds(500))
        _ = try await webView.evaluateJavaScript("a.pause(); 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.runtime.advance(by: .seconds(5))
        #expect(try await webView.evaluateJavaScript("[a.playState, a.currentTime, done]") == ["paused", 500, nil])
        _ = try await webView.evaluateJavaScript("a.play(); 0")
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("[a.playState, a.currentTime, done]") == ["finished", 2000, 7000])
        await webView.close()
    }

    @Test func badAnimationArgumentsThrowAndAnInfiniteAnimationCannotFinish() async throws {
        let (webView, _) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var errors = [], box = document.getElementById('box');
            [[{}, -1], [{}, NaN], [{}, { iterations: -1 }], [{}, { fill: 'sideways' }], [{}, { delay: Infinity }],
             [42, 100], [[1], 100], [{}, 'fast']].forEach(function (args) {
              try { box.animate(args[0], args[1]); errors.push('no error'); } catch (e) { errors.push(e.name); }
            });
            var spin = box.animate({}, { duration: 100, iterations: Infinity });
            try { spin.finish(); } catch (e) { errors.push(e.name); }
            try { Animation(); } catch (e) { errors.push(e.name); }   // a constructor needs `new`
            </script>
            """)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("errors") == [
            "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError",
            "InvalidStateError", "TypeError",
        ])
        #expect(try await webView.evaluateJavaScript("spin.playState") == "running")
        await webView.close()
    }

    @Test func elementAnimateAppliesItsKeyframesWithEasingDirectionAndFill() async throws {
        let (webView, log) = try await virtualPage("""
            <div id="a" style="opacity: 0.2"></div><div id="b"></div><div id="c"></div><div id="d"></div><div id="e"></div>
            <script>
            function $(id) { return document.getElementById(id); }
            function read() {
              return [getComputedStyle($('a')).opacity, getComputedStyle($('b')).opacity, getComputedStyle($('c')).transform,
                      getComputedStyle($('d')).backgroundColor, getComputedStyle($('e')).transform];
            }
            $('a').animate([{ opacity: 0 }, { opacity: 1 }], 1000);
            $('b').animate({ opacity: [0, 1] }, { duration: 1000, iterations: 2, direction: 'alternate', fill: 'forwards', easing: 'steps(2)' });
            $('c').animate({ transform: ['none', 'translateX(100px) scale(2)'] }, { duration: 1000, fill: 'both', delay: 500 });
            $('d').animate([{ backgroundColor: 'red' }, { backgroundColor: 'blue', offset: 0.5 }, { backgroundColor: 'blue' }], 1000);
            $('e').animate({ transform: ['translateX(0px)', 'rotate(90deg)'] }, 1000);
            </script>
            """)
        // Transforms read as browsers resolve them, matrix(a, b, c, d, e, f).
        #expect(try await webView.evaluateJavaScript("read()") == ["0", "0", "matrix(1, 0, 0, 1, 0, 0)", "rgb(255, 0, 0)", "matrix(1, 0, 0, 1, 0, 0)"])
        await webView.runtime.advance(by: .milliseconds(250))
        // Different function lists interpolate as decomposed matrices: a quarter of the way to rotate(90deg) is 22.5deg.
        #expect(try await webView.evaluateJavaScript("read()") == [
            "0.25", "0", "matrix(1, 0, 0, 1, 0, 0)", "rgb(128, 0, 128)", "matrix(0.92388, 0.382683, -0.382683, 0.92388, 0, 0)",
        ])
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("read()") == [
            "0.75", "0.5", "matrix(1.25, 0, 0, 1.25, 25, 0)", "rgb(0, 0, 255)", "matrix(0.382683, 0.92388, -0.92388, 0.382683, 0, 0)",
        ])
        await webView.runtime.advance(by: .milliseconds(500))
        // 1250 ms: `a` is over (fill none: its own 0.2 again); `b` runs its second iteration backwards.
        #expect(try await webView.evaluateJavaScript("read()") == ["0.2", "0.5", "matrix(1.75, 0, 0, 1.75, 75, 0)", "rgba(0, 0, 0, 0)", "none"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(await webView.runtime.now == 2000)
        // Filled forwards: `b` keeps the value of its last (backwards) iteration's end, `c` its end value.
        #expect(try await webView.evaluateJavaScript("read().slice(0, 3)") == ["0.2", "0", "matrix(2, 0, 0, 2, 100, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func playbackRateReverseAndCurrentTimeMoveTheAnimation() async throws {
        let (webView, _) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var box = document.getElementById('box'), ends = [];
            var fast = box.animate({ opacity: [0, 1] }, 2000);
            fast.playbackRate = 2;
            fast.finished.then(function () { ends.push('fast ' + performance.now()); });
            var back = box.animate({ width: ['0px', '100px'] }, 1000);
            back.finished.then(function (a) { ends.push('back ' + performance.now() + ' ' + a.currentTime + ' ' + a.playState); });
            </script>
            """)
        await webView.runtime.advance(by: .milliseconds(500))
        #expect(try await webView.evaluateJavaScript("[fast.currentTime, getComputedStyle(box).opacity, getComputedStyle(box).width]") == [1000, "0.5", "50px"])
        _ = try await webView.evaluateJavaScript("back.reverse(); 0")
        await webView.runtime.advance(by: .milliseconds(250))
        #expect(try await webView.evaluateJavaScript("[back.playbackRate, back.currentTime, getComputedStyle(box).width]") == [-1, 250, "25px"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        // 2 s at rate 2 ends at 1 s; the reversed one runs back to 0 from 500 ms.
        #expect(try await webView.evaluateJavaScript("ends") == ["fast 1000", "back 1000 0 finished"])
        // Seeking a finished animation back into its run plays it again to a new finished promise.
        _ = try await webView.evaluateJavaScript("""
            fast.updatePlaybackRate(0.5); fast.currentTime = 1000;
            fast.finished.then(function () { ends.push('again ' + performance.now()); }); 0
            """)
        #expect(try await webView.evaluateJavaScript("[fast.playState, getComputedStyle(box).opacity]") == ["running", "0.5"])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("ends[2]") == "again 3000")
        await webView.close()
    }

    @Test func malformedEasingDirectionOrOffsetsThrow() async throws {
        let (webView, _) = try await virtualPage("""
            <div id="box"></div>
            <script>
            var errors = [], box = document.getElementById('box');
            [[{ opacity: [0, 1] }, { duration: 100, easing: 'bouncy' }], [{ opacity: [0, 1] }, { duration: 100, easing: 'steps(0)' }],
             [{ opacity: [0, 1] }, { duration: 100, easing: 'cubic-bezier(2, 0, 1, 1)' }], [{ opacity: [0, 1] }, { duration: 100, direction: 'sideways' }],
             [[{ opacity: 0, offset: 0.8 }, { opacity: 1, offset: 0.2 }], 100], [[{ opacity: 0, offset: 2 }], 100],
             [[{ opacity: 0, easing: 'nope' }, { opacity: 1 }], 100]].forEach(function (args) {
              try { box.animate(args[0], args[1]); errors.push('no error'); } catch (e) { errors.push(e.name); }
            });
            </script>
            """)
        #expect(try await webView.evaluateJavaScript("[errors, box.getAnimations().length]") == [
            ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], 0,
        ])
        await webView.close()
    }
}
