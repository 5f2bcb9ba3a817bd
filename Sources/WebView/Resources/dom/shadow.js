(function (require, native, env) {
  'use strict';
  // Shadow DOM (DOM standard §4.2.2, §4.8): `attachShadow`, `shadowRoot`, `ShadowRoot`, `<slot>`
  // assignment and `slotchange`, `getRootNode({composed})`, and event dispatch from inside a shadow tree
  // (retargeting at the host, `composed`, `composedPath()` hiding closed trees).
  // A shadow root is a domino DocumentFragment with ShadowRoot.prototype, kept in its host's
  // `__shadowRoot`; it is not a child of the host, so the document's selectors never see into it.
  // Nothing is patched per node until a page attaches its first shadow root.
  var g = globalThis, doc = env.document, impl = env.impl;
  var Node = impl.Node, Element = impl.Element, DocumentFragment = impl.DocumentFragment;
  // Installed on first use of `attachShadow`, `getRootNode`, `ShadowRoot` or `HTMLSlotElement`; until then
  // no element has a shadow root or an assigned slot.
  var install = env.lazyInstaller(function () {
    env.installComponents();
    var HTML = 'http://www.w3.org/1999/xhtml';
    var SHADOW_HOSTS = ['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
                        'header', 'main', 'nav', 'p', 'section', 'span'];
    var shadowRoots = 0;

    function hidden(object, name, value) {
      Object.defineProperty(object, name, { value: value, writable: true, configurable: true });
    }
    function add(proto, name, descriptor) {
      descriptor.configurable = true;
      if (typeof descriptor.value === 'function') descriptor.writable = true;
      Object.defineProperty(proto, name, descriptor);
    }
    function rootOf(node) {
      while (node.parentNode) node = node.parentNode;
      return node;
    }
    function isShadowRoot(node) { return node instanceof ShadowRoot; }
    function shadowIncludingRoot(node) {
      var root = rootOf(node);
      return isShadowRoot(root) ? shadowIncludingRoot(root.__host) : root;
    }
    function connected(node) { return shadowIncludingRoot(node) === node.ownerDocument || shadowIncludingRoot(node) === doc; }

    // --- ShadowRoot
    function ShadowRoot() { throw new TypeError('Illegal constructor'); }
    ShadowRoot.prototype = Object.create(DocumentFragment.prototype);
    Object.defineProperties(ShadowRoot.prototype, {
      constructor: { value: ShadowRoot, writable: true, configurable: true },
      host: { get: function () { return this.__host; }, configurable: true, enumerable: true },
      mode: { get: function () { return this.__mode; }, configurable: true, enumerable: true },
      delegatesFocus: { get: function () { return !!this.__delegatesFocus; }, configurable: true, enumerable: true },
      slotAssignment: { get: function () { return 'named'; }, configurable: true, enumerable: true },
      innerHTML: {
        get: function () { return this.serialize(); },
        set: function (html) {
          var scratch = this.ownerDocument.createElement('div');
          scratch.innerHTML = html === null ? '' : String(html);
          var fragment = this.ownerDocument.createDocumentFragment();
          while (scratch.firstChild) fragment.appendChild(scratch.firstChild);
          while (this.firstChild) this.removeChild(this.firstChild);
          this.appendChild(fragment);
        },
        configurable: true, enumerable: true
      },
      [Symbol.toStringTag]: { value: 'ShadowRoot', configurable: true }
    });
    Object.defineProperty(g, 'ShadowRoot', { value: ShadowRoot, writable: true, configurable: true });

    // --- attachShadow and shadowRoot
    add(Element.prototype, 'attachShadow', {
      value: function attachShadow(init) {
        var fail = "Failed to execute 'attachShadow' on 'Element': ";
        if (arguments.length === 0) throw new TypeError('Not enough arguments');
        if (init === null || typeof init !== 'object') throw new TypeError(fail + "1 argument required, and it must be a ShadowRootInit dictionary.");
        var mode = String(init.mode);
        if (init.mode === undefined || (mode !== 'open' && mode !== 'closed')) throw new TypeError(fail + "The provided value '" + mode + "' is not a valid enum value of type ShadowRootMode.");
        var name = this.localName;
        if (this.namespaceURI !== HTML || (SHADOW_HOSTS.indexOf(name) < 0 && !/^[a-z][^A-Z]*-/.test(name))) {
          throw new g.DOMException(fail + 'This element does not support attachShadow', 'NotSupportedError');
        }
        if (this.__shadowRoot) throw new g.DOMException(fail + 'Shadow root cannot be created on a host which already hosts a shadow tree.', 'NotSupportedError');
        var root = this.ownerDocument.createDocumentFragment();
        Object.setPrototypeOf(root, ShadowRoot.prototype);
        hidden(root, '__host', this);
        hidden(root, '__mode', mode);
        hidden(root, '__delegatesFocus', !!init.delegatesFocus);
        hidden(this, '__shadowRoot', root);
        if (shadowRoots++ === 0) start();
        return root;
      }
    });
    add(Element.prototype, 'shadowRoot', {
      get: function () { var root = this.__shadowRoot; return root && root.__mode === 'open' ? root : null; }
    });
    add(Node.prototype, 'getRootNode', {
      value: function getRootNode(options) {
        var composed = options !== null && typeof options === 'object' && !!options.composed;
        return composed ? shadowIncludingRoot(this) : rootOf(this);
      }
    });

    // --- slots
    function slotName(slot) { return slot.getAttribute('name') || ''; }
    function slotsOf(root) {
      var out = [];
      (function walk(node) {
        for (var kid = node.firstChild; kid; kid = kid.nextSibling) {
          if (kid.nodeType !== 1) continue;
          if (kid.localName === 'slot' && kid.namespaceURI === HTML) out.push(kid);
          walk(kid);
        }
      })(root);
      return out;
    }
    // find a slot: the first slot in the host's shadow tree with the slottable's name
    function findSlot(slottable, open) {
      var host = slottable.parentNode;
      var root = host && host.__shadowRoot;
      if (!root || (open && root.__mode !== 'open')) return null;
      if (slottable.nodeType !== 1 && slottable.nodeType !== 3) return null;
      var name = slottable.nodeType === 1 ? (slottable.getAttribute('slot') || '') : '';
      var slots = slotsOf(root);
      for (var i = 0; i < slots.length; i++) if (slotName(slots[i]) === name) return slots[i];
      return null;
    }
    function assigned(slot) {
      var root = rootOf(slot);
      if (!isShadowRoot(root)) return [];
      var out = [];
      for (var kid = root.__host.firstChild; kid; kid = kid.nextSibling) {
        if ((kid.nodeType === 1 || kid.nodeType === 3) && findSlot(kid, false) === slot) out.push(kid);
      }
      return out;
    }
    function flattened(slot) {
      var nodes = assigned(slot), out = [];
      if (!nodes.length) {
        for (var kid = slot.firstChild; kid; kid = kid.nextSibling) if (kid.nodeType === 1 || kid.nodeType === 3) nodes.push(kid);
      }
      nodes.forEach(function (node) {
        if (node.nodeType === 1 && node.localName === 'slot' && isShadowRoot(rootOf(node))) out.push.apply(out, flattened(node));
        else out.push(node);
      });
      return out;
    }
    function HTMLSlotElement() { throw new TypeError('Illegal constructor'); }
    HTMLSlotElement.prototype = Object.create(impl.HTMLElement.prototype);
    Object.defineProperties(HTMLSlotElement.prototype, {
      constructor: { value: HTMLSlotElement, writable: true, configurable: true },
      name: {
        get: function () { return this.getAttribute('name') || ''; },
        set: function (value) { this.setAttribute('name', value); }, configurable: true, enumerable: true
      },
      assignedNodes: {
        value: function assignedNodes(options) {
          return options && options.flatten ? flattened(this) : assigned(this);
        }, writable: true, configurable: true
      },
      assignedElements: {
        value: function assignedElements(options) {
          return this.assignedNodes(options).filter(function (n) { return n.nodeType === 1; });
        }, writable: true, configurable: true
      },
      [Symbol.toStringTag]: { value: 'HTMLSlotElement', configurable: true }
    });
    Object.defineProperty(g, 'HTMLSlotElement', { value: HTMLSlotElement, writable: true, configurable: true });
    function asSlot(node) {
      if (node.nodeType === 1 && node.localName === 'slot' && node.namespaceURI === HTML &&
          Object.getPrototypeOf(node) !== HTMLSlotElement.prototype && !(node instanceof HTMLSlotElement)) {
        Object.setPrototypeOf(node, HTMLSlotElement.prototype);
      }
    }
    // `<slot>` elements get their interface when created by createElement, parsed into the document, or
    // inserted into a shadow tree (template clones included).
    env.elementCreated = asSlot;
    var previousHandler = doc.mutationHandler;
    doc._setMutationHandler(function (m) {
      if (m.type === 6 && m.node.nodeType === 1 && m.node.localName === 'slot') asSlot(m.node);
      if (previousHandler) previousHandler(m);
    });
    add(Element.prototype, 'assignedSlot', {
      get: function () { return findSlot(this, true); }
    });
    add(impl.Text.prototype, 'assignedSlot', {
      get: function () { return findSlot(this, true); }
    });

    // slotchange: after a change that can move slottables, the affected shadow roots' slots are compared
    // with what they had when mutation observers are notified (after their callbacks), and each changed
    // slot gets a bubbling `slotchange`.
    // A slottable leaving a slot signals that slot first, as the standard's "assign slottables" does;
    // the other changed slots follow in tree order.
    var dirty = [], signalFirst = [], checkQueued = false;
    function touch(root, leaving) {
      if (dirty.indexOf(root) < 0) dirty.push(root);
      if (leaving) {
        slotsOf(root).forEach(function (slot) {
          if ((slot.__assigned || []).indexOf(leaving) >= 0 && signalFirst.indexOf(slot) < 0) signalFirst.push(slot);
        });
      }
      if (!checkQueued) { checkQueued = true; env.afterMutationObservers(checkSlots); }
    }
    function same(a, b) {
      if (a.length !== b.length) return false;
      for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
      return true;
    }
    function checkSlots() {
      checkQueued = false;
      var slots = signalFirst;
      signalFirst = [];
      dirty.forEach(function (root) {
        slotsOf(root).forEach(function (slot) { if (slots.indexOf(slot) < 0) slots.push(slot); });
      });
      dirty = [];
      slots.forEach(function (slot) {
        var now = isShadowRoot(rootOf(slot)) ? assigned(slot) : [], before = slot.__assigned || [];
        if (same(now, before)) return;
        hidden(slot, '__assigned', now);
        var event = new impl.Event('slotchange', { bubbles: true, cancelable: false });
        slot._dispatchEvent(event, true);
      });
    }
    function tap(type, target, name, added, removed) {
      var root;
      if (type === 'childList') {
        if (target.__shadowRoot) touch(target.__shadowRoot, removed[0]);
        root = rootOf(target);
        if (!isShadowRoot(root)) return;
        touch(root);
        added.forEach(function (node) { env.eachElement(node, asSlot); });
        removed.forEach(function (node) {   // a removed slot loses its slottables
          env.eachElement(node, function (element) { if (element.__assigned && element.__assigned.length) signalFirst.push(element); });
        });
        if (connected(root.__host)) {
          removed.forEach(env.disconnectedSubtree);
          added.forEach(env.connectedSubtree);
        }
      } else if (type === 'attributes') {
        if (name === 'slot' && target.parentNode && target.parentNode.__shadowRoot) touch(target.parentNode.__shadowRoot, target);
        if (name === 'name' && target.localName === 'slot' && isShadowRoot(root = rootOf(target))) touch(root);
      }
    }

    // --- events from inside a shadow tree or a shadow host's light tree: the events layer
    // (dom/event-dispatch.js, installed first) runs the standard's dispatch, retargeting and `composedPath()`,
    // and only needs "get the parent": a shadow root's is its host unless the event is not composed and the
    // root is the target's own; a slotted node's is its slot. The UI events the browser dispatches are
    // composed (`click()`'s are marked so by the events layer).
    var COMPOSED = /^(click|dblclick|auxclick|contextmenu|mouse\w+|pointer\w+|touch\w+|key\w+|wheel|focus|blur|focusin|focusout|beforeinput|input|composition\w+|select)$/;
    var nodeParent = Node.prototype._getTheParent;
    hidden(ShadowRoot.prototype, '_getTheParent', function (event) {
      var first = event._path && event._path[0] ? event._path[0].item : null;
      var isComposed = !!event.composed || (event.isTrusted && COMPOSED.test(event.type));
      return !isComposed && first && rootOf(first) === this ? null : this.__host;
    });

    function start() {
      env.addMutationTap(tap);
      hidden(Node.prototype, '_getTheParent', function (event) {
        var slot = this.parentNode && this.parentNode.__shadowRoot ? findSlot(this, false) : null;
        return slot || nodeParent.call(this, event);
      });
    }
  });
  env.lazyMethods(Element.prototype, ['attachShadow'], install);
  env.lazyMethods(Node.prototype, ['getRootNode'], install);
  env.lazyProperties(g, ['ShadowRoot', 'HTMLSlotElement'], install);
  [[Element.prototype, 'shadowRoot'], [Element.prototype, 'assignedSlot'], [impl.Text.prototype, 'assignedSlot']].forEach(function (p) {
    Object.defineProperty(p[0], p[1], { get: function () { return null; }, configurable: true });
  });
  if (!('slot' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'slot', {
      get: function () { return this.getAttribute('slot') || ''; },
      set: function (value) { this.setAttribute('slot', value); }, configurable: true
    });
  }
  return env;
})
