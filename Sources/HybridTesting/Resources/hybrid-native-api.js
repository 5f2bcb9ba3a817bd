(function (global, config) {
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
        return handler(name).calls.map(function (c) {
            var call = { data: copy(c.data), time: c.time };
            if (c.bridge !== undefined) call.protocol = c.bridge;
            return call;
        });
    },
    // The mock function that records the calls to `name` (whether mocked or not), for expect(...).toHaveBeenCalled*.
    fn: function (name) {
        checkName(name, "fn");
        control("fn").cover(name);
        return handler(name).fn;
    },
    // Calls the page's JavaScript handler `name` as native code would, through the bridge protocol the page uses;
    // resolves with its answer, rejects with an Error carrying the bridge's `code` (handler_not_found, ...). The page
    // is the one opened last and still open (`page.current`, as for page.click), else the test's own page; a given
    // opened page's handlers: `p.native.call(name, data)`.
    call: function (name, data) { return toPage("call", currentPage(), name, data); },
    // Fires the container's event `name` as the app would (`menu:share:timeline` in WeChat, `resume` in Alipay,
    // `deviceready` in Cordova, a Capacitor listener's event...), with `data`, at the same page as native.call;
    // resolves once it is delivered, rejects with an Error carrying the bridge's `code` (`unknown_event`, naming the
    // events the container fires).
    fire: function (name, data) { return toPage("fire", currentPage(), name, data); }
};

// The page native.call and native.fire reach: the opened page that is current (0: the test's own page).
function currentPage() {
    var pages = global.__hybridPages, p = pages && typeof pages.current === "function" ? pages.current() : null;
    return p && !p.closed ? p.id : 0;
}
// `method` ("call" or "fire") to page `pageID` (0: the test's own page, else one page.open opened).
function toPage(method, pageID, name, data) {
    checkName(name, method);
    var c = control(method);
    return new Promise(function (resolve, reject) {
        c[method](name, method === "call" && data === undefined ? null : data, function (ok, value) {
            if (ok) { resolve(method === "call" ? value : undefined); return; }
            var error = new Error("native." + method + "(" + JSON.stringify(name) + "): " + (value && value.code) + ": " + (value && value.message));
            error.code = value && value.code;
            error.bridgeMessage = value && value.message;
            reject(error);
        }, pageID);
    });
}

// Native code asks this first for every call to a layered handler: records the call and, when the test mocks the
// handler, answers through `reply(ok, valueOrError)` (now or later) and returns true; false lets the handler
// underneath answer.
function request(name, data, reply, bridge) {
    var h = handler(name);
    h.calls.push({ data: data, time: now(), bridge: bridge });
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
function reset() { handlers = {}; routes = []; requests = []; }

// --- network: per-test answers to the page's fetch and XMLHttpRequest. `network.mock(url, response | fn)` answers
// the requests whose URL matches; once a test has a network mock, a request no mock matches fails (a network error)
// and fails the test. Native code asks `__hybridNative.fetch(request, reply)` for every request (NativeTestSide.swift).
var routes = [], requests = [];
var setT = global.setTimeout;
function routeMatches(pattern, url) {
    if (pattern instanceof RegExp) { pattern.lastIndex = 0; return pattern.test(url); }
    var path = url.replace(/^[a-z]+:\/\/[^\/]*/i, "");
    var re = new RegExp("^" + String(pattern).split("*").map(function (part) {
        return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }).join(".*") + "$");
    return re.test(url) || re.test(path);
}
// A response: {status = 200, statusText, headers: {name: value}, body (a string) | json (any JSON value)}, or
// {error: message} for a network failure.
function wireResponse(response, url) {
    if (response === null || typeof response !== "object") throw new TypeError("network.mock: the response for " + url + " must be an object such as {json: ...} or {status, body}");
    if (isErrorAnswer(response)) return { failed: String(response.error && response.error.message || response.error) };
    var headers = {}, given = response.headers || {};
    Object.keys(given).forEach(function (name) { headers[name.toLowerCase()] = String(given[name]); });
    var body = "";
    if (response.json !== undefined) {
        body = JSON.stringify(response.json);
        if (!headers["content-type"]) headers["content-type"] = "application/json";
    } else if (response.body !== undefined) {
        body = String(response.body);
        if (!headers["content-type"]) headers["content-type"] = "text/plain;charset=utf-8";
    }
    var status = response.status === undefined ? 200 : Number(response.status);
    if (!(status >= 200 && status <= 599)) throw new RangeError("network.mock: status must be 200 to 599, got " + response.status);
    return { status: status, statusText: String(response.statusText || ""), headers: headers, body: body };
}
var network = {
    // Answers the requests whose URL matches `url` for this test: a string is the whole URL or its path (with `*`
    // for any characters), a RegExp is tried on the whole URL. `response` is {status, headers, body | json}, or a
    // function of the request ({url, method, headers, body}) returning one or a promise of one.
    mock: function (url, response) {
        if (!(url instanceof RegExp) && (typeof url !== "string" || url === "")) throw new TypeError("network.mock(url, response) needs a URL pattern (a string or a RegExp), got " + String(url));
        if (response === undefined) throw new TypeError("network.mock(url, response) needs a response such as {json: ...} or a function");
        routes.unshift({ pattern: url, response: response });
    },
    // The page's requests in this test, in order: [{url, method, headers, body, time}].
    requests: function () { return requests.map(function (r) { return Object.assign({}, r); }); }
};
function fetchHook(request, reply) {
    if (!routes.length) return false;
    var route = routes.filter(function (r) { return routeMatches(r.pattern, request.url); })[0];
    // A file of the test's folder no mock matches (a page's own script, a page opened with page.open) is served.
    if (!route && request.local) return false;
    requests.push({ url: request.url, method: request.method, headers: request.headers, body: request.body, time: now() });
    if (!route) {
        var message = "network.mock: no mock matches " + request.method + " " + request.url;
        reply(false, message);
        // Loudly: an uncaught error fails the running test.
        setT(function () { throw new Error(message); }, 0);
        return true;
    }
    function answer(response) {
        try { var wire = wireResponse(response, request.url); } catch (e) { reply(false, String(e.message)); setT(function () { throw e; }, 0); return; }
        if (wire.failed !== undefined) reply(false, wire.failed); else reply(true, wire);
    }
    if (typeof route.response !== "function") { answer(route.response); return true; }
    var value;
    try { value = route.response({ url: request.url, method: request.method, headers: request.headers, body: request.body }); }
    catch (e) { reply(false, "network.mock: the function for " + request.url + " threw " + String(e)); setT(function () { throw e; }, 0); return true; }
    if (value !== null && typeof value === "object" && typeof value.then === "function") {
        Promise.resolve(value).then(answer, function (e) { reply(false, String(e && e.message || e)); setT(function () { throw e; }, 0); });
    } else {
        answer(value);
    }
    return true;
}

Object.defineProperty(global, "native", { value: native, writable: true, configurable: true });
// On the WebKit engine, whose network is not intercepted, `network` fails by name instead of doing nothing.
if (config && config.engine === "webkit") {
    network = {};
    ["mock", "requests"].forEach(function (name) {
        network[name] = function () { throw new Error("network." + name + "() needs the headless engine (hybrid test --engine headless): WebKit's network is not intercepted"); };
    });
}
Object.defineProperty(global, "network", { value: network, writable: true, configurable: true });
Object.defineProperty(global, "__hybridNative", { value: { request: request, fetch: fetchHook, reset: reset, toPage: toPage } });
if (global.__hybridTest && typeof global.__hybridTest.afterEach === "function") global.__hybridTest.afterEach(reset);
})
