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
  // The language's own globals are never DOM interfaces, and reading one makes JavaScriptCore set it up (most
  // are made on first use): they are skipped by name, for page set-up time and memory.
  var language = internals.languageGlobals;
  var keys = Object.getOwnPropertyNames(global);
  for (var i = 0; i < keys.length; i++) {
    var key = keys[i], first = key.charCodeAt(0);
    if (first < 65 || first > 90 || language.test(key)) continue;   // A-Z
    var C = Object.getOwnPropertyDescriptor(global, key).value;   // accessors (lazily installed APIs) are left alone: reading them would install them
    if (typeof C !== 'function' || !C.prototype || typeof C.prototype !== 'object') continue;
    for (var r = 0; r < roots.length; r++) {
      if (roots[r] === C.prototype || roots[r].isPrototypeOf(C.prototype)) {
        name(C.prototype, key);
        // domino's base interfaces (Node, Element, CharacterData, Text, Document, ...) have no `constructor` of their
        // own: `text.constructor` said EventTarget. WebKit's prototypes name their interface (observed on WebKitGTK 2.50).
        if (C.name === key && !Object.prototype.hasOwnProperty.call(C.prototype, 'constructor')) {
          Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, configurable: true });
        }
        break;
      }
    }
  }
  // HTMLElement's global is a stub until custom elements are first used (dom/components.js): its prototype is
  // an element's.
  var sample = document.createElement('b');   // one element for the prototypes below
  name(Object.getPrototypeOf(sample), 'HTMLElement');
  name(global.NodeList && global.NodeList.prototype, 'NodeList');
  name(Object.getPrototypeOf(sample.children), 'HTMLCollection');
  name(Object.getPrototypeOf(document.getElementsByTagName('*')), 'HTMLCollection');
  name(Object.getPrototypeOf(sample.classList), 'DOMTokenList');
  name(Object.getPrototypeOf(sample.attributes), 'NamedNodeMap');
  name(Object.getPrototypeOf(sample.style), 'CSSStyleDeclaration');
  Object.defineProperty(document, tag, { value: 'HTMLDocument', configurable: true });
  Object.defineProperty(global, tag, { value: 'Window', configurable: true });
})
