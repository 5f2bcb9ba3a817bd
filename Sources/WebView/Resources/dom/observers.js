(function (require, native, env) {
  'use strict';
  // MutationObserver and MutationRecord (DOM standard, "Mutation observers").
  //
  // domino only reports mutations of nodes in the document (its `mutate*` document hooks check
  // `rooted`), while observers also watch detached trees (Vue 2's nextTick observes a detached text
  // node). So the records come from domino's own choke points, patched once per page:
  // - character data: every write of a node's `_data` slot (an accessor on CharacterData.prototype);
  // - attributes: every write of an Attr's `data` (its value) and `_ownerElement` (added to or removed
  //   from an element), accessors on Attr.prototype;
  // - child lists: `_insertOrReplace` (every insertion, parser included), `remove` (every removal,
  //   `removeChild` included) and `removeChildren` (`textContent` and friends).
  // Domino's prototype properties are non-configurable, so the hooks are added where domino has no own
  // property yet (on a subclass prototype where needed). Nothing happens per node until a page observes.
  // Classes from domino's `impl` (env.impl, set by page.js): each `require` is a native path resolution.
  var g = globalThis, doc = env.document, impl = env.impl;
  var Node = impl.Node, Element = impl.Element, DocumentFragment = impl.DocumentFragment;
  var CharacterData = impl.CharacterData, NodeList = impl.NodeList;
  // The node interfaces whose prototypes inherit Node.prototype (dom/interfaces.js gave them domino's ContainerNode
  // and Leaf members): insertions are hooked on each, on the prototype each has when the hooks go in
  // (platform/collections.js gives Element, Document and DocumentFragment new ones).
  var nodeInterfaces = [Element, impl.Document, DocumentFragment, CharacterData, impl.DocumentType];
  var AttrProto = Object.getPrototypeOf(doc.createAttribute('x'));

  var registrations = 0;       // registered observers on all nodes: 0 means no record is ever built
  var moving = null;           // the node an insertion moves: the insertion queues its removal record
  var nextObserverID = 1, pending = [], checkpointQueued = false;

  // Custom element reactions (components.js) wait until the outermost patched operation is done.
  var depth = 0, reactions = [];
  env.attributeHooks = [];
  env.enqueueReaction = function (reaction) {
    reactions.push(reaction);
    if (depth === 0) flushReactions();
  };
  function flushReactions() {
    while (reactions.length) {
      try { reactions.shift()(); } catch (e) { report(e); }
    }
  }
  function operation(f) {
    return function (a, b, c) {
      depth++;
      try { return f.call(this, a, b, c); } finally { if (--depth === 0 && reactions.length) flushReactions(); }
    };
  }

  function report(error) { try { native.reportError(error); } catch (e) { /* the page is closing */ } }

  // --- MutationRecord
  function MutationRecord() { throw new TypeError('Illegal constructor'); }
  function makeRecord(type, target, name, namespace, oldValue, added, removed, previous, next) {
    var record = Object.create(MutationRecord.prototype);
    record._type = type; record._target = target;
    record._addedNodes = new NodeList(added || []); record._removedNodes = new NodeList(removed || []);
    record._previousSibling = previous || null; record._nextSibling = next || null;
    record._attributeName = name === undefined ? null : name;
    record._attributeNamespace = namespace === undefined ? null : namespace;
    record._oldValue = oldValue === undefined ? null : oldValue;
    return record;
  }

  // --- queue a mutation record (DOM §4.3.2): every interested observer gets one record
  var taps = [];
  env.addMutationTap = function (tap) { taps.push(tap); registrations++; };   // sees every record's change
  function queueRecord(type, target, name, namespace, oldValue, added, removed, previous, next) {
    for (var t = 0; t < taps.length; t++) taps[t](type, target, name, added || [], removed || []);
    var interested = null;
    for (var node = target; node; node = node.parentNode) {
      var list = node.__observers;
      if (!list) continue;
      for (var i = 0; i < list.length; i++) {
        var reg = list[i], options = reg.options;
        if (node !== target && !options.subtree) continue;
        if (type === 'attributes') {
          if (!options.attributes) continue;
          if (options.attributeFilter && (namespace !== null || options.attributeFilter.indexOf(name) < 0)) continue;
        } else if (type === 'characterData') {
          if (!options.characterData) continue;
        } else if (!options.childList) continue;
        interested = interested || new Map();
        var keep = (type === 'attributes' && options.attributeOldValue) || (type === 'characterData' && options.characterDataOldValue);
        if (!interested.has(reg.observer) || keep) interested.set(reg.observer, keep ? oldValue : (interested.get(reg.observer) || null));
      }
    }
    if (!interested) return;
    interested.forEach(function (old, observer) {
      observer._records.push(makeRecord(type, target, name, namespace, old, added, removed, previous, next));
      if (pending.indexOf(observer) < 0) pending.push(observer);
    });
    queueCheckpoint();
  }
  function queueCheckpoint() {
    if (!checkpointQueued) {
      checkpointQueued = true;
      Promise.resolve().then(notifyObservers);
    }
  }
  // Work for the same checkpoint, after the observers' callbacks (shadow.js: slotchange events).
  var afterObservers = [];
  env.afterMutationObservers = function (f) {
    afterObservers.push(f);
    queueCheckpoint();
  };

  // --- notify mutation observers: in creation order, one microtask per checkpoint
  function notifyObservers() {
    checkpointQueued = false;
    var observers = pending.sort(function (a, b) { return a._id - b._id; }), after = afterObservers;
    pending = [];
    afterObservers = [];
    observers.forEach(function (observer) {
      var records = observer._records;
      observer._records = [];
      dropTransients(observer, null);
      if (!records.length) return;
      try { observer._callback.call(observer, records, observer); } catch (e) { report(e); }
    });
    after.forEach(function (f) {
      try { f(); } catch (e) { report(e); }
    });
  }
  function dropTransients(observer, source) {
    observer._nodes = observer._nodes.filter(function (node) {
      var list = node.__observers;
      if (!list) return false;
      for (var i = list.length - 1; i >= 0; i--) {
        if (list[i].observer === observer && list[i].source && (source === null || list[i].source === source)) {
          list.splice(i, 1); registrations--;
        }
      }
      return list.some(function (r) { return r.observer === observer; });
    });
  }

  // Removing `node` from `parent` gives each subtree observer of parent's inclusive ancestors a
  // transient registration on node, so changes inside the removed subtree are seen until the next delivery.
  function addTransients(node, parent) {
    for (var ancestor = parent; ancestor; ancestor = ancestor.parentNode) {
      var list = ancestor.__observers;
      if (!list) continue;
      for (var i = 0; i < list.length; i++) {
        var reg = list[i];
        if (!reg.options.subtree) continue;
        register(node, { observer: reg.observer, options: reg.options, source: reg });
      }
    }
  }
  function register(node, reg) {
    if (!Object.prototype.hasOwnProperty.call(node, '__observers')) {
      Object.defineProperty(node, '__observers', { value: [], writable: true, configurable: true });
    }
    node.__observers.push(reg);
    registrations++;
    if (reg.observer._nodes.indexOf(node) < 0) reg.observer._nodes.push(node);
  }

  // --- hooks into domino's choke points
  function add(proto, name, descriptor) {
    descriptor.configurable = true;
    if (typeof descriptor.value === 'function') descriptor.writable = true;
    Object.defineProperty(proto, name, descriptor);
  }

  // Character data: `_data` is written by the constructors (no record: nothing was there) and by every
  // change of `data`, `nodeValue`, `textContent`, `appendData`, `replaceData`, ... .
  add(CharacterData.prototype, '_data', {
    get: function () { return this.__data; },
    set: function (value) {
      var old = this.__data;
      this.__data = value;
      if (registrations && old !== undefined) queueRecord('characterData', this, null, null, old);
    }
  });

  // Attributes: an Attr's value is its `data`; `_ownerElement` changes when it is added or removed.
  function attributeChanged(element, attr, old, value) {
    if (registrations) queueRecord('attributes', element, attr.localName, attr.namespaceURI, old);
    for (var i = 0; i < env.attributeHooks.length; i++) env.attributeHooks[i](element, attr, old, value);
  }
  add(AttrProto, 'data', {
    get: function () { return this.__value; },
    set: function (value) {
      var old = this.__value;
      this.__value = value;
      var element = this.__owner;
      if (element) attributeChanged(element, this, old === undefined ? null : old, value);
    }
  });
  var replacing = null;   // setAttributeNode replacing an attribute: one change, from the old value
  add(AttrProto, '_ownerElement', {
    get: function () { return this.__owner; },
    set: function (element) {
      var old = this.__owner;
      this.__owner = element;
      if (old && !element) {
        if (!replacing || replacing.attr !== this) attributeChanged(old, this, this.__value, null);
      } else if (old === null && element) {
        attributeChanged(element, this, replacing && replacing.element === element ? replacing.attr.__value : null, this.__value);
      }
    }
  });

  // The observer API and the child-list hooks are installed on first use of `MutationObserver`,
  // `MutationRecord` or `WebKitMutationObserver` (or by components.js). The character-data and attribute
  // accessors above are not: they must be in place before the nodes whose changes they report exist.
  var install = env.lazyInstaller(function () {
    ['type', 'target', 'addedNodes', 'removedNodes', 'previousSibling', 'nextSibling', 'attributeName',
     'attributeNamespace', 'oldValue'].forEach(function (name) {
      Object.defineProperty(MutationRecord.prototype, name, {
        get: function () { return this['_' + name]; }, enumerable: true, configurable: true
      });
    });
    Object.defineProperty(MutationRecord.prototype, Symbol.toStringTag, { value: 'MutationRecord', configurable: true });

    // --- MutationObserver
    function isNode(value) { return value instanceof Node; }
    // WebKit's words for each refusal of the constructor and of observe (observed on WebKitGTK 2.50): bad options are
    // a bare "Type error".
    function MutationObserver(callback) {
      if (!(this instanceof MutationObserver)) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      if (typeof callback !== 'function') throw new TypeError("Argument 1 ('callback') to the MutationObserver constructor must be a function");
      Object.defineProperties(this, {
        _callback: { value: callback }, _id: { value: nextObserverID++ },
        _records: { value: [], writable: true }, _nodes: { value: [], writable: true }
      });
    }
    MutationObserver.prototype.observe = function observe(target) {   // (target, options), of length 1 as WebKit's
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      var options = arguments[1];
      if (!isNode(target)) throw new TypeError("Argument 1 ('target') to MutationObserver.observe must be an instance of Node");
      options = options === undefined || options === null ? {} : options;
      if (typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
      var o = {
        childList: !!options.childList, subtree: !!options.subtree,
        attributes: options.attributes === undefined ? undefined : !!options.attributes,
        characterData: options.characterData === undefined ? undefined : !!options.characterData,
        attributeOldValue: options.attributeOldValue === undefined ? undefined : !!options.attributeOldValue,
        characterDataOldValue: options.characterDataOldValue === undefined ? undefined : !!options.characterDataOldValue,
        attributeFilter: undefined
      };
      if (options.attributeFilter !== undefined) {
        var filter = options.attributeFilter;
        if (filter === null || typeof filter !== 'object' || typeof filter[Symbol.iterator] !== 'function') {
          throw new TypeError('Value is not a sequence');
        }
        o.attributeFilter = Array.from(filter, String);
      }
      if ((o.attributeOldValue !== undefined || o.attributeFilter !== undefined) && o.attributes === undefined) o.attributes = true;
      if (o.characterDataOldValue !== undefined && o.characterData === undefined) o.characterData = true;
      if ((!o.childList && !o.attributes && !o.characterData) || (o.attributeOldValue && !o.attributes) ||
          (o.attributeFilter !== undefined && !o.attributes) || (o.characterDataOldValue && !o.characterData)) {
        throw new TypeError('Type error');
      }
      var list = target.__observers || [];
      for (var i = 0; i < list.length; i++) {
        if (list[i].observer === this && !list[i].source) {
          dropTransients(this, list[i]);
          list[i].options = o;
          return;
        }
      }
      register(target, { observer: this, options: o, source: null });
    };
    MutationObserver.prototype.disconnect = function disconnect() {
      var observer = this;
      observer._nodes.forEach(function (node) {
        var list = node.__observers || [];
        for (var i = list.length - 1; i >= 0; i--) {
          if (list[i].observer === observer) { list.splice(i, 1); registrations--; }
        }
      });
      observer._nodes = [];
      observer._records = [];
    };
    MutationObserver.prototype.takeRecords = function takeRecords() {
      var records = this._records;
      this._records = [];
      return records;
    };
    Object.defineProperty(MutationObserver.prototype, Symbol.toStringTag, { value: 'MutationObserver', configurable: true });
    [['MutationObserver', MutationObserver], ['MutationRecord', MutationRecord]].forEach(function (pair) {
      Object.defineProperty(g, pair[0], { value: pair[1], writable: true, configurable: true });
    });
    Object.defineProperty(g, 'WebKitMutationObserver', { value: MutationObserver, writable: true, configurable: true });

    // domino skips an attribute set to the value it has; the standard still records the change.
    function sameValueHook(set, named) {
      return function (a, b, c) {
        var attr = named ? null : (arguments.length > 2 ? this.getAttributeNodeNS(a === '' ? null : a, String(b).replace(/^[^:]*:/, '')) : this.getAttributeNode(String(a)));
        if (named) {
          var old = a && this.getAttributeNodeNS(a.namespaceURI, a.localName);
          if (!old || old === a) return set.call(this, a);
          var outer = replacing;
          replacing = { element: this, attr: old };
          try { return set.call(this, a); } finally { replacing = outer; }
        }
        var value = String(arguments.length > 2 ? c : b), before = attr ? attr.__value : undefined;
        set.apply(this, arguments);
        if (attr && before === value && attr.__owner === this) attributeChanged(this, attr, value, value);
      };
    }
    [impl.HTMLElement, impl.SVGElement].forEach(function (type) {
      if (!type) return;
      add(type.prototype, 'setAttribute', { value: sameValueHook(Element.prototype.setAttribute, false) });
      add(type.prototype, 'setAttributeNS', { value: sameValueHook(Element.prototype.setAttributeNS, false) });
      add(type.prototype, 'setAttributeNode', { value: sameValueHook(Element.prototype.setAttributeNode, true) });
      add(type.prototype, 'setAttributeNodeNS', { value: sameValueHook(Element.prototype.setAttributeNodeNS, true) });
    });

    // Child lists.
    var insertOrReplace = Node.prototype._insertOrReplace;
    function childrenOf(node) {
      var out = [];
      for (var kid = node.firstChild; kid; kid = kid.nextSibling) out.push(kid);
      return out;
    }
    function insertHook(parent, before, isReplace) {
      var child = this, fragment = child.nodeType === 11;
      if (!registrations || child === before) return insertOrReplace.call(child, parent, before, isReplace);
      var nodes = fragment ? childrenOf(child) : [child];
      var oldParent = !fragment && child !== before ? child.parentNode : null;
      var oldPrevious = oldParent && child.previousSibling, oldNext = oldParent && child.nextSibling;
      var removed = isReplace && before !== child ? [before] : [];
      var outerMoving = moving;
      moving = child;
      try { insertOrReplace.call(child, parent, before, isReplace); } finally { moving = outerMoving; }
      if (oldParent) {
        queueRecord('childList', oldParent, null, null, null, [], [child], oldPrevious, oldNext);
        addTransients(child, oldParent);
      }
      if (fragment && nodes.length) queueRecord('childList', child, null, null, null, [], nodes, null, null);
      if (removed.length) addTransients(before, parent);
      if (!nodes.length && !removed.length) return;
      var previous = nodes.length ? nodes[0].previousSibling : null;
      var next = nodes.length ? nodes[nodes.length - 1].nextSibling : null;
      childListRecord(parent, nodes, removed, previous, next);
    }
    insertHook = operation(insertHook);
    nodeInterfaces.forEach(function (C) { add(C.prototype, '_insertOrReplace', { value: insertHook }); });

    var removeNode = Element.prototype.remove;
    function removeHook() {
      var parent = this.parentNode;
      if (!registrations || !parent) return removeNode.call(this);
      var previous = this.previousSibling, next = this.nextSibling;
      removeNode.call(this);
      if (moving === this) return;   // the insertion that moves this node queues the records
      childListRecord(parent, [], [this], previous, next);
      addTransients(this, parent);
    }
    removeHook = operation(removeHook);
    [impl.HTMLElement, impl.SVGElement, impl.Text, impl.Comment, impl.ProcessingInstruction].forEach(function (type) {
      if (type && !Object.prototype.hasOwnProperty.call(type.prototype, 'remove')) add(type.prototype, 'remove', { value: removeHook });
    });

    var removeChildren = Element.prototype.removeChildren;
    function removeChildrenHook() {
      if (!registrations || !this.firstChild) return removeChildren.call(this);
      var kids = childrenOf(this);
      removeChildren.call(this);
      childListRecord(this, [], kids, null, null);
      for (var i = 0; i < kids.length; i++) addTransients(kids[i], this);
    }
    removeChildrenHook = operation(removeChildrenHook);
    add(Element.prototype, 'removeChildren', { value: removeChildrenHook });
    add(DocumentFragment.prototype, 'removeChildren', { value: removeChildrenHook });

    // `textContent` and `innerHTML` replace all children: one record (the standard's "replace all"),
    // where domino removes the children one by one and then inserts. The setters are wrapped where
    // domino has no own property: `innerHTML` on each HTML element class (so not on elements whose
    // prototype is HTMLElement's own: custom elements), `textContent` on HTML and SVG elements.
    var batch = null;
    function childListRecord(target, added, removed, previous, next) {
      if (batch && batch.target === target) {
        batch.added.push.apply(batch.added, added);
        batch.removed.push.apply(batch.removed, removed);
      } else {
        queueRecord('childList', target, null, null, null, added, removed, previous, next);
      }
    }
    function replacingAll(setter, name) {
      return function (value) {
        if (!registrations || batch) return setter.call(this, value);
        var done = batch = { target: name === 'innerHTML' && this instanceof impl.HTMLTemplateElement ? this.content : this,
                             added: [], removed: [] };
        try { setter.call(this, value); } finally { batch = null; }
        if (done.added.length || done.removed.length) {
          queueRecord('childList', done.target, null, null, null, done.added, done.removed, null, null);
        }
      };
    }
    function wrapSetter(proto, name, from) {
      if (Object.prototype.hasOwnProperty.call(proto, name)) return;
      var d = Object.getOwnPropertyDescriptor(from, name);
      add(proto, name, { get: d.get, set: replacingAll(d.set, name) });
    }
    [impl.HTMLElement, impl.SVGElement].forEach(function (type) { if (type) wrapSetter(type.prototype, 'textContent', Element.prototype); });
    Object.keys(impl).forEach(function (name) {
      var type = impl[name];
      if (typeof type === 'function' && type !== impl.HTMLElement && type.prototype instanceof impl.HTMLElement) {
        wrapSetter(type.prototype, 'innerHTML', impl.HTMLElement.prototype);
      }
    });
  });
  env.installObservers = install;
  env.lazyProperties(g, ['MutationObserver', 'MutationRecord', 'WebKitMutationObserver'], install);
  return env;
})
