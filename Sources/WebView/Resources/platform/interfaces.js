(function (global, native, internals) {
  'use strict';
  // Object.prototype.toString names DOM objects by their interface, as in browsers ("[object HTMLDivElement]",
  // "[object Event]", "[object Window]"): domino's objects said "[object Object]", so Vue 3's reactive() took DOM
  // elements for plain objects and wrapped them in proxies (a template ref kept in data was no longer === the
  // element). Each interface on the global object whose prototype is a Node's, an Event's or an EventTarget's gets
  // Symbol.toStringTag, unless it has its own; so do the collections, the window and the page's document.
  var document = global.document;
  // The platform also goes into contexts without a DOM; there is nothing to do in them.
  if (typeof global.Document !== 'function' || !document || typeof document.createElement !== 'function') return;
  var tag = Symbol.toStringTag;
  function name(proto, value) {
    if (proto && !Object.prototype.hasOwnProperty.call(proto, tag)) {
      Object.defineProperty(proto, tag, { value: value, configurable: true });
    }
  }
  var roots = [global.Node, global.Event, global.EventTarget].filter(function (C) { return typeof C === 'function'; })
    .map(function (C) { return C.prototype; });
  Object.getOwnPropertyNames(global).forEach(function (key) {
    if (!/^[A-Z]/.test(key)) return;
    var d = Object.getOwnPropertyDescriptor(global, key);
    var C = d && d.value;   // accessors (lazily installed APIs) are left alone: reading them would install them
    if (typeof C !== 'function' || !C.prototype || typeof C.prototype !== 'object') return;
    if (roots.some(function (root) { return root === C.prototype || root.isPrototypeOf(C.prototype); })) name(C.prototype, key);
  });
  name(global.NodeList && global.NodeList.prototype, 'NodeList');
  name(Object.getPrototypeOf(document.createElement('b').children), 'HTMLCollection');
  name(Object.getPrototypeOf(document.getElementsByTagName('*')), 'HTMLCollection');
  name(Object.getPrototypeOf(document.createElement('b').classList), 'DOMTokenList');
  name(Object.getPrototypeOf(document.createElement('b').attributes), 'NamedNodeMap');
  name(Object.getPrototypeOf(document.createElement('b').style), 'CSSStyleDeclaration');
  Object.defineProperty(document, tag, { value: 'HTMLDocument', configurable: true });
  Object.defineProperty(global, tag, { value: 'Window', configurable: true });
})
