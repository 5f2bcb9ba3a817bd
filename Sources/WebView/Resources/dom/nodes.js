(function (require, native, env) {
  'use strict';
  // What domino's nodes lack: the ParentNode mixin's `append`, `prepend`, `replaceChildren`, `isConnected`,
  // `getRootNode`, `dataset` (a live DOMStringMap) and `innerText`/`outerText`.
  var impl = env.impl;
  function define(proto, name, f) {
    Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function getter(proto, name, get, set) {
    Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true });
  }
  function hierarchyError(method, why) {
    return new DOMException("Failed to execute '" + method + "' on 'Node': " + why, 'HierarchyRequestError');
  }
  function hostOf(n) { return n.nodeType === 11 && n.host && typeof n.mode === 'string' ? n.host : null; }

  // --- domino's own DOMExceptions (its tree operations throw them) as WebKit's: the modern name (HierarchyRequestError,
  // not HIERARCHY_REQUEST_ERR), WebKit's message for the code, no enumerable fields, and instances of the page's
  // DOMException (linked when the platform's class exists: the first one thrown after set-up). The names and words
  // are the platform's table (platform/base.js puts it on domino's DOMException module when it runs, after this).
  var g = globalThis, DominoException = require('domino/lib/DOMException'), exceptionProto = DominoException.prototype;
  function webKitTable() { return DominoException.webKitTable || { names: [], words: [] }; }
  function own(target, name, value) {
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function linkToPlatform() {
    var Platform = g.DOMException;
    if (typeof Platform !== 'function' || Platform === DominoException || Platform.prototype === exceptionProto) return;
    if (Object.getPrototypeOf(exceptionProto) !== Platform.prototype) Object.setPrototypeOf(exceptionProto, Platform.prototype);
    own(exceptionProto, 'constructor', Platform);
  }
  // domino's constructor sets code, then message, then name: each lands here instead of as an enumerable field.
  Object.defineProperty(exceptionProto, 'code', { configurable: true, get: function () { return 0; },
    set: function (code) { linkToPlatform(); own(this, 'code', code); } });
  Object.defineProperty(exceptionProto, 'message', { configurable: true, get: function () { return ''; },
    set: function (text) { own(this, 'message', webKitTable().words[this.code] || text); } });
  Object.defineProperty(exceptionProto, 'name', { configurable: true, get: function () { return 'Error'; },
    set: function (name) { own(this, 'name', webKitTable().names[this.code] || name); } });

  // --- WebKit's words for a name domino refuses (observed on WebKitGTK 2.50): "Invalid qualified name: 'a b'" for a
  // name (setAttribute, toggleAttribute, createAttribute, createProcessingInstruction), and for a qualified name
  // (createElementNS, setAttributeNS, createAttributeNS, createDocumentType) the first fault of WebKit's scan, by the
  // library's XML name rules. domino checks the name, then throws through utils.InvalidCharacterError: the check's
  // refusal is kept for the throw that follows it. The page document's createElement keeps the default words, as WebKit's.
  var xmlNames = require('domino/lib/xmlnames'), dominoUtils = require('domino/lib/utils');
  var isValidName = xmlNames.isValidName, isValidQName = xmlNames.isValidQName, refused = null;
  function qualifiedNameFault(name) {
    var chars = Array.from(name), start = true, colon = -1;
    for (var i = 0; i < chars.length; i++) {
      if (chars[i] === ':') {
        if (colon >= 0) return 'Unexpected colon in qualified name';
        start = true;
        colon = i;
      } else if (start ? !isValidName(chars[i]) : !isValidName('a' + chars[i])) {
        return start ? 'Invalid qualified name start in' : 'Invalid qualified name part in';
      } else {
        start = false;
      }
    }
    return colon === 0 || (colon > 0 && colon === chars.length - 1) ? 'Namespace in qualified name' : null;
  }
  function invalidNameWords(refusal) {
    if (!refusal.qualified) return refusal.plain ? null : "Invalid qualified name: '" + refusal.name + "'";
    var fault = qualifiedNameFault(refusal.name);
    if (fault === 'Namespace in qualified name') return fault + " '" + refusal.name + "' is too short";
    return fault && fault + " '" + refusal.name + "'";
  }
  var plainNames = false;   // while the page document's createElement checks its name
  xmlNames.isValidName = function (name) {
    var valid = isValidName(name);
    refused = valid ? null : { name: String(name), qualified: false, plain: plainNames };
    return valid;
  };
  xmlNames.isValidQName = function (name) {
    var valid = isValidQName(name);
    refused = valid ? null : { name: String(name), qualified: true };
    return valid;
  };
  var invalidCharacter = dominoUtils.InvalidCharacterError;
  dominoUtils.InvalidCharacterError = function () {
    var refusal = refused, words = refusal && invalidNameWords(refusal);
    refused = null;
    if (!words) return invalidCharacter();
    var error = new DominoException(5);
    own(error, 'message', words);
    throw error;
  };
  // node.baseURI (domino's threw "NotYetImplemented", and its `_documentBaseURL`, which resolves links' `href`, made
  // about:blank '/'): the document base URL of the node's document, as HTML defines it and WebKit gives it (observed
  // on WebKitGTK 2.50): the first `<base href>` resolved against the fallback base URL (the document's address, else
  // about:blank; a srcdoc or about:blank frame's parent's document base URL), else that.
  function documentBaseURL(d) {
    var fallback = d._address || 'about:blank';
    if (d === g.document && env.fallbackBase) {   // a srcdoc or about:blank frame: its parent's document base URL
      fallback = env.fallbackBase;
      try { fallback = g.parent.document.baseURI; } catch (e) {}
    }
    var base = d.querySelector('base[href]');
    if (!base) return fallback;
    try { return new URL(base.getAttribute('href'), fallback).href; } catch (e) { return fallback; }
  }
  var URLImpl = require('domino/lib/URL');
  Object.defineProperty(impl.Document.prototype, '_documentBaseURL', { configurable: true, get: function () { return documentBaseURL(this); } });
  // What links' `href`, images' `src`, ... resolve against; a relative URL against about:blank (a document without a
  // browsing context, a template's contents) reads as written, as on WebKit.
  Object.defineProperty(impl.Document.prototype, '_resolve', { configurable: true, value: function (href) {
    var base = documentBaseURL(this);
    if (base === 'about:blank' && !/^[a-zA-Z][a-zA-Z0-9+.\-]*:/.test(href)) return href;
    return new URLImpl(base).resolve(href);
  } });
  Object.defineProperty(impl.Node.prototype, 'baseURI', { configurable: true, enumerable: true, get: function () {
    return documentBaseURL(this.nodeType === 9 ? this : this.ownerDocument);
  } });

  // (`env.elementCreated`, when set, sees each element createElement makes: dom/shadow.js gives `<slot>` its interface.)
  var documentCreateElement = impl.Document.prototype.createElement;
  env.documentMember('createElement', { value: function createElement(localName) {
    plainNames = true;
    var element;
    try { element = documentCreateElement.apply(this, arguments); } finally { plainNames = false; }
    if (env.elementCreated) env.elementCreated(element);
    return element;
  } });

  // --- ParentNode: strings become text nodes; several nodes go in as one fragment
  function nodeFrom(parent, args) {
    var doc = parent.nodeType === 9 ? parent : parent.ownerDocument;
    if (args.length === 1 && args[0] instanceof impl.Node) return args[0];
    var fragment = doc.createDocumentFragment();
    for (var i = 0; i < args.length; i++) {
      fragment.appendChild(args[i] instanceof impl.Node ? args[i] : doc.createTextNode(String(args[i])));
    }
    return fragment;
  }
  function checkInsert(parent, node, method) {
    for (var n = parent; n; n = n.parentNode || hostOf(n)) if (n === node) throw hierarchyError(method, 'The new child element contains the parent.');
    var kids = node.nodeType === 11 ? node.childNodes : [node];
    for (var i = 0; i < kids.length; i++) {
      var t = kids[i].nodeType;
      if (t === 9 || (t === 10 && parent.nodeType !== 9)) throw hierarchyError(method, 'Nodes of type ' + t + ' may not be inserted inside nodes of type ' + parent.nodeType + '.');
    }
  }
  var parentNode = {
    append: function append() {
      var node = nodeFrom(this, arguments);
      checkInsert(this, node, 'append');
      this.appendChild(node);
    },
    prepend: function prepend() {
      var node = nodeFrom(this, arguments);
      checkInsert(this, node, 'prepend');
      this.insertBefore(node, this.firstChild);
    },
    replaceChildren: function replaceChildren() {
      var node = nodeFrom(this, arguments);
      checkInsert(this, node, 'replaceChildren');
      while (this.firstChild) this.removeChild(this.firstChild);
      if (node.nodeType !== 11 || node.firstChild) this.appendChild(node);
    }
  };
  [impl.Element, impl.Document, impl.DocumentFragment].forEach(function (C) {
    Object.keys(parentNode).forEach(function (name) { define(C.prototype, name, parentNode[name]); });
  });

  // --- isConnected, getRootNode: shadow-including for isConnected and getRootNode({composed: true})
  function rootOf(node, composed) {
    for (;;) {
      while (node.parentNode) node = node.parentNode;
      var host = composed ? hostOf(node) : null;
      if (!host) return node;
      node = host;
    }
  }
  getter(impl.Node.prototype, 'isConnected', function () { return rootOf(this, true).nodeType === 9; });
  define(impl.Node.prototype, 'getRootNode', function getRootNode(options) {
    return rootOf(this, !!(options && typeof options === 'object' && options.composed));
  });

  // --- dataset: a Proxy per element over its data-* attributes (data-foo-bar <-> fooBar)
  function DOMStringMap() { throw new TypeError('Illegal constructor'); }
  Object.defineProperty(DOMStringMap.prototype, Symbol.toStringTag, { value: 'DOMStringMap', configurable: true });
  // A global, as in WebKit (observed on WebKitGTK 2.50: `el.dataset instanceof DOMStringMap`).
  Object.defineProperty(globalThis, 'DOMStringMap', { value: DOMStringMap, writable: true, configurable: true });
  function toAttribute(name) {
    if (/-[a-z]/.test(name)) throw new DOMException("Failed to set a named property on 'DOMStringMap': '" + name + "' is not a valid property name.", 'SyntaxError');
    return 'data-' + name.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); });
  }
  function toProperty(attribute) {
    return attribute.slice(5).replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); });
  }
  function dataNames(element) {
    return element.getAttributeNames().filter(function (n) {
      return n.indexOf('data-') === 0 && !/[A-Z]/.test(n) && element.getAttributeNode(n).namespaceURI === null;
    }).map(toProperty);
  }
  function lookup(element, name) {
    if (typeof name !== 'string' || /-[a-z]/.test(name)) return null;
    return element.getAttribute(toAttribute(name));
  }
  var datasets = new WeakMap();
  function dataset() {
    var element = this, map = datasets.get(element);
    if (map) return map;
    map = new Proxy(Object.create(DOMStringMap.prototype), {
      get: function (target, name, receiver) {
        var v = lookup(element, name);
        return v === null ? Reflect.get(target, name, receiver) : v;
      },
      set: function (target, name, value) {
        if (typeof name === 'symbol') return Reflect.set(target, name, value);
        element.setAttribute(toAttribute(name), String(value));
        return true;
      },
      has: function (target, name) { return lookup(element, name) !== null || name in target; },
      deleteProperty: function (target, name) {
        if (lookup(element, name) !== null) element.removeAttribute(toAttribute(name));
        return true;
      },
      ownKeys: function () { return dataNames(element); },
      getOwnPropertyDescriptor: function (target, name) {
        var v = lookup(element, name);
        return v === null ? undefined : { value: v, writable: true, enumerable: true, configurable: true };
      },
      defineProperty: function (target, name, d) {
        if (typeof name === 'symbol' || !('value' in d)) return false;
        element.setAttribute(toAttribute(name), String(d.value));
        return true;
      }
    });
    datasets.set(element, map);
    return map;
  }
  // domino's insertAdjacentHTML/Text/Element take a missing argument as "undefined"; WebKit's bindings refuse it.
  // (Element.prototype's are not configurable: the checks go on its HTML and SVG subclasses.)
  ['insertAdjacentHTML', 'insertAdjacentText', 'insertAdjacentElement'].forEach(function (name) {
    var original = impl.Element.prototype[name];
    if (typeof original !== 'function') return;
    var checked = { [name]: function (where, value) {
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      return original.call(this, where, value);
    } }[name];
    [impl.HTMLElement, impl.SVGElement].forEach(function (C) { if (C) define(C.prototype, name, checked); });
  });
  getter(impl.HTMLElement.prototype, 'dataset', dataset);
  if (impl.SVGElement) getter(impl.SVGElement.prototype, 'dataset', dataset);
  env.DOMStringMap = DOMStringMap;

  // --- innerText/outerText: the standard's algorithm with a CSS approximation (inline `display` and each
  // element's default display; `white-space` only from <pre>, <textarea>, <listing>, <xmp> and inline styles)
  var hiddenTags = { head: 1, script: 1, style: 1, template: 1, title: 1, meta: 1, link: 1, noscript: 1, datalist: 1,
    param: 1, area: 1, base: 1, basefont: 1, noembed: 1, noframes: 1, rp: 1 };
  var blockTags = { address: 1, article: 1, aside: 1, blockquote: 1, body: 1, center: 1, dd: 1, details: 1, dialog: 1,
    dir: 1, div: 1, dl: 1, dt: 1, fieldset: 1, figcaption: 1, figure: 1, footer: 1, form: 1, h1: 1, h2: 1, h3: 1,
    h4: 1, h5: 1, h6: 1, header: 1, hgroup: 1, hr: 1, html: 1, legend: 1, li: 1, listing: 1, main: 1, menu: 1, nav: 1,
    ol: 1, optgroup: 1, option: 1, plaintext: 1, pre: 1, search: 1, section: 1, summary: 1, ul: 1, xmp: 1,
    table: 1, caption: 1, thead: 1, tbody: 1, tfoot: 1 };
  var preTags = { pre: 1, textarea: 1, listing: 1, xmp: 1, plaintext: 1 };
  function displayOf(el) {
    var inline = el.style && el.style.display;
    if (inline) return inline.trim().toLowerCase();
    if (el.hasAttribute('hidden') || hiddenTags[el.localName]) return 'none';
    if (el.localName === 'input' && String(el.getAttribute('type')).toLowerCase() === 'hidden') return 'none';
    if (el.localName === 'tr') return 'table-row';
    if (el.localName === 'td' || el.localName === 'th') return 'table-cell';
    return blockTags[el.localName] ? 'block' : 'inline';
  }
  function preserves(el, inherited) {
    var ws = el.style && el.style.whiteSpace;
    if (ws) return /^(pre|pre-wrap|break-spaces|pre-line)$/.test(ws.trim());
    return inherited || !!preTags[el.localName];
  }
  function collect(node, items, pre) {
    for (var kid = node.firstChild; kid; kid = kid.nextSibling) {
      if (kid.nodeType === 3) {
        items.push({ text: pre ? kid.data : kid.data.replace(/[ \t\n\r\f]+/g, ' '), pre: pre });
      } else if (kid.nodeType === 1) {
        var display = displayOf(kid);
        if (display === 'none') continue;
        if (kid.localName === 'br') { items.push({ text: '\n', pre: true, br: true }); continue; }
        var breaks = kid.localName === 'p' ? 2 : /^inline|^table-cell$|^contents$|^ruby/.test(display) ? 0 : 1;
        if (breaks) items.push(breaks);
        collect(kid, items, preserves(kid, pre));
        if (breaks) items.push(breaks);
        if (display === 'table-cell' && kid.nextElementSibling) items.push({ text: '\t', pre: true });
      }
    }
  }
  function renderedText(element) {
    var items = [];
    collect(element, items, preserves(element, false));
    var out = '', pending = 0;
    items.forEach(function (item) {
      if (typeof item === 'number') { pending = Math.max(pending, item); return; }
      var text = item.text;
      if (pending && out !== '') out = out.replace(/ $/, '') + '\n'.repeat(pending);
      pending = 0;
      if (!item.pre && (out === '' || /[ \n]$/.test(out))) text = text.replace(/^ /, '');
      if (item.br) out = out.replace(/ $/, '');
      out += text;
    });
    return out.replace(/ $/, '');
  }
  env.renderedText = renderedText;   // Selection.prototype.toString
  function beingRendered(element) {
    if (!element.isConnected) return false;
    for (var n = element; n && n.nodeType === 1; n = n.parentNode) if (displayOf(n) === 'none') return false;
    return true;
  }
  function textFragment(element, value) {
    var doc = element.ownerDocument, fragment = doc.createDocumentFragment();
    String(value).split(/\r\n|\r|\n/).forEach(function (line, i) {
      if (i > 0) fragment.appendChild(doc.createElement('br'));
      if (line) fragment.appendChild(doc.createTextNode(line));
    });
    return fragment;
  }
  getter(impl.HTMLElement.prototype, 'innerText', function () {
    return beingRendered(this) ? renderedText(this) : this.textContent;
  }, function (value) {
    var fragment = textFragment(this, value === null ? '' : value);
    while (this.firstChild) this.removeChild(this.firstChild);
    this.appendChild(fragment);
  });
  getter(impl.HTMLElement.prototype, 'outerText', function () { return this.innerText; }, function (value) {
    if (!this.parentNode) throw new DOMException("Failed to set the 'outerText' property on 'HTMLElement': The element has no parent.", 'NoModificationAllowedError');
    var fragment = textFragment(this, value === null ? '' : value);
    if (!fragment.firstChild) fragment.appendChild(this.ownerDocument.createTextNode(''));
    this.parentNode.replaceChild(fragment, this);
  });

  // --- domino's removeChildren (behind textContent, innerHTML and jQuery's empty()) cuts the children from their
  // parent but leaves them linked to one another in its circular sibling list: inserting one of them elsewhere then
  // brought its former siblings along (jQuery's buildFragment lost a <table> after a <div>, so jQuery UI's datepicker
  // rendered no month). Each removed child is left alone, as a removed node is.
  // (Each of these has its own copy of ContainerNode's member, from dom/interfaces.js: each gets the fixed one.)
  [impl.Element, impl.DocumentFragment, impl.Document].forEach(function (type) {
    var removeChildren = type.prototype.removeChildren;
    Object.defineProperty(type.prototype, 'removeChildren', { writable: true, configurable: true, enumerable: false,
      value: function removeChildrenAlone() {
        var kids = [];
        for (var kid = this.firstChild; kid !== null; kid = kid.nextSibling) kids.push(kid);
        removeChildren.call(this);
        for (var i = 0; i < kids.length; i++) { kids[i]._nextSibling = kids[i]._previousSibling = kids[i]; kids[i]._index = undefined; }
      } });
  });

  // --- members WebKit has that domino lacks, as WebKitGTK 2.50 gives them (observed with `hybrid run --engine webkit`)
  function accessor(proto, name, get, set) {
    Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true });
  }
  var E = impl.Element.prototype, H = impl.HTMLElement.prototype;
  // ParentNode's element members on documents and fragments (domino has them on elements only).
  function firstElement(n) { for (var c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) return c; return null; }
  function lastElement(n) { for (var c = n.lastChild; c; c = c.previousSibling) if (c.nodeType === 1) return c; return null; }
  var childLists = new WeakMap();
  [impl.Document.prototype, impl.DocumentFragment.prototype].forEach(function (proto) {
    accessor(proto, 'firstElementChild', function () { return firstElement(this); });
    accessor(proto, 'lastElementChild', function () { return lastElement(this); });
    accessor(proto, 'childElementCount', function () { var n = 0; for (var c = this.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) n++; return n; });
    accessor(proto, 'children', function () {
      var node = this, list = childLists.get(node);
      if (!list) {
        childLists.set(node, list = env.liveCollection(function () {
          var out = [];
          for (var c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c);
          return out;
        }, null));
      }
      return list;
    });
  });
  // Legacy no-ops.
  ['captureEvents', 'releaseEvents', 'clear'].forEach(function (name) {
    env.documentMember(name, { value: { [name]: function () {} }[name] });
  });

  // Pointer capture: the mouse (pointer 1) is always active, another pointer while it is down (a trusted pointerdown
  // until its pointerup or pointercancel). An inactive pointer is NotFoundError; a pointer that is not down is not
  // captured. Partial: no gotpointercapture/lostpointercapture events, and events are not retargeted to the capturing
  // element.
  var pressed = Object.create(null), captured = Object.create(null);
  function track(event) {
    if (!event.isTrusted || typeof event.pointerId !== 'number') return;
    if (event.type === 'pointerdown') pressed[event.pointerId] = true;
    else { delete pressed[event.pointerId]; delete captured[event.pointerId]; }
  }
  ['pointerdown', 'pointerup', 'pointercancel'].forEach(function (type) { g.addEventListener(type, track, true); });
  function activePointer(args) {
    if (args.length < 1) throw new TypeError('Not enough arguments');
    var id = Number(args[0]) | 0;
    if (id !== 1 && !pressed[id]) throw new DOMException('The object can not be found here.', 'NotFoundError');
    return id;
  }
  define(E, 'setPointerCapture', function setPointerCapture(pointerId) {
    var id = activePointer(arguments);
    if (pressed[id] && this.isConnected) captured[id] = this;
  });
  define(E, 'releasePointerCapture', function releasePointerCapture(pointerId) {
    var id = activePointer(arguments);
    if (captured[id] === this) delete captured[id];
  });
  define(E, 'hasPointerCapture', function hasPointerCapture(pointerId) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    return captured[Number(pointerId) | 0] === this;
  });
  define(E, 'checkVisibility', function checkVisibility(options) {
    if (!this.isConnected) return false;
    var style = g.getComputedStyle(this);
    if (style.display === 'none') return false;
    for (var n = this.parentElement; n; n = n.parentElement) if (g.getComputedStyle(n).display === 'none') return false;
    var o = options && typeof options === 'object' ? options : {};
    if ((o.checkVisibilityCSS || o.visibilityProperty) && style.visibility !== 'visible') return false;
    if ((o.checkOpacity || o.opacityProperty) && Number(style.opacity) === 0) return false;
    return true;
  });

  // Reflected attributes of HTML elements.
  function syntaxError() { return new DOMException('The string did not match the expected pattern.', 'SyntaxError'); }
  function editableState(el) {   // 'true', 'false', 'plaintext-only', or null (inherit)
    var v = el.getAttribute('contenteditable');
    if (v === null) return null;
    v = v.toLowerCase();
    return v === '' || v === 'true' ? 'true' : v === 'false' || v === 'plaintext-only' ? v : null;
  }
  accessor(H, 'contentEditable', function () { return editableState(this) || 'inherit'; }, function (value) {
    var v = String(value).toLowerCase();
    if (v === 'inherit') this.removeAttribute('contenteditable');
    else if (v === 'true' || v === 'false' || v === 'plaintext-only') this.setAttribute('contenteditable', v);
    else throw syntaxError();
  });
  accessor(H, 'isContentEditable', function () {
    if (!this.isConnected) return false;
    for (var n = this; n && n.nodeType === 1; n = n.parentNode) {
      var state = n.namespaceURI === this.namespaceURI ? editableState(n) : null;
      if (state) return state !== 'false';
    }
    return this.ownerDocument.designMode === 'on';
  });
  // An inherited boolean (`spellcheck`: true/'' and false; `translate`: yes/'' and no), true at the root.
  function inherited(name, on, off) {
    accessor(H, name, function () {
      for (var n = this; n && n.nodeType === 1; n = n.parentNode) {
        var v = n.getAttribute(name);
        if (v === null) continue;
        v = v.toLowerCase();
        if (v === '' || v === on) return true;
        if (v === off) return false;
      }
      return true;
    }, function (value) { this.setAttribute(name, value ? on : off); });
  }
  inherited('spellcheck', 'true', 'false');
  inherited('translate', 'yes', 'no');
  accessor(H, 'draggable', function () {
    var v = (this.getAttribute('draggable') || '').toLowerCase();
    if (v === 'true' || v === 'false') return v === 'true';
    return this.localName === 'img' || this.localName === 'a' && this.hasAttribute('href');
  }, function (value) { this.setAttribute('draggable', value ? 'true' : 'false'); });
  accessor(H, 'inert', function () { return this.hasAttribute('inert'); }, function (value) {
    if (value) this.setAttribute('inert', ''); else this.removeAttribute('inert');
  });
  // Enumerated attributes: the canonical keyword of the attribute's value, `missing` without one, `invalid` for another
  // (case-insensitively, unless `exact`: WebKit matches fetchpriority's case).
  function enumerated(proto, name, attribute, keywords, missing, invalid, exact) {
    accessor(proto, name, function () {
      var v = this.getAttribute(attribute);
      if (v === null) return missing;
      if (!exact) v = v.toLowerCase();
      return keywords.hasOwnProperty(v) ? keywords[v] : invalid;
    }, function (value) { this.setAttribute(attribute, String(value)); });
  }
  function keywords(list) { var k = {}; list.split(' ').forEach(function (w) { var p = w.split('='); k[p[0]] = p[1] || p[0]; }); return k; }
  enumerated(H, 'inputMode', 'inputmode', keywords('none text tel url email numeric decimal search'), '', '');
  enumerated(H, 'autocapitalize', 'autocapitalize', keywords('off=none none on=sentences sentences words characters'), '', 'sentences');
  enumerated(impl.HTMLImageElement.prototype, 'fetchPriority', 'fetchpriority', keywords('high low auto'), 'auto', 'auto', true);
  enumerated(impl.HTMLIFrameElement.prototype, 'loading', 'loading', keywords('lazy eager'), 'eager', 'eager');
  function reflected(proto, name, attribute) {
    accessor(proto, name, function () { var v = this.getAttribute(attribute); return v === null ? '' : v; },
             function (value) { this.setAttribute(attribute, String(value)); });
  }
  reflected(H, 'nonce', 'nonce');
  reflected(impl.HTMLIFrameElement.prototype, 'allow', 'allow');
  [impl.HTMLAnchorElement, impl.HTMLAreaElement].forEach(function (C) {   // their stringifier: `'' + link` is its URL
    define(C.prototype, 'toString', function toString() { return this.href; });
  });
  accessor(impl.HTMLAnchorElement.prototype, 'text', function () { return this.textContent; }, function (value) { this.textContent = value; });
  // Token lists of attributes (`relList`, an iframe's `sandbox`), with the tokens `supports` knows.
  var DOMTokenList = require('domino/lib/DOMTokenList'), tokenLists = new WeakMap(), supported = new WeakMap();
  function tokenList(proto, name, attribute, tokens) {
    accessor(proto, name, function () {
      var el = this, lists = tokenLists.get(el);
      if (!lists) tokenLists.set(el, lists = Object.create(null));
      if (!lists[name]) {
        lists[name] = new DOMTokenList(function () { return el.getAttribute(attribute) || ''; },
                                       function (v) { el.setAttribute(attribute, v); });
        supported.set(lists[name], tokens);
      }
      return lists[name];
    }, function (value) { this.setAttribute(attribute, String(value)); });
  }
  var linkTypes = ['noreferrer', 'noopener', 'opener'];
  [impl.HTMLAnchorElement, impl.HTMLAreaElement, impl.HTMLFormElement].forEach(function (C) { if (C) tokenList(C.prototype, 'relList', 'rel', linkTypes); });
  reflected(impl.HTMLFormElement.prototype, 'rel', 'rel');
  tokenList(impl.HTMLIFrameElement.prototype, 'sandbox', 'sandbox', ['allow-downloads', 'allow-forms', 'allow-modals',
    'allow-pointer-lock', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts',
    'allow-storage-access-by-user-activation', 'allow-top-navigation', 'allow-top-navigation-by-user-activation',
    'allow-top-navigation-to-custom-protocols']);
  define(DOMTokenList.prototype, 'supports', function supports(token) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var tokens = supported.get(this);
    if (!tokens) throw new TypeError('DOMTokenList has no supported tokens');
    return tokens.indexOf(String(token).toLowerCase()) >= 0;
  });
  // ARIA reflection: `role` and the `aria-*` attributes as nullable strings.
  ('role ariaAtomic ariaAutoComplete ariaBrailleLabel ariaBrailleRoleDescription ariaBusy ariaChecked ariaColCount ' +
   'ariaColIndex ariaColIndexText ariaColSpan ariaCurrent ariaDescription ariaDisabled ariaExpanded ariaHasPopup ' +
   'ariaHidden ariaInvalid ariaKeyShortcuts ariaLabel ariaLevel ariaLive ariaModal ariaMultiLine ariaMultiSelectable ' +
   'ariaOrientation ariaPlaceholder ariaPosInSet ariaPressed ariaReadOnly ariaRelevant ariaRequired ' +
   'ariaRoleDescription ariaRowCount ariaRowIndex ariaRowIndexText ariaRowSpan ariaSelected ariaSetSize ariaSort ' +
   'ariaValueMax ariaValueMin ariaValueNow ariaValueText').split(' ').forEach(function (name) {
    var attribute = name === 'role' ? 'role' : 'aria-' + name.slice(4).toLowerCase();
    accessor(E, name, function () { return this.getAttribute(attribute); }, function (value) {
      if (value === null) this.removeAttribute(attribute); else this.setAttribute(attribute, String(value));
    });
  });
  return env;
})
