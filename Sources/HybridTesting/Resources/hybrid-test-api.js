(function (global, config) {
"use strict";
if (global.__hybridTest) return;
// Where `a` and `b` first differ ("" at the top, null when equal). `loose` is Jest's toEqual: properties whose value
// is undefined are ignored and objects of different classes compare by their own properties.
function diff(a, b, path, seen, loose) {
    if (Object.is(a, b)) return null;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return path;
    for (var s = 0; s < seen.length; s++) if (seen[s][0] === a && seen[s][1] === b) return null;
    seen = seen.concat([[a, b]]);
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)
        && (!loose || Array.isArray(a) !== Array.isArray(b) || [Date, RegExp, Map, Set, ArrayBuffer, Error].some(function (T) {
            return (a instanceof T) !== (b instanceof T);
        }))) return path;
    if (a instanceof Date) return Object.is(a.getTime(), b.getTime()) ? null : path;
    if (a instanceof RegExp) return String(a) === String(b) ? null : path;
    if (a instanceof Error && (a.name !== b.name || a.message !== b.message)) return path;
    if (a instanceof ArrayBuffer) return diff(new Uint8Array(a), new Uint8Array(b), path, seen, loose);
    if (a instanceof Map) {
        if (a.size !== b.size) return path + ".size";
        for (var [k, v] of a) {
            if (!b.has(k)) return path + ".get(" + show(k) + ")";
            var d = diff(v, b.get(k), path + ".get(" + show(k) + ")", seen, loose);
            if (d !== null) return d;
        }
        return null;
    }
    if (a instanceof Set) {
        if (a.size !== b.size) return path + ".size";
        outer: for (var x of a) {
            if (b.has(x)) continue;
            if (typeof x === "object" && x !== null) for (var y of b) if (diff(x, y, "", seen, loose) === null) continue outer;
            return path + " (set member " + show(x) + ")";
        }
        return null;
    }
    if (Array.isArray(a) && a.length !== b.length) return path + ".length";
    var ka = Object.keys(a), kb = Object.keys(b);
    if (loose && !Array.isArray(a)) {
        var defined = function (o) { return function (k) { return o[k] !== undefined; }; };
        ka = ka.filter(defined(a)); kb = kb.filter(defined(b));
    }
    if (ka.length !== kb.length) {
        var missing = ka.filter(function (k) { return !Object.prototype.hasOwnProperty.call(b, k); })[0]
            || kb.filter(function (k) { return !Object.prototype.hasOwnProperty.call(a, k); })[0];
        return path + (missing === undefined ? "" : "." + missing);
    }
    for (var i = 0; i < ka.length; i++) {
        var key = ka[i], sub = Array.isArray(a) ? path + "[" + key + "]" : path + "." + key;
        if (!Object.prototype.hasOwnProperty.call(b, key)) return sub;
        var r = diff(a[key], b[key], sub, seen, loose);
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

// --- expect: the Jest/Vitest matchers people use most, `.not` before any, `.resolves`/`.rejects` for promises.
// A failure is an AssertionError whose message reads as Jest's: `expect(received).toBe(expected): expected 3, received 4`.
function expect(received) {
    return matchers(received, false, null, here());
}
function isMock(f) { return typeof f === "function" && f.mock && Array.isArray(f.mock.calls); }
function needMock(f, name) {
    if (!isMock(f)) throw new TypeError("expect(received)." + name + "() needs a mock function (expect.fn()), got " + show(f));
}
function lengthOf(v) { return v !== null && v !== undefined && typeof v.length === "number" ? v.length : undefined; }
function throwsWith(error, expected) {
    if (expected === undefined) return true;
    if (typeof expected === "string") {
        var text = error && typeof error === "object" && "message" in error ? String(error.message) : String(error);
        return text.indexOf(expected) !== -1;
    }
    if (expected instanceof Error) return !!error && error.message === expected.message;
    return !mismatch(error, expected);
}
function callList(calls) { return calls.length ? calls.map(function (c) { return "(" + c.map(function (a) { return show(a); }).join(", ") + ")"; }).join(", ") : "no calls"; }
// Each matcher returns [pass, what the expectation says, what was received]; `.not` inverts pass.
var MATCHERS = {
    toBe: function (r, e) { return [Object.is(r, e), "expected " + show(e), "received " + show(r) + (diff(r, e, "", [], true) === null && !Object.is(r, e) ? " (equal but not the same object: use toEqual)" : "")]; },
    toEqual: function (r, e) { var at = diff(r, e, "", [], true); return [at === null, "expected " + show(e), "received " + show(r) + (at ? " (differs at " + at + ")" : "")]; },
    toStrictEqual: function (r, e) { var at = diff(r, e, "", [], false); return [at === null, "expected " + show(e), "received " + show(r) + (at ? " (differs at " + at + ")" : "")]; },
    toMatch: function (r, e) {
        if (typeof r !== "string") return [false, "expected a string matching " + show(e), "received " + show(r)];
        var ok = e instanceof RegExp ? (e.lastIndex = 0, e.test(r)) : r.indexOf(String(e)) !== -1;
        return [ok, "expected a string matching " + (e instanceof RegExp ? String(e) : show(e)), "received " + show(r)];
    },
    toContain: function (r, e) {
        var ok = typeof r === "string" ? r.indexOf(String(e)) !== -1
            : r !== null && r !== undefined && typeof r[Symbol.iterator] === "function" && Array.from(r).some(function (x) { return Object.is(x, e) || x === e; });
        return [ok, "expected a value containing " + show(e), "received " + show(r)];
    },
    toContainEqual: function (r, e) {
        var ok = r !== null && r !== undefined && typeof r[Symbol.iterator] === "function" && Array.from(r).some(function (x) { return diff(x, e, "", [], true) === null; });
        return [ok, "expected a value containing an item equal to " + show(e), "received " + show(r)];
    },
    toBeTruthy: function (r) { return [!!r, "expected a truthy value", "received " + show(r)]; },
    toBeFalsy: function (r) { return [!r, "expected a falsy value", "received " + show(r)]; },
    toBeNull: function (r) { return [r === null, "expected null", "received " + show(r)]; },
    toBeUndefined: function (r) { return [r === undefined, "expected undefined", "received " + show(r)]; },
    toBeDefined: function (r) { return [r !== undefined, "expected a defined value", "received " + show(r)]; },
    toBeNaN: function (r) { return [typeof r === "number" && isNaN(r), "expected NaN", "received " + show(r)]; },
    toBeInstanceOf: function (r, e) { return [typeof e === "function" && r instanceof e, "expected an instance of " + (e && e.name || show(e)), "received " + show(r)]; },
    toHaveLength: function (r, e) { var n = lengthOf(r); return [n === e, "expected length " + show(e), n === undefined ? "received " + show(r) + " (it has no length)" : "received length " + n + ": " + show(r)]; },
    toHaveProperty: function (r, path, value) {
        var keys = Array.isArray(path) ? path : String(path).replace(/\[(\w+)\]/g, ".$1").split("."), o = r, i = 0;
        for (; i < keys.length; i++) {
            if (o === null || o === undefined || !(Object(o) instanceof Object) || !(keys[i] in Object(o))) break;
            o = o[keys[i]];
        }
        var has = i === keys.length, withValue = arguments.length < 3 || (has && diff(o, value, "", [], true) === null);
        return [has && withValue, "expected a property " + show(keys.join(".")) + (arguments.length < 3 ? "" : " equal to " + show(value)),
                has ? "received " + show(o) + " there" : "received " + show(r) + " (no such property)"];
    },
    toBeGreaterThan: function (r, e) { return [r > e, "expected a value > " + show(e), "received " + show(r)]; },
    toBeGreaterThanOrEqual: function (r, e) { return [r >= e, "expected a value >= " + show(e), "received " + show(r)]; },
    toBeLessThan: function (r, e) { return [r < e, "expected a value < " + show(e), "received " + show(r)]; },
    toBeLessThanOrEqual: function (r, e) { return [r <= e, "expected a value <= " + show(e), "received " + show(r)]; },
    toBeCloseTo: function (r, e, digits) {
        var d = digits === undefined ? 2 : digits;
        return [Math.abs(e - r) < Math.pow(10, -d) / 2, "expected a value close to " + show(e) + " (" + d + " digits)", "received " + show(r)];
    },
    toThrow: function (r, e) {
        if (typeof r !== "function") throw new TypeError("expect(received).toThrow() needs a function, got " + show(r));
        try { r(); } catch (error) {
            return [throwsWith(error, e), "expected a function that throws" + (e === undefined ? "" : " " + show(e)), "it threw " + show(error)];
        }
        return [false, "expected a function that throws" + (e === undefined ? "" : " " + show(e)), "it did not throw"];
    },
    toHaveBeenCalled: function (r) { needMock(r, "toHaveBeenCalled"); return [r.mock.calls.length > 0, "expected a call", "received " + callList(r.mock.calls)]; },
    toHaveBeenCalledTimes: function (r, n) { needMock(r, "toHaveBeenCalledTimes"); return [r.mock.calls.length === n, "expected " + n + " calls", "received " + r.mock.calls.length + ": " + callList(r.mock.calls)]; },
    toHaveBeenCalledWith: function (r) {
        needMock(r, "toHaveBeenCalledWith");
        var args = Array.prototype.slice.call(arguments, 1);
        return [r.mock.calls.some(function (c) { return diff(c, args, "", [], true) === null; }), "expected a call with " + callList([args]), "received " + callList(r.mock.calls)];
    },
    toHaveBeenLastCalledWith: function (r) {
        needMock(r, "toHaveBeenLastCalledWith");
        var args = Array.prototype.slice.call(arguments, 1), last = r.mock.calls[r.mock.calls.length - 1];
        return [!!last && diff(last, args, "", [], true) === null, "expected the last call with " + callList([args]), "received " + callList(r.mock.calls)];
    },
};
function matchers(received, negated, promised, at) {
    var object = {};
    Object.keys(MATCHERS).forEach(function (name) {
        object[name] = function () {
            var args = Array.prototype.slice.call(arguments);
            var call = (negated ? ".not." : ".") + name + "(" + args.map(function (a) { return show(a); }).join(", ") + ")";
            function check(value, label) {
                var outcome = MATCHERS[name].apply(null, [value].concat(args));
                if (outcome[0] === negated) {
                    var head = "expect(received)" + (label || "") + call;
                    var says = negated ? outcome[1].replace(/^expected /, "expected not ") : outcome[1];
                    throw new AssertionError(head + ": " + says + ", " + outcome[2], value, args[0], name, at);
                }
            }
            if (!promised) { check(received); return undefined; }
            var label = "." + promised;
            if (!received || typeof received.then !== "function") {
                return Promise.reject(new AssertionError("expect(received)" + label + call + ": received " + show(received) + ", not a promise", received, undefined, name, at));
            }
            return Promise.resolve(received).then(function (value) {
                if (promised === "rejects") throw new AssertionError("expect(received).rejects" + call + ": the promise resolved to " + show(value), value, undefined, name, at);
                check(value, label);
            }, function (error) {
                if (promised === "resolves") throw new AssertionError("expect(received).resolves" + call + ": the promise rejected with " + show(error), error, undefined, name, at);
                // toThrow on a rejection matches the rejection itself, as in Jest.
                if (name === "toThrow") {
                    var pass = throwsWith(error, args[0]);
                    if (pass === negated) throw new AssertionError("expect(received).rejects" + call + ": it rejected with " + show(error), error, args[0], name, at);
                    return;
                }
                check(error, label);
            });
        };
    });
    object.toMatchSnapshot = function (hint) {
        if (negated || promised) throw new TypeError("toMatchSnapshot() cannot follow .not, .resolves or .rejects");
        matchSnapshot(received, hint, at);
    };
    object.toHaveScreenshot = function (name, options) {
        if (negated || promised) throw new TypeError("toHaveScreenshot() cannot follow .not, .resolves or .rejects");
        return matchScreenshot(received, name, options, at);
    };
    if (!negated) Object.defineProperty(object, "not", { get: function () { return matchers(received, true, promised, at); } });
    if (!promised) {
        Object.defineProperty(object, "resolves", { get: function () { return matchers(received, false, "resolves", at); } });
        Object.defineProperty(object, "rejects", { get: function () { return matchers(received, false, "rejects", at); } });
    }
    return object;
}
// --- snapshots: `expect(value).toMatchSnapshot(hint?)`, stored by native code in __snapshots__/FILE.snap.json under
// "test name N" (N counting the test's snapshots from 1; `hint` is added to the name). A DOM node is its outerHTML,
// anything else JSON with sorted keys, indented by two spaces.
var snapshotTest = null, snapshotCount = 0;
// --- screenshots: `await expect(page).toHaveScreenshot(name?, {threshold, maxDiffPixelRatio})`, as in Playwright, on
// the WebKit engine: native code (`__hybridScreenshot(request)`, a promise of {pass, message}) takes the page's
// screenshot and compares it with __snapshots__/FILE/NAME.png (stored the first time; --update-snapshots replaces it),
// writing NAME.actual.png and NAME.diff.png beside it on a mismatch. NAME defaults to "test name-N.png". A test waits
// for the checks it started before it ends, awaited or not.
var screenshotCount = 0, pendingChecks = [];
function matchScreenshot(received, name, options, at) {
    function fail(text) {
        var failed = Promise.reject(new AssertionError("expect(page).toHaveScreenshot(): " + text, received, name, "toHaveScreenshot", at));
        pendingChecks.push(failed);
        return failed;
    }
    if (snapshotTest === null) return fail("it works only inside a test");
    if (received !== global.page) return fail("it takes the page, expect(page).toHaveScreenshot(name), got " + show(received));
    if (typeof global.__hybridScreenshot !== "function") {
        return fail("screenshots need the WebKit engine: run hybrid test --engine webkit (the headless engine does not lay out or paint the page)");
    }
    var request = { test: snapshotTest }, count = ++screenshotCount;
    if (name !== null && typeof name === "object" && options === undefined) { options = name; name = undefined; }
    if (name !== undefined && (typeof name !== "string" || name === "")) return fail("the name must be a non-empty string, got " + show(name));
    var file = (name === undefined ? snapshotTest + "-" + count : name).replace(/\.png$/i, "");
    request.name = file.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 200) + ".png";
    var known = ["threshold", "maxDiffPixelRatio"];
    for (var key in Object(options)) {
        if (known.indexOf(key) === -1) return fail("unknown option " + show(key) + " (it takes " + known.join(", ") + ")");
        var v = options[key];
        if (typeof v !== "number" || !(v >= 0 && v <= 1)) return fail("the option " + key + " must be a number from 0 to 1, got " + show(v));
        request[key] = v;
    }
    var check = Promise.resolve(global.__hybridScreenshot(request)).then(function (answer) {
        if (!answer || answer.pass !== true) {
            throw new AssertionError("expect(page).toHaveScreenshot(" + show(request.name) + "): " + (answer && answer.message || "no answer"), received, request.name, "toHaveScreenshot", at);
        }
    });
    pendingChecks.push(check);
    return check;
}
function snapshotValue(v) {
    if (v !== null && typeof v === "object" && typeof v[Symbol.for("hybrid.snapshot")] === "string") return v[Symbol.for("hybrid.snapshot")];
    if (v !== null && typeof v === "object" && typeof v.nodeType === "number") {
        return v.nodeType === 1 ? v.outerHTML : String(v.textContent);
    }
    if (v === undefined) return "undefined";
    if (typeof v === "string") return JSON.stringify(v);
    var seen = [];
    var text = JSON.stringify(v, function (key, value) {
        if (typeof value === "function") return "[Function" + (value.name ? ": " + value.name : "") + "]";
        if (typeof value === "bigint") return String(value) + "n";
        if (value instanceof Map) return { "[Map]": Array.from(value.entries()) };
        if (value instanceof Set) return { "[Set]": Array.from(value.values()) };
        if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
            if (seen.indexOf(value) !== -1) return "[Circular]";
            seen.push(value);
            var sorted = {};
            Object.keys(value).sort().forEach(function (k) { sorted[k] = value[k]; });
            return sorted;
        }
        return value;
    }, 2);
    return text === undefined ? String(v) : text;
}
function matchSnapshot(received, hint, at) {
    if (snapshotTest === null) throw new Error("toMatchSnapshot() works only inside a test");
    var key = snapshotTest + (hint === undefined ? "" : ": " + String(hint)) + " " + (++snapshotCount);
    var value = snapshotValue(received), stored = config.snapshots ? config.snapshots[key] : undefined;
    if (stored === value) return;
    if (stored === undefined || config.updateSnapshots) {
        send({ type: "snapshot", key: key, value: value });
        return;
    }
    var want = stored.split("\n"), got = value.split("\n"), line = 0;
    while (line < want.length && line < got.length && want[line] === got[line]) line++;
    throw new AssertionError("expect(received).toMatchSnapshot(): the snapshot " + show(key) + " differs at line " + (line + 1)
        + ": - " + (line < want.length ? want[line] : "(nothing)") + " + " + (line < got.length ? got[line] : "(nothing)")
        + " (hybrid test --update-snapshots accepts the new value)", value, stored, "toMatchSnapshot", at);
}
// expect.fn(impl): a mock function recording its calls (mock.calls, mock.results), as jest.fn() and vi.fn().
expect.fn = function (impl) {
    var implementation = impl, onceQueue = [];
    function mockFunction() {
        var args = Array.prototype.slice.call(arguments);
        mockFunction.mock.calls.push(args);
        mockFunction.mock.lastCall = args;
        var run = onceQueue.length ? onceQueue.shift() : implementation;
        try {
            var value = run ? run.apply(this, args) : undefined;
            mockFunction.mock.results.push({ type: "return", value: value });
            return value;
        } catch (error) {
            mockFunction.mock.results.push({ type: "throw", value: error });
            throw error;
        }
    }
    mockFunction.mock = { calls: [], results: [], lastCall: undefined };
    mockFunction.mockImplementation = function (f) { implementation = f; return mockFunction; };
    mockFunction.mockImplementationOnce = function (f) { onceQueue.push(f); return mockFunction; };
    mockFunction.mockReturnValue = function (v) { implementation = function () { return v; }; return mockFunction; };
    mockFunction.mockReturnValueOnce = function (v) { onceQueue.push(function () { return v; }); return mockFunction; };
    mockFunction.mockResolvedValue = function (v) { implementation = function () { return Promise.resolve(v); }; return mockFunction; };
    mockFunction.mockRejectedValue = function (e) { implementation = function () { return Promise.reject(e); }; return mockFunction; };
    mockFunction.mockClear = function () { mockFunction.mock.calls = []; mockFunction.mock.results = []; mockFunction.mock.lastCall = undefined; return mockFunction; };
    mockFunction.mockReset = function () { mockFunction.mockClear(); implementation = undefined; onceQueue = []; return mockFunction; };
    return mockFunction;
};
Object.defineProperty(global, "expect", { value: expect, writable: true, configurable: true });
var HARNESS = "hybrid-test-api.js";
var setT = global.setTimeout, clearT = global.clearTimeout;
var clock = (global.performance && typeof global.performance.now === "function")
    ? function () { return global.performance.now(); } : function () { return Date.now(); };
