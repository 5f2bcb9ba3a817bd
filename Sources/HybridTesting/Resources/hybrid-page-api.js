(function (global, config) {
"use strict";
// --- page: drive other pages of the test's folder from a test, as `hybrid run`'s steps drive one. `page.open(url)`
// opens a page in a web view of its own on the test's runtime (same engine: `page.window` and `page.document` are
// that page's live objects); the verbs run in the order called, each through the step code of `hybrid run`
// (HeadlessWebView's click, fill, select, press, check), and fail naming the verb and its selector. Every page a test
// opened is closed when the test ends. Native code installs `__hybridPageNative(command, page, args, resolve, reject)`
// (and answers `window` at once); this script defines the `page` global only.
if (global.__hybridPages) return;
var setT = global.setTimeout, clearT = global.clearTimeout;
var SNAPSHOT = Symbol.for("hybrid.snapshot");
var opened = [];

function quote(text) { return "'" + String(text) + "'"; }
function showArgument(v) {
    if (typeof v === "function") return v.name ? v.name : "predicate";
    try { return typeof v === "string" ? quote(v) : String(JSON.stringify(v)); } catch (e) { return String(v); }
}
function label(verb, args) { return "page." + verb + "(" + args.map(showArgument).join(", ") + ")"; }
// On the virtual clock time stands still while a page loads or a step acts (the runtime waits for the step's I/O,
// not for its timers): the clock is held for the command unless the test holds it already (clock.install()).
var holds = 0;
function holdClock(hold) {
    var control = global.__hybridClock, test = global.__hybridTest;
    if (!control || (test && typeof test.clockHeld === "function" && test.clockHeld())) return;
    if (hold) { if (holds++ === 0) control.hold(true); } else if (holds > 0 && --holds === 0) control.hold(false);
}
function nativeCall(command, id, args) {
    var native = global.__hybridPageNative;
    if (typeof native !== "function") throw new Error("page." + command + "() runs only under hybrid test (no page host in this document)");
    holdClock(true);
    return new Promise(function (resolve, reject) { native(command, id, args, resolve, reject); }).then(function (value) {
        holdClock(false);
        return value;
    }, function (reason) {
        holdClock(false);
        throw reason;
    });
}
// The error is made where the verb was called, so its stack points at the test's line, not at this script.
function stepError(text) {
    var error = new Error(text);
    error.name = "PageError";
    return error;
}
function failWith(error, reason) {
    error.message = error.message + ": " + (reason && typeof reason === "object" && "message" in reason ? String(reason.message) : String(reason));
    return error;
}

function Page(id, url) {
    this.id = id;
    this.url = url;
    this.closed = false;
    this.queue = Promise.resolve();
}
Object.defineProperty(Page.prototype, "window", {
    get: function () { return this.closed ? undefined : global.__hybridPageNative("window", this.id, [], null, null); }
});
Object.defineProperty(Page.prototype, "document", {
    get: function () { var w = this.window; return w ? w.document : undefined; }
});
// Runs `body(error)` after the page's earlier steps; its rejection is the step's error, named after the verb.
Page.prototype.step = function (verb, args, body) {
    var self = this, error = stepError(label(verb, args));
    var run = this.queue.then(function () {
        if (self.closed) throw failWith(error, "the page is closed");
        return body(error);
    }).catch(function (reason) {
        throw reason === error ? error : failWith(error, reason);
    });
    this.queue = run.catch(function () {});
    return run;
};
Page.prototype.verb = function (verb, args) {
    var self = this;
    return this.step(verb, args, function () { return nativeCall(verb, self.id, args.map(String)); }).then(function () { return undefined; });
};
Page.prototype.click = function (selector) { return this.verb("click", [selector]); };
Page.prototype.fill = function (selector, text) { return this.verb("fill", [selector, text]); };
Page.prototype.select = function (selector, value) { return this.verb("select", [selector, value]); };
Page.prototype.check = function (selector) { return this.verb("check", [selector]); };
Page.prototype.uncheck = function (selector) { return this.verb("uncheck", [selector]); };
// press(key) on the focused element, or press(selector, key) after focusing the element.
Page.prototype.press = function (selectorOrKey, key) {
    return key === undefined ? this.verb("press", [selectorOrKey]) : this.verb("press", [selectorOrKey, key]);
};
// type(selector, text): focuses the element and presses each character (key events, no clearing: fill clears).
Page.prototype.type = function (selector, text) { return this.verb("type", [selector, text]); };
// page.native: native code's side of this page, as TestPage.native is in Swift. `call(name, data)` calls the page's
// JavaScript handler as native code would (through the bridge protocol the page uses) and resolves with its answer;
// `fire(name, data)` fires a container event at the page. Both run after the page's earlier steps, and reject as
// native.call/native.fire do (an Error with the bridge's `code`).
Object.defineProperty(Page.prototype, "native", {
    get: function () {
        var self = this;
        function after(method, name, data) {
            var hooks = global.__hybridNative;
            if (!hooks) return Promise.reject(new Error("page.native." + method + "() needs the test runner's native side (hybrid test)"));
            var run = self.queue.then(function () {
                if (self.closed) throw stepError(label("native." + method, [name]) + ": the page is closed");
                return hooks.toPage(method, self.id, name, data);
            });
            self.queue = run.catch(function () {});
            return run;
        }
        return {
            call: function (name, data) { return after("call", name, data); },
            fire: function (name, data) { return after("fire", name, data); }
        };
    }
});
Page.prototype.waitForIdle = function () {
    var self = this;
    return this.step("waitForIdle", [], function () { return nativeCall("idle", self.id, []); }).then(function () { return undefined; });
};
Page.prototype.close = function () {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    var index = opened.indexOf(this);
    if (index !== -1) opened.splice(index, 1);
    return nativeCall("close", this.id, []).then(function () { return undefined; });
};
// evaluate(fn, ...args): fn runs in the page's realm (its source evaluated there, so `document` is the page's); a
// string is evaluated as a script there. A promise is awaited. The value is the live one, not a copy.
Page.prototype.evaluate = function (fn) {
    var self = this, args = Array.prototype.slice.call(arguments, 1);
    if (typeof fn !== "function" && typeof fn !== "string") {
        return Promise.reject(new TypeError("page.evaluate(fn | source) needs a function or a string, got " + showArgument(fn)));
    }
    return this.step("evaluate", [typeof fn === "function" ? fn : (fn.length > 40 ? fn.slice(0, 40) + "…" : fn)], function () {
        var window = self.window;
        return typeof fn === "function" ? window.eval("(" + String(fn) + ")").apply(undefined, args) : window.eval(fn);
    });
};
// waitFor(selector | predicate, {timeout}): the first element matching, or the predicate's truthy value (called with
// the page's window and document). The page's mutations and a poll recheck it; on the virtual clock the timeout is
// virtual time, and with an installed clock (clock.install()) time moves timer by timer until it holds.
Page.prototype.waitFor = function (target, options) {
    var self = this;
    var timeout = options && options.timeout !== undefined ? Number(options.timeout) : Math.max(1, Math.floor(config.timeout * 0.8));
    if (typeof target !== "function" && typeof target !== "string") {
        return Promise.reject(new TypeError("page.waitFor(selector | predicate) needs a CSS selector or a function, got " + showArgument(target)));
    }
    if (!(timeout >= 0)) return Promise.reject(new RangeError("page.waitFor(): the timeout must be milliseconds >= 0, got " + showArgument(options.timeout)));
    return this.step("waitFor", [target], function () {
        var window = self.window, document = window.document;
        function check() {
            return typeof target === "function" ? target(window, document) : document.querySelector(target);
        }
        var found = check();
        if (found) return found;
        var control = global.__hybridTest;
        if (control && typeof control.clockHeld === "function" && control.clockHeld()) {
            // An installed clock moves only when told: move it timer by timer (as `hybrid run --wait-for` does).
            while (global.clock.next()) {
                found = check();
                if (found) return found;
            }
            throw new Error((typeof target === "function" ? "the predicate stayed falsy" : "no element matches " + quote(target))
                            + ", and no timer is left to change the page (the clock is installed)");
        }
        return new Promise(function (resolve, reject) {
            var observer = null, poll = null, deadline = null, done = false;
            function end() {
                done = true;
                if (observer) observer.disconnect();
                if (poll !== null) clearT(poll);
                if (deadline !== null) clearT(deadline);
            }
            function recheck() {
                if (done) return;
                var value;
                try { value = check(); } catch (e) { end(); reject(e); return; }
                if (value) { end(); resolve(value); }
            }
            function tick() { poll = setT(function () { recheck(); if (!done) tick(); }, 50); }
            if (typeof window.MutationObserver === "function") {
                observer = new window.MutationObserver(recheck);
                observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
            }
            tick();
            deadline = setT(function () {
                if (done) return;
                end();
                reject((typeof target === "function" ? "the predicate stayed falsy" : "no element matches " + quote(target))
                       + " after " + timeout + " ms");
            }, timeout);
        });
    });
};

// --- dom(selector): a stable serialisation of the first element matching (the whole document without one), for
// snapshots: one element or text per line, indented by two spaces, attributes sorted, whitespace collapsed, comments
// and the text of scripts and styles left out, form fields with their current value and checkedness.
var VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/;
function escapeText(text) { return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
function escapeAttribute(text) { return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;"); }
function attributesOf(element) {
    var map = {}, tag = element.localName, i;
    for (i = 0; i < element.attributes.length; i++) map[element.attributes[i].name] = element.attributes[i].value;
    if (tag === "input" || tag === "textarea" || tag === "select") {
        var type = String(element.type || "").toLowerCase();
        if (type === "checkbox" || type === "radio") {
            if (element.checked) map.checked = ""; else delete map.checked;
        } else if (type !== "file" && typeof element.value === "string") {
            map.value = element.value;
        }
    }
    if (tag === "option") { if (element.selected) map.selected = ""; else delete map.selected; }
    return Object.keys(map).sort().map(function (name) {
        return map[name] === "" ? " " + name : " " + name + "=\"" + escapeAttribute(map[name]) + "\"";
    }).join("");
}
function serialise(node, depth, lines) {
    var pad = new Array(depth + 1).join("  ");
    if (node.nodeType === 3) {
        var text = String(node.data).replace(/\s+/g, " ").trim();
        if (text) lines.push(pad + escapeText(text));
        return;
    }
    if (node.nodeType === 9 || node.nodeType === 11) {
        for (var c = node.firstChild; c; c = c.nextSibling) serialise(c, depth, lines);
        return;
    }
    if (node.nodeType !== 1) return;
    var tag = node.localName, open = "<" + tag + attributesOf(node) + ">";
    if (VOID.test(tag)) { lines.push(pad + open); return; }
    var inner = [];
    if (tag !== "script" && tag !== "style" && tag !== "template") {
        for (var child = node.firstChild; child; child = child.nextSibling) serialise(child, depth + 1, inner);
    }
    if (inner.length === 0) lines.push(pad + open + "</" + tag + ">");
    else if (inner.length === 1 && inner[0].trim().charAt(0) !== "<") lines.push(pad + open + inner[0].trim() + "</" + tag + ">");
    else { lines.push(pad + open); Array.prototype.push.apply(lines, inner); lines.push(pad + "</" + tag + ">"); }
}
function DOMSnapshot(text) { this.text = text; this[SNAPSHOT] = text; }
DOMSnapshot.prototype.toString = function () { return this.text; };
Page.prototype.dom = function (selector) {
    var document = this.document;
    if (!document) throw stepError(label("dom", selector === undefined ? [] : [selector]) + ": the page is closed");
    var node = document;
    if (selector !== undefined) {
        try { node = document.querySelector(selector); } catch (e) { throw failWith(stepError(label("dom", [selector])), e); }
        if (!node) throw stepError(label("dom", [selector]) + ": no element matches " + quote(selector));
    }
    var lines = [];
    serialise(node, 0, lines);
    return new DOMSnapshot(lines.join("\n"));
};

// The `page` global: open() and, for the page opened last, every verb and `window`/`document`.
var pages = {
    open: function (url) {
        var error = stepError(label("open", [url]));
        if (typeof url !== "string" || !url) return Promise.reject(failWith(error, "needs the URL of a page (relative to the test file)"));
        var resolved;
        try { resolved = new URL(url, global.location.href).href; } catch (e) { return Promise.reject(failWith(error, "not a URL")); }
        return nativeCall("open", 0, [resolved]).then(function (id) {
            var page = new Page(id, resolved);
            opened.push(page);
            return page;
        }, function (reason) { throw failWith(error, reason); });
    },
    get pages() { return opened.slice(); },
    get current() { return opened.length ? opened[opened.length - 1] : null; }
};
function current(verb) {
    var page = pages.current;
    if (!page) throw stepError("page." + verb + "(): no page is open (await page.open(url) first)");
    return page;
}
["click", "fill", "select", "check", "uncheck", "press", "type", "waitFor", "waitForIdle", "evaluate", "dom", "close"].forEach(function (verb) {
    pages[verb] = function () {
        var page;
        try { page = current(verb); } catch (e) { if (verb === "dom") throw e; return Promise.reject(e); }
        return page[verb].apply(page, arguments);
    };
});
Object.defineProperty(pages, "window", { get: function () { return current("window").window; } });
// page.native: the current page's (page.native.call(name, data), page.native.fire(name, data)).
Object.defineProperty(pages, "native", { get: function () { return current("native").native; } });
Object.defineProperty(pages, "document", { get: function () { return current("document").document; } });
// Called by the test API when a test ends: its pages close.
function closeAll() {
    var closing = opened.splice(0);
    closing.forEach(function (page) { page.closed = true; });
    if (closing.length && typeof global.__hybridPageNative === "function") {
        try { global.__hybridPageNative("closeAll", 0, [], null, null); } catch (e) { /* the runtime is going */ }
    }
}
Object.defineProperty(global, "page", { value: pages, writable: true, configurable: true });
// `serialise(node)`: page.dom's text of a node (for TestPage.dom in Swift, which runs this script on a holder object).
Object.defineProperty(global, "__hybridPages", {
    value: { closeAll: closeAll, current: function () { return pages.current; }, serialise: function (node) { var lines = []; serialise(node, 0, lines); return lines.join("\n"); } }
});
})
