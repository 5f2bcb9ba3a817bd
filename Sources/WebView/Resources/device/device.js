(function (require, native, env) {
  'use strict';
  // The device a page sees: the profile Swift gives (HeadlessWebView's DeviceProfile, parsed in window.js as
  // env.device) behind innerWidth, screen, devicePixelRatio, visualViewport, window.orientation, touch detection
  // and the internal window.__hybridDevice the CSS layer evaluates media queries and env() against.
  var g = globalThis;
  var device = env.device;
  var hidden = { writable: true, configurable: true, enumerable: false };

  function publish() {
    Object.defineProperty(g, '__hybridDevice', Object.assign({ value: Object.freeze({
      width: device.width, height: device.height, devicePixelRatio: device.devicePixelRatio,
      screenWidth: device.screenWidth, screenHeight: device.screenHeight, orientation: device.orientation,
      colorScheme: device.colorScheme, reducedMotion: device.reducedMotion, hover: device.hover,
      pointer: device.pointer, displayMode: device.displayMode, safeArea: Object.freeze({
        top: device.safeArea.top, right: device.safeArea.right, bottom: device.safeArea.bottom, left: device.safeArea.left })
    }) }, hidden));
  }
  publish();
  if (!Array.isArray(g.__hybridDeviceListeners)) Object.defineProperty(g, '__hybridDeviceListeners', Object.assign({ value: [] }, hidden));

  function illegal() { throw new TypeError('Illegal constructor'); }
  function getters(target, map) {
    Object.keys(map).forEach(function (name) {
      Object.defineProperty(target, name, { get: map[name], enumerable: true, configurable: true });
    });
  }
  function angle() { return device.orientation === 'landscape' ? 90 : 0; }

  // [Replaceable] window attributes: reading follows the device, assigning shadows it with a plain value.
  function replaceable(name, get) {
    Object.defineProperty(g, name, { enumerable: true, configurable: true, get: get, set: function (v) {
      Object.defineProperty(g, name, { value: v, writable: true, enumerable: true, configurable: true });
    } });
  }
  replaceable('innerWidth', function () { return device.width; });
  replaceable('innerHeight', function () { return device.height; });
  replaceable('outerWidth', function () { return device.width; });
  replaceable('outerHeight', function () { return device.height; });
  replaceable('devicePixelRatio', function () { return device.devicePixelRatio; });
  replaceable('screenX', function () { return 0; });
  replaceable('screenY', function () { return 0; });
  replaceable('screenLeft', function () { return 0; });
  replaceable('screenTop', function () { return 0; });
  if (device.system !== 'desktop') {  // WebKit iOS and Chromium Android only
    replaceable('orientation', angle);
    Object.defineProperty(g, 'onorientationchange', { enumerable: true, configurable: true,
      get: function () { return g._getEventHandler('orientationchange'); },
      set: function (v) { g._setEventHandler('orientationchange', v); } });
  }

  // screen and screen.orientation
  function ScreenOrientation() { illegal(); }
  getters(ScreenOrientation.prototype, {
    type: function () { return device.orientation + '-primary'; },
    angle: angle
  });
  Object.defineProperty(ScreenOrientation.prototype, Symbol.toStringTag, { value: 'ScreenOrientation', configurable: true });
  var orientation = Object.create(ScreenOrientation.prototype);
  function Screen() { illegal(); }
  getters(Screen.prototype, {
    width: function () { return device.screenWidth; },
    height: function () { return device.screenHeight; },
    availWidth: function () { return device.screenWidth; },
    availHeight: function () { return device.screenHeight; },
    availLeft: function () { return 0; },
    availTop: function () { return 0; },
    colorDepth: function () { return 24; },
    pixelDepth: function () { return 24; },
    orientation: function () { return orientation; }
  });
  Object.defineProperty(Screen.prototype, Symbol.toStringTag, { value: 'Screen', configurable: true });
  var screen = Object.create(Screen.prototype);
  replaceable('screen', function () { return screen; });

  // visualViewport: the layout viewport at scale 1, an event target (resize).
  var ET = require('domino/lib/EventTarget');
  function VisualViewport() { illegal(); }
  VisualViewport.prototype = Object.create(ET.prototype, { constructor: { value: VisualViewport, writable: true, configurable: true } });
  getters(VisualViewport.prototype, {
    width: function () { return device.width; },
    height: function () { return device.height; },
    offsetLeft: function () { return 0; },
    offsetTop: function () { return 0; },
    pageLeft: function () { return g.scrollX || 0; },
    pageTop: function () { return g.scrollY || 0; },
    scale: function () { return 1; }
  });
  Object.defineProperty(VisualViewport.prototype, Symbol.toStringTag, { value: 'VisualViewport', configurable: true });
  var visualViewport = Object.create(VisualViewport.prototype);
  replaceable('visualViewport', function () { return visualViewport; });
  [['Screen', Screen], ['ScreenOrientation', ScreenOrientation], ['VisualViewport', VisualViewport]].forEach(function (pair) {
    Object.defineProperty(g, pair[0], { value: pair[1], writable: true, configurable: true });
  });

  // Touch event detection ('ontouchstart' in window): only where the device has touch, as WebKit and Chromium.
  if (!(device.maxTouchPoints > 0)) {
    var types = ['ontouchstart', 'ontouchend', 'ontouchmove', 'ontouchcancel'];
    [g, g.HTMLElement && g.HTMLElement.prototype, env.impl.HTMLElement.prototype, env.impl.SVGElement && env.impl.SVGElement.prototype,
     env.impl.Document.prototype].forEach(function (target) {
      for (; target && target !== Object.prototype; target = target === g ? null : Object.getPrototypeOf(target)) {
        types.forEach(function (name) { if (Object.prototype.hasOwnProperty.call(target, name)) delete target[name]; });
      }
    });
  }

  // The root element's client size is the viewport (CSSOM View); other <html> elements fall back to Element's.
  var Html = env.impl.HTMLHtmlElement && env.impl.HTMLHtmlElement.prototype;
  function rootOr(name, value) {
    return function () {
      if (this.ownerDocument === g.document && this === g.document.documentElement) return value();
      var inherited = Object.getOwnPropertyDescriptor(env.impl.Element.prototype, name);
      return inherited && inherited.get ? inherited.get.call(this) : 0;
    };
  }
  if (Html) {
    Object.defineProperty(Html, 'clientWidth', { get: rootOr('clientWidth', function () { return device.width; }), configurable: true });
    Object.defineProperty(Html, 'clientHeight', { get: rootOr('clientHeight', function () { return device.height; }), configurable: true });
  }

  // Viewport scrolling: scrollTo/scroll/scrollBy move the viewport's position and a `scroll` event at the document
  // (it bubbles to the window) follows in a later task, one per batch of moves, as HTML's scroll steps. There is no
  // layout: the position is clamped at 0 and, when the document's scrollHeight/scrollWidth is a number (a geometry
  // layer may give it), at the scrollable extent; otherwise it is not clamped above.
  var scroll = { x: 0, y: 0, pending: false };
  function extent(name, viewport) {
    var root = g.document && g.document.documentElement;
    var size = root && root[name];
    return typeof size === 'number' && size > 0 ? Math.max(0, size - viewport) : Infinity;
  }
  function finite(v, fallback) { v = Number(v); return isFinite(v) ? v : fallback; }
  function scrollViewport(x, y) {
    x = Math.min(Math.max(0, finite(x, 0)), extent('scrollWidth', device.width));
    y = Math.min(Math.max(0, finite(y, 0)), extent('scrollHeight', device.height));
    if (x === scroll.x && y === scroll.y) return;
    scroll.x = x;
    scroll.y = y;
    if (scroll.pending) return;
    scroll.pending = true;
    g.setTimeout(function () {
      scroll.pending = false;
      g.document.dispatchEvent(new g.Event('scroll', { bubbles: true }));
    }, 0);
  }
  function target(args, relative) {
    var x = relative ? 0 : scroll.x, y = relative ? 0 : scroll.y;
    if (args.length === 1 && args[0] !== null && typeof args[0] === 'object') {
      if ('left' in args[0]) x = finite(args[0].left, 0);
      if ('top' in args[0]) y = finite(args[0].top, 0);
    } else if (args.length >= 2) {
      x = finite(args[0], 0);
      y = finite(args[1], 0);
    } else if (args.length === 1 && args[0] != null) {
      throw new TypeError("The options of scrolling must be an object");
    }
    return relative ? [scroll.x + x, scroll.y + y] : [x, y];
  }
  function method(name, relative) {
    var f = function () { var to = target(arguments, relative); scrollViewport(to[0], to[1]); };
    Object.defineProperty(f, 'name', { value: name });
    Object.defineProperty(g, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  method('scrollTo', false);
  method('scroll', false);
  method('scrollBy', true);
  replaceable('scrollX', function () { return scroll.x; });
  replaceable('pageXOffset', function () { return scroll.x; });
  replaceable('scrollY', function () { return scroll.y; });
  replaceable('pageYOffset', function () { return scroll.y; });

  // A profile change from Swift (setDevice, rotate): the new values at once; orientationchange first (WebKit
  // and Chromium send it when the device turns), resize at the next rendering update, then media queries.
  env.setDevice = function (json) {
    var old = device;
    device = env.device = JSON.parse(json);
    publish();
    if (device.orientation !== old.orientation && device.system !== 'desktop') g.dispatchEvent(new g.Event('orientationchange'));
    if (device.width !== old.width || device.height !== old.height) {
      g.dispatchEvent(new g.Event('resize'));
      visualViewport.dispatchEvent(new g.Event('resize'));
    }
    g.__hybridDeviceListeners.slice().forEach(function (listener) {
      if (typeof listener !== 'function') return;
      try { listener(); } catch (e) { native.reportError(e); }
    });
  };
  return env;
})
