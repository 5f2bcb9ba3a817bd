/// The JavaScript half of `assert`: `assert(value)`, `ok`, `equal` (strict, `Object.is`), `notEqual`,
/// `deepEqual` (strict and deep), `throws`, `rejects`, `match`, `fail`, and the `show` formatter the
/// runner uses too. A failed assertion throws an `AssertionError` with `actual`, `expected`, `operator`.
enum AssertScript {
    static let source = #"""
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
    """#
}
