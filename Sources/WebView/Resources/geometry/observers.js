(function (require, native, env) {
  'use strict';
  // IntersectionObserver, ResizeObserver and requestIdleCallback over the box model of geometry.js (env.geometry).
  // Observations are evaluated in one task after something that can change them: observe(), a DOM or style change
  // (the document's mutation handler), a scroll (document or element) or a device change. Nothing polls: with no
  // change there is no evaluation, so an observed page still becomes idle.
  var g = globalThis, doc = env.document, impl = env.impl, geometry = env.geometry;
  var intersection = new Set(), resize = new Set(), pending = false;

  function schedule() {
    if (pending || (!intersection.size && !resize.size)) return;
    pending = true;
    g.setTimeout(function () {
      pending = false;
      Array.from(resize).forEach(function (o) { o._update(); });
      Array.from(intersection).forEach(function (o) { o._update(); });
    }, 0);
  }
  var previousHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    schedule();
    if (previousHandler) previousHandler(m);
  });
  doc.addEventListener('scroll', schedule, true);
  g.__hybridDeviceListeners.push(schedule);

  function hidden(target, name, value) { Object.defineProperty(target, name, { value: value, writable: true }); }
  function readOnly(target, values) {
    Object.keys(values).forEach(function (k) { Object.defineProperty(target, k, { value: values[k], enumerable: true }); });
  }
  function define(name, C) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true });
    Object.defineProperty(g, name, { value: C, writable: true, configurable: true });
  }
  function isElement(v) { return v instanceof impl.Element; }
  function deliver(observer, callback) {
    var records = observer._records;
    observer._records = [];
    if (!records.length) return;
    try { callback.call(observer, records, observer); } catch (e) { native.reportError(e); }
  }

  // unobserve and disconnect: an observer without targets leaves the set that schedule() evaluates.
  function stopping(proto, set) {
    proto.unobserve = function unobserve(target) {
      this._targets.delete(target);
      if (!this._targets.size) set.delete(this);
    };
    proto.disconnect = function disconnect() {
      this._targets.clear();
      this._records = [];
      set.delete(this);
    };
  }

  // --- IntersectionObserver
  function parseMargin(text) {
    var tokens = String(text).trim().split(/\s+/).filter(Boolean);
    if (!tokens.length) tokens = ['0px'];
    if (tokens.length > 4) tokens = null;
    var parsed = tokens && tokens.map(function (t) {
      var m = /^(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|%)$/i.exec(t);
      return m ? { value: parseFloat(m[1]), unit: m[2].toLowerCase() } : null;
    });
    if (!parsed || parsed.some(function (p) { return !p; })) {
      throw new g.DOMException("Failed to construct 'IntersectionObserver': rootMargin must be specified in pixels or percent.", 'SyntaxError');
    }
    while (parsed.length < 4) parsed.push(parsed[parsed.length === 3 ? 1 : parsed.length === 2 ? 0 : 0]);
    return parsed;
  }
  // WebKit's words for a wrong call (observed on WebKitGTK 2.50): its bindings check the argument count, the callback,
  // then convert the options dictionary ("Type error" for a value of the wrong type, "The provided value is
  // non-finite"), then the constructor reads rootMargin and the thresholds' range.
  function callbackOf(args, name) {
    if (!args.length) throw new TypeError('Not enough arguments');
    if (typeof args[0] !== 'function') throw new TypeError("Argument 1 ('callback') to the " + name + ' constructor must be a function');
    return args[0];
  }
  function IntersectionObserver(callback, options) {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    callbackOf(arguments, 'IntersectionObserver');
    if (options != null && typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
    options = options == null ? {} : options;
    var root = options.root == null ? null : options.root;
    if (root !== null && !isElement(root) && !(root instanceof impl.Document)) throw new TypeError('Type error');
    var thresholds = options.threshold === undefined ? [0] : Array.isArray(options.threshold) ? options.threshold.slice() : [options.threshold];
    thresholds = thresholds.map(Number);
    thresholds.forEach(function (t) { if (!isFinite(t)) throw new TypeError('The provided value is non-finite'); });
    var margin = parseMargin(options.rootMargin === undefined ? '0px' : options.rootMargin);
    if (!thresholds.length) thresholds = [0];
    thresholds.forEach(function (t) {
      if (!(t >= 0 && t <= 1)) throw new RangeError("Failed to construct 'IntersectionObserver': all thresholds must lie in the range [0.0, 1.0].");
    });
    thresholds.sort(function (a, b) { return a - b; });
    hidden(this, '_callback', callback);
    hidden(this, '_root', root);
    hidden(this, '_margin', margin);
    hidden(this, '_thresholds', Object.freeze(thresholds));
    hidden(this, '_targets', new Map());
    hidden(this, '_records', []);
  }
  Object.defineProperties(IntersectionObserver.prototype, {
    root: { get: function () { return this._root; }, enumerable: true, configurable: true },
    rootMargin: { get: function () { return this._margin.map(function (m) { return m.value + m.unit; }).join(' '); }, enumerable: true, configurable: true },
    thresholds: { get: function () { return this._thresholds; }, enumerable: true, configurable: true }
  });
  IntersectionObserver.prototype.observe = function observe(target) {
    if (!isElement(target)) throw new TypeError("Failed to execute 'observe' on 'IntersectionObserver': parameter 1 is not of type 'Element'.");
    if (!this._targets.has(target)) this._targets.set(target, { index: -1, intersecting: false });
    intersection.add(this);
    schedule();
  };
  stopping(IntersectionObserver.prototype, intersection);
  IntersectionObserver.prototype.takeRecords = function takeRecords() { var r = this._records; this._records = []; return r; };
  IntersectionObserver.prototype._rootBounds = function () {
    var d = g.__hybridDevice, rect;
    if (this._root === null || this._root instanceof impl.Document) rect = { x: 0, y: 0, width: d ? d.width : 390, height: d ? d.height : 844 };
    else {
      var b = this._root.getBoundingClientRect();
      rect = { x: b.x + this._root.clientLeft, y: b.y + this._root.clientTop, width: this._root.clientWidth, height: this._root.clientHeight };
    }
    var m = this._margin.map(function (v, i) { return v.unit === '%' ? v.value * (i % 2 ? rect.width : rect.height) / 100 : v.value; });
    return { x: rect.x - m[3], y: rect.y - m[0], width: rect.width + m[1] + m[3], height: rect.height + m[0] + m[2] };
  };
  IntersectionObserver.prototype._update = function () {
    var self = this, now = g.performance.now(), root = this._root, bounds = this._rootBounds();
    var explicit = root !== null && !(root instanceof impl.Document);
    this._targets.forEach(function (state, target) {
      var rect = target.getBoundingClientRect(), rendered = target.getClientRects().length > 0;
      var inside = rendered && (!explicit ? target.ownerDocument === doc : root !== target && root.contains(target) && root.getClientRects().length > 0);
      var x1 = Math.max(rect.left, bounds.x), y1 = Math.max(rect.top, bounds.y);
      var x2 = Math.min(rect.right, bounds.x + bounds.width), y2 = Math.min(rect.bottom, bounds.y + bounds.height);
      var isIntersecting = inside && x2 >= x1 && y2 >= y1;
      var inter = isIntersecting ? new g.DOMRectReadOnly(x1, y1, x2 - x1, y2 - y1) : new g.DOMRectReadOnly(0, 0, 0, 0);
      var area = rect.width * rect.height;
      var ratio = !isIntersecting ? 0 : area > 0 ? inter.width * inter.height / area : 1;
      var index = 0;
      while (index < self._thresholds.length && self._thresholds[index] <= ratio) index++;
      if (index === state.index && isIntersecting === state.intersecting) return;
      state.index = index;
      state.intersecting = isIntersecting;
      var entry = Object.create(IntersectionObserverEntry.prototype);
      readOnly(entry, { time: now, target: target, isIntersecting: isIntersecting, intersectionRatio: ratio,
        boundingClientRect: g.DOMRectReadOnly.fromRect(rect), intersectionRect: inter,
        rootBounds: new g.DOMRectReadOnly(bounds.x, bounds.y, bounds.width, bounds.height) });
      self._records.push(entry);
    });
    deliver(this, this._callback);
  };
  function IntersectionObserverEntry() { throw new TypeError('Illegal constructor'); }
  define('IntersectionObserver', IntersectionObserver);
  define('IntersectionObserverEntry', IntersectionObserverEntry);

  // --- ResizeObserver: every observed element is reported once, then whenever the observed box's size changes.
  var boxes = { 'content-box': 1, 'border-box': 1, 'device-pixel-content-box': 1 };
  function ResizeObserver(callback) {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    callbackOf(arguments, 'ResizeObserver');
    hidden(this, '_callback', callback);
    hidden(this, '_targets', new Map());
    hidden(this, '_records', []);
  }
  function sizes(target) {
    var box = geometry.boxOf(target), d = g.__hybridDevice, dpr = d ? d.devicePixelRatio : 1;
    if (!box) return { content: [0, 0], border: [0, 0], device: [0, 0], rect: [0, 0, 0, 0] };
    var b = box.b;
    return { content: [b.contentWidth, b.contentHeight], border: [b.width, b.height],
             device: [Math.round(b.contentWidth * dpr), Math.round(b.contentHeight * dpr)],
             rect: [b.padding.left, b.padding.top, b.contentWidth, b.contentHeight] };
  }
  function boxSize(pair) {
    var s = Object.create(ResizeObserverSize.prototype);
    readOnly(s, { inlineSize: pair[0], blockSize: pair[1] });
    return Object.freeze([s]);
  }
  ResizeObserver.prototype.observe = function observe(target, options) {
    if (!isElement(target)) throw new TypeError("Failed to execute 'observe' on 'ResizeObserver': parameter 1 is not of type 'Element'.");
    var box = options && options.box !== undefined ? String(options.box) : 'content-box';
    if (!boxes[box]) throw new TypeError("Failed to execute 'observe' on 'ResizeObserver': The provided value '" + box + "' is not a valid enum value of type ResizeObserverBoxOptions.");
    this._targets.set(target, { box: box, last: null });
    resize.add(this);
    schedule();
  };
  stopping(ResizeObserver.prototype, resize);
  ResizeObserver.prototype._update = function () {
    var self = this;
    this._targets.forEach(function (state, target) {
      var s = sizes(target), size = state.box === 'border-box' ? s.border : state.box === 'content-box' ? s.content : s.device;
      if (state.last && state.last[0] === size[0] && state.last[1] === size[1]) return;
      state.last = size;
      var entry = Object.create(ResizeObserverEntry.prototype);
      readOnly(entry, { target: target, contentRect: new g.DOMRectReadOnly(s.rect[0], s.rect[1], s.rect[2], s.rect[3]),
        contentBoxSize: boxSize(s.content), borderBoxSize: boxSize(s.border), devicePixelContentBoxSize: boxSize(s.device) });
      self._records.push(entry);
    });
    deliver(this, this._callback);
  };
  function ResizeObserverEntry() { throw new TypeError('Illegal constructor'); }
  function ResizeObserverSize() { throw new TypeError('Illegal constructor'); }
  define('ResizeObserver', ResizeObserver);
  define('ResizeObserverEntry', ResizeObserverEntry);
  define('ResizeObserverSize', ResizeObserverSize);

  // --- requestIdleCallback: an idle period starts in the next task with a 50 ms deadline (a headless page has no
  // rendering work to wait for). With a `timeout`, a second timer runs the callback when the timeout passes first
  // (the page kept the event loop busy past it, with tasks queued ahead or a long task): then `didTimeout` is true
  // and `timeRemaining()` is 0, as the standard's "invoke idle callback timeout" steps say. Whichever runs first
  // cancels the other, so the callback runs once.
  //
  // Only for a profile whose browser has them: Android's WebView (Chrome). WebKit, so Safari and WKWebView on the
  // iPhone and the iPad (and the desktop profile, a Mac's Safari), has no requestIdleCallback, cancelIdleCallback nor
  // IdleDeadline (WebKitGTK 2.50: typeof requestIdleCallback is 'undefined'): a page feature-detects them and takes
  // the path it takes on the device.
  if (env.device.system !== 'android') return env;
  var idle = new Map(), nextIdle = 1;
  function IdleDeadline() { throw new TypeError('Illegal constructor'); }
  IdleDeadline.prototype.timeRemaining = function timeRemaining() { return Math.max(0, this._end - g.performance.now()); };
  Object.defineProperty(IdleDeadline.prototype, 'didTimeout', { get: function () { return this._didTimeout; }, enumerable: true, configurable: true });
  define('IdleDeadline', IdleDeadline);
  function forgetIdle(id) {
    var request = idle.get(id);
    if (!request) return null;
    idle.delete(id);
    g.clearTimeout(request.idle);
    if (request.timeout !== null) g.clearTimeout(request.timeout);
    return request;
  }
  function runIdle(id, byTimeout) {
    var request = forgetIdle(id);
    if (!request) return;
    var now = g.performance.now(), timedOut = byTimeout || (request.due !== null && now >= request.due);
    var deadline = Object.create(IdleDeadline.prototype);
    hidden(deadline, '_end', timedOut ? now : now + 50);
    hidden(deadline, '_didTimeout', timedOut);
    try { request.callback.call(g, deadline); } catch (e) { native.reportError(e); }
  }
  Object.defineProperty(g, 'requestIdleCallback', { writable: true, configurable: true, enumerable: true, value: function requestIdleCallback(callback, options) {
    if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': The callback provided as parameter 1 is not a function.");
    if (options !== undefined && options !== null && typeof options !== 'object') throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': The provided value is not of type 'IdleRequestOptions'.");
    // IdleRequestOptions.timeout is an `unsigned long`: ToNumber, then modulo 2^32; 0 means no timeout.
    var timeout = options && options.timeout !== undefined ? Number(options.timeout) : 0;
    timeout = isFinite(timeout) ? Math.trunc(timeout) >>> 0 : 0;
    var id = nextIdle++;
    var request = { callback: callback, due: timeout > 0 ? g.performance.now() + timeout : null, idle: null, timeout: null };
    idle.set(id, request);
    request.idle = g.setTimeout(function () { runIdle(id, false); }, 0);
    if (timeout > 0) request.timeout = g.setTimeout(function () { runIdle(id, true); }, timeout);
    return id;
  } });
  Object.defineProperty(g, 'cancelIdleCallback', { writable: true, configurable: true, enumerable: true, value: function cancelIdleCallback(id) {
    forgetIdle(Number(id));
  } });
  return env;
})
