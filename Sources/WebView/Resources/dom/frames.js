(function (require, native, env) {
  'use strict';
  // iframes' browsing contexts. Each frame's document is a page environment of its own (a context in the
  // runtime's group, made by Frames.swift); this script runs in every one of them. Here: the iframe elements of
  // this document and their frame numbers, the windows one frame sees of the others (views), `postMessage`
  // with a structured clone, and the frame's place in the tree (`parent`, `top`, `frameElement`).
  //
  // A window seen from another frame is a view of it (a Proxy, one per viewer and window, so identity holds in
  // the viewer): it fixes `this` for the window's own methods, gives a cross-origin window only what HTML's
  // cross-origin properties allow (else a SecurityError), and carries the viewer as `postMessage`'s source.
  var g = globalThis, doc = env.document, impl = env.impl;
  var URLImpl = require('domino/lib/URL');

  // --- this document's frames
  var records = new Map();          // frame number -> { element, env (the frame's page env), expectLoad }
  var numbers = new WeakMap();      // iframe element -> frame number
  var nextNumber = 1;

  env.frameInserted = function (el) {
    if (numbers.has(el)) return;
    var id = nextNumber++;
    var record = { element: el, env: null, expectLoad: false };
    numbers.set(el, id);
    records.set(id, record);
    syncIndices();
    var srcdoc = el.getAttribute('srcdoc'), src = el.getAttribute('src');
    if (srcdoc !== null || src !== null && src !== '') { navigate(id); return; }
    // No src: the initial about:blank document (made on first use) and a load event, as a task.
    record.expectLoad = true;
    env.task(function () { env.frameLoaded(id); });
  };

  env.frameAttributeChanged = function (el, name) {
    var id = numbers.get(el);
    if (id === undefined) return;
    // Setting srcdoc navigates; a src change navigates unless srcdoc is there (removing src does nothing).
    if (name === 'srcdoc' ? el.hasAttribute('srcdoc') : !el.hasAttribute('srcdoc') && el.hasAttribute('src')) navigate(id);
  };

  function navigate(id) {
    var record = records.get(id), el = record.element;
    var srcdoc = el.getAttribute('srcdoc');
    if (srcdoc !== null) {
      record.expectLoad = native.navigateFrame(id, undefined, srcdoc);
      return;
    }
    var src = el.getAttribute('src') || 'about:blank';
    var resolved;
    try { resolved = new URLImpl(doc._address || location.href).resolve(src); } catch (e) { resolved = src; }
    // The request goes to interceptors (a bridge's signal URLs) and the navigation delegate first.
    if (!native.navigate(src, resolved, 'iframe', false)) return;
    record.expectLoad = native.navigateFrame(id, resolved, undefined, el.referrerPolicy);   // its referrerpolicy, if any
  }

  // The frame's document loaded (Frames.swift queues this as a task of this document).
  env.frameLoaded = function (id) {
    var record = records.get(id);
    if (!record || !record.expectLoad) return;
    record.expectLoad = false;
    env.fire(record.element, 'load', false);
  };

  // `node` is leaving the document: the frames inside it go.
  env.framesRemoved = function (node) {
    if (!records.size || !node) return;
    var gone = [];
    records.forEach(function (record, id) {
      if (node === record.element || node.contains(record.element)) gone.push(id);
    });
    gone.forEach(function (id) {
      var record = records.get(id);
      records.delete(id);
      numbers.delete(record.element);
      if (record.env) record.env.closed = true;
      native.closeFrame(id);
    });
    if (gone.length) syncIndices();
  };

  // Frames.swift made the document of frame `id`: wire it into the tree before its scripts run.
  env.adoptFrame = function (id, frameEnv) {
    var record = records.get(id);
    if (!record) return;
    if (record.env) record.env.closed = true;
    record.env = frameEnv;
    frameEnv.registry = env.registry;
    env.registry.set(frameEnv.global, frameEnv);
    frameEnv.setParent(env, record.element);
  };

  function frameWindow(el) {
    var id = numbers.get(el);
    if (id === undefined || !records.has(id)) return null;
    var win = native.frameWindow(id, true);
    return win ? env.view(win) : null;
  }
  function frameElements() {
    return Array.prototype.filter.call(doc.getElementsByTagName('iframe'), function (el) { return numbers.has(el); });
  }

  // domino defines contentWindow and contentDocument on the prototype as non-configurable properties (a window
  // of its own per element), so each iframe gets its own when domino creates it (the parser and createElement
  // both go through htmlelts.createElement), as canvas.js does for canvases.
  var frameMembers = {
    contentWindow: { get: function () { return frameWindow(this); }, configurable: true, enumerable: true },
    contentDocument: {
      get: function () {
        var win = frameWindow(this);
        var target = win && env.registry.get(win);
        return target && target.origin === env.origin ? target.document : null;
      }, configurable: true, enumerable: true
    }
  };
  // HTML navigates a frame each time its src (or srcdoc) is set, to the same value too (Chromium and WebKit do);
  // domino reports only changes, so setting the same value is reported here. Every way of setting an attribute
  // (the src property, setAttribute, setAttributeNS) ends in one of these three of domino's methods.
  function sameValueNavigates(method, nameOf) {
    return {
      value: function () {
        var name = nameOf(arguments), before = name === 'src' || name === 'srcdoc' ? this.getAttribute(name) : null;
        var result = method.apply(this, arguments);
        if (before !== null && before === this.getAttribute(name)) env.frameAttributeChanged(this, name);
        return result;
      }, configurable: true, writable: true
    };
  }
  var ElementProto = impl.Element.prototype;
  frameMembers._setattr = sameValueNavigates(ElementProto._setattr, function (args) { return args[0]; });
  frameMembers._setAttribute = sameValueNavigates(ElementProto._setAttribute, function (args) { return args[0]; });
  frameMembers._setAttributeNS = sameValueNavigates(ElementProto._setAttributeNS, function (args) {
    return args[0] === null || args[0] === undefined || args[0] === '' ? args[1] : null;
  });
  var htmlelts = require('domino/lib/htmlelts'), createElement = htmlelts.createElement;
  htmlelts.createElement = function (doc, localName, prefix) {
    var element = createElement.call(this, doc, localName, prefix);
    if (localName === 'iframe') Object.defineProperties(element, frameMembers);
    return element;
  };

  // window.length and window[i]: this document's frames in tree order.
  function replaceable(name, get) {
    Object.defineProperty(g, name, {
      get: get, configurable: true, enumerable: true,
      set: function (v) { Object.defineProperty(g, name, { value: v, writable: true, configurable: true, enumerable: true }); }
    });
  }
  replaceable('length', function () { return frameElements().length; });
  var indices = 0;
  function syncIndices() {
    var count = frameElements().length;
    for (; indices < count; indices++) {
      (function (i) {
        Object.defineProperty(g, i, { get: function () { var el = frameElements()[i]; return el ? frameWindow(el) : undefined; },
                                      configurable: true });
      })(indices);
    }
    for (; indices > count; indices--) delete g[indices - 1];
  }

  // --- the frame's place in the tree
  env.registry = new WeakMap();     // a window (a global or a view of one) -> its page env; shared by a page's frames
  env.registry.set(g, env);
  env.parentEnv = null;
  var frameElement = null, name = '';
  function topEnv() { var e = env; while (e.parentEnv) e = e.parentEnv; return e; }
  replaceable('parent', function () { return env.parentEnv ? env.view(env.parentEnv.global) : g; });
  replaceable('top', function () { return env.view(topEnv().global); });
  Object.defineProperty(g, 'frameElement', {
    get: function () { return frameElement && env.parentEnv.origin === env.origin ? frameElement : null; },
    configurable: true, enumerable: true
  });
  Object.defineProperty(g, 'name', {
    get: function () { return name; }, set: function (v) { name = String(v); }, configurable: true, enumerable: true
  });
  Object.defineProperty(g, 'closed', { get: function () { return !!env.closed; }, configurable: true, enumerable: true });
  env.setParent = function (parentEnv, element) {
    env.parentEnv = parentEnv;
    frameElement = element;
    name = element.getAttribute('name') || '';
  };

  // --- views: how this frame sees another frame's window
  var views = new WeakMap();        // target env -> view
  var crossOrigin = { window: 1, self: 1, frames: 1, parent: 1, top: 1, length: 1, closed: 1, opener: 1, postMessage: 1,
                      close: 1, focus: 1, blur: 1, location: 1 };
  var ownMethods = ' addEventListener removeEventListener dispatchEvent getComputedStyle matchMedia scroll scrollTo scrollBy ' +
                   'focus blur close requestAnimationFrame cancelAnimationFrame getSelection alert confirm prompt ';
  function securityError(name) {
    return new g.DOMException("Blocked a frame with origin \"" + env.origin + "\" from accessing a cross-origin frame (property '" +
                              String(name) + "').", 'SecurityError');
  }
  env.view = function (win) {
    var target = win !== null && (typeof win === 'object' || typeof win === 'function') ? env.registry.get(win) : undefined;
    if (!target) return win;
    if (target === env) return g;
    var view = views.get(target);
    if (!view) {
      view = makeView(target);
      views.set(target, view);
      env.registry.set(view, target);
    }
    return view;
  };
  function makeView(target) {
    var win = target.global, methods = Object.create(null);
    function sameOrigin() { return target.origin === env.origin; }
    var post = function postMessage(message, options, transfer) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      postTo(target, message, options, transfer);
    };
    return new Proxy(win, {
      get: function (t, key) {
        if (key === 'postMessage') return post;
        if (typeof key !== 'string') return sameOrigin() ? Reflect.get(t, key) : undefined;
        if (!sameOrigin()) {
          if (key === 'then') return undefined;
          if (!crossOrigin[key]) throw securityError(key);
        }
        var value = Reflect.get(t, key);
        if (typeof value === 'function' && ownMethods.indexOf(' ' + key + ' ') >= 0) {
          var m = methods[key];
          if (!m || m.original !== value) {
            m = methods[key] = function () { return value.apply(t, arguments); };
            m.original = value;
          }
          return m;
        }
        return env.view(value);
      },
      set: function (t, key, value) {
        if (!sameOrigin() && key !== 'location') throw securityError(key);
        t[key] = value;
        return true;
      },
      has: function (t, key) { return sameOrigin() ? key in t : typeof key === 'string' && !!crossOrigin[key]; },
      getOwnPropertyDescriptor: function (t, key) {
        if (!sameOrigin()) throw securityError(key);
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
      ownKeys: function (t) { return sameOrigin() ? Reflect.ownKeys(t) : Object.keys(crossOrigin); },
      defineProperty: function (t, key, descriptor) {
        if (!sameOrigin()) throw securityError(key);
        return Reflect.defineProperty(t, key, descriptor);
      },
      deleteProperty: function (t, key) {
        if (!sameOrigin()) throw securityError(key);
        return Reflect.deleteProperty(t, key);
      }
    });
  }

  // --- postMessage
  function originOf(url) {
    var parsed;
    try { parsed = new g.URL(url); } catch (e) {
      throw new g.DOMException("Failed to execute 'postMessage' on 'Window': Invalid target origin '" + url + "' in a call to 'postMessage'.",
                               'SyntaxError');
    }
    return parsed.protocol === 'file:' ? 'file://' : parsed.origin;   // as WebOrigin: WebKit's file origin
  }
  // From this frame to `target`'s window: HTML's "window post message steps". The message is cloned at once
  // (a DataCloneError throws here) and delivered as a task of the target, if its origin is still the one asked.
  function postTo(target, message, options, transfer) {
    var bag = options !== null && typeof options === 'object';
    var targetOrigin = bag ? options.targetOrigin : options;
    transfer = bag ? options.transfer : transfer;
    if (transfer !== undefined && (transfer === null || typeof transfer !== 'object' || typeof transfer[Symbol.iterator] !== 'function')) {
      throw new TypeError('Value is not a sequence');   // WebKit's words
    }
    transfer = transfer === undefined ? [] : Array.from(transfer);
    targetOrigin = targetOrigin === undefined ? '/' : String(targetOrigin);
    if (targetOrigin === '/') targetOrigin = env.origin;
    else if (targetOrigin !== '*') targetOrigin = originOf(targetOrigin);
    if (target.closed) return;                                      // a window whose frame is gone
    var out = {};
    var data = target.clone(message, transfer, out);
    var origin = env.origin, source = g;
    target.task(function () {
      if (target.closed || targetOrigin !== '*' && targetOrigin !== target.origin) return;   // dropped silently
      var event = new target.global.MessageEvent('message', { data: data, origin: origin, source: target.view(source), ports: out.ports });
      target.global._dispatchEvent(event, true);
    });
  }
  Object.defineProperty(g, 'postMessage', {
    value: function postMessage(message, options, transfer) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      postTo(env, message, options, transfer);
    }, writable: true, configurable: true, enumerable: true
  });

  // HTML's structured clone, into this realm: platform/clone.js (the same as structuredClone), with the transfer list.
  env.clone = function (value, transfer, out) { return env.structuredClone(value, transfer, undefined, out); };

  return env;
})
