/// The JavaScript half of the test API: `test`, `test.skip`, `test.only` and the runner that reports
/// each result to native code through `__hybridTestReport(event)`.
///
/// Events (plain objects): `{type: "declared", count}` when the run starts; `{type: "begin", index, name, declared}`
/// before a test; `{type: "result", index, name, status, message, frames, declared, duration}` after it;
/// `{type: "error", message, frames}` for a misuse outside any test; `{type: "done", declared}` at the end.
/// `frames` are an error's stack frames outside this script (`url:line`, innermost first); `declared`
/// those of the `test(...)` call, for failures without a useful stack.
enum TestAPIScript {
    /// The name this script runs under, so its own frames can be left out of locations.
    static let sourceURL = "hybrid-test-api.js"

    static let runner = #"""
    var HARNESS = "hybrid-test-api.js";
    var setT = global.setTimeout, clearT = global.clearTimeout;
    var clock = (global.performance && typeof global.performance.now === "function")
        ? function () { return global.performance.now(); } : function () { return Date.now(); };
    var tests = [], started = false;

    function send(event) {
        try { global.__hybridTestReport(event); } catch (e) { /* the page went away */ }
    }

    function frameOf(error) {
        try { return findFrame(error); } catch (e) { return null; }
    }
    // The stack frames outside this script, as "url:line" strings, innermost first; native code
    // picks the first that is one of the test's own files.
    function findFrame(error) {
        if (error && error.location && Array.isArray(error.location.frames)) return error.location;
        var stack = error && typeof error.stack === "string" ? error.stack : "";
        var lines = stack.split("\n"), frames = [];
        for (var i = 0; i < lines.length && frames.length < 20; i++) {
            var m = /^(?:[^@]*@)?(.+):(\d+):(\d+)$/.exec(lines[i]);
            if (!m || m[1].indexOf(HARNESS) !== -1 || m[1] === "[native code]") continue;
            frames.push(m[1] + ":" + m[2]);
        }
        if (error && typeof error.line === "number" && typeof error.sourceURL === "string"
            && error.sourceURL.indexOf(HARNESS) === -1) frames.push(error.sourceURL + ":" + error.line);
        return frames.length ? { frames: frames } : null;
    }
    function here() { return frameOf(new Error()); }

    function describe(error) {
        try { return describeError(error); } catch (e) { return "thrown: an unprintable value"; }
    }
    function describeError(error) {
        if (error && typeof error === "object" && "message" in error) {
            var name = String(error.name || "Error");
            return name === "AssertionError" ? String(error.message) : name + ": " + String(error.message);
        }
        return "thrown: " + show(error);
    }

    function register(name, fn, mode) {
        var at = here();
        if (started) {
            send({ type: "error", frames: at && at.frames,
                   message: "test(" + show(String(name)) + ") was called after the tests started; declare tests when the page loads" });
            return;
        }
        if (typeof fn !== "function" && mode !== "skip") {
            send({ type: "error", frames: at && at.frames,
                   message: "test(" + show(String(name)) + ") needs a function as its second argument" });
            return;
        }
        tests.push({ name: String(name), fn: fn, mode: mode, at: at });
    }

    function test(name, fn) { register(name, fn, "run"); }
    test.skip = function (name, fn) { register(name, fn, "skip"); };
    test.only = function (name, fn) { register(name, fn, "only"); };

    function runOne(t) {
        return new Promise(function (resolve) {
            var settled = false, timer = null;
            function finish(outcome) {
                if (settled) return;
                settled = true;
                if (timer !== null) clearT(timer);
                resolve(outcome);
            }
            timer = setT(function () { finish({ timeout: true }); }, config.timeout);
            // The body starts from a timer, not a microtask: the watchdog may stop a timer callback
            // safely, while JavaScriptCore cannot recover from stopping a microtask.
            setT(function () {
                var value;
                try { value = t.fn.call(undefined); } catch (e) { finish({ error: e }); return; }
                Promise.resolve(value).then(function () { finish(null); }, function (e) { finish({ error: e }); });
            }, 0);
        });
    }

    function result(t, index, status, message, at, started, ended) {
        send({ type: "result", index: index, name: t.name, status: status, message: message,
               frames: at ? at.frames : undefined, declared: t.at ? t.at.frames : undefined,
               duration: started === undefined ? 0 : (ended === undefined ? clock() : ended) - started });
    }

    function runAt(t, index, next) {
        send({ type: "begin", index: index, name: t.name, declared: t.at ? t.at.frames : undefined });
        var began = clock();
        runOne(t).then(function (outcome) {
            var ended = clock();
            // Reported from a timer, not from this promise job: a test that left promise jobs running
            // forever holds the thread before the timer fires, so it is the test that times out.
            setT(function () {
                if (outcome === null) result(t, index, "passed", undefined, undefined, began, ended);
                else if (outcome.timeout) result(t, index, "failed", "timed out after " + config.timeout + " ms", t.at, began, ended);
                else result(t, index, "failed", describe(outcome.error), frameOf(outcome.error), began, ended);
                next();
            }, 0);
        });
    }

    function start() {
        if (started) return;
        started = true;
        send({ type: "declared", count: tests.length });
        var only = tests.some(function (t) { return t.mode === "only"; });
        var selected = tests.filter(function (t) {
            return !config.filter || (config.file + " \u203a " + t.name).indexOf(config.filter) !== -1;
        });
        var i = 0;
        function next() {
            while (i < selected.length) {
                var t = selected[i], index = i++;
                if (t.mode === "skip" || (only && t.mode !== "only")) {
                    result(t, index, "skipped", t.mode === "skip" ? "test.skip" : "not test.only", t.at);
                    continue;
                }
                runAt(t, index, next);
                return;
            }
            send({ type: "done", declared: tests.length });
        }
        next();
    }

    Object.defineProperty(global, "test", { value: test, writable: true, configurable: true });
    Object.defineProperty(global, "__hybridTest", { value: { start: start, count: function () { return tests.length; } } });
    """#
}
