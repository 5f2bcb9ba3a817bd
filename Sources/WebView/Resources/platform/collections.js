(function (global, native, internals) {
  'use strict';
  // Selector results and collections as browsers give them (domino's differ in ways that break jQuery-free
  // framework code such as Bootstrap 5, which spreads querySelectorAll's result), on every element, document (the
  // page's, DOMParser's, createHTMLDocument's, template contents') and fragment (shadow roots too):
  // - querySelector returns null when nothing matches (domino: undefined);
  // - querySelectorAll returns a static NodeList, iterable and with forEach (domino: for a simple selector, its
  //   live element list, which has neither);
  // - an invalid selector is WebKit's SyntaxError DOMException, from matches and closest too;
  // - `:scope` is the node the method is called on (the document's root element for a document, nothing for a
  //   fragment); domino took the document's root element always;
  // - element collections (children, getElementsByTagName/ClassName/Name) and DOMTokenList (classList) are
  //   iterable; DOMTokenList has forEach; HTMLCollection is a global.
  // The fixed methods replace domino's on Element.prototype, Document.prototype and DocumentFragment.prototype.
  var document = global.document;
  // The platform also goes into contexts without a DOM; there is nothing to do in them.
  if (typeof global.Document !== 'function' || !document || typeof document.createElement !== 'function') return;
  var define = internals.define;
  var NodeList = global.NodeList;
  var slice = Array.prototype.slice;

  // A selector domino's engine cannot read is WebKit's SyntaxError DOMException naming it (observed on WebKitGTK 2.50:
  // "'a[' is not a valid selector."), from each selector method; domino threw a plain SyntaxError ("Invalid selector.")
  // or, for a pseudo-class it lacks, a TypeError when matching. Its pseudo-classes WebKit does not have are invalid
  // too, and `:where()` and `:-webkit-any()` are its `:is()` (they match alike). The pseudo-classes WebKit has match
  // as WebKit's headless page does (observed on WebKitGTK 2.50): no pointer or user state (`:hover`, `:active`,
  // `:focus-visible`, `:user-invalid`, ...) and no fullscreen, modal or popover element, so they match nothing.
  var select = typeof native.domRequire === 'function' ? native.domRequire('domino/lib/select') : null;
  var engine = select ? select.selectors : null;
  // The node whose selector method is running: its `:scope` (undefined outside one: the document's root element, as
  // in a style sheet; null for a fragment, whose `:scope` matches no element).
  var scoping;
  if (engine && !Object.prototype.hasOwnProperty.call(engine, ':where')) {
    [':contains', ':links-here', ':local-link', ':nth-match', ':nth-last-match', ':column', ':nth-column', ':nth-last-column',
     ':current'].forEach(function (name) { delete engine[name]; });
    engine[':where'] = engine[':-webkit-any'] = engine[':is'];
    engine[':scope'] = function (el) {
      var root = scoping !== undefined ? scoping : el.ownerDocument && el.ownerDocument.documentElement;
      return el === root;
    };
    // The engine calls a functional pseudo-class with its argument for the test, a simple one with the element
    // (`:hover(x)` is invalid; `:state` without its argument is found invalid when it comes to match).
    var never = function () { return false; };
    [':hover', ':active', ':visited', ':focus-visible', ':autofill', ':-webkit-autofill', ':fullscreen', ':-webkit-full-screen',
     ':modal', ':popover-open', ':user-invalid', ':user-valid', ':buffering', ':stalled', ':volume-locked', ':-webkit-drag',
     ':past', ':future'].forEach(function (name) {
      engine[name] = function (el) { if (typeof el === 'string') throw new SyntaxError(name + ' takes no argument'); return false; };
    });
    engine[':host'] = function (argument) { return typeof argument === 'string' ? never : false; };
    engine[':state'] = function (argument) {
      if (typeof argument !== 'string') throw new SyntaxError(':state needs an argument');
      return never;
    };
    fixPseudoClasses(engine);
    // Any other name the engine looks up is a pseudo-class it does not know (its own are own properties).
    Object.setPrototypeOf(engine, new Proxy(Object.create(null), { get: function (target, name) {
      throw new SyntaxError('Unknown pseudo-class ' + String(name));
    } }));
  }

  // The pseudo-classes domino lacks or matches otherwise than WebKit (observed on WebKitGTK 2.50).
  function fixPseudoClasses(engine) {
    var media = function (el) { return el.nodeType === 1 && (el.localName === 'audio' || el.localName === 'video'); };
    engine[':paused'] = function (el) { return media(el) && el.paused === true; };
    engine[':playing'] = function (el) { return media(el) && el.paused === false; };
    engine[':seeking'] = function (el) { return media(el) && el.seeking === true; };
    engine[':muted'] = function (el) { return media(el) && el.muted === true; };
    var link = function (el) {
      return el.nodeType === 1 && (el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href');
    };
    engine[':link'] = engine[':any-link'] = engine[':-webkit-any-link'] = link;
    // The element the page's URL fragment names (domino read a `window` it does not have).
    engine[':target'] = function (el) {
      if (el.nodeType !== 1 || el.ownerDocument !== document || !el.id) return false;
      var hash = global.location && global.location.hash, id;
      if (!hash || hash.length < 2) return false;
      try { id = decodeURIComponent(hash.slice(1)); } catch (e) { id = hash.slice(1); }
      return el.id === id && document.getElementById(id) === el;
    };
    // The window is inactive when the page does not have the focus (a hidden page; WebKitGTK's unfocused window
    // under Xvfb matches every element, a page on screen none).
    engine[':window-inactive'] = function (el) {
      var doc = el.nodeType === 1 && el.ownerDocument;
      return !!doc && doc === document && typeof doc.hasFocus === 'function' && !doc.hasFocus();
    };
    // Directionality: the nearest `dir` attribute (`auto`: the first strong character of the text), else ltr.
    engine[':dir'] = function (param) {
      var wanted = String(param).trim().toLowerCase();
      return function (el) { return el.nodeType === 1 && direction(el) === wanted; };
    };
    function direction(el) {
      for (var node = el; node && node.nodeType === 1; node = node.parentNode) {
        var dir = (node.getAttribute('dir') || '').toLowerCase();
        if (dir === 'ltr' || dir === 'rtl') return dir;
        if (dir === 'auto') {
          var text = node.localName === 'input' || node.localName === 'textarea' ? String(node.value) : node.textContent;
          var strong = /[A-Za-z\u00C0-\u02B8\u0370-\u058F\u0900-\u1FFF\u2C00-\uFB1C]|[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(text || '');
          return strong && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong[0]) ? 'rtl' : 'ltr';
        }
      }
      return 'ltr';
    }
    // Read-write: an enabled, not read-only text field or text area, or editable content.
    var TEXT_TYPES = ' text search url tel email password date month week time datetime-local number ';
    var INPUT_TYPES = TEXT_TYPES + 'hidden range color checkbox radio file submit image reset button ';
    function editable(el) {
      for (var node = el; node && node.nodeType === 1; node = node.parentNode) {
        var value = node.getAttribute('contenteditable');
        if (value === null) continue;
        value = value.toLowerCase();
        if (value === '' || value === 'true' || value === 'plaintext-only') return true;
        if (value === 'false') return false;
      }
      return !!el.ownerDocument && String(el.ownerDocument.designMode).toLowerCase() === 'on';
    }
    function readWrite(el) {
      if (el.nodeType !== 1) return false;
      var name = el.localName;
      if (name === 'input') {
        var type = ' ' + (el.getAttribute('type') || 'text').toLowerCase() + ' ';
        if (INPUT_TYPES.indexOf(type) >= 0 && TEXT_TYPES.indexOf(type) < 0) return false;
      }
      if (name === 'input' || name === 'textarea') return !el.hasAttribute('readonly') && !engine[':disabled'](el);
      return editable(el);
    }
    engine[':read-write'] = readWrite;
    engine[':read-only'] = function (el) { return el.nodeType === 1 && !readWrite(el); };
    // Default: a checkbox or radio button checked by its markup, an option selected by it, a form's first submit button.
    var submits = function (el) {
      var type = (el.getAttribute('type') || '').toLowerCase();
      return el.localName === 'button' ? type !== 'reset' && type !== 'button'
        : el.localName === 'input' && (type === 'submit' || type === 'image');
    };
    engine[':default'] = function (el) {
      if (el.nodeType !== 1) return false;
      if (el.localName === 'option') return el.hasAttribute('selected');
      if (el.localName === 'input' && /^(checkbox|radio)$/i.test(el.getAttribute('type') || '')) return el.hasAttribute('checked');
      if (!submits(el) || !el.form || !el.form.elements) return false;
      var controls = el.form.elements;
      for (var i = 0; i < controls.length; i++) if (submits(controls[i])) return controls[i] === el;
      return false;
    };
    // `:nth-child(An+B of S)` and `:nth-last-child(An+B of S)`: the position among the siblings that match S.
    var nthChild = engine[':nth-child'];
    var nth = function (param, last) {   // domino's test; it fails on a malformed An+B with a TypeError
      try { return nthChild(param, last); } catch (error) { throw new SyntaxError('Invalid selector.'); }
    };
    engine[':nth-child'] = function (param, last) {
      var of = /^([\s\S]*?)\s+of\s+([\s\S]+)$/i.exec(String(param));
      if (!of) return nth(param, last);
      nth(of[1]);   // the An+B part, read (and refused when wrong) by domino
      var step = /^\s*(?:(odd)|(even)|([+-]?\d*)n\s*(?:([+-])\s*(\d+))?|([+-]?\d+))\s*$/i.exec(of[1]);
      if (!step) throw new SyntaxError('Invalid selector.');
      var a = step[1] || step[2] ? 2 : step[6] !== undefined ? 0 : step[3] === '' || step[3] === '+' ? 1 : step[3] === '-' ? -1 : +step[3];
      var b = step[1] ? 1 : step[2] ? 0 : step[6] !== undefined ? +step[6] : step[5] ? (step[4] === '-' ? -step[5] : +step[5]) : 0;
      var test = engine[':is'](of[2]);
      return function (el) {
        if (el.nodeType !== 1 || !el.parentNode || !test(el)) return false;
        var position = 0;
        for (var sibling = el; sibling; sibling = last ? sibling.nextElementSibling : sibling.previousElementSibling) {
          if (test(sibling)) position++;
        }
        return a === 0 ? position === b : (position - b) % a === 0 && (position - b) / a >= 0;
      };
    };
  }

  function invalid(selectors) { return new DOMException("'" + selectors + "' is not a valid selector.", 'SyntaxError'); }
  // The selector text of a call, checked as WebKit checks it.
  function text(args) {
    if (args.length < 1) throw new TypeError('Not enough arguments');
    var selectors = String(args[0]);
    if (!/\S/.test(selectors)) throw invalid(selectors);
    return selectors;
  }
  // Runs domino's `method` on `node` with `scope` as `:scope`; the engine's SyntaxError becomes WebKit's.
  function within(node, scope, method, selectors) {
    var outer = scoping;
    scoping = scope;
    try {
      return method.call(node, selectors);
    } catch (error) {
      if (error instanceof SyntaxError) throw invalid(selectors);
      throw error;
    } finally {
      scoping = outer;
    }
  }
  function scopeOf(node) { return node.nodeType === 1 ? node : node.nodeType === 9 ? node.documentElement : null; }
  function found(list) { return list instanceof NodeList ? list : new NodeList(slice.call(list)); }
  var matching = select ? function (selectors) { return select.matches(this, selectors); } : global.Element.prototype.matches;
  // Domino's closest calls `matches` on each ancestor, which would make each its own `:scope`.
  function closestOf(selectors) {
    for (var el = this; el && el.nodeType === 1; el = el.parentNode) if (matching.call(el, selectors)) return el;
    return null;
  }

  // Replaces the selector methods of constructor `C`'s prototype by `methods` (made from domino's), in place: domino's
  // members are configurable (commonjs.js), so every prototype that inherits it (HTMLElement's, the documents') and
  // every node sees the new ones.
  function interpose(C, methods) {
    var proto = C.prototype;
    methods(proto).forEach(function (method) { define(proto, method.name, method); });
  }
  function selectorMethods(original) {
    var queryOne = original.querySelector, queryAll = original.querySelectorAll;
    return [
      function querySelector(selectors) {
        var result = within(this, scopeOf(this), queryOne, text(arguments));
        return result === undefined ? null : result;
      },
      function querySelectorAll(selectors) { return found(within(this, scopeOf(this), queryAll, text(arguments))); }
    ];
  }
  function elementMethods(original) {
    return selectorMethods(original).concat([
      function matches(selectors) { return within(this, this, matching, text(arguments)); },
      function webkitMatchesSelector(selectors) { return within(this, this, matching, text(arguments)); },
      function closest(selectors) { return within(this, this, closestOf, text(arguments)); }
    ]);
  }
  interpose(global.Element, elementMethods);
  interpose(global.Document, selectorMethods);
  interpose(global.DocumentFragment, selectorMethods);
  var sample = document.createElement('b');   // one element for the prototypes below

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
