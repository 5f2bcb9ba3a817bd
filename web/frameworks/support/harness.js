// The framework pages' glue to the test runner. Under `hybrid test` it keeps the tests listed in pending.js out of
// the run (reported as skipped, with the reason). In a browser, where there is no `hybrid test`, it provides a small
// `test`/`assert` of the same shape, runs the tests after `load` and writes the results into the page
// (`<script type="application/json" id="framework-test-results">`) for scripts/frameworks --chromium to read.
// Every page also gets `waitFor(condition, what)` (resolves once condition() is truthy, checking after each
// macrotask), `settle()`, `typeInto(input, text)` and `setNativeValue(element, value)`.
(function (global) {
  "use strict";
  var file = decodeURIComponent(location.pathname.split("/").pop());
  var pending = global.FRAMEWORK_PENDING || {};

  global.waitFor = function (condition, what) {
    return new Promise(function (resolve, reject) {
      // No limit of its own: the test's timeout ends a wait that never succeeds; the log says what it waited for.
      var started = Date.now(), told = false;
      (function check() {
        var value;
        try { value = condition(); } catch (e) { reject(e); return; }
        if (value) { resolve(value); return; }
        if (!told && Date.now() - started > 1000) { told = true; console.log("still waiting for " + (what || condition)); }
        setTimeout(check, 1);
      })();
    });
  };
  // Resolves after the current macrotask and every microtask it queued.
  global.settle = function () { return new Promise(function (resolve) { setTimeout(resolve, 0); }); };
  // What typing into a field does, for the frameworks' input listeners: the new value, then a bubbling `input`.
  global.typeInto = function (input, text) {
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  // Sets a value through the prototype's setter, as testing libraries do for React, which tracks the value it
  // rendered with a setter of its own on the element.
  global.setNativeValue = function (element, value) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value").set.call(element, value);
  };

  if (typeof global.test === "function" && global.__hybridTest) {
    var realTest = global.test;
    var wrapped = function (name, fn) {
      var why = pending[file + " › " + name];
      if (why) return realTest.skip(name + " [pending: " + why + "]", fn);
      return realTest(name, fn);
    };
    wrapped.skip = realTest.skip;
    wrapped.only = realTest.only;
    global.test = wrapped;
    return;
  }

  // A browser: a minimal runner with the same API.
  var tests = [];
  function fail(message) { var e = new Error(message); e.name = "AssertionError"; throw e; }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function assert(value, message) { if (!value) fail(message || "expected a truthy value, got " + value); }
  assert.ok = assert;
  assert.equal = function (a, b, m) { if (!Object.is(a, b)) fail((m ? m + ": " : "") + JSON.stringify(a) + " !== " + JSON.stringify(b)); };
  assert.notEqual = function (a, b, m) { if (Object.is(a, b)) fail((m ? m + ": " : "") + JSON.stringify(a) + " === " + JSON.stringify(b)); };
  assert.deepEqual = function (a, b, m) { if (!same(a, b)) fail((m ? m + ": " : "") + JSON.stringify(a) + " differs from " + JSON.stringify(b)); };
  assert.match = function (s, re, m) { if (!re.test(s)) fail((m ? m + ": " : "") + JSON.stringify(s) + " does not match " + re); };
  assert.throws = function (fn, expected, m) {
    try { fn(); } catch (e) { return e; }
    fail(m || "expected the function to throw");
  };
  assert.rejects = function (p, expected, m) {
    return Promise.resolve(typeof p === "function" ? p() : p).then(function () { fail(m || "expected a rejection"); }, function (e) { return e; });
  };
  assert.fail = function (m) { fail(m || "failed"); };
  global.assert = assert;
  global.test = function (name, fn) { tests.push({ name: name, fn: fn }); };
  global.test.skip = function (name) { tests.push({ name: name, skip: true }); };
  global.test.only = global.test;

  var results = [];
  var pageError = null;
  global.addEventListener("error", function (e) {
    // An error event the page cancels (preventDefault) is handled, as browsers treat it; known after dispatch.
    setTimeout(function () { if (!e.defaultPrevented) pageError = pageError || String(e.message || e.error); }, 0);
  });
  global.addEventListener("unhandledrejection", function (e) { pageError = pageError || "unhandled rejection: " + String(e.reason); });
  function publish() {
    var out = document.createElement("script");
    out.type = "application/json";
    out.id = "framework-test-results";
    out.textContent = JSON.stringify({ file: file, pageError: pageError, results: results }).replace(/</g, "\\u003c");
    document.body.appendChild(out);
  }
  function runAt(i) {
    if (i >= tests.length) { publish(); return; }
    var t = tests[i];
    if (t.skip) { results.push({ name: t.name, status: "skipped" }); runAt(i + 1); return; }
    var timer;
    var timeout = new Promise(function (_, reject) { timer = setTimeout(function () { reject(new Error("timed out after 5 s")); }, 5000); });
    Promise.race([Promise.resolve().then(t.fn), timeout]).then(function () {
      results.push({ name: t.name, status: "passed" });
    }, function (e) {
      // JavaScriptCore's stack has no message line (V8's starts with it): the message first, then the stack.
      var stack = e && e.stack ? String(e.stack) : "";
      results.push({ name: t.name, status: "failed", message: stack.indexOf(String(e)) === 0 ? stack : String(e) + (stack ? "\n" + stack : "") });
    }).then(function () { clearTimeout(timer); setTimeout(function () { runAt(i + 1); }, 0); });
  }
  global.addEventListener("load", function () { setTimeout(function () { runAt(0); }, 0); });
})(window);
