(function (global, native, internals) {
  'use strict';
  // Selector results and collections as browsers give them (domino's differ in ways that break jQuery-free
  // framework code such as Bootstrap 5, which spreads querySelectorAll's result):
  // - querySelector returns null when nothing matches (domino: undefined);
  // - querySelectorAll returns a static NodeList, iterable and with forEach (domino: for a simple selector, its
  //   live element list, which has neither);
  // - element collections (children, getElementsByTagName/ClassName/Name) and DOMTokenList (classList) are
  //   iterable; DOMTokenList has forEach; HTMLCollection is a global.
  // domino defines its selector methods non-configurable on Element.prototype and Document.prototype, so the fixed
  // ones shadow them on HTMLElement.prototype, SVGElement.prototype and the page's document (a direct call of
  // Element.prototype.querySelector still reaches domino's; its live lists are at least iterable).
  var document = global.document;
  // The platform also goes into contexts without a DOM; there is nothing to do in them.
  if (typeof global.Document !== 'function' || !document || typeof document.createElement !== 'function') return;
  var define = internals.define;
  var NodeList = global.NodeList;
  var slice = Array.prototype.slice;

  function one(original) {
    return function querySelector(selectors) {
      var found = original.call(this, selectors);
      return found === undefined ? null : found;
    };
  }
  function all(original) {
    return function querySelectorAll(selectors) {
      var found = original.call(this, selectors);
      return found instanceof NodeList ? found : new NodeList(slice.call(found));
    };
  }
  function fix(target, proto) {
    define(target, 'querySelector', one(proto.querySelector));
    define(target, 'querySelectorAll', all(proto.querySelectorAll));
  }
  // HTMLElement's prototype is taken from an element: the global is a stub until custom elements are first used
  // (dom/components.js), and reading it here would set them up on every page.
  var sample = document.createElement('b');   // one element for the prototypes below
  var SVGElement = Object.getOwnPropertyDescriptor(global, 'SVGElement');
  [Object.getPrototypeOf(sample), SVGElement && typeof SVGElement.value === 'function' && SVGElement.value.prototype]
    .forEach(function (proto) { if (proto) fix(proto, global.Element.prototype); });
  fix(document, global.Document.prototype);

  var iterator = Array.prototype[Symbol.iterator];
  var children = Object.getPrototypeOf(sample.children);   // domino's HTMLCollection
  var filtered = Object.getPrototypeOf(document.getElementsByTagName('*'));      // its live filtered lists
  [children, filtered].forEach(function (proto) {
    if (!proto[Symbol.iterator]) define(proto, Symbol.iterator, iterator);
  });
  // dom/form-controls.js may have made an HTMLCollection already (for selectedOptions); it stays the global, and
  // domino's collections and the form collections are instances of it too, as in browsers.
  var HTMLCollection = global.HTMLCollection;
  if (typeof HTMLCollection !== 'function') {
    HTMLCollection = function HTMLCollection() { throw new TypeError('Illegal constructor'); };
    HTMLCollection.prototype = children;
    define(children, 'constructor', HTMLCollection);
    define(global, 'HTMLCollection', HTMLCollection);
  }
  var collectionProtos = [children, filtered, HTMLCollection.prototype];
  [global.HTMLFormControlsCollection, global.HTMLOptionsCollection].forEach(function (C) {
    if (typeof C === 'function' && C.prototype) collectionProtos.push(C.prototype);
  });
  Object.defineProperty(HTMLCollection, Symbol.hasInstance, {
    value: function (value) {
      return collectionProtos.some(function (proto) { return proto === Object.getPrototypeOf(value) || proto.isPrototypeOf(value); });
    },
    configurable: true
  });
  var tokens = Object.getPrototypeOf(sample.classList);
  if (!tokens[Symbol.iterator]) define(tokens, Symbol.iterator, iterator);
  if (!tokens.forEach) define(tokens, 'forEach', Array.prototype.forEach);
})