var tests = [], started = false, afterEachHooks = [];

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

// --- clock: the runtime's virtual clock (hybrid test --virtual-time), held by a test. Installed, time moves only
// through tick, runAll and next (timers, animation frames, Date and performance.now follow it); each test ends with
// it uninstalled, so time runs on between tests. The test's own timeout does not count the time a tick skips.
var clockHeld = false, testTimer = null;
function clockControl(name) {
    var control = global.__hybridClock;
    if (!control && config.engine === "webkit") throw new Error("clock." + name + "() needs the headless engine's virtual clock (hybrid test --engine headless): WebKit runs its timers on its own clock");
    if (!control) throw new Error("clock." + name + "() needs the virtual clock: run hybrid test with --virtual-time, or give the page <meta name=\"hybrid-virtual-time\">");
    if (name !== "install" && !clockHeld) throw new Error("clock." + name + "() needs clock.install() first");
    return control;
}
function skippingTimeout(move) {
    var timer = testTimer;
    if (timer) timer.pause();
    try { return move(); } finally { if (timer) timer.resume(); }
}
var testClock = {
    install: function (options) {
        clockControl("install").hold(true);
        clockHeld = true;
        if (options && options.now !== undefined) testClock.setSystemTime(options.now);
        return testClock;
    },
    uninstall: function () {
        if (!clockHeld) return;
        clockHeld = false;
        global.__hybridClock.hold(false);
    },
    tick: function (ms) {
        var control = clockControl("tick"), n = Number(ms);
        if (!(n >= 0)) throw new RangeError("clock.tick(ms) needs a number of milliseconds >= 0, got " + show(ms));
        skippingTimeout(function () { control.advance(n); });
        return global.performance.now();
    },
    next: function () {
        var control = clockControl("next");
        return skippingTimeout(function () { return control.fireNext(); });
    },
    runAll: function (limit) {
        var control = clockControl("runAll"), most = limit === undefined ? 1000 : Number(limit), fired = 0;
        skippingTimeout(function () {
            while (control.fireNext()) {
                if (++fired >= most) throw new Error("clock.runAll(): aborted after " + most + " timers (an interval, or a timer that sets another?)");
            }
        });
        return fired;
    },
    setSystemTime: function (time) {
        var control = clockControl("setSystemTime"), ms = time instanceof Date ? time.getTime() : Number(time);
        if (!isFinite(ms)) throw new TypeError("clock.setSystemTime(time) needs a Date or milliseconds since 1970, got " + show(time));
        control.setSystemTime(ms);
    },
    now: function () { return global.performance.now(); }
};
Object.defineProperty(global, "clock", { value: testClock, writable: true, configurable: true });

