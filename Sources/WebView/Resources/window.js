(function (require, native, config) {
  'use strict';
  var g = globalThis;
  var domino = require('domino');
  var Window = require('domino/lib/Window');
  var ET = require('domino/lib/EventTarget');
  var Location = require('domino/lib/Location');
  var URLImpl = require('domino/lib/URL');
  var env = { parsing: false, visible: true, replies: Object.create(null), nextReply: 1, require: require,
              device: JSON.parse(config.device) };
  env.animationSettle = config.animationSettle;
  env.origin = config.origin;   // the document's origin (a frame's: see Frames.swift)
  env.fallbackBase = config.base || null;   // a srcdoc or about:blank frame's base URL before `<base>`: its parent's
  env.global = g;

  // Properties of `object` that run `install` on first use, which replaces them by the real ones: so a
  // page that never uses an API does not pay for setting it up. A method stub calls the installed method.
  env.lazyProperties = function (object, names, install) {
    names.forEach(function (name) {
      Object.defineProperty(object, name, {
        get: function () {
          install();
          if (env.platformMade) env.platformMade(object, names);
          var d = Object.getOwnPropertyDescriptor(object, name);
          return d && d.get && d.get.__lazyStub ? undefined : object[name];
        },
        set: function (value) {
          install();
          Object.defineProperty(this, name, { value: value, writable: true, configurable: true, enumerable: false });
        },
        configurable: true
      });
      Object.getOwnPropertyDescriptor(object, name).get.__lazyStub = true;
    });
  };
  env.lazyInstaller = function (install) {
    var installed = false;
    return function () {
      if (installed) return;
      installed = true;
      install();
    };
  };
  env.lazyMethods = function (proto, names, install) {
    names.forEach(function (name) {
      var stub = function () {
        install();
        if (env.platformMade) env.platformMade(proto, names);
        return this[name].apply(this, arguments);
      };
      Object.defineProperty(stub, 'name', { value: name });
      Object.defineProperty(proto, name, { value: stub, writable: true, configurable: true });
    });
  };

  // Listeners, handlers and dispatch: dom/event-dispatch.js, installed after this script.

  // --- the window is the global object
  env.parser = domino.createIncrementalHTMLParser();
  env.document = env.parser.document();
  env.document._address = config.url;
  Window.call(g, env.document);
  // Not copied: domino's parser class and the legacy interfaces WebKit does not have (WebKitGTK 2.50 and Safari
  // have no HTMLParser, HTMLKeygenElement, HTMLMenuItemElement, HTMLTableDataCellElement nor
  // HTMLTableHeaderCellElement on the window; domino's <td> and <th> still are HTMLTableCellElements).
  var legacyNames = ['HTMLKeygenElement', 'HTMLMenuItemElement', 'HTMLTableDataCellElement',
                     'HTMLTableHeaderCellElement'];
  var skip = { console: 1, _run: 1, setTimeout: 1, clearTimeout: 1, setInterval: 1, clearInterval: 1,
               navigator: 1, history: 1, constructor: 1, HTMLParser: 1 };
  legacyNames.forEach(function (name) { skip[name] = 1; });
  function setConstructor(proto, C) {   // domino's own `constructor`s are writable but not configurable
    var own = Object.getOwnPropertyDescriptor(proto, 'constructor');
    var fixed = own && !own.configurable;
    Object.defineProperty(proto, 'constructor', fixed ? { value: C } : { value: C, writable: true, configurable: true });
  }
  [ET.prototype, Window.prototype].forEach(function (proto) {
    Object.getOwnPropertyNames(proto).forEach(function (name) {
      if (skip[name] || Object.prototype.hasOwnProperty.call(g, name) && name !== 'location') return;
      var d = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof d.value === 'function' && !/^[A-Z]/.test(name)) {
        d.value = function () { return proto[name].apply(this == null ? g : this, arguments); };  // read at call time: later scripts patch the prototypes
        Object.defineProperty(d.value, 'name', { value: name });
      }
      d.configurable = true;
      // Pages enumerate the window (Object.keys, for-in, mocha's leak check): domino's internals (`_dispatchEvent`,
      // `_getEventHandler`, ...) are not listed, nor EventTarget's methods, which WebKit has on
      // EventTarget.prototype, not on the window (Object.keys(window) on WebKitGTK 2.50 lists none of them).
      if (name.charAt(0) === '_' || proto === ET.prototype) d.enumerable = false;
      Object.defineProperty(g, name, d);
    });
  });
  // Their elements (<td>, <th>, ...) name the interface WebKit gives them: HTMLTableCellElement, not domino's subclass.
  legacyNames.forEach(function (name) {
    var legacy = Window.prototype[name] && Window.prototype[name].prototype;
    if (legacy) setConstructor(legacy, Object.getPrototypeOf(legacy).constructor);
  });
  Object.defineProperty(g, 'Window', { value: Window, writable: true, configurable: true });
  ['window', 'self', 'frames', 'parent', 'top', 'globalThis'].forEach(function (name) {
    Object.defineProperty(g, name, { value: g, writable: name !== 'window', configurable: name !== 'window' });  // self, frames, parent, top are [Replaceable]
  });
  var onerror = null;
  Object.defineProperty(g, 'onerror', {
    get: function () { return onerror; },
    set: function (v) { onerror = typeof v === 'function' ? v : null; }, configurable: true
  });

  // --- location: reading works as domino's; assigning is a navigation request
  var location = g.location;
  function resolve(url) { return new URLImpl(href).resolve(String(url)); }
  var urlUtils = require('domino/lib/URLUtils').prototype;
  var urlSearch = Object.getOwnPropertyDescriptor(urlUtils, 'search');
  var urlHash = Object.getOwnPropertyDescriptor(urlUtils, 'hash');
  function withoutHash(u) { var i = u.indexOf('#'); return i < 0 ? u : u.slice(0, i); }
  function navigate(url, type, replace) {
    var resolved = resolve(url);
    if (withoutHash(resolved) === withoutHash(href) && resolved.indexOf('#') >= 0 && type !== 'reload') {
      // As in WebKit, a fragment navigation asks the navigation policy too (at once), and a cancel stops it.
      if (!native.navigate(String(url), resolved, type, true, true)) return;
      env.navigateToFragment(resolved, !!replace);  // dom/history.js: a session history entry and hashchange
      return;
    }
    native.navigate(String(url), resolved, type, true, false, !!replace);
  }
  env.navigate = navigate;
  // WebKit's Location members are the object's own properties ([LegacyUnforgeable]: enumerable, not configurable), in
  // this order (WebKitGTK 2.50: `Object.getOwnPropertyNames(location)`), `valueOf` not enumerable; the URL is kept here,
  // out of the page's sight (env.setURL changes it: dom/history.js).
  var href = location._href;
  delete location._href;
  delete location._window;
  function urlAccessor(name) { var d = Object.getOwnPropertyDescriptor(urlUtils, name); return { get: d.get, set: d.set, enumerable: true }; }
  function unforgeable(f) { return { value: f, enumerable: true }; }
  // A top-level document's ancestors: none (a DOMStringList in WebKit; frames are the host's, not the page's).
  var ancestorOrigins = Object.create(Object.prototype, {
    length: { value: 0 }, item: { value: function item() { return null; } }, contains: { value: function contains() { return false; } },
    [Symbol.toStringTag]: { value: 'DOMStringList' }
  });
  Object.defineProperties(location, {
    href: { get: function () { return href; }, set: function (v) { navigate(v, 'location'); }, enumerable: true },
    protocol: urlAccessor('protocol'), host: urlAccessor('host'), hostname: urlAccessor('hostname'),
    port: urlAccessor('port'), pathname: urlAccessor('pathname'),
    // URL standard: "" for an empty query ("page.html?", where a GET form with no fields goes), as in WebKit;
    // domino's getter gives "?" (still so for <a> and <area>, whose accessors domino makes unchangeable).
    search: { get: function () { var value = urlSearch.get.call(this); return value === '?' ? '' : value; },
              set: urlSearch.set, enumerable: true },
    // HTML: setting the fragment the URL already has does nothing (no entry, no popstate), unlike `href`.
    hash: { get: urlHash.get, set: function (v) {
      var copy = { href: href };   // domino's setter reads and writes `href` only: the encoded new URL
      urlHash.set.call(copy, String(v));
      if (copy.href !== href) navigate(copy.href, 'location');
    }, enumerable: true },
    origin: urlAccessor('origin'),
    ancestorOrigins: { get: function () { return ancestorOrigins; }, enumerable: true },
    assign: unforgeable(function assign(url) { navigate(url, 'location'); }),
    replace: unforgeable(function replace(url) { navigate(url, 'location', true); }),
    reload: unforgeable(function reload() { navigate(href, 'reload'); }),
    toString: unforgeable(function toString() { return this.href; }),
    valueOf: { value: Object.prototype.valueOf }
  });
  Object.defineProperty(g, 'location', {
    get: function () { return location; },
    set: function (v) { env.navigateFrom ? env.navigateFrom(v, 'location') : navigate(v, 'location'); }, configurable: true
  });
  Object.defineProperty(env.document, 'location', {
    get: function () { return location; }, set: function (v) { navigate(v, 'location'); }, configurable: true
  });
  env.setURL = function (url) { href = url; env.document._address = url; };

  // --- navigator
  var navigator = Object.create(require('domino/lib/NavigatorID'), {
    userAgent: { value: config.userAgent, enumerable: true },
    appVersion: { value: config.userAgent.replace(/^Mozilla\//, ''), enumerable: true },
    platform: { value: env.device.platform, enumerable: true },  // device/device.js does the rest of the device
    vendor: { value: 'HybridRuntime', enumerable: true },
    language: { value: env.device.languages[0], enumerable: true },
    languages: { value: Object.freeze(env.device.languages.slice()), enumerable: true },
    maxTouchPoints: { value: env.device.maxTouchPoints, enumerable: true },
    onLine: { value: true, enumerable: true, configurable: true },   // device/services.js makes it live
    cookieEnabled: { value: true, enumerable: true },
    hardwareConcurrency: { value: 2, enumerable: true },
    webdriver: { value: false, enumerable: true }
  });
  Object.defineProperty(g, 'navigator', { value: navigator, writable: true, configurable: true });
  // history: dom/history.js

  // --- SVG element interfaces (d3 and chart libraries test `instanceof SVGGElement`, `SVGGraphicsElement`, ...):
  // domino makes every SVG element but <svg> a plain SVGElement; here each tag WebKit gives an interface of its own
  // gets it, with WebKit's chain (SVGElement > SVGGraphicsElement > SVGGeometryElement > SVGPathElement, ...).
  // Made on first use (a read of one of these globals, or the first SVG element), like the DOM's other optional parts.
  var svg = require('domino/lib/svg'), SVGElementImpl = svg.elements.SVGElement, svgCreate = svg.createElement;
  var svgProtos = Object.create(null);   // local name -> prototype
  // Each interface: [name, parent interface's name (none: SVGElement), the tags it is made for], parents first.
  var svgTable = [['SVGGraphicsElement', null, ['a', 'defs', 'foreignObject', 'g', 'image', 'switch', 'use']],
                  ['SVGGeometryElement', 'SVGGraphicsElement'], ['SVGTextContentElement', 'SVGGraphicsElement'],
                  ['SVGTextPositioningElement', 'SVGTextContentElement'], ['SVGGradientElement', null],
                  ['SVGTextElement', 'SVGTextPositioningElement', ['text']], ['SVGTSpanElement', 'SVGTextPositioningElement', ['tspan']],
                  ['SVGTextPathElement', 'SVGTextContentElement', ['textPath']],
                  ['SVGLinearGradientElement', 'SVGGradientElement', ['linearGradient']],
                  ['SVGRadialGradientElement', 'SVGGradientElement', ['radialGradient']]];
  [['SVGGeometryElement', [['Path', 'path'], ['Rect', 'rect'], ['Circle', 'circle'], ['Ellipse', 'ellipse'], ['Line', 'line'],
                           ['Polyline', 'polyline'], ['Polygon', 'polygon']]],
   ['SVGGraphicsElement', [['A', 'a'], ['Defs', 'defs'], ['ForeignObject', 'foreignObject'], ['G', 'g'], ['Image', 'image'],
                           ['Switch', 'switch'], ['Use', 'use']]],
   [null, [['ClipPath', 'clipPath'], ['Desc', 'desc'], ['Filter', 'filter'], ['Marker', 'marker'], ['Mask', 'mask'],
           ['Metadata', 'metadata'], ['Pattern', 'pattern'], ['Script', 'script'], ['Stop', 'stop'], ['Style', 'style'],
           ['Symbol', 'symbol'], ['Title', 'title'], ['View', 'view'], ['MPath', 'mpath']]]].forEach(function (group) {
    group[1].forEach(function (pair) { svgTable.push(['SVG' + pair[0] + 'Element', group[0], [pair[1]]]); });
  });
  var installSVG = env.lazyInstaller(function () {
    svgTable.forEach(function (row) {
      var parent = row[1] ? g[row[1]] : SVGElementImpl;
      interfaceObject(row[0], Object.create(parent.prototype));
      (row[2] || []).forEach(function (tag) { svgProtos[tag] = g[row[0]].prototype; });
    });
    Object.setPrototypeOf(svg.elements.SVGSVGElement.prototype, g.SVGGraphicsElement.prototype);
  });
  var svgNames = svgTable.map(function (row) { return row[0]; });
  env.lazyProperties(g, svgNames, installSVG);
  svg.createElement = function (doc, localName, prefix) {
    installSVG();
    var proto = svgProtos[localName];
    if (!proto) return svgCreate(doc, localName, prefix);
    var element = Object.create(proto);
    SVGElementImpl.call(element, doc, localName, prefix);
    return element;
  };

  // --- interface objects of the window's own objects, as WebKit's: `location instanceof Location`,
  // `navigator instanceof Navigator`, `document instanceof HTMLDocument`, their Object.prototype.toString names
  // and constructors; constructing one throws "Illegal constructor" (all observed on WebKitGTK 2.50).
  function interfaceObject(name, proto, isInstance) {
    var C = function () { throw new TypeError('Illegal constructor'); };
    Object.defineProperty(C, 'name', { value: name, configurable: true });
    C.prototype = proto;
    setConstructor(proto, C);
    Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
    if (isInstance) {
      Object.defineProperty(C, Symbol.hasInstance, { configurable: true, value: function (value) {
        return Function.prototype[Symbol.hasInstance].call(this, value) || (this === C && isInstance(value));
      } });
    }
    Object.defineProperty(g, name, { value: C, writable: true, configurable: true });
  }
  // domino's Location.prototype has a fixed `constructor`: the window's location gets a prototype of its own.
  interfaceObject('Location', Object.create(Object.getPrototypeOf(location)));
  Object.setPrototypeOf(location, g.Location.prototype);
  // Its chain ends in domino's URLUtils, whose members the location has as its own (above); the others (`username`,
  // `password`, which WebKit's Location has not) are not listed by `for...in` (observed on WebKitGTK 2.50).
  Object.keys(urlUtils).forEach(function (name) { Object.defineProperty(urlUtils, name, { enumerable: false }); });
  interfaceObject('Navigator', Object.getPrototypeOf(navigator));
  interfaceObject('TreeWalker', require('domino/lib/TreeWalker').prototype);       // document.createTreeWalker's
  interfaceObject('NodeIterator', require('domino/lib/NodeIterator').prototype);   // document.createNodeIterator's
  // Documents are domino's Documents: HTML ones (the page's, createHTMLDocument's, DOMParser's text/html) are
  // HTMLDocuments, XML ones (createDocument's, DOMParser's XML) XMLDocuments. The page's document has
  // HTMLDocument.prototype as its prototype, as in WebKit; the others are instances by their kind.
  var DocumentImpl = require('domino/lib/Document');
  function isDocument(value, html) { return value instanceof DocumentImpl && value.isHTML === html; }
  interfaceObject('HTMLDocument', Object.create(DocumentImpl.prototype), function (v) { return isDocument(v, true); });
  interfaceObject('XMLDocument', Object.create(DocumentImpl.prototype), function (v) { return isDocument(v, false); });
  Object.setPrototypeOf(env.document, g.HTMLDocument.prototype);
  // The other documents have their kind's prototype too, as on WebKit: createHTMLDocument's and createDocument's,
  // DOMParser's (dom/parsing.js), a template's contents' and a clone (`new Document()` stays a Document).
  env.documentMade = function (d) {
    Object.setPrototypeOf(d, (d.isHTML ? g.HTMLDocument : g.XMLDocument).prototype);
    return d;
  };
  var Implementation = require('domino/lib/DOMImplementation').prototype;
  ['createHTMLDocument', 'createDocument'].forEach(function (name) {
    var make = Implementation[name];
    Implementation[name] = { [name]: function () { return env.documentMade(make.apply(this, arguments)); } }[name];
  });
  var clone = DocumentImpl.prototype.clone, templateDocument = Object.getOwnPropertyDescriptor(DocumentImpl.prototype, '_templateDoc').get;
  Object.defineProperty(DocumentImpl.prototype, 'clone', { value: function () { return env.documentMade(clone.call(this)); }, configurable: true });
  Object.defineProperty(DocumentImpl.prototype, '_templateDoc', { configurable: true, get: function () {
    var made = this._templateDocCache;
    if (made) return made;
    made = env.documentMade(templateDocument.call(this));
    made._address = 'about:blank';   // as WebKit's: its relative URLs stay as written
    return made;
  } });

  // Members the web view adds to Document.prototype, where WebKit has them (pages and libraries patch them there):
  // enumerable and configurable, methods writable. Their getters and methods answer for the window's document
  // (`env.document`) or, as WebKit does, for a document without a browsing context (createHTMLDocument's,
  // DOMParser's, a template's contents').
  env.documentMember = function (name, d) {
    d.configurable = d.enumerable = true;
    if (typeof d.value === 'function') d.writable = true;
    Object.defineProperty(DocumentImpl.prototype, name, d);
  };
  return env;
})
