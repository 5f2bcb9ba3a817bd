(function (global, native, internals) {
  'use strict';
  // Selector results and collections as browsers give them (domino's differ in ways that break jQuery-free
  // framework code such as Bootstrap 5, which spreads querySelectorAll's result):
  // - querySelector returns null when nothing matches (domino: undefined);
  // - querySelectorAll returns a static NodeList, iterable and with forEach (domino: for a simple selector, its
  //   live element list, which has neither);
  // - an invalid selector is WebKit's SyntaxError DOMException, from matches and closest too;
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

  // A selector domino's engine cannot read is WebKit's SyntaxError DOMException naming it (observed on WebKitGTK 2.50:
  // "'a[' is not a valid selector."), from each selector method; domino threw a plain SyntaxError ("Invalid selector.")
  // or, for a pseudo-class it lacks, a TypeError when matching. Its pseudo-classes WebKit does not have are invalid
  // too, and `:where()` and `:-webkit-any()` are its `:is()` (they match alike). WebKit's pseudo-classes it lacks are
  // valid (`CSS.supports('selector(:defined)')`) but throw when they come to match an element, as its `:hover` does.
  var engine = typeof native.domRequire === 'function' ? native.domRequire('domino/lib/select').selectors : null;
  if (engine && !Object.prototype.hasOwnProperty.call(engine, ':where')) {
    [':contains', ':links-here', ':local-link', ':nth-match', ':nth-last-match', ':column', ':nth-column', ':nth-last-column',
     ':current'].forEach(function (name) { delete engine[name]; });
    engine[':where'] = engine[':-webkit-any'] = engine[':is'];
    [':focus-visible', ':autofill', ':-webkit-autofill', ':fullscreen', ':-webkit-full-screen', ':modal',
     ':popover-open', ':user-invalid', ':user-valid', ':playing', ':paused', ':seeking', ':buffering', ':stalled', ':muted',
     ':volume-locked', ':window-inactive', ':-webkit-drag', ':host', ':state'].forEach(function (name) {
      if (engine[name]) return;
      // The engine calls a functional pseudo-class with its argument for the test, a simple one with the element.
      engine[name] = function test(argument) {
        if (typeof argument === 'string') return test;
        throw new Error(name + ' is not supported.');
      };
    });
    // Any other name the engine looks up is a pseudo-class it does not know (its own are own properties).
    Object.setPrototypeOf(engine, new Proxy(Object.create(null), { get: function (target, name) {
      throw new SyntaxError('Unknown pseudo-class ' + String(name));
    } }));
  }
  function selecting(name, original, result) {
    var method = function (selectors) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      selectors = String(selectors);
      var found;
      try {
        if (!/\S/.test(selectors)) throw new SyntaxError('No selector');
        found = original.call(this, selectors);
      } catch (error) {
        if (error instanceof SyntaxError) throw new DOMException("'" + selectors + "' is not a valid selector.", 'SyntaxError');
        throw error;
      }
      return result ? result(found) : found;
    };
    Object.defineProperty(method, 'name', { value: name, configurable: true });
    return method;
  }
  function fix(target, proto) {
    define(target, 'querySelector', selecting('querySelector', proto.querySelector, function (found) {
      return found === undefined ? null : found;
    }));
    define(target, 'querySelectorAll', selecting('querySelectorAll', proto.querySelectorAll, function (found) {
      return found instanceof NodeList ? found : new NodeList(slice.call(found));
    }));
    if (proto === global.Element.prototype) {
      define(target, 'matches', selecting('matches', proto.matches));
      define(target, 'closest', selecting('closest', proto.closest));
    }
  }
  define(global.Element.prototype, 'webkitMatchesSelector', selecting('webkitMatchesSelector', global.Element.prototype.matches));
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
