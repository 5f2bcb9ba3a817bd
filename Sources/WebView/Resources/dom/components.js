(function (require, native, env) {
  'use strict';
  // Custom elements (HTML standard §4.13): `customElements` (define, get, getName, whenDefined,
  // upgrade), an `HTMLElement` constructor that `class extends HTMLElement` can call, upgrades, and the
  // lifecycle callbacks. Elements become custom when they are created by `document.createElement` or
  // `new`, when they are connected to the document (parsed ones included) or when `define` or
  // `upgrade` finds them. Reactions run when the DOM operation that caused them is done (the reaction
  // queue of observers.js). Customised built-ins (`is=`, `extends`) are not supported, as in WebKit.
  var g = globalThis, doc = env.document, impl = env.impl;
  // :defined: a built-in element, or a custom one that was upgraded; until `customElements` is first used, no element
  // with a custom element name is (a page's `x-card:not(:defined) { visibility: hidden }` keeps hiding it).
  require('domino/lib/select').selectors[':defined'] = function (el) {
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || el.localName.indexOf('-') < 0) return true;
    return env.isDefinedElement ? env.isDefinedElement(el) : false;
  };
  // Installed on first use of `customElements`, `CustomElementRegistry` or `HTMLElement` (or by shadow.js).
  var install = env.lazyInstaller(function () {
    env.installObservers();
    var HTML = 'http://www.w3.org/1999/xhtml';
    var definitions = new Map(), byConstructor = new Map(), whenDefined = new Map();
    var states = new WeakMap();        // element -> its definition once custom, or 'failed'
    var ALREADY_CONSTRUCTED = {};
    var defining = false, registryRead = false;

    function report(error) { try { native.reportError(error); } catch (e) { /* the page is closing */ } }
    function domError(message, name) { return new g.DOMException(message, name); }

    // --- names
    var PCEN = /^[a-z][\-.0-9_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*-[\-.0-9_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$|^[a-z][\-.0-9_a-z]*-[\-.0-9_a-z]*$/;
    var RESERVED = ['annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri', 'font-face-format',
                    'font-face-name', 'missing-glyph'];
    function validName(name) { return PCEN.test(name) && RESERVED.indexOf(name) < 0; }
    // Why a name is not a valid custom element name, in WebKit's words and order of checks (observed on WebKitGTK 2.50).
    function nameError(name) {
      var why = !/^[a-z]/.test(name) ? 'must have a lowercase ASCII letter as its first character'
        : /[A-Z]/.test(name) ? 'cannot contain an uppercase ASCII letter'
        : name.indexOf('-') < 0 ? 'must contain a hyphen'
        : RESERVED.indexOf(name) >= 0 ? 'cannot be same as one of the standard elements'
        : !PCEN.test(name) ? 'contains a character that is not allowed' : null;
      return why && domError('Custom element name ' + why, 'SyntaxError');
    }
    function isConstructor(f) {
      if (typeof f !== 'function') return false;
      try { Reflect.construct(String, [], f); return true; } catch (e) { return false; }
    }

    // --- HTMLElement: `super()` in a custom element's constructor lands here
    var DominoHTMLElement = impl.HTMLElement;
    var dominoCreateElement = doc.createElement;
    function HTMLElement() {
      var target = new.target;
      if (!target) throw new TypeError("Constructor requires 'new' operator");
      var definition = byConstructor.get(target);
      // WebKit makes its registry on the first read of `customElements`; until then a constructor cannot be one.
      if (target === HTMLElement || !registryRead) throw new TypeError('new.target is not a valid custom element constructor');
      if (!definition) throw new TypeError('new.target does not define a custom element');
      var stack = definition.constructionStack;
      if (!stack.length) {             // `new X()` outside an upgrade: a new element
        var created = dominoCreateElement.call(doc, definition.name);
        Object.setPrototypeOf(created, target.prototype);
        states.set(created, definition);
        return created;
      }
      var element = stack[stack.length - 1];
      if (element === ALREADY_CONSTRUCTED) throw domError('This element was already constructed.', 'InvalidStateError');
      Object.setPrototypeOf(element, target.prototype);
      stack[stack.length - 1] = ALREADY_CONSTRUCTED;
      return element;
    }
    HTMLElement.prototype = DominoHTMLElement.prototype;
    Object.setPrototypeOf(HTMLElement, Object.getPrototypeOf(DominoHTMLElement));
    try { DominoHTMLElement.prototype.constructor = HTMLElement; } catch (e) { /* domino's stays */ }
    Object.defineProperty(g, 'HTMLElement', { value: HTMLElement, writable: true, configurable: true });

    // --- reactions
    function callback(element, definition, name, args) {
      var f = definition.callbacks[name];
      if (!f) return;
      env.enqueueReaction(function () {
        if (states.get(element) === definition) f.apply(element, args);
      });
    }
    function upgrade(element, definition) {
      var state = states.get(element);
      if (state !== undefined) return;
      states.set(element, 'upgrading');
      if (definition.callbacks.attributeChangedCallback) {
        (element.getAttributeNames ? element.getAttributeNames() : []).forEach(function (qname) {
          var attr = element.getAttributeNode(qname);
          if (attr && definition.observed.has(attr.localName)) {
            definition.pendingAttributes.push([element, attr.localName, attr.value, attr.namespaceURI]);
          }
        });
      }
      definition.constructionStack.push(element);
      try {
        var result = Reflect.construct(definition.constructor, []);
        if (result !== element) throw new TypeError('Failed to construct \'' + definition.name + '\': The result must be the element being upgraded.');
      } catch (e) {
        states.set(element, 'failed');
        definition.pendingAttributes = definition.pendingAttributes.filter(function (p) { return p[0] !== element; });
        report(e);
        return;
      } finally {
        definition.constructionStack.pop();
      }
      states.set(element, definition);
      if (env.styleStateChanged) env.styleStateChanged();   // it matches :defined now
      if (Object.prototype.hasOwnProperty.call(element, 'ownerDocument')) {   // created before this installation
        var owner = element.ownerDocument;
        delete element.ownerDocument;
        element.__ownerDocument = owner;
      }
      var pendingAttributes = definition.pendingAttributes.filter(function (p) { return p[0] === element; });
      definition.pendingAttributes = definition.pendingAttributes.filter(function (p) { return p[0] !== element; });
      pendingAttributes.forEach(function (p) { callback(element, definition, 'attributeChangedCallback', [p[1], null, p[2], p[3]]); });
      if (connected(element)) callback(element, definition, 'connectedCallback', []);
    }
    function connected(node) {
      while (node.parentNode) node = node.parentNode;
      if (node.nodeType === 11 && node.host) return connected(node.host);
      return node === doc;
    }
    env.isDefinedElement = function (element) {
      return !validName(element.localName) || typeof states.get(element) === 'object';
    };
    function definitionFor(element) {
      return element.nodeType === 1 && element.namespaceURI === HTML ? definitions.get(element.localName) : undefined;
    }
    function tryToUpgrade(element) {
      var definition = definitionFor(element);
      if (definition && !states.has(element)) env.enqueueReaction(function () { upgrade(element, definition); });
    }
    env.tryToUpgrade = tryToUpgrade;

    // Every element of a subtree, shadow trees included, in tree order.
    function eachElement(root, f) {
      if (root.nodeType === 1) f(root);
      if (root.__shadowRoot) eachElement(root.__shadowRoot, f);
      for (var kid = root.firstChild; kid; kid = kid.nextSibling) if (kid.nodeType === 1 || kid.nodeType === 11) eachElement(kid, f);
    }
    env.eachElement = eachElement;
    function connectedSubtree(root) {
      eachElement(root, function (element) {
        var state = states.get(element);
        if (state && state !== 'failed' && state !== 'upgrading') callback(element, state, 'connectedCallback', []);
        else if (state === undefined) tryToUpgrade(element);
      });
    }
    function disconnectedSubtree(root) {
      eachElement(root, function (element) {
        var state = states.get(element);
        if (state && state !== 'failed' && state !== 'upgrading') callback(element, state, 'disconnectedCallback', []);
      });
    }
    env.connectedSubtree = connectedSubtree;
    env.disconnectedSubtree = disconnectedSubtree;

    // Connection changes: domino reports them for the document's own tree (INSERT 6, REMOVE 4, MOVE 5).
    var previousHandler = doc.mutationHandler;
    // domino makes every unknown name an HTMLUnknownElement; a valid custom element name is an HTMLElement.
    function asCustomName(element) {
      if (element.nodeType === 1 && element.localName.indexOf('-') > 0 && element.namespaceURI === HTML &&
          Object.getPrototypeOf(element) === impl.HTMLUnknownElement.prototype && !states.has(element) && validName(element.localName)) {
        Object.setPrototypeOf(element, DominoHTMLElement.prototype);
      }
    }
    doc._setMutationHandler(function (m) {
      if (previousHandler) previousHandler(m);
      if (m.type === 6) asCustomName(m.node);
      if (!definitions.size) return;
      if (m.type === 6) connectedSubtree(m.node);
      else if (m.type === 4) disconnectedSubtree(m.node);
      else if (m.type === 5) { disconnectedSubtree(m.target); connectedSubtree(m.target); }
    });

    env.attributeHooks.push(function (element, attr, old, value) {
      var definition = states.get(element);
      if (!definition || typeof definition !== 'object' || !definition.observed.has(attr.localName)) return;
      callback(element, definition, 'attributeChangedCallback', [attr.localName, old, value, attr.namespaceURI]);
    });

    // adoptedCallback: domino moves a node to another document by setting its `ownerDocument`. Elements
    // that `innerHTML` and `importNode` make (in a parser or template document, then adopted) arrive here
    // too: in a browser they are created in this document, so a defined one is upgraded at once.
    Object.defineProperty(DominoHTMLElement.prototype, 'ownerDocument', {
      get: function () { return this.__ownerDocument; },
      set: function (value) {
        var old = this.__ownerDocument;
        this.__ownerDocument = value;
        if (old && value && old !== value) {
          var definition = states.get(this);
          if (definition && typeof definition === 'object') callback(this, definition, 'adoptedCallback', [old, value]);
          else if (definition === undefined && value === doc) tryToUpgrade(this);
        }
      },
      configurable: true
    });

    // --- document.createElement(NS): a defined name runs its constructor at once
    function created(element, create) {
      var definition = definitionFor(element);
      if (definition) upgrade(element, definition);
      else asCustomName(element);
      if (states.get(element) !== 'failed') return element;
      var unknown = create();   // a failed constructor gives an HTMLUnknownElement
      Object.setPrototypeOf(unknown, impl.HTMLUnknownElement.prototype);
      states.set(unknown, 'failed');
      return unknown;
    }
    var dominoCreateElementNS = doc.createElementNS;
    Object.defineProperties(doc, {
      createElement: {
        value: function createElement(localName, options) {
          var document = this;
          return created(dominoCreateElement.call(document, localName, options), function () { return dominoCreateElement.call(document, localName); });
        },
        writable: true, configurable: true
      },
      createElementNS: {
        value: function createElementNS(namespace, qualifiedName, options) {
          var document = this;
          return created(dominoCreateElementNS.call(document, namespace, qualifiedName, options), function () {
            return dominoCreateElementNS.call(document, namespace, qualifiedName);
          });
        },
        writable: true, configurable: true
      }
    });

    // --- CustomElementRegistry
    function CustomElementRegistry() { throw new TypeError('Illegal constructor'); }
    var registry = Object.create(CustomElementRegistry.prototype);
    // WebKit's words for each refusal (observed on WebKitGTK 2.50). WebKit has no customized built-in elements and
    // ignores `options.extends`: the definition is an autonomous one.
    CustomElementRegistry.prototype.define = function define(name, constructor) {
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      name = String(name);
      if (!isConstructor(constructor)) throw new TypeError('The second argument must be a constructor');
      var invalid = nameError(name);
      if (invalid) throw invalid;
      if (definitions.has(name)) throw domError('Cannot define multiple custom elements with the same tag name', 'NotSupportedError');
      if (byConstructor.has(constructor)) throw domError('Cannot define multiple custom elements with the same class', 'NotSupportedError');
      if (defining) throw domError('Cannot define a custom element while defining another custom element', 'NotSupportedError');
      defining = true;
      var callbacks = {}, observed = new Set();
      try {
        var prototype = constructor.prototype;
        if (prototype === null || (typeof prototype !== 'object' && typeof prototype !== 'function')) {
          throw new TypeError("Custom element constructor's prototype must be an object");
        }
        ['connectedCallback', 'disconnectedCallback', 'adoptedCallback', 'attributeChangedCallback'].forEach(function (callbackName) {
          var f = prototype[callbackName];
          if (f === undefined) return;
          if (typeof f !== 'function') throw new TypeError('A custom element callback must be a function');
          callbacks[callbackName] = f;
        });
        if (callbacks.attributeChangedCallback) {
          var list = constructor.observedAttributes;
          if (list !== undefined) {
            if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function') {
              throw new TypeError('Value is not a sequence');
            }
            Array.from(list, String).forEach(function (a) { observed.add(a); });
          }
        }
      } finally { defining = false; }
      var definition = { name: name, localName: name, constructor: constructor, callbacks: callbacks, observed: observed,
                         constructionStack: [], pendingAttributes: [] };
      definitions.set(name, definition);
      byConstructor.set(constructor, definition);
      var found = [];
      eachElement(doc, function (element) { if (element.localName === name && element.namespaceURI === HTML && !states.has(element)) found.push(element); });
      found.forEach(function (element) { env.enqueueReaction(function () { upgrade(element, definition); }); });
      var waiting = whenDefined.get(name);
      if (waiting) { waiting.resolve(constructor); whenDefined.delete(name); }
    };
    CustomElementRegistry.prototype.get = function get(name) {
      var definition = definitions.get(String(name));
      return definition ? definition.constructor : undefined;
    };
    CustomElementRegistry.prototype.getName = function getName(constructor) {
      var definition = byConstructor.get(constructor);
      return definition ? definition.name : null;
    };
    CustomElementRegistry.prototype.whenDefined = function whenDefined_(name) {
      name = String(name);
      var invalid = nameError(name);
      if (invalid) return Promise.reject(invalid);
      if (definitions.has(name)) return Promise.resolve(definitions.get(name).constructor);
      var waiting = whenDefined.get(name);
      if (!waiting) {
        waiting = {};
        waiting.promise = new Promise(function (resolve) { waiting.resolve = resolve; });
        whenDefined.set(name, waiting);
      }
      return waiting.promise;
    };
    CustomElementRegistry.prototype.upgrade = function upgrade_(root) {
      if (!(root instanceof impl.Node)) throw new TypeError("Argument 1 ('root') to CustomElementRegistry.upgrade must be an instance of Node");
      var found = [];
      eachElement(root, function (element) { found.push(element); });
      found.forEach(function (element) {
        var definition = definitionFor(element);
        if (definition) upgrade(element, definition);
      });
    };
    Object.defineProperty(CustomElementRegistry.prototype, Symbol.toStringTag, { value: 'CustomElementRegistry', configurable: true });
    Object.defineProperty(g, 'CustomElementRegistry', { value: CustomElementRegistry, writable: true, configurable: true });
    Object.defineProperty(g, 'customElements', { get: function () { registryRead = true; return registry; }, configurable: true });
    eachElement(doc, asCustomName);   // elements parsed before this installation
  });
  env.installComponents = install;
  env.lazyProperties(g, ['customElements', 'CustomElementRegistry', 'HTMLElement'], install);
  return env;
})
