// The web-API conformance checks of issue 14: one small behavioural check per API, grouped by area. A check passes
// when it returns (or resolves to) without throwing. `window.conformance` resolves to the score:
// { passed, total, areas: { area: { passed, total, failed: [{ name, error }] } } }.
// A missing API is a failed check, never an error of the page: only a broken runner rejects the promise.
(function (global) {
  "use strict";
  var checks = [];
  function check(area, name, fn) { checks.push({ area: area, name: name, fn: fn }); }
  function ok(value, what) { if (!value) throw new Error(what || "expected true"); }
  function show(value) {
    if (value && typeof value === "object") return value.nodeName ? "<" + value.nodeName.toLowerCase() + ">" : Object.prototype.toString.call(value);
    return typeof value === "string" ? JSON.stringify(value) : String(value);
  }
  function eq(actual, expected, what) {
    if (actual !== expected) throw new Error((what ? what + ": " : "") + show(actual) + " !== " + show(expected));
  }
  function html(markup) {
    var host = document.createElement("div");
    host.innerHTML = markup;
    document.body.appendChild(host);
    return host;
  }
  // Waits for fn() to be truthy for up to `turns` macrotasks (no wall-clock limit): asynchronous events arrive
  // within a few tasks in browsers.
  function eventually(fn, what, turns) {
    return new Promise(function (resolve, reject) {
      var left = turns || 100;
      (function poll() {
        var value;
        try { value = fn(); } catch (e) { reject(e); return; }
        if (value) resolve(value);
        else if (left-- <= 0) reject(new Error("never happened: " + what));
        else setTimeout(poll, 0);
      })();
    });
  }

  // 1. Activation behaviour
  check("activation", "checkbox click() flips checked before listeners run", function () {
    var box = html("<input type=checkbox>").firstChild, seen;
    box.addEventListener("click", function () { seen = box.checked; });
    box.click();
    eq(seen, true, "checked in the listener"); eq(box.checked, true);
  });
  check("activation", "a cancelled click restores checked", function () {
    var box = html("<input type=checkbox>").firstChild;
    box.addEventListener("click", function (e) { e.preventDefault(); });
    box.click();
    eq(box.checked, false);
  });
  check("activation", "checkbox click() fires bubbling input then change", function () {
    var host = html("<input type=checkbox>"), seen = [];
    host.addEventListener("input", function (e) { seen.push("input:" + e.bubbles); });
    host.addEventListener("change", function (e) { seen.push("change:" + e.bubbles); });
    host.firstChild.click();
    eq(seen.join(), "input:true,change:true");
  });
  check("activation", "radio click() outside a form unchecks its group", function () {
    var host = html("<input type=radio name=conf-r checked><input type=radio name=conf-r>");
    host.lastChild.click();
    eq(host.firstChild.checked, false); eq(host.lastChild.checked, true);
  });
  check("activation", "a label's click clicks its control (for= and nesting)", function () {
    var host = html("<label for=conf-l1>a</label><input type=checkbox id=conf-l1><label><input type=checkbox> b</label>");
    host.querySelector("label[for]").click();
    host.querySelectorAll("label")[1].click();
    eq(host.querySelector("#conf-l1").checked, true, "for=");
    eq(host.querySelectorAll("input")[1].checked, true, "nested");
  });
  check("activation", "a submit button's click dispatches submit synchronously, with submitter", function () {
    var host = html("<form><button name=b>go</button></form>"), submitter = null;
    host.firstChild.addEventListener("submit", function (e) { e.preventDefault(); submitter = e.submitter; });
    host.querySelector("button").click();
    eq(submitter, host.querySelector("button"));
  });
  check("activation", "an invalid form does not submit and fires invalid", function () {
    var host = html("<form><input required><button>go</button></form>"), seen = [];
    host.firstChild.addEventListener("submit", function (e) { e.preventDefault(); seen.push("submit"); });
    host.querySelector("input").addEventListener("invalid", function () { seen.push("invalid"); });
    host.querySelector("button").click();
    eq(seen.join(), "invalid");
  });
  check("activation", "a reset button resets the form", function () {
    var host = html("<form><input value=a><button type=reset>r</button></form>");
    host.querySelector("input").value = "b";
    host.querySelector("button").click();
    eq(host.querySelector("input").value, "a");
  });
  check("activation", "a[href=#x] click navigates to the fragment", function () {
    var a = html("<a href='#conf-fragment'>x</a>").firstChild;
    a.click();
    eq(location.hash, "#conf-fragment");
  });

  // 2. Forms
  check("forms", "form.elements with named and indexed access", function () {
    var form = html("<form><input name=a><select name=b></select></form>").firstChild;
    eq(form.elements.length, 2); eq(form.elements.a, form.elements[0]); eq(form.elements.namedItem("b").tagName, "SELECT");
  });
  check("forms", "RadioNodeList value", function () {
    var form = html("<form><input type=radio name=r value=x><input type=radio name=r value=y checked></form>").firstChild;
    ok(form.elements.r instanceof RadioNodeList, "a RadioNodeList"); eq(form.elements.r.value, "y");
    form.elements.r.value = "x";
    eq(form.elements[0].checked, true);
  });
  check("forms", "select value, selectedIndex and option.selected", function () {
    var select = html("<select><option>a<option>b</select>").firstChild;
    select.value = "b";
    eq(select.selectedIndex, 1); eq(select.options[1].selected, true); eq(select.options[0].selected, false);
  });
  check("forms", "select multiple and selectedOptions", function () {
    var select = html("<select multiple><option selected>a<option>b<option selected>c</select>").firstChild;
    eq(select.selectedOptions.length, 2); eq(select.type, "select-multiple");
  });
  check("forms", "option defaultSelected and select.add/remove", function () {
    var select = html("<select><option>a</select>").firstChild;
    select.add(new Option("b", "b", true, true));
    eq(select.options.length, 2); eq(select.value, "b"); eq(select.options[1].defaultSelected, true);
    select.remove(0);
    eq(select.options.length, 1);
  });
  check("forms", "form.reset() restores default values, checkedness and selectedness", function () {
    var form = html("<form><input value=a><input type=checkbox checked><select><option>x<option selected>y</select></form>").firstChild;
    form.elements[0].value = "b"; form.elements[1].checked = false; form.elements[2].selectedIndex = 0;
    form.reset();
    eq(form.elements[0].value, "a"); eq(form.elements[1].checked, true); eq(form.elements[2].value, "y");
  });
  check("forms", "FormData from a form, with the submitter", function () {
    var form = html("<form><input name=a value=1><input type=checkbox name=c value=on2><button name=s value=go>s</button></form>").firstChild;
    var data = new FormData(form, form.querySelector("button"));
    eq(JSON.stringify(Array.from(data.entries())), '[["a","1"],["s","go"]]');
  });
  check("forms", "FormData append, get, getAll", function () {
    var data = new FormData();
    data.append("k", "1"); data.append("k", "2");
    eq(data.get("k"), "1"); eq(data.getAll("k").join(), "1,2");
  });
  check("forms", "validity: required and checkValidity with the invalid event", function () {
    var input = html("<input required>").firstChild, fired = 0;
    input.addEventListener("invalid", function () { fired++; });
    eq(input.validity.valueMissing, true); eq(input.checkValidity(), false); eq(fired, 1);
    input.value = "x";
    eq(input.checkValidity(), true);
  });
  check("forms", "validity: pattern, min/max, step", function () {
    var host = html("<input pattern='[0-9]+' value=a><input type=number min=2 max=5 value=9><input type=number min=0 step=2 value=3>");
    eq(host.children[0].validity.patternMismatch, true, "pattern");
    eq(host.children[1].validity.rangeOverflow, true, "max");
    eq(host.children[2].validity.stepMismatch, true, "step");
  });
  check("forms", "validity: type=email and type=url", function () {
    var host = html("<input type=email value=nope><input type=url value=nope><input type=email value=a@b.c>");
    eq(host.children[0].validity.typeMismatch, true); eq(host.children[1].validity.typeMismatch, true);
    eq(host.children[2].validity.valid, true);
  });
  check("forms", "setCustomValidity and validationMessage", function () {
    var input = html("<input>").firstChild;
    input.setCustomValidity("no");
    eq(input.validity.customError, true); eq(input.validationMessage, "no"); eq(input.checkValidity(), false);
  });
  check("forms", "reportValidity returns the validity", function () {
    eq(html("<input required>").firstChild.reportValidity(), false);
  });
  check("forms", "novalidate lets requestSubmit submit an invalid form", function () {
    var form = html("<form novalidate><input required></form>").firstChild, submitted = false;
    form.addEventListener("submit", function (e) { e.preventDefault(); submitted = true; });
    form.requestSubmit();
    eq(submitted, true);
  });
  check("forms", "value and checked are accessors on the prototypes", function () {
    var value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
    var checked = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked");
    ok(value && value.set && checked && checked.set, "accessors");
    var input = document.createElement("input");
    value.set.call(input, "v");
    eq(input.value, "v");
    ok(Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set, "select");
    ok(Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set, "textarea");
  });
  check("forms", "textarea value and defaultValue", function () {
    var area = html("<textarea>a</textarea>").firstChild;
    area.value = "b";
    eq(area.defaultValue, "a"); eq(area.value, "b"); eq(area.textContent, "a");
  });
  check("forms", "input.select(), selectionStart/End and setRangeText", function () {
    var input = html("<input value=hello>").firstChild;
    input.select();
    eq(input.selectionStart, 0); eq(input.selectionEnd, 5);
    input.setRangeText("J", 0, 1);
    eq(input.value, "Jello");
  });

  // 3. Focus
  check("focus", "focus() sets document.activeElement and blur() clears it", function () {
    var input = html("<input>").firstChild;
    input.focus();
    eq(document.activeElement, input);
    input.blur();
    eq(document.activeElement, document.body);
  });
  check("focus", "blur, focusout, focus, focusin in order", function () {
    var host = html("<input><input>"), seen = [];
    host.firstChild.focus();
    ["focus", "blur", "focusin", "focusout"].forEach(function (t) {
      host.addEventListener(t, function (e) { seen.push(t + ":" + Array.prototype.indexOf.call(host.children, e.target)); }, true);
    });
    host.lastChild.focus();
    eq(seen.join(), "blur:0,focusout:0,focus:1,focusin:1");
  });
  check("focus", "document.hasFocus()", function () { eq(document.hasFocus(), true); });
  check("focus", "tabIndex defaults and focusability", function () {
    var host = html("<button>b</button><div>d</div><div tabindex=0>t</div>");
    eq(host.children[0].tabIndex, 0); eq(host.children[1].tabIndex, -1);
    host.children[1].focus();
    ok(document.activeElement !== host.children[1], "a plain div does not take focus");
    host.children[2].focus();
    eq(document.activeElement, host.children[2]);
  });
  check("focus", ":focus in matches()", function () {
    var input = html("<input>").firstChild;
    input.focus();
    eq(input.matches(":focus"), true);
  });

  // 4. Events
  var ctors = {
    UIEvent: function () { return new UIEvent("x", { detail: 2 }).detail === 2; },
    MouseEvent: function () { var e = new MouseEvent("click", { clientX: 5, button: 1, shiftKey: true }); return e.clientX === 5 && e.button === 1 && e.shiftKey && e instanceof UIEvent; },
    PointerEvent: function () { var e = new PointerEvent("pointerdown", { pointerId: 3, pointerType: "touch" }); return e.pointerId === 3 && e.pointerType === "touch" && e instanceof MouseEvent; },
    KeyboardEvent: function () { var e = new KeyboardEvent("keydown", { key: "Enter", code: "Enter", ctrlKey: true, repeat: true, isComposing: true }); return e.key === "Enter" && e.code === "Enter" && e.ctrlKey && e.repeat && e.isComposing && e.getModifierState("Control"); },
    InputEvent: function () { var e = new InputEvent("beforeinput", { inputType: "insertText", data: "a" }); return e.inputType === "insertText" && e.data === "a"; },
    FocusEvent: function () { var e = new FocusEvent("focus", { relatedTarget: document.body }); return e.relatedTarget === document.body; },
    WheelEvent: function () { var e = new WheelEvent("wheel", { deltaY: 4 }); return e.deltaY === 4 && e instanceof MouseEvent; },
    TouchEvent: function () { var t = new Touch({ identifier: 1, target: document.body, clientX: 3 }); var e = new TouchEvent("touchstart", { touches: [t] }); return e.touches.length === 1 && e.touches[0].clientX === 3; },
    CompositionEvent: function () { return new CompositionEvent("compositionend", { data: "ü" }).data === "ü"; },
    SubmitEvent: function () { var b = document.createElement("button"); return new SubmitEvent("submit", { submitter: b }).submitter === b; },
    PopStateEvent: function () { return new PopStateEvent("popstate", { state: { a: 1 } }).state.a === 1; },
    HashChangeEvent: function () { var e = new HashChangeEvent("hashchange", { oldURL: "a", newURL: "b" }); return e.oldURL === "a" && e.newURL === "b"; },
    PageTransitionEvent: function () { return new PageTransitionEvent("pageshow", { persisted: true }).persisted === true; },
    ErrorEvent: function () { var e = new ErrorEvent("error", { message: "m", lineno: 3 }); return e.message === "m" && e.lineno === 3; },
    PromiseRejectionEvent: function () { var p = Promise.reject(1); p.catch(function () {}); return new PromiseRejectionEvent("unhandledrejection", { promise: p, reason: 7 }).reason === 7; },
    ProgressEvent: function () { var e = new ProgressEvent("progress", { loaded: 5, total: 10, lengthComputable: true }); return e.loaded === 5 && e.lengthComputable; },
    MessageEvent: function () { return new MessageEvent("message", { data: { x: 1 }, origin: "o" }).data.x === 1; },
    StorageEvent: function () { return new StorageEvent("storage", { key: "k", newValue: "v" }).key === "k"; },
    CustomEvent: function () { return new CustomEvent("c", { detail: { d: 1 } }).detail.d === 1; },
  };
  Object.keys(ctors).forEach(function (name) {
    check("events", name + " constructor and properties", function () { ok(ctors[name](), name); });
  });
  check("events", "event methods are writable (jqLite assigns them)", function () {
    var e = new Event("x"), called = false;
    e.stopImmediatePropagation = function () { called = true; };
    e.stopImmediatePropagation();
    eq(called, true);
  });
  check("events", "addEventListener once", function () {
    var t = document.createElement("div"), n = 0;
    t.addEventListener("x", function () { n++; }, { once: true });
    t.dispatchEvent(new Event("x")); t.dispatchEvent(new Event("x"));
    eq(n, 1);
  });
  check("events", "addEventListener passive ignores preventDefault", function () {
    var t = document.createElement("div");
    t.addEventListener("x", function (e) { e.preventDefault(); }, { passive: true });
    var e = new Event("x", { cancelable: true });
    t.dispatchEvent(e);
    eq(e.defaultPrevented, false);
  });
  check("events", "capture listeners run before bubbling ones", function () {
    var host = html("<b></b>"), seen = [];
    host.addEventListener("x", function () { seen.push("bubble"); });
    host.addEventListener("x", function () { seen.push("capture"); }, { capture: true });
    host.firstChild.dispatchEvent(new Event("x", { bubbles: true }));
    eq(seen.join(), "capture,bubble");
  });
  check("events", "addEventListener signal removes the listener on abort", function () {
    var t = document.createElement("div"), n = 0, controller = new AbortController();
    t.addEventListener("x", function () { n++; }, { signal: controller.signal });
    t.dispatchEvent(new Event("x"));
    controller.abort();
    t.dispatchEvent(new Event("x"));
    eq(n, 1);
  });
  check("events", "composedPath()", function () {
    var host = html("<b></b>"), path;
    host.firstChild.addEventListener("x", function (e) { path = e.composedPath(); });
    host.firstChild.dispatchEvent(new Event("x", { bubbles: true }));
    eq(path[0], host.firstChild); eq(path[1], host); eq(path[path.length - 1], window);
  });
  check("events", "onclick attribute: this and return false", function () {
    var button = html("<button onclick='window.__confThis = this; return false'>x</button>").firstChild;
    var e = new MouseEvent("click", { cancelable: true });
    button.dispatchEvent(e);
    eq(global.__confThis, button); eq(e.defaultPrevented, true);
  });
  check("events", "onX properties for input, change, submit, keydown, pointerdown", function () {
    var el = document.createElement("input"), seen = [];
    ["input", "change", "submit", "keydown", "pointerdown"].forEach(function (t) {
      ok(("on" + t) in el, "on" + t);
      el["on" + t] = function () { seen.push(t); };
      el.dispatchEvent(new Event(t));
    });
    eq(seen.join(), "input,change,submit,keydown,pointerdown");
  });
  check("events", "window.event during dispatch", function () {
    var t = document.createElement("div"), seen, e = new Event("x");
    t.addEventListener("x", function () { seen = global.event; });
    t.dispatchEvent(e);
    eq(seen, e); eq(global.event, undefined);
  });

  // 5. DOM gaps
  check("dom", "dataset is a live DOMStringMap", function () {
    var el = html("<div data-user-id=7></div>").firstChild;
    eq(el.dataset.userId, "7");
    el.dataset.fooBar = "x";
    eq(el.getAttribute("data-foo-bar"), "x");
    delete el.dataset.userId;
    eq(el.hasAttribute("data-user-id"), false);
  });
  check("dom", "innerText with <br> and display:none", function () {
    var el = html("<p>a<br>b<span style='display:none'>hidden</span></p>").firstChild;
    eq(el.innerText, "a\nb");
    el.innerText = "x\ny";
    eq(el.innerHTML, "x<br>y");
  });
  check("dom", "outerText replaces the element with text", function () {
    var host = html("<b>x</b>");
    host.firstChild.outerText = "plain";
    eq(host.innerHTML, "plain");
  });
  check("dom", "append, prepend, replaceChildren", function () {
    var el = document.createElement("p");
    el.append("b", document.createElement("i"));
    el.prepend("a");
    eq(el.innerHTML, "ab<i></i>");
    el.replaceChildren("z");
    eq(el.innerHTML, "z");
  });
  check("dom", "before, after, replaceWith", function () {
    var host = html("<i></i>");
    host.firstChild.before("a"); host.lastChild.after("c"); host.querySelector("i").replaceWith("b");
    eq(host.innerHTML, "abc");
  });
  check("dom", "toggleAttribute and getAttributeNames", function () {
    var el = document.createElement("input");
    eq(el.toggleAttribute("disabled"), true); eq(el.disabled, true);
    el.toggleAttribute("disabled", true);
    eq(el.getAttributeNames().join(), "disabled");
  });
  check("dom", "insertAdjacentElement and insertAdjacentText", function () {
    var host = html("<i></i>");
    host.firstChild.insertAdjacentElement("beforebegin", document.createElement("b"));
    host.firstChild.insertAdjacentText("afterend", "t");
    eq(host.innerHTML, "<b></b>t<i></i>");
  });
  check("dom", "closest on every element kind", function () {
    var host = html("<table class=t><tbody><tr><td><svg><g></g></svg></td></tr></tbody></table>");
    eq(host.querySelector("g").closest(".t"), host.firstChild);
    eq(host.querySelector("td").closest("table"), host.firstChild);
  });
  check("dom", "DOMParser text/html", function () {
    var doc = new DOMParser().parseFromString("<p id=a>x</p>", "text/html");
    eq(doc.getElementById("a").textContent, "x"); ok(doc !== document, "a new document");
  });
  check("dom", "DOMParser XML and XMLSerializer", function () {
    var doc = new DOMParser().parseFromString("<r><i n='1'/></r>", "application/xml");
    eq(doc.documentElement.nodeName, "r"); eq(doc.querySelector("i").getAttribute("n"), "1");
    eq(new XMLSerializer().serializeToString(doc), '<r><i n="1"/></r>');
  });
  check("dom", "Range: selectNodeContents, toString, deleteContents", function () {
    var p = html("<p>ab<b>cd</b></p>").firstChild, range = document.createRange();
    range.selectNodeContents(p);
    eq(range.toString(), "abcd");
    range.setStart(p.firstChild, 1);
    range.deleteContents();
    eq(p.innerHTML, "a");
  });
  check("dom", "Range: extractContents and surroundContents", function () {
    var p = html("<p>abc</p>").firstChild, range = document.createRange();
    range.setStart(p.firstChild, 1); range.setEnd(p.firstChild, 2);
    range.surroundContents(document.createElement("b"));
    eq(p.innerHTML, "a<b>b</b>c");
    range.selectNode(p.querySelector("b"));
    var fragment = range.extractContents();
    eq(fragment.firstChild.outerHTML, "<b>b</b>"); eq(p.innerHTML, "ac");
  });
  check("dom", "getSelection with a range", function () {
    var p = html("<p>hello</p>").firstChild, range = document.createRange(), selection = getSelection();
    range.selectNodeContents(p);
    selection.removeAllRanges(); selection.addRange(range);
    eq(selection.toString(), "hello"); eq(selection.rangeCount, 1);
    selection.removeAllRanges();
  });
  check("dom", "TreeWalker and NodeIterator", function () {
    var host = html("<a>1<b>2</b></a>");
    var walker = document.createTreeWalker(host, NodeFilter.SHOW_ELEMENT), names = [];
    while (walker.nextNode()) names.push(walker.currentNode.nodeName);
    var iterator = document.createNodeIterator(host, NodeFilter.SHOW_TEXT), texts = [], n;
    while ((n = iterator.nextNode())) texts.push(n.data);
    eq(names.join(), "A,B"); eq(texts.join(), "1,2");
  });
  check("dom", "document.createEvent legacy names", function () {
    var e = document.createEvent("MouseEvents");
    e.initMouseEvent("click", true, true, window, 0, 0, 0, 0, 0, false, false, false, false, 0, null);
    ok(e instanceof MouseEvent && e.bubbles, "MouseEvents");
    var h = document.createEvent("HTMLEvents");
    h.initEvent("change", true, false);
    eq(h.type, "change");
    var c = document.createEvent("CustomEvent");
    c.initCustomEvent("c", false, false, 5);
    eq(c.detail, 5);
  });
  check("dom", "isConnected and getRootNode", function () {
    var el = document.createElement("i");
    eq(el.isConnected, false); eq(el.getRootNode(), el);
    document.body.appendChild(el);
    eq(el.isConnected, true); eq(el.getRootNode(), document);
    el.remove();
  });

  // 6. Observers and components
  check("observers", "MutationObserver childList and subtree, delivered as a microtask", function () {
    var host = html("<p></p>"), records = null;
    var observer = new MutationObserver(function (r) { records = r; });
    observer.observe(host, { childList: true, subtree: true });
    host.firstChild.appendChild(document.createElement("i"));
    eq(records, null, "not synchronous");
    return Promise.resolve().then(function () {
      eq(records.length, 1); eq(records[0].type, "childList"); eq(records[0].addedNodes[0].nodeName, "I");
    });
  });
  check("observers", "MutationObserver attributes with oldValue and filter", function () {
    var el = html("<p class=a></p>").firstChild, records = null;
    new MutationObserver(function (r) { records = r; }).observe(el, { attributeOldValue: true, attributeFilter: ["class"] });
    el.className = "b"; el.id = "ignored";
    return Promise.resolve().then(function () {
      eq(records.length, 1); eq(records[0].attributeName, "class"); eq(records[0].oldValue, "a");
    });
  });
  check("observers", "MutationObserver characterData with oldValue", function () {
    var text = html("x").firstChild, records = null;
    new MutationObserver(function (r) { records = r; }).observe(text, { characterDataOldValue: true });
    text.data = "y";
    return Promise.resolve().then(function () { eq(records[0].oldValue, "x"); eq(records[0].type, "characterData"); });
  });
  check("observers", "MutationObserver takeRecords and disconnect", function () {
    var el = document.createElement("p"), called = false;
    var observer = new MutationObserver(function () { called = true; });
    observer.observe(el, { attributes: true });
    el.title = "t";
    eq(observer.takeRecords().length, 1);
    observer.disconnect();
    el.title = "u";
    return Promise.resolve().then(function () { eq(called, false); });
  });
  var tagCount = 0;
  function tag() { return "conf-el-" + (++tagCount); }
  check("observers", "customElements define, get, and upgrade of existing elements", function () {
    var name = tag(), host = html("<" + name + "></" + name + ">");
    var C = class extends HTMLElement { constructor() { super(); this.upgraded = true; } };
    customElements.define(name, C);
    eq(customElements.get(name), C); eq(host.firstChild.upgraded, true); ok(host.firstChild instanceof C, "instance");
  });
  check("observers", "customElements callbacks: connected, disconnected, attributeChanged", function () {
    var name = tag(), seen = [];
    customElements.define(name, class extends HTMLElement {
      static get observedAttributes() { return ["a"]; }
      connectedCallback() { seen.push("connected"); }
      disconnectedCallback() { seen.push("disconnected"); }
      attributeChangedCallback(n, o, v) { seen.push(n + ":" + o + ">" + v); }
    });
    var el = document.createElement(name);
    document.body.appendChild(el);
    el.setAttribute("a", "1");
    el.remove();
    eq(seen.join(), "connected,a:null>1,disconnected");
  });
  check("observers", "customElements adoptedCallback", function () {
    var name = tag(), adopted = 0;
    customElements.define(name, class extends HTMLElement { adoptedCallback() { adopted++; } });
    var el = document.createElement(name);
    document.implementation.createHTMLDocument("").adoptNode(el);
    eq(adopted, 1);
  });
  check("observers", "customElements.whenDefined resolves on define", function () {
    var name = tag(), promise = customElements.whenDefined(name);
    var C = class extends HTMLElement {};
    customElements.define(name, C);
    return promise.then(function (value) { eq(value, C); });
  });
  check("observers", "attachShadow open and closed", function () {
    var open = document.createElement("div"), closed = document.createElement("div");
    var root = open.attachShadow({ mode: "open" });
    eq(open.shadowRoot, root); eq(root.host, open);
    closed.attachShadow({ mode: "closed" });
    eq(closed.shadowRoot, null);
  });
  check("observers", "slot assignment and slotchange", function () {
    var host = html("<div><span slot=s>x</span></div>").firstChild;
    var root = host.attachShadow({ mode: "open" }), changes = 0;
    root.innerHTML = "<slot name=s></slot>";
    var slot = root.querySelector("slot");
    slot.addEventListener("slotchange", function () { changes++; });
    eq(slot.assignedNodes()[0], host.firstChild);
    var other = document.createElement("b");
    other.slot = "s";
    host.appendChild(other);
    return eventually(function () { return changes > 0; }, "slotchange").then(function () { eq(slot.assignedElements().length, 2); });
  });
  check("observers", "events are retargeted across a shadow boundary; composed events cross it", function () {
    var host = html("<div></div>").firstChild, targets = [];
    var root = host.attachShadow({ mode: "open" });
    root.innerHTML = "<button>in</button>";
    document.body.addEventListener("x", function (e) { targets.push(e.target); });
    root.querySelector("button").dispatchEvent(new Event("x", { bubbles: true, composed: true }));
    root.querySelector("button").dispatchEvent(new Event("x", { bubbles: true }));
    eq(targets.length, 1); eq(targets[0], host);
  });

  // 7. History
  check("history", "pushState changes the URL, state and length", function () {
    var length = history.length;
    history.pushState({ step: 1 }, "", "?conf=1");
    eq(location.search, "?conf=1"); eq(history.state.step, 1); eq(history.length, length + 1);
  });
  check("history", "replaceState replaces the state", function () {
    var length = history.length;
    history.replaceState({ step: 2 }, "", "?conf=2");
    eq(history.state.step, 2); eq(history.length, length); eq(location.search, "?conf=2");
  });
  check("history", "back() is asynchronous and fires popstate with the state", function () {
    history.pushState({ step: 3 }, "", "?conf=3");
    var popped = null;
    var listener = function (e) { popped = e; };
    global.addEventListener("popstate", listener);
    history.back();
    eq(popped, null, "not synchronous");
    return eventually(function () { return popped; }, "popstate").then(function () {
      global.removeEventListener("popstate", listener);
      eq(popped.state.step, 2); eq(location.search, "?conf=2");
    });
  });
  check("history", "go(1) goes forward", function () {
    history.go(1);
    return eventually(function () { return location.search === "?conf=3"; }, "forward").then(function () { eq(history.state.step, 3); });
  });
  check("history", "location.hash fires hashchange with oldURL and newURL", function () {
    var before = location.href, event = null;
    var listener = function (e) { event = e; };
    global.addEventListener("hashchange", listener);
    location.hash = "conf-hash";
    return eventually(function () { return event; }, "hashchange").then(function () {
      global.removeEventListener("hashchange", listener);
      eq(event.oldURL, before); eq(event.newURL, location.href); ok(/#conf-hash$/.test(event.newURL), "newURL");
    });
  });
  check("history", "a fragment navigation creates an entry that back() leaves", function () {
    var length = history.length;
    location.hash = "conf-next";
    eq(history.length, length + 1);
    history.back();
    return eventually(function () { return location.hash === "#conf-hash"; }, "back to #conf-hash");
  });
  check("history", "scrollRestoration", function () {
    eq(history.scrollRestoration, "auto");
    history.scrollRestoration = "manual";
    eq(history.scrollRestoration, "manual");
    history.scrollRestoration = "bogus";
    eq(history.scrollRestoration, "manual");
    history.scrollRestoration = "auto";
  });

  // --- CSS: the CSSOM, the cascade and media queries (issue 15)
  check("css", "a <style> sheet is in document.styleSheets with its rules", function () {
    var host = html("<style>.cf-a { color: rgb(1, 2, 3) } @media all { .cf-a { margin-top: 2px } }</style><p class='cf-a'>x</p>");
    var sheet = host.querySelector("style").sheet;
    ok(Array.prototype.indexOf.call(document.styleSheets, sheet) >= 0, "sheet listed");
    eq(sheet.cssRules[0].selectorText, ".cf-a");
    ok(sheet.cssRules[1] instanceof CSSMediaRule, "CSSMediaRule");
    host.remove();
  });
  check("css", "getComputedStyle applies specificity, !important and inheritance", function () {
    var host = html("<style>#cf-b span { color: rgb(0, 0, 255) } span.cf-c { color: rgb(255, 0, 0) !important } #cf-b { font-size: 20px }</style>" +
      "<div id='cf-b'><span>a</span><span class='cf-c' style='color: green'>b</span></div>");
    var spans = host.querySelectorAll("span");
    eq(getComputedStyle(spans[0]).color, "rgb(0, 0, 255)");
    eq(getComputedStyle(spans[1]).color, "rgb(255, 0, 0)");
    eq(getComputedStyle(spans[0]).fontSize, "20px");
    eq(getComputedStyle(host.querySelector("div")).display, "block");
    host.remove();
  });
  check("css", "var() with fallbacks and insertRule invalidation", function () {
    var host = html("<style>.cf-d { --cf-w: 7px; width: var(--cf-w); height: var(--cf-none, 3px) }</style><div class='cf-d'></div>");
    var div = host.querySelector("div"), sheet = host.querySelector("style").sheet;
    eq(getComputedStyle(div).width, "7px");
    eq(getComputedStyle(div).height, "3px");
    sheet.insertRule(".cf-d { --cf-w: 9px }", 1);
    eq(getComputedStyle(div).width, "9px");
    host.remove();
  });
  check("css", "constructable sheets and adoptedStyleSheets", function () {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(".cf-e { margin-left: 5px }");
    var host = html("<p class='cf-e'>x</p>");
    var before = document.adoptedStyleSheets;
    document.adoptedStyleSheets = before.concat([sheet]);
    eq(getComputedStyle(host.firstChild).marginLeft, "5px");
    document.adoptedStyleSheets = before;
    host.remove();
  });
  check("css", "CSS.supports and CSS.escape", function () {
    eq(CSS.supports("display", "flex"), true);
    eq(CSS.supports("display", "bogus"), false);
    eq(CSS.supports("(color: red) and (not (display: bogus))"), true);
    eq(CSS.escape("#1a"), "\\#1a");
  });
  check("css", "matchMedia evaluates width and preferences", function () {
    var mql = matchMedia("(min-width: 1px) and (max-width: 100000px)");
    eq(mql.matches, true);
    eq(mql.media, "(min-width: 1px) and (max-width: 100000px)");
    eq(matchMedia("print").matches, false);
    eq(typeof mql.addEventListener, "function");
    eq(typeof mql.addListener, "function");
  });
  check("animation", "Element.animate, getAnimations, finish and cancel", function () {
    var host = html("<p>x</p>"), el = host.firstChild;
    var a = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1000, id: "cf" });
    eq(a.playState, "running");
    eq(a.id, "cf");
    eq(el.getAnimations()[0], a);
    eq(document.getAnimations().indexOf(a) >= 0, true);
    a.finish();
    eq(a.playState, "finished");
    eq(a.currentTime, 1000);
    var b = el.animate({ opacity: 0 }, 1000);
    b.cancel();
    eq(b.playState, "idle");
    eq(b.currentTime, null);
    eq(el.getAnimations().length, 0);
    host.remove();
  });

  // Frames (issue 15)
  function frame(srcdoc) {
    var f = document.createElement("iframe");
    var loaded = new Promise(function (resolve) { f.addEventListener("load", function () { resolve(f); }); });
    f.srcdoc = srcdoc;
    document.body.appendChild(f);
    return loaded;
  }
  check("frames", "a srcdoc iframe gets its own window and document, then a load event", function () {
    return frame("<p id=p>inside</p><script>var own = 1;<\/script>").then(function (f) {
      var w = f.contentWindow;
      eq(w.own, 1, "the frame's global");
      eq(typeof global.own, "undefined", "the parent's global");
      eq(f.contentDocument.getElementById("p").textContent, "inside");
      eq(w.parent, global, "parent");
      eq(w.frameElement, f, "frameElement");
      ok(Array.prototype.indexOf.call(global, w) >= 0 || global[global.length - 1] === w, "window[i]");
      f.remove();
    });
  });
  check("frames", "postMessage carries source and origin; a mismatched targetOrigin is dropped", function () {
    return frame("<script>addEventListener('message', function (e) { e.source.postMessage('echo:' + e.data, '*'); });<\/script>")
      .then(function (f) {
        var w = f.contentWindow, got = [];
        function listener(e) { if (e.source === w) got.push(e.data + "|" + typeof e.origin); }
        global.addEventListener("message", listener);
        w.postMessage("dropped", "https://other.invalid");
        w.postMessage("kept", "*");
        eq(got.length, 0, "messages are tasks");
        return eventually(function () { return got.length; }, "the echo").then(function () {
          return eventually(function () { return false; }, "", 5).catch(function () {});
        }).then(function () {
          global.removeEventListener("message", listener);
          eq(got.join(), "echo:kept|string");
          f.remove();
        });
      });
  });
  check("frames", "removing an iframe tears its frame down", function () {
    return frame("<p>x</p>").then(function (f) {
      var w = f.contentWindow;
      f.remove();
      eq(f.contentWindow, null, "contentWindow");
      eq(f.contentDocument, null, "contentDocument");
      eq(w.closed, true, "closed");
    });
  });

  // 11. Web Cryptography (issue 16): the page is a file: URL, a secure context, so crypto.subtle exists.
  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function utf8(text) { return new TextEncoder().encode(text); }
  function rejectsWith(promise, name) {
    return promise.then(function () { throw new Error("resolved, expected " + name); },
      function (e) { eq(e instanceof DOMException, true, "a DOMException"); eq(e.name, name); });
  }
  check("crypto", "getRandomValues fills and returns the same array; Float32Array is a TypeMismatchError", function () {
    var a = new Uint8Array(32);
    eq(crypto.getRandomValues(a), a);
    ok(a.some(function (b) { return b !== 0; }), "random bytes");
    try { crypto.getRandomValues(new Float32Array(2)); } catch (e) { eq(e.name, "TypeMismatchError"); return; }
    throw new Error("no TypeMismatchError");
  });
  check("crypto", "getRandomValues above 65536 bytes is a QuotaExceededError", function () {
    try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { eq(e.name, "QuotaExceededError"); return; }
    throw new Error("no QuotaExceededError");
  });
  check("crypto", "randomUUID is a version 4 UUID", function () {
    ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()), "UUID shape");
  });
  check("crypto", "subtle.digest SHA-256 of 'abc' (FIPS 180)", function () {
    return crypto.subtle.digest("SHA-256", utf8("abc")).then(function (digest) {
      eq(hex(digest), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    });
  });
  check("crypto", "HMAC-SHA256 sign and verify (RFC 4231 case 2)", function () {
    var key;
    return crypto.subtle.importKey("raw", utf8("Jefe"), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]).then(function (k) {
      key = k;
      return crypto.subtle.sign("HMAC", key, utf8("what do ya want for nothing?"));
    }).then(function (signature) {
      eq(hex(signature), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
      return crypto.subtle.verify("HMAC", key, signature, utf8("what do ya want for nothing?"));
    }).then(function (valid) { eq(valid, true, "verify"); });
  });
  check("crypto", "AES-GCM round trip; a tampered ciphertext is an OperationError", function () {
    var iv = crypto.getRandomValues(new Uint8Array(12)), key;
    return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]).then(function (k) {
      key = k;
      eq(key.type, "secret"); eq(key.extractable, false); eq(key.algorithm.length, 256);
      return crypto.subtle.encrypt({ name: "AES-GCM", iv: iv }, key, utf8("conformance"));
    }).then(function (sealed) {
      var tampered = new Uint8Array(sealed.slice(0));
      tampered[0] ^= 1;
      return crypto.subtle.decrypt({ name: "AES-GCM", iv: iv }, key, sealed).then(function (plain) {
        eq(new TextDecoder().decode(plain), "conformance");
        return rejectsWith(crypto.subtle.decrypt({ name: "AES-GCM", iv: iv }, key, tampered), "OperationError");
      });
    });
  });
  check("crypto", "PBKDF2-HMAC-SHA256 deriveBits (RFC 7914 section 11)", function () {
    return crypto.subtle.importKey("raw", utf8("passwd"), "PBKDF2", false, ["deriveBits"]).then(function (key) {
      return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: utf8("salt"), iterations: 1 }, key, 256);
    }).then(function (bits) { eq(hex(bits), "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"); });
  });
  check("crypto", "an unknown algorithm is a NotSupportedError; a non-extractable key refuses exportKey", function () {
    return rejectsWith(crypto.subtle.digest("MD5", utf8("x")), "NotSupportedError").then(function () {
      return crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    }).then(function (key) { return rejectsWith(crypto.subtle.exportKey("raw", key), "InvalidAccessError"); });
  });

  // 12. Performance timeline and the device's services (issue 16, part 7).
  check("timing", "performance.mark and measure between marks", function () {
    var a = performance.mark("conformance-a", { startTime: 5, detail: { n: 1 } });
    performance.mark("conformance-b", { startTime: 25 });
    var m = performance.measure("conformance-ab", "conformance-a", "conformance-b");
    eq(a.detail.n, 1);
    eq(m.duration, 20);
    eq(performance.getEntriesByName("conformance-ab", "measure").length, 1);
    ok(m instanceof PerformanceMeasure && a instanceof PerformanceEntry, "entry classes");
  });
  check("timing", "measure of an unknown mark is a SyntaxError", function () {
    try { performance.measure("x", "conformance-no-such-mark"); } catch (e) { eq(e.name, "SyntaxError"); return; }
    throw new Error("no error");
  });
  check("timing", "PerformanceObserver gets marks in a later task", function () {
    var seen = null;
    var o = new PerformanceObserver(function (list) { seen = list.getEntries().map(function (e) { return e.name; }); o.disconnect(); });
    o.observe({ type: "mark" });
    performance.mark("conformance-observed");
    eq(seen, null);
    return eventually(function () { return seen !== null; }, "the observer's callback").then(function () { eq(seen.join(), "conformance-observed"); });
  });
  check("timing", "the navigation entry and performance.timing follow the load", function () {
    var nav = performance.getEntriesByType("navigation")[0];
    ok(nav instanceof PerformanceNavigationTiming, "a PerformanceNavigationTiming");
    ok(nav.loadEventStart >= nav.domContentLoadedEventStart && nav.domContentLoadedEventStart > 0, "load after DOMContentLoaded");
    ok(performance.timing.loadEventStart >= performance.timing.navigationStart, "legacy timing");
  });
  check("device", "navigator.onLine and isSecureContext", function () {
    eq(typeof navigator.onLine, "boolean");
    eq(isSecureContext, true);
  });
  check("device", "clipboard calls outside a user gesture are refused", function () {
    return rejectsWith(navigator.clipboard.writeText("x"), "NotAllowedError");
  });
  check("device", "XMLHttpRequest runs onload where it was set among the listeners", function () {
    var x = new XMLHttpRequest(), order = [];
    x.addEventListener("loadstart", function () { order.push("first"); });
    x.onloadstart = function () { order.push("handler"); };
    x.addEventListener("loadstart", function () { order.push("last"); });
    x.open("GET", "conformance.js");
    x.send();
    return eventually(function () { return order.length === 3; }, "loadstart").then(function () { eq(order.join(), "first,handler,last"); });
  });

  // 13. Streams (issue 16, part 2): ReadableStream, WritableStream, TransformStream, compression.
  check("streams", "ReadableStream pulls up to highWaterMark, then once per read; tee gives both branches every chunk", function () {
    var pulls = 0, controller;
    var stream = new ReadableStream({ start: function (c) { controller = c; }, pull: function (c) { pulls++; c.enqueue(pulls); } },
                                    { highWaterMark: 2 });
    return eventually(function () { return pulls >= 2; }, "two pulls").then(function () {
      eq(pulls, 2, "pulls before any read");
      eq(controller.desiredSize, 0);
      var branches = stream.tee(), a = branches[0].getReader(), b = branches[1].getReader();
      return Promise.all([a.read(), b.read()]).then(function (results) {
        eq(results[0].value, 1); eq(results[1].value, 1);
        ok(stream.locked, "the teed stream is locked");
        try { stream.getReader(); } catch (e) { eq(e.name, "TypeError"); return; }
        throw new Error("a second reader was allowed");
      });
    });
  });
  check("streams", "pipeThrough a TransformStream into a WritableStream; writing to a closed stream is a TypeError", function () {
    var written = [];
    var upper = new TransformStream({ transform: function (chunk, c) { c.enqueue(chunk.toUpperCase()); } });
    var source = new ReadableStream({ start: function (c) { c.enqueue("a"); c.enqueue("b"); c.close(); } });
    var sink = new WritableStream({ write: function (chunk) { written.push(chunk); } });
    return source.pipeThrough(upper).pipeTo(sink).then(function () {
      eq(written.join(), "A,B");
      var writer = new WritableStream().getWriter();
      return writer.close().then(function () { return writer.write("x"); }).then(function () { throw new Error("the write resolved"); },
        function (e) { eq(e.name, "TypeError"); });
    });
  });
  check("streams", "CompressionStream gzip round trip; corrupt gzip errors with TypeError", function () {
    var text = "streams ".repeat(100);
    var packed = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Response(packed).arrayBuffer().then(function (gzip) {
      var bytes = new Uint8Array(gzip);
      eq(bytes[0], 31); eq(bytes[1], 139);
      ok(bytes.length < text.length, "compressed");
      return new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    }).then(function (back) {
      eq(back, text);
      var corrupt = new Blob([new Uint8Array([31, 139, 8, 0, 1, 2, 3, 4])]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Response(corrupt).arrayBuffer().then(function () { throw new Error("corrupt input decompressed"); },
        function (e) { eq(e.name, "TypeError"); });
    });
  });

  // XMLHttpRequest (issue 16, part 5): synchronous requests.
  check("xhr", "synchronous XMLHttpRequest: the response is there when send() returns; readystatechange DONE, load; a due timer waits", function () {
    var seen = [], fired = false;
    setTimeout(function () { fired = true; }, 0);
    var x = new XMLHttpRequest();
    x.onreadystatechange = function () { seen.push(x.readyState); };
    x.onloadstart = function () { seen.push("loadstart"); };
    x.onload = function () { seen.push("load"); };
    x.open("GET", "conformance.js", false);
    x.send();
    eq(x.readyState, 4);
    ok(x.responseText.indexOf("web-API conformance checks") > 0, "the response text");
    eq(seen.join(), "1,4,load");
    eq(fired, false, "the timer fired during the request");
  });
  check("xhr", "a document's synchronous XMLHttpRequest rejects timeout and responseType with InvalidAccessError", function () {
    var x = new XMLHttpRequest();
    x.open("GET", "conformance.js", false);
    try { x.timeout = 5; throw new Error("timeout was set"); } catch (e) { eq(e.name, "InvalidAccessError"); }
    try { x.responseType = "json"; throw new Error("responseType was set"); } catch (e) { eq(e.name, "InvalidAccessError"); }
  });

  // Resource Timing (issue 16, part 7).
  check("resources", "the page's scripts and its fetches are PerformanceResourceTiming entries with their initiatorType", function () {
    var script = performance.getEntriesByType("resource").filter(function (e) { return /\/conformance\.js$/.test(e.name) && e.initiatorType === "script"; });
    eq(script.length, 1, "entries for conformance.js");
    ok(script[0] instanceof PerformanceResourceTiming, "a PerformanceResourceTiming");
    eq(script[0].initiatorType, "script");
    ok(script[0].responseEnd >= script[0].startTime && script[0].duration >= 0, "its times");
    var url = new URL("conformance.test.html?timing", location.href).href;
    return fetch(url).then(function (r) { return r.text(); }).then(function () {
      return eventually(function () { return performance.getEntriesByName(url)[0]; }, "the fetch's entry");
    }).then(function (entry) { eq(entry.initiatorType, "fetch"); eq(entry.entryType, "resource"); });
  });

  function run() {
    var score = { passed: 0, total: checks.length, areas: {} };
    var index = 0;
    // An API under test may throw where no check can catch it (a listener, a custom element reaction, a
    // rejected promise): that fails the running check, not the page.
    var stray = [];
    function onError(event) { event.preventDefault(); stray.push(String(event.message || event.error)); }
    function onRejection(event) { event.preventDefault(); stray.push("unhandled rejection: " + String(event.reason)); }
    global.addEventListener("error", onError);
    global.addEventListener("unhandledrejection", onRejection);
    return new Promise(function (resolve) {
      (function next() {
        if (index >= checks.length) {
          global.removeEventListener("error", onError);
          global.removeEventListener("unhandledrejection", onRejection);
          resolve(score);
          return;
        }
        var c = checks[index++];
        var area = score.areas[c.area] || (score.areas[c.area] = { passed: 0, total: 0, failed: [] });
        area.total++;
        stray = [];
        // A check that never settles (a promise an API never resolves) fails after 200 macrotasks; the watch
        // stops as soon as the check settles.
        var settled = false;
        var check = Promise.resolve().then(c.fn);
        check.then(function () { settled = true; }, function () { settled = true; });
        Promise.race([check, eventually(function () { return settled; }, "the check to settle", 200)]).then(function () {
          if (stray.length) throw new Error("uncaught: " + stray.join("; "));
        }).then(function () {
          area.passed++; score.passed++;
        }, function (error) {
          var text = String(error && error.message || error);
          if (stray.length && !/^uncaught: /.test(text)) text += " (uncaught: " + stray.join("; ") + ")";
          area.failed.push({ name: c.name, error: text });
        }).then(function () { setTimeout(next, 0); });
      })();
    });
  }
  global.conformanceChecks = checks;
  global.conformance = new Promise(function (resolve) {
    if (document.readyState === "complete") resolve();
    else global.addEventListener("load", function () { resolve(); });
  }).then(run).then(function (score) {
    // For scripts/conformance, which reads the page's DOM.
    var out = document.createElement("script");
    out.type = "application/json";
    out.id = "conformance-score";
    out.textContent = JSON.stringify(score).replace(/</g, "\\u003c");
    document.body.appendChild(out);
    return score;
  });
})(window);
