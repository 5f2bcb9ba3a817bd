/// The comparisons behind `assert.deepEqual` (`diff`: strict and deep, returns the path of the first
/// difference or null) and `assert.throws`/`rejects` (`mismatch`: does an error fail the expectation).
enum DeepEqualScript {
    static let source = #"""
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
    """#
}
