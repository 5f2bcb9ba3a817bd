(function (global, config) {
"use strict";
if (global.__hybridTest) return;
function diff(a, b, path, seen) {
    if (Object.is(a, b)) return null;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return path;
    for (var s = 0; s < seen.length; s++) if (seen[s][0] === a && seen[s][1] === b) return null;
    seen = seen.concat([[a, b]]);
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return path;
    if (a instanceof Date) return Object.is(a.getTime(), b.getTime()) ? null : path;
    if (a instanceof RegExp) return String(a) === String(b) ? null : path;
    if (a instanceof Error && (a.name !== b.name || a.message !== b.message)) return path;
    if (a instanceof ArrayBuffer) return diff(new Uint8Array(a), new Uint8Array(b), path, seen);
    if (a instanceof Map) {
        if (a.size !== b.size) return path + ".size";
        for (var [k, v] of a) {
            if (!b.has(k)) return path + ".get(" + show(k) + ")";
            var d = diff(v, b.get(k), path + ".get(" + show(k) + ")", seen);
            if (d !== null) return d;
        }
        return null;
    }
    if (a instanceof Set) {
        if (a.size !== b.size) return path + ".size";
        outer: for (var x of a) {
            if (b.has(x)) continue;
            if (typeof x === "object" && x !== null) for (var y of b) if (diff(x, y, "", seen) === null) continue outer;
            return path + " (set member " + show(x) + ")";
        }
        return null;
    }
    if (Array.isArray(a) && a.length !== b.length) return path + ".length";
    var ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) {
        var missing = ka.filter(function (k) { return !Object.prototype.hasOwnProperty.call(b, k); })[0]
            || kb.filter(function (k) { return !Object.prototype.hasOwnProperty.call(a, k); })[0];
        return path + (missing === undefined ? "" : "." + missing);
    }
    for (var i = 0; i < ka.length; i++) {
        var key = ka[i], sub = Array.isArray(a) ? path + "[" + key + "]" : path + "." + key;
        if (!Object.prototype.hasOwnProperty.call(b, key)) return sub;
        var r = diff(a[key], b[key], sub, seen);
        if (r !== null) return r;
    }
    return null;
}

function mismatch(error, expected) {
    if (expected === undefined) return false;
    if (expected instanceof RegExp) {
        expected.lastIndex = 0;
        if (expected.test(String(error))) return false;
        expected.lastIndex = 0;
        return !(error && typeof error.message === "string" && expected.test(error.message));
    }
    if (typeof expected === "function") {
        if (expected.prototype !== undefined && error instanceof expected) return false;
        if (expected === Error || (expected.prototype instanceof Error)) return true;
        return expected.call(undefined, error) !== true;
    }
    if (typeof expected === "object" && expected !== null) {
        if (typeof error !== "object" || error === null) return true;
        return Object.keys(expected).some(function (k) {
            var want = expected[k];
            if (want instanceof RegExp && typeof error[k] === "string") return !want.test(error[k]);
            return diff(error[k], want, "", []) !== null;
        });
    }
    return true;
}
function show(v, depth) {
    depth = depth || 0;
    try {
        if (typeof v === "string") return JSON.stringify(v.length > 200 ? v.slice(0, 200) + "…" : v);
        if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
        if (typeof v === "bigint") return String(v) + "n";
        if (typeof v === "symbol") return v.toString();
        if (typeof v === "function") return "[Function" + (v.name ? ": " + v.name : "") + "]";
        if (v === null || typeof v !== "object") return String(v);
        if (v instanceof Error) return String(v.name) + ": " + String(v.message);
        if (v instanceof RegExp) return String(v);
        if (v instanceof Date) return isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
        if (depth > 2) return Array.isArray(v) ? "[Array]" : "[Object]";
        var more = function (n) { return n > 10 ? ", …" : ""; };
        if (Array.isArray(v)) return "[" + v.slice(0, 10).map(function (x) { return show(x, depth + 1); }).join(", ") + more(v.length) + "]";
        if (v instanceof Map) return "Map(" + v.size + ")";
        if (v instanceof Set) return "Set(" + v.size + ")";
        var keys = Object.keys(v), proto = Object.getPrototypeOf(v);
        var name = proto && proto !== Object.prototype && proto.constructor && proto.constructor.name ? proto.constructor.name + " " : "";
        return name + "{" + keys.slice(0, 10).map(function (k) { return k + ": " + show(v[k], depth + 1); }).join(", ") + more(keys.length) + "}";
    } catch (e) { return "[unprintable]"; }
}

class AssertionError extends Error {
    constructor(message, actual, expected, operator, at) {
        super(message);
        this.name = "AssertionError";
        this.actual = actual; this.expected = expected; this.operator = operator;
        if (at) this.location = at;
    }
}
function fail(text, message, actual, expected, operator, at) {
    throw new AssertionError(message === undefined ? text : String(message) + " (" + text + ")", actual, expected, operator, at);
}

function assert(value, message) { assert.ok(value, message); }
assert.AssertionError = AssertionError;
assert.ok = function (value, message) {
    if (!value) fail("expected a truthy value, got " + show(value), message, value, true, "ok");
};
assert.equal = function (actual, expected, message) {
    if (!Object.is(actual, expected))
        fail("expected " + show(actual) + " to equal " + show(expected), message, actual, expected, "equal");
};
assert.notEqual = function (actual, expected, message) {
    if (Object.is(actual, expected))
        fail("expected " + show(actual) + " not to equal " + show(expected), message, actual, expected, "notEqual");
};
assert.deepEqual = function (actual, expected, message) {
    var at = diff(actual, expected, "", []);
    if (at !== null)
        fail("expected " + show(actual) + " to deeply equal " + show(expected) + (at ? " (differs at " + at + ")" : ""),
             message, actual, expected, "deepEqual");
};
assert.match = function (string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw new TypeError("assert.match needs a RegExp");
    regexp.lastIndex = 0;
    if (typeof string !== "string" || !regexp.test(string))
        fail("expected " + show(string) + " to match " + String(regexp), message, string, regexp, "match");
};
assert.throws = function (fn, expected, message) {
    if (typeof fn !== "function") throw new TypeError("assert.throws needs a function");
    if (typeof expected === "string" && message === undefined) { message = expected; expected = undefined; }
    try { fn(); } catch (error) {
        if (mismatch(error, expected))
            fail("the error " + show(error) + " does not match " + show(expected), message, error, expected, "throws");
        return error;
    }
    fail("expected the function to throw", message, undefined, expected, "throws");
};
assert.rejects = function (promiseOrFn, expected, message) {
    if (typeof expected === "string" && message === undefined) { message = expected; expected = undefined; }
    var at = here(), promise = typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn;
    if (!promise || typeof promise.then !== "function")
        return Promise.reject(new AssertionError("assert.rejects needs a promise or a function returning one", promise, expected, "rejects", at));
    return Promise.resolve(promise).then(function () {
        fail("expected the promise to reject", message, undefined, expected, "rejects", at);
    }, function (error) {
        if (mismatch(error, expected))
            fail("the rejection " + show(error) + " does not match " + show(expected), message, error, expected, "rejects", at);
        return error;
    });
};
assert.fail = function (message) { fail("failed", message, undefined, undefined, "fail"); };

Object.defineProperty(global, "assert", { value: assert, writable: true, configurable: true });
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
    var expected = [];
    if (typeof document !== "undefined" && document && document.querySelectorAll) {
        var metas = document.querySelectorAll('meta[name="hybrid-expect-divergence"]');
        for (var m = 0; m < metas.length; m++) expected.push(String(metas[m].getAttribute("content") || "").trim());
    }
    send({ type: "declared", count: tests.length, expectedDivergences: expected });
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
})
