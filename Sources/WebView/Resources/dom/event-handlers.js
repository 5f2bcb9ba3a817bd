(function (require, native, env) {
  'use strict';
  // `onX` event handler properties and content attributes (HTML's GlobalEventHandlers, WindowEventHandlers and
  // DocumentAndElementEventHandlers) on elements, the document and the window. `<body>` and `<frameset>`
  // handlers of window events are the window's, as in browsers (`<body onload="...">`). The window's `onerror`
  // stays page.js's (it takes five arguments).
  var g = globalThis, impl = env.impl;
  var global = ('abort auxclick beforeinput beforematch beforetoggle blur cancel canplay canplaythrough change click close ' +
    'contextlost contextmenu contextrestored copy cuechange cut dblclick drag dragend dragenter dragleave dragover ' +
    'dragstart drop durationchange emptied ended error focus formdata input invalid keydown keypress keyup load ' +
    'loadeddata loadedmetadata loadstart mousedown mouseenter mouseleave mousemove mouseout mouseover mouseup paste ' +
    'pause play playing progress ratechange reset resize scroll scrollend securitypolicyviolation seeked seeking select ' +
    'selectionchange selectstart slotchange stalled submit suspend timeupdate toggle volumechange waiting wheel ' +
    'animationstart animationiteration animationend animationcancel transitionrun transitionstart transitionend ' +
    'transitioncancel gotpointercapture lostpointercapture pointerdown pointermove pointerup pointercancel pointerover ' +
    'pointerout pointerenter pointerleave touchstart touchend touchmove touchcancel webkitanimationstart ' +
    'webkitanimationiteration webkitanimationend webkittransitionend').split(' ');
  var windowOnly = ('afterprint beforeprint beforeunload hashchange languagechange message messageerror offline online ' +
    'pagehide pageshow popstate rejectionhandled storage unhandledrejection unload').split(' ');
  // The body's handlers of these go to the window (HTML: "Window-reflecting body element event handler set").
  var bodyToWindow = windowOnly.concat(['blur', 'error', 'focus', 'load', 'resize', 'scroll']);

  // One accessor pair per name, shared by every target (domino's own on its prototypes already go through
  // _getEventHandler/_setEventHandler and stay; the window's are all replaced).
  var descriptors = Object.create(null);
  function descriptor(type) {
    return descriptors[type] || (descriptors[type] = {
      get: function () { return (this == null ? g : this)._getEventHandler(type); },
      set: function (v) { (this == null ? g : this)._setEventHandler(type, v); },
      enumerable: true, configurable: true
    });
  }
  // One Object.defineProperties per target (a native loop: page set-up time), in the order of `types`. A
  // descriptor is read only for the names the target has (domino's own handlers), not for every name.
  var hasOwn = Object.prototype.hasOwnProperty;
  function handlerProperties(target, types) {
    var map = {};
    for (var i = 0; i < types.length; i++) {
      var name = 'on' + types[i];
      if (target !== g && hasOwn.call(target, name)) continue;
      map[name] = descriptor(types[i]);
    }
    Object.defineProperties(target, map);
  }
  function windowOf(element) {
    var view = element.ownerDocument && element.ownerDocument.defaultView;
    return view === g ? g : null;
  }

  [impl.HTMLElement.prototype, impl.SVGElement && impl.SVGElement.prototype, impl.Document.prototype].forEach(function (proto) {
    if (proto) handlerProperties(proto, global);
  });
  handlerProperties(impl.Document.prototype, ['readystatechange', 'visibilitychange']);
  handlerProperties(g, global.concat(windowOnly).filter(function (type) { return type !== 'error'; }));
  // The body's handlers of the window's events are the window's: its handler methods send them on.
  var forwarded = Object.create(null);
  bodyToWindow.forEach(function (type) { forwarded[type] = true; });
  [impl.HTMLBodyElement, impl.HTMLFrameSetElement].forEach(function (C) {
    if (!C) return;
    handlerProperties(C.prototype, windowOnly);
    var ET = require('domino/lib/EventTarget').prototype;
    Object.defineProperty(C.prototype, '_setEventHandler', { configurable: true, writable: true, value: function (type, v) {
      var target = forwarded[type] ? windowOf(this) : this;
      if (target) ET._setEventHandler.call(target, type, v);
    } });
    Object.defineProperty(C.prototype, '_getEventHandler', { configurable: true, writable: true, value: function (type) {
      var target = forwarded[type] ? windowOf(this) : this;
      return target ? ET._getEventHandler.call(target, type) : null;
    } });
  });

  // Content attributes: domino compiles `onclick="..."` (with the element, form, document and window in
  // scope, as browsers do) for its own short list; the same compiler serves every other name. A removed
  // attribute removes the handler.
  // A body that does not compile gives no handler and its SyntaxError is reported, as in browsers.
  var compile = impl.HTMLElement.prototype._attributeChangeHandlers.onclick;
  function attributeChanged(element, name, oldValue, value) {
    if (value === null || value === undefined) { element[name] = null; return; }
    try { new Function('event', value); } catch (error) { element[name] = null; native.reportError(error); return; }
    // `import()` in the body goes to the page's module loader (the engine's own rejects); the attribute keeps its text.
    if (value.indexOf('import') >= 0) value = native.translateHandler(value) || value;
    compile(element, name, oldValue, value);
  }
  // (domino's attributes.js assigns the tables: `for...in` over an element listed them; WebKit has no such member.)
  function registerAttributes(C, types) {
    var p = C.prototype;
    if (!Object.prototype.hasOwnProperty.call(p, '_attributeChangeHandlers') || p.propertyIsEnumerable('_attributeChangeHandlers')) {
      var table = Object.prototype.hasOwnProperty.call(p, '_attributeChangeHandlers') ? p._attributeChangeHandlers : Object.create(p._attributeChangeHandlers || null);
      Object.defineProperty(p, '_attributeChangeHandlers', { value: table, writable: true, configurable: true, enumerable: false });
    }
    types.forEach(function (type) { p._attributeChangeHandlers['on' + type] = attributeChanged; });
  }
  registerAttributes(impl.Element, []);
  registerAttributes(impl.HTMLElement, global);
  if (impl.SVGElement) registerAttributes(impl.SVGElement, global);
  [impl.HTMLBodyElement, impl.HTMLFrameSetElement].forEach(function (C) { if (C) registerAttributes(C, bodyToWindow); });
  return env;
})
