(function (require, native, config) {
  'use strict';
  var g = globalThis;
  var domino = require('domino');
  var impl = domino.impl;
  var Window = require('domino/lib/Window');
  var ET = require('domino/lib/EventTarget');
  var Location = require('domino/lib/Location');
  var URLImpl = require('domino/lib/URL');
  var env = { parsing: false, visible: true, replies: Object.create(null), nextReply: 1, require: require };

  // --- errors from listeners and handlers are reported, and dispatch goes on (as in browsers)
  function guard(f) {
    var wrapped = function (event) {
      try { return f.call(this, event); } catch (error) { native.reportError(error); }
    };
    wrapped.__hybridOriginal = f;
    return wrapped;
  }
  var add = ET.prototype.addEventListener, setHandler = ET.prototype._setEventHandler;
  ET.prototype.addEventListener = function (type, listener, options) {
    var capture = options !== null && typeof options === 'object' ? !!options.capture : !!options;
    var once = options !== null && typeof options === 'object' && !!options.once;
    add.call(this, type, listener, capture);
    var list = this._listeners && this._listeners[type];
    if (!list || typeof listener !== 'function') return;
    for (var i = list.length - 1; i >= 0; i--) {
      var entry = list[i];
      if (entry.listener === listener && entry.f === listener) {
        var target = this, guarded = guard(listener);
        entry.f = once ? function (e) { target.removeEventListener(type, listener, capture); return guarded.call(this, e); } : guarded;
        break;
      }
    }
  };
  ET.prototype.removeEventListener = (function (remove) {
    return function (type, listener, options) {
      var capture = options !== null && typeof options === 'object' ? !!options.capture : !!options;
      return remove.call(this, type, listener, capture);
    };
  })(ET.prototype.removeEventListener);
  ET.prototype._setEventHandler = function (type, handler) {
    setHandler.call(this, type, typeof handler === 'function' ? guard(handler) : handler);
  };
  ET.prototype._getEventHandler = function (type) {
    var h = this._handlers && this._handlers[type];
    return (h && h.__hybridOriginal) || h || null;
  };

  // --- the window is the global object
  env.parser = domino.createIncrementalHTMLParser();
  env.document = env.parser.document();
  env.document._address = config.url;
  Window.call(g, env.document);
  var skip = { console: 1, _run: 1, setTimeout: 1, clearTimeout: 1, setInterval: 1, clearInterval: 1,
               navigator: 1, history: 1, constructor: 1 };
  [ET.prototype, Window.prototype].forEach(function (proto) {
    Object.getOwnPropertyNames(proto).forEach(function (name) {
      if (skip[name] || Object.prototype.hasOwnProperty.call(g, name) && name !== 'location') return;
      var d = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof d.value === 'function' && !/^[A-Z]/.test(name)) {
        var f = d.value;
        d.value = function () { return f.apply(this == null ? g : this, arguments); };
        Object.defineProperty(d.value, 'name', { value: name });
      }
      d.configurable = true;
      Object.defineProperty(g, name, d);
    });
  });
  Object.defineProperty(g, 'Window', { value: Window, writable: true, configurable: true });
  ['window', 'self', 'frames', 'parent', 'top', 'globalThis'].forEach(function (name) {
    Object.defineProperty(g, name, { value: g, writable: name !== 'window', configurable: name !== 'window' });  // self, frames, parent, top are [Replaceable]
  });
  ['load', 'unhandledrejection', 'popstate', 'hashchange', 'message', 'resize', 'unload', 'beforeunload',
   'focus', 'blur', 'pageshow', 'pagehide', 'online', 'offline', 'DOMContentLoaded'].forEach(function (type) {
    Object.defineProperty(g, 'on' + type, {
      get: function () { return ET.prototype._getEventHandler.call(g, type); },
      set: function (v) { ET.prototype._setEventHandler.call(g, type, v); },
      configurable: true
    });
  });
  var onerror = null;
  Object.defineProperty(g, 'onerror', {
    get: function () { return onerror; },
    set: function (v) { onerror = typeof v === 'function' ? v : null; }, configurable: true
  });

  // --- location: reading works as domino's; assigning is a navigation request
  var location = g.location;
  function resolve(url) { return new URLImpl(location._href).resolve(String(url)); }
  function withoutHash(u) { var i = u.indexOf('#'); return i < 0 ? u : u.slice(0, i); }
  function navigate(url, type) {
    var resolved = resolve(url);
    if (withoutHash(resolved) === withoutHash(location._href) && resolved.indexOf('#') >= 0 && type !== 'reload') {
      var old = location._href;
      location._href = resolved;
      native.urlChanged(resolved);
      if (old !== resolved) env.task(function () { g._dispatchEvent(new impl.Event('hashchange'), true); });
      return;
    }
    native.navigate(String(url), resolved, type, true);
  }
  env.navigate = navigate;
  Object.defineProperties(location, {
    assign: { value: function assign(url) { navigate(url, 'location'); } },
    replace: { value: function replace(url) { navigate(url, 'location'); } },
    reload: { value: function reload() { navigate(location._href, 'reload'); } },
    href: { get: function () { return this._href; }, set: function (v) { navigate(v, 'location'); } }
  });
  Object.defineProperty(g, 'location', {
    get: function () { return location; },
    set: function (v) { env.navigateFrom ? env.navigateFrom(v, 'location') : navigate(v, 'location'); }, configurable: true
  });
  Object.defineProperty(env.document, 'location', {
    get: function () { return location; }, set: function (v) { navigate(v, 'location'); }, configurable: true
  });
  env.setURL = function (url) { location._href = url; env.document._address = url; };

  // --- navigator and history
  var navigator = Object.create(require('domino/lib/NavigatorID'), {
    userAgent: { value: config.userAgent, enumerable: true },
    appVersion: { value: config.userAgent.replace(/^Mozilla\//, ''), enumerable: true },
    platform: { value: 'Linux x86_64', enumerable: true },
    vendor: { value: 'HybridRuntime', enumerable: true },
    language: { value: 'en-US', enumerable: true },
    languages: { value: Object.freeze(['en-US', 'en']), enumerable: true },
    onLine: { value: true, enumerable: true },
    cookieEnabled: { value: true, enumerable: true },
    hardwareConcurrency: { value: 2, enumerable: true },
    webdriver: { value: false, enumerable: true }
  });
  Object.defineProperty(g, 'navigator', { value: navigator, writable: true, configurable: true });
  var historyState = null, historyLength = 1;
  function changeState(state, url, push) {
    if (url !== undefined && url !== null) {
      var resolved = resolve(url);
      var a = new URLImpl(resolved), b = new URLImpl(location._href);
      if (a.scheme !== b.scheme || a.host !== b.host || a.port !== b.port) {
        throw new Error('SecurityError: a history state URL must have the document\'s origin');
      }
      location._href = resolved;
      env.document._address = resolved;
      native.urlChanged(resolved);
    }
    historyState = state === undefined ? null : JSON.parse(JSON.stringify(state === undefined ? null : state));
    if (push) historyLength += 1;
  }
  var history = {
    get length() { return historyLength; },
    get state() { return historyState; },
    scrollRestoration: 'auto',
    pushState: function pushState(state, title, url) { changeState(state, url, true); },
    replaceState: function replaceState(state, title, url) { changeState(state, url, false); },
    back: function back() {}, forward: function forward() {}, go: function go() {}
  };
  Object.defineProperty(g, 'history', { value: history, writable: true, configurable: true });
  return env;
})