function runOne(t) {
    return new Promise(function (resolve) {
        var settled = false, timer = null;
        function finish(outcome) {
            if (settled) return;
            settled = true;
            if (timer !== null) clearT(timer);
            testTimer = null;
            testClock.uninstall();
            if (global.__hybridPages) global.__hybridPages.closeAll();
            afterEachHooks.forEach(function (hook) { try { hook(); } catch (e) { /* a hook never fails a test */ } });
            resolve(outcome);
        }
        function arm() { timer = setT(function () { finish({ timeout: true }); }, config.timeout); }
        arm();
        testTimer = { pause: function () { if (timer !== null) clearT(timer); timer = null; },
                      resume: function () { if (!settled && timer === null) arm(); } };
        // The body starts from a timer, not a microtask: the watchdog may stop a timer callback
        // safely, while JavaScriptCore cannot recover from stopping a microtask.
        setT(function () {
            var value;
            try { value = t.fn.call(undefined); } catch (e) { finish({ error: e }); return; }
            Promise.resolve(value).then(function () { return Promise.all(pendingChecks.splice(0)); })
                .then(function () { finish(null); }, function (e) { finish({ error: e }); });
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
    snapshotTest = t.name;
    snapshotCount = 0;
    screenshotCount = 0;
    pendingChecks = [];
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
Object.defineProperty(global, "__hybridTest", { value: { start: start, count: function () { return tests.length; },
                                                    clockHeld: function () { return clockHeld; },
    // Another part of the API (native.js) resets its per-test state after each test.
    afterEach: function (hook) { afterEachHooks.push(hook); } } });
})
