(function (require, native, env) {
  'use strict';
  // WebKit's prototype chains for the node interfaces: Element.prototype, Document.prototype and
  // DocumentFragment.prototype inherit Node.prototype, and so do CharacterData.prototype and DocumentType.prototype
  // (observed on WebKitGTK 2.50). domino puts a ContainerNode (or Leaf) prototype between them and Node's, which
  // pages saw as an extra "[object Node]" on every chain. Each heir gets a copy of the middle prototype's members
  // (configurable; methods writable, as WebKit's) and inherits Node.prototype directly, so patching
  // `Node.prototype.x` or `Element.prototype.x` still reaches every node. Run first among the DOM scripts, before
  // any of them adds to these prototypes (dom/observers.js hooks insertions on each heir).
  var impl = env.impl, hasOwn = Object.prototype.hasOwnProperty;
  function flatten(heirs) {
    var middle = Object.getPrototypeOf(heirs[0].prototype), parent = Object.getPrototypeOf(middle);
    var own = Object.getOwnPropertyDescriptors(middle);
    heirs.forEach(function (C) {
      var proto = C.prototype;
      Reflect.ownKeys(own).forEach(function (key) {
        if (key === 'constructor' || hasOwn.call(proto, key)) return;
        var d = Object.assign({}, own[key], { configurable: true });
        if (typeof d.value === 'function') d.writable = true;
        Object.defineProperty(proto, key, d);
      });
      Object.setPrototypeOf(proto, parent);
    });
  }
  flatten([impl.Element, impl.Document, impl.DocumentFragment]);
  flatten([impl.CharacterData, impl.DocumentType]);
  // <td> and <th> are HTMLTableCellElements in WebKit: domino's legacy subclasses (no members of their own) make
  // instances of HTMLTableCellElement.prototype itself.
  ['HTMLTableDataCellElement', 'HTMLTableHeaderCellElement'].forEach(function (name) {
    if (impl[name] && impl.HTMLTableCellElement) impl[name].prototype = impl.HTMLTableCellElement.prototype;
  });

  // Element interfaces WebKit has and domino does not (observed on WebKitGTK 2.50: `<picture>` and `<marquee>` are
  // HTMLPictureElement and HTMLMarqueeElement, globals that say "Illegal constructor"). domino makes these elements
  // through htmlelts' createElement (the parser, `document.createElement`): each name gets its interface's prototype.
  var g = globalThis, html = require('domino/lib/htmlelts'), create = html.createElement, made = Object.create(null);
  function illegal(name) {
    var C = function () { throw new TypeError('Illegal constructor'); };
    Object.defineProperty(C, 'name', { value: name, configurable: true });
    return C;
  }
  [['picture', 'HTMLPictureElement'], ['marquee', 'HTMLMarqueeElement']].forEach(function (pair) {
    var HTMLElement = impl.HTMLElement, C = illegal(pair[1]);
    C.prototype = Object.create(HTMLElement.prototype, { constructor: { value: C, writable: true, configurable: true } });
    Object.setPrototypeOf(C, HTMLElement);
    function Make(doc, localName, prefix) { HTMLElement.call(this, doc, localName, prefix); }
    Make.prototype = C.prototype;
    made[pair[0]] = Make;
    impl[pair[1]] = C;
    Object.defineProperty(g, pair[1], { value: C, writable: true, configurable: true });
  });
  html.createElement = function (doc, localName, prefix) {
    var Make = made[localName];
    return Make ? new Make(doc, localName, prefix) : create(doc, localName, prefix);
  };

  // Attr (WebKit: a global whose instances are `el.attributes[i]` and `document.createAttribute`'s results): domino's
  // attribute prototype, named and tagged.
  var Attr = illegal('Attr'), attr = Object.getPrototypeOf(env.document.createAttribute('x'));
  Attr.prototype = attr;
  Object.defineProperty(attr, 'constructor', { value: Attr, writable: true, configurable: true });
  Object.defineProperty(attr, Symbol.toStringTag, { value: 'Attr', configurable: true });
  Object.defineProperty(g, 'Attr', { value: Attr, writable: true, configurable: true });
  return env;
})
