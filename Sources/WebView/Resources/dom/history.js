(function (require, native, env) {
  'use strict';
  // The page's session history: this document's entries. `pushState`/`replaceState` and fragment navigations
  // (`location.hash = ...`, links to `#x`) add or replace entries; `back()`, `forward()` and `go(n)` traverse them in
  // a later task, firing `popstate` and then, in another task, `hashchange` when the fragment changed. Each change of
  // URL is told to Swift (`native.urlChanged(url, type)`) with WebKit's same-document navigation type. The entries of
  // the web view's other documents are Swift's (WebViewCore's session history): `length` counts them, a new entry
  // here drops the ones ahead (`native.historyPushed`), and a traversal past this document's entries goes to
  // another document (`native.traverseHistory`), a `backForward` navigation.
  var g = globalThis, location = g.location;
  var URLImpl = require('domino/lib/URL');
  var entries = [{ url: location.href, state: null }], index = 0, currentState = null, scrollRestoration = 'auto';

  function setURL(url, type) {
    env.setURL(url);
    native.urlChanged(url, type);
  }
  function fragmentOf(url) { var i = url.indexOf('#'); return i < 0 ? null : url.slice(i); }

  // HTML's structured clone (platform/clone.js, the same as structuredClone; DataCloneError for what it cannot clone)
  function clone(value, method) { return env.structuredClone(value, [], method + "' on 'History"); }

  function changeState(method, push, args) {
    if (args.length < 2) throw new TypeError('Not enough arguments');   // WebKit's words
    var serialized = clone(args[0], method), url = args[2];
    var newURL = location.href;
    if (url !== undefined && url !== null) {
      newURL = new URLImpl(location.href).resolve(String(url));
      var a = new URLImpl(newURL), b = new URLImpl(location.href);
      if (!a.isAbsolute() || a.scheme !== b.scheme || a.host !== b.host || a.port !== b.port) {
        throw new DOMException("Failed to execute '" + method + "' on 'History': A history state object with URL '" + newURL + "' cannot be created in a document with origin '" + b.scheme + '://' + (b.host || '') + "' and URL '" + location.href + "'.", 'SecurityError');
      }
    }
    if (push) { entries.splice(index + 1); entries.push({ url: newURL, state: serialized }); index++; native.historyPushed(); }
    else entries[index] = { url: newURL, state: serialized };
    currentState = clone(serialized, method);
    setURL(newURL, push ? 'sessionStatePush' : 'sessionStateReplace');
  }

  function fireHashChange(oldURL, newURL) {
    env.task(function () {
      g._dispatchEvent(new g.HashChangeEvent('hashchange', { bubbles: false, cancelable: false, oldURL: oldURL, newURL: newURL }), true);
    });
  }
  // window.js hands fragment navigations here: a new entry (or the same one again for the same URL or
  // `location.replace`), whose state is null. As HTML's "update document for history step application" says and
  // WebKit and Chromium do, `popstate` (state null) is fired at once, before the navigation returns, and
  // `hashchange` follows in a task when the fragment changed. (Mithril's router, for one, listens to `popstate` only.)
  env.navigateToFragment = function (url, replace) {
    var old = location.href;
    if (replace || url === old) entries[index] = { url: url, state: null };
    else { entries.splice(index + 1); entries.push({ url: url, state: null }); index++; native.historyPushed(); }
    currentState = null;
    setURL(url, 'anchorNavigation');
    if (fragmentOf(old) !== fragmentOf(url)) fireHashChange(old, url);
    g._dispatchEvent(new g.PopStateEvent('popstate', { state: null }), true);
  };

  function traverse(delta) {
    env.task(function () {
      if (delta === 0) { location.reload(); return; }
      var target = index + delta;
      if (target < 0 || target >= entries.length) { native.traverseHistory(delta); return; }
      var oldURL = location.href;
      index = target;
      var entry = entries[index];
      currentState = clone(entry.state, 'popstate');
      setURL(entry.url, 'sessionStatePop');
      g._dispatchEvent(new g.PopStateEvent('popstate', { state: currentState }), true);
      if (fragmentOf(oldURL) !== fragmentOf(entry.url)) fireHashChange(oldURL, entry.url);
    });
  }

  function History() { throw new TypeError('Illegal constructor'); }
  var proto = History.prototype;
  function method(name, f) { Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true }); }
  function getter(name, get, set) { Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true }); }
  getter('length', function () { return native.historyAround() + entries.length; });
  getter('state', function () { return currentState; });
  getter('scrollRestoration', function () { return scrollRestoration; }, function (v) {
    if (v === 'auto' || v === 'manual') scrollRestoration = v;   // an unknown enum value is ignored
  });
  method('pushState', function pushState(data, unused, url) { changeState('pushState', true, arguments); });
  method('replaceState', function replaceState(data, unused, url) { changeState('replaceState', false, arguments); });
  method('go', function go(delta) { traverse(delta === undefined ? 0 : (Number(delta) | 0)); });
  method('back', function back() { traverse(-1); });
  method('forward', function forward() { traverse(1); });
  Object.defineProperty(proto, Symbol.toStringTag, { value: 'History', configurable: true });
  // For Swift: this document's entries (their URLs and the current one's index), and a traversal it asks for.
  env.historyEntries = function () { return { index: index, urls: entries.map(function (e) { return e.url; }) }; };
  env.historyGo = traverse;
  Object.defineProperty(g, 'History', { value: History, writable: true, configurable: true });
  Object.defineProperty(g, 'history', { value: Object.create(proto), writable: true, configurable: true });
  return env;
})
