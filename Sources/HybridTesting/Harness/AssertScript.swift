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
