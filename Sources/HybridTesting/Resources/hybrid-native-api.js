(function (global) {
"use strict";
if (global.__hybridNative) return;
// --- native: the native side of the bridge in a test. `native.mock(name, answer)` answers the page's calls to the
// native handler `name` for the running test (over the file's mocks), `native.calls(name)` lists the calls the page
// made, `native.call(name, data)` calls the page's JavaScript handler as native code would. Native code layers each
// handler so that it asks `__hybridNative.request` first (see NativeTestSide.swift); every test ends with the mocks
// and the recorded calls reset.
var expectFn = global.expect && global.expect.fn;
var now = (global.performance && typeof global.performance.now === "function")
    ? function () { return global.performance.now(); } : function () { return Date.now(); };
var handlers = {};

function control(name) {
    var c = global.__hybridNativeControl;
    if (!c) throw new Error("native." + name + "() needs the test runner's bridge (hybrid test)");
    return c;
}
function checkName(name, method) {
    if (typeof name !== "string" || name === "") throw new TypeError("native." + method + "(name, ...) needs a handler name, got " + (typeof name === "string" ? JSON.stringify(name) : String(name)));
}
// The record of one handler for the running test: its mock function (expect.fn) and the calls with their time.
function handler(name) {
    if (!Object.prototype.hasOwnProperty.call(handlers, name)) {
        var fn = expectFn();
        handlers[name] = { fn: fn, calls: [], answers: false };
    }
    return handlers[name];
}
function copy(data) {
    return data === undefined ? undefined : JSON.parse(JSON.stringify(data));
}
// {error: {code, message}} (the only key) is an error answer; a string error is its message.
function isErrorAnswer(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value)
        && Object.keys(value).length === 1 && Object.prototype.hasOwnProperty.call(value, "error");
}
function wireError(error, fallbackCode) {
    if (error !== null && typeof error === "object") {
        var code = error.code === undefined || error.code === null ? fallbackCode : String(error.code);
        var message = error.message === undefined || error.message === null ? "" : String(error.message);
        return { code: code, message: message };
    }
    return { code: fallbackCode, message: String(error) };
}

var native = {
    // Answers the page's calls to the native handler `name` for this test: a function answers each call with
    // what it returns (a value or a promise), `{error: {code, message}}` is an error answer, anything else is the
    // answer. Returns the mock function (expect.fn), for toHaveBeenCalledWith and mockReturnValueOnce.
    mock: function (name, answer) {
        checkName(name, "mock");
        var h = handler(name);
        h.answers = true;
        h.fn.mockImplementation(typeof answer === "function" ? answer : function () { return answer; });
        control("mock").cover(name);
        return h.fn;
    },
    // The page's calls to the native handler `name` in this test, in order: [{data, time}] (time: performance.now(),
    // on the virtual clock when there is one).
    calls: function (name) {
        checkName(name, "calls");
        return handler(name).calls.map(function (c) { return { data: copy(c.data), time: c.time }; });
    },
    // The mock function that records the calls to `name` (whether mocked or not), for expect(...).toHaveBeenCalled*.
    fn: function (name) {
        checkName(name, "fn");
        control("fn").cover(name);
        return handler(name).fn;
    },
    // Calls the page's JavaScript handler `name` as native code would, through the bridge protocol the page uses;
    // resolves with its answer, rejects with an Error carrying the bridge's `code` (handler_not_found, ...).
    call: function (name, data) {
        checkName(name, "call");
        var c = control("call");
        return new Promise(function (resolve, reject) {
            c.call(name, data === undefined ? null : data, function (ok, value) {
                if (ok) { resolve(value); return; }
                var error = new Error("native.call(" + JSON.stringify(name) + "): " + (value && value.code) + ": " + (value && value.message));
                error.code = value && value.code;
                error.bridgeMessage = value && value.message;
                reject(error);
            });
        });
    }
};

// Native code asks this first for every call to a layered handler: records the call and, when the test mocks the
// handler, answers through `reply(ok, valueOrError)` (now or later) and returns true; false lets the handler
// underneath answer.
function request(name, data, reply) {
    var h = handler(name);
    h.calls.push({ data: data, time: now() });
    if (!h.answers) {
        h.fn(copy(data));
        return false;
    }
    function settle(value) {
        if (isErrorAnswer(value)) reply(false, wireError(value.error, "error"));
        else reply(true, value);
    }
    var value;
    try { value = h.fn(copy(data)); } catch (error) { reply(false, wireError(error, "handler_failed")); return true; }
    if (value !== null && typeof value === "object" && typeof value.then === "function") {
        Promise.resolve(value).then(settle, function (error) { reply(false, wireError(error, "handler_failed")); });
    } else {
        settle(value);
    }
    return true;
}
function reset() { handlers = {}; }

Object.defineProperty(global, "native", { value: native, writable: true, configurable: true });
Object.defineProperty(global, "__hybridNative", { value: { request: request, reset: reset } });
if (global.__hybridTest && typeof global.__hybridTest.afterEach === "function") global.__hybridTest.afterEach(reset);
})
