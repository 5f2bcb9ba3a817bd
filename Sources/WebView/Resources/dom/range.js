(function (require, native, env) {
  'use strict';
  // Range and StaticRange (DOM standard) and Selection (Selection API, one range as in WebKit), set up on first
  // use: `new Range()`, `document.createRange()`, `getSelection()`. Boundary points are checked and compared as the
  // standard says and the Range's own methods move them as it says; a range does not follow changes made to
  // the tree by other means (the standard's live-range updates), and geometry (`getBoundingClientRect`) is
  // empty, as there is no layout.
  var g = globalThis, impl = env.impl;
  var classes = null;

  function error(name, message) { return new DOMException(message, name); }
  function lengthOf(node) {
    switch (node.nodeType) {
      case 10: return 0;
      case 3: case 4: case 7: case 8: return node.data.length;
      default: return node.childNodes.length;
    }
  }
  function indexOf(node) { var i = 0; while ((node = node.previousSibling)) i++; return i; }
  function rootOf(node) { while (node.parentNode) node = node.parentNode; return node; }
  function isInclusiveAncestor(a, b) { for (; b; b = b.parentNode) if (a === b) return true; return false; }
  function isCharacterData(n) { return n.nodeType === 3 || n.nodeType === 4 || n.nodeType === 7 || n.nodeType === 8; }
  function following(a, b) {   // a follows b in tree order
    return !!(b.compareDocumentPosition(a) & 4);
  }
  // -1, 0 or 1: the position of boundary point (a, ao) relative to (b, bo)
  function compare(a, ao, b, bo) {
    if (a === b) return ao === bo ? 0 : ao < bo ? -1 : 1;
    if (following(a, b)) return -compare(b, bo, a, ao);
    if (isInclusiveAncestor(a, b)) {
      var child = b;
      while (child.parentNode !== a) child = child.parentNode;
      if (indexOf(child) < ao) return 1;
    }
    return -1;
  }
  function checkNode(node, method) {
    if (!(node instanceof impl.Node)) throw new TypeError("Failed to execute '" + method + "' on 'Range': parameter 1 is not of type 'Node'.");
  }

  function make() {
    function AbstractRange() { throw new TypeError('Illegal constructor'); }
    function Range() {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      this._start = [env.document, 0];
      this._end = [env.document, 0];
    }
    Range.prototype = Object.create(AbstractRange.prototype);
    var proto = Range.prototype;
    Object.defineProperty(proto, 'constructor', { value: Range, writable: true, configurable: true });
    function method(p, name, f) { Object.defineProperty(p, name, { value: f, writable: true, enumerable: true, configurable: true }); }
    function getter(p, name, f) { Object.defineProperty(p, name, { get: f, enumerable: true, configurable: true }); }
    getter(AbstractRange.prototype, 'startContainer', function () { return this._start[0]; });
    getter(AbstractRange.prototype, 'startOffset', function () { return this._start[1]; });
    getter(AbstractRange.prototype, 'endContainer', function () { return this._end[0]; });
    getter(AbstractRange.prototype, 'endOffset', function () { return this._end[1]; });
    getter(AbstractRange.prototype, 'collapsed', function () { return this._start[0] === this._end[0] && this._start[1] === this._end[1]; });
    getter(proto, 'commonAncestorContainer', function () {
      var n = this._start[0];
      while (!isInclusiveAncestor(n, this._end[0])) n = n.parentNode;
      return n;
    });
    ['START_TO_START', 'START_TO_END', 'END_TO_END', 'END_TO_START'].forEach(function (k, i) {
      Object.defineProperty(Range, k, { value: i, enumerable: true });
      Object.defineProperty(proto, k, { value: i, enumerable: true });
    });

    function setBoundary(range, node, offset, start, method) {
      checkNode(node, method);
      if (node.nodeType === 10) throw error('InvalidNodeTypeError', "Failed to execute '" + method + "' on 'Range': The node provided is of type 'DocumentType'.");
      offset = Number(offset) >>> 0;
      if (offset > lengthOf(node)) throw error('IndexSizeError', "Failed to execute '" + method + "' on 'Range': There is no child at offset " + offset + '.');
      var bp = [node, offset];
      if (start) {
        if (rootOf(range._end[0]) !== rootOf(node) || compare(node, offset, range._end[0], range._end[1]) > 0) range._end = bp;
        range._start = bp;
      } else {
        if (rootOf(range._start[0]) !== rootOf(node) || compare(node, offset, range._start[0], range._start[1]) < 0) range._start = bp;
        range._end = bp;
      }
    }
    function parentOrThrow(node, method) {
      checkNode(node, method);
      if (!node.parentNode) throw error('InvalidNodeTypeError', "Failed to execute '" + method + "' on 'Range': the given Node has no parent.");
      return node.parentNode;
    }
    method(proto, 'setStart', function setStart(node, offset) { if (arguments.length < 2) throw new TypeError('Not enough arguments'); setBoundary(this, node, offset, true, 'setStart'); });
    method(proto, 'setEnd', function setEnd(node, offset) { if (arguments.length < 2) throw new TypeError('Not enough arguments'); setBoundary(this, node, offset, false, 'setEnd'); });
    method(proto, 'setStartBefore', function setStartBefore(node) { setBoundary(this, parentOrThrow(node, 'setStartBefore'), indexOf(node), true, 'setStartBefore'); });
    method(proto, 'setStartAfter', function setStartAfter(node) { setBoundary(this, parentOrThrow(node, 'setStartAfter'), indexOf(node) + 1, true, 'setStartAfter'); });
    method(proto, 'setEndBefore', function setEndBefore(node) { setBoundary(this, parentOrThrow(node, 'setEndBefore'), indexOf(node), false, 'setEndBefore'); });
    method(proto, 'setEndAfter', function setEndAfter(node) { setBoundary(this, parentOrThrow(node, 'setEndAfter'), indexOf(node) + 1, false, 'setEndAfter'); });
    method(proto, 'collapse', function collapse(toStart) { if (toStart) this._end = this._start; else this._start = this._end; });
    method(proto, 'selectNode', function selectNode(node) {
      var parent = parentOrThrow(node, 'selectNode'), i = indexOf(node);
      this._start = [parent, i];
      this._end = [parent, i + 1];
    });
    method(proto, 'selectNodeContents', function selectNodeContents(node) {
      checkNode(node, 'selectNodeContents');
      if (node.nodeType === 10) throw error('InvalidNodeTypeError', "Failed to execute 'selectNodeContents' on 'Range': The node provided is of type 'DocumentType'.");
      this._start = [node, 0];
      this._end = [node, lengthOf(node)];
    });
    method(proto, 'compareBoundaryPoints', function compareBoundaryPoints(how, source) {
      how = Number(how) & 0xffff;
      if (how > 3) throw error('NotSupportedError', "Failed to execute 'compareBoundaryPoints' on 'Range': The comparison method provided must be one of 'START_TO_START', 'START_TO_END', 'END_TO_END', or 'END_TO_START'.");
      if (!(source instanceof Range)) throw new TypeError("Failed to execute 'compareBoundaryPoints' on 'Range': parameter 2 is not of type 'Range'.");
      if (rootOf(this._start[0]) !== rootOf(source._start[0])) throw error('WrongDocumentError', "Failed to execute 'compareBoundaryPoints' on 'Range': The source range is in a different document than this range.");
      var a = how === 0 || how === 3 ? this._start : this._end;
      var b = how === 0 || how === 1 ? source._start : source._end;
      return compare(a[0], a[1], b[0], b[1]);
    });
    method(proto, 'comparePoint', function comparePoint(node, offset) {
      checkNode(node, 'comparePoint');
      if (rootOf(node) !== rootOf(this._start[0])) throw error('WrongDocumentError', "Failed to execute 'comparePoint' on 'Range': The node provided and the Range are not in the same tree.");
      if (node.nodeType === 10) throw error('InvalidNodeTypeError', "Failed to execute 'comparePoint' on 'Range': The node provided is of type 'DocumentType'.");
      offset = Number(offset) >>> 0;
      if (offset > lengthOf(node)) throw error('IndexSizeError', "Failed to execute 'comparePoint' on 'Range': The offset " + offset + ' is larger than the node\'s length.');
      if (compare(node, offset, this._start[0], this._start[1]) < 0) return -1;
      if (compare(node, offset, this._end[0], this._end[1]) > 0) return 1;
      return 0;
    });
    method(proto, 'isPointInRange', function isPointInRange(node, offset) {
      checkNode(node, 'isPointInRange');
      if (rootOf(node) !== rootOf(this._start[0])) return false;
      return this.comparePoint(node, offset) === 0;
    });
    method(proto, 'intersectsNode', function intersectsNode(node) {
      checkNode(node, 'intersectsNode');
      if (rootOf(node) !== rootOf(this._start[0])) return false;
      var parent = node.parentNode;
      if (!parent) return true;
      var i = indexOf(node);
      return compare(parent, i, this._end[0], this._end[1]) < 0 && compare(parent, i + 1, this._start[0], this._start[1]) > 0;
    });
    method(proto, 'cloneRange', function cloneRange() {
      var r = new Range();
      r._start = this._start;
      r._end = this._end;
      return r;
    });
    method(proto, 'detach', function detach() {});

    function contained(range, node) {
      return rootOf(node) === rootOf(range._start[0]) &&
        compare(node, 0, range._start[0], range._start[1]) > 0 && compare(node, lengthOf(node), range._end[0], range._end[1]) < 0;
    }
    function partiallyContained(range, node) {
      return isInclusiveAncestor(node, range._start[0]) !== isInclusiveAncestor(node, range._end[0]);
    }
    // The standard's "extract" and "clone the contents" in one: `extract` moves nodes and trims text.
    function contents(range, extract) {
      var start = range._start, end = range._end;
      var doc = start[0].nodeType === 9 ? start[0] : start[0].ownerDocument, fragment = doc.createDocumentFragment();
      if (range.collapsed) return fragment;
      var clone;
      if (start[0] === end[0] && isCharacterData(start[0])) {
        clone = start[0].cloneNode(false);
        clone.data = start[0].substringData(start[1], end[1] - start[1]);
        fragment.appendChild(clone);
        if (extract) start[0].replaceData(start[1], end[1] - start[1], '');
        return fragment;
      }
      var common = range.commonAncestorContainer, firstPartial = null, lastPartial = null, kids = [];
      for (var kid = common.firstChild; kid; kid = kid.nextSibling) {
        if (partiallyContained(range, kid)) { if (!firstPartial) firstPartial = kid; else lastPartial = kid; }
        else if (contained(range, kid)) kids.push(kid);
      }
      if (firstPartial && !isInclusiveAncestor(firstPartial, start[0])) { lastPartial = firstPartial; firstPartial = null; }
      if (kids.some(function (k) { return k.nodeType === 10; })) throw error('HierarchyRequestError', 'The Range contains a document type.');
      var newNode = start[0], newOffset = start[1];
      if (extract && !isInclusiveAncestor(start[0], end[0])) {
        var reference = start[0];
        while (!isInclusiveAncestor(reference.parentNode, end[0])) reference = reference.parentNode;
        newNode = reference.parentNode;
        newOffset = indexOf(reference) + 1;
      }
      var sub;
      if (firstPartial && isCharacterData(firstPartial)) {
        clone = start[0].cloneNode(false);
        clone.data = start[0].substringData(start[1], lengthOf(start[0]) - start[1]);
        fragment.appendChild(clone);
        if (extract) start[0].replaceData(start[1], lengthOf(start[0]) - start[1], '');
      } else if (firstPartial) {
        clone = firstPartial.cloneNode(false);
        fragment.appendChild(clone);
        sub = new Range(); sub._start = start; sub._end = [firstPartial, lengthOf(firstPartial)];
        clone.appendChild(contents(sub, extract));
      }
      kids.forEach(function (k) { fragment.appendChild(extract ? k : k.cloneNode(true)); });
      if (lastPartial && isCharacterData(lastPartial)) {
        clone = end[0].cloneNode(false);
        clone.data = end[0].substringData(0, end[1]);
        fragment.appendChild(clone);
        if (extract) end[0].replaceData(0, end[1], '');
      } else if (lastPartial) {
        clone = lastPartial.cloneNode(false);
        fragment.appendChild(clone);
        sub = new Range(); sub._start = [lastPartial, 0]; sub._end = end;
        clone.appendChild(contents(sub, extract));
      }
      if (extract) { range._start = range._end = [newNode, newOffset]; }
      return fragment;
    }
    method(proto, 'cloneContents', function cloneContents() { return contents(this, false); });
    method(proto, 'extractContents', function extractContents() { return contents(this, true); });
    method(proto, 'deleteContents', function deleteContents() { contents(this, true); });
    method(proto, 'insertNode', function insertNode(node) {
      checkNode(node, 'insertNode');
      var start = this._start[0], offset = this._start[1];
      if (start.nodeType === 7 || start.nodeType === 8 || (start.nodeType === 3 && !start.parentNode) || start === node) {
        throw error('HierarchyRequestError', "Failed to execute 'insertNode' on 'Range': The range's start is not a place a node can be inserted.");
      }
      var reference = start.nodeType === 3 ? start : start.childNodes[offset] || null;
      var parent = reference ? reference.parentNode : start;
      if (start.nodeType === 3) reference = start.splitText(offset);
      if (node === reference) reference = reference.nextSibling;
      if (node.parentNode) node.parentNode.removeChild(node);
      var newOffset = (reference ? indexOf(reference) : lengthOf(parent)) + (node.nodeType === 11 ? node.childNodes.length : 1);
      parent.insertBefore(node, reference);
      if (this.collapsed) this._end = [parent, newOffset];
    });
    method(proto, 'surroundContents', function surroundContents(newParent) {
      checkNode(newParent, 'surroundContents');
      var range = this;
      for (var n = this.commonAncestorContainer.firstChild; n; n = n.nextSibling) {
        if (n.nodeType !== 3 && partiallyContained(range, n)) throw error('InvalidStateError', "Failed to execute 'surroundContents' on 'Range': The Range has partially selected a non-Text node.");
      }
      if (newParent.nodeType === 9 || newParent.nodeType === 10 || newParent.nodeType === 11) {
        throw error('InvalidNodeTypeError', "Failed to execute 'surroundContents' on 'Range': The node provided is of a type that may not be used to surround a Range.");
      }
      var fragment = contents(this, true);
      while (newParent.firstChild) newParent.removeChild(newParent.firstChild);
      this.insertNode(newParent);
      newParent.appendChild(fragment);
      this.selectNode(newParent);
    });
    method(proto, 'createContextualFragment', function createContextualFragment(html) {
      var context = this._start[0].nodeType === 1 ? this._start[0] : this._start[0].parentNode;
      var doc = this._start[0].nodeType === 9 ? this._start[0] : this._start[0].ownerDocument;
      var holder = doc.createElement(context && context.nodeType === 1 && context.localName !== 'html' ? context.localName : 'body');
      holder.innerHTML = String(html);
      var fragment = doc.createDocumentFragment();
      while (holder.firstChild) fragment.appendChild(holder.firstChild);
      return fragment;
    });
    method(proto, 'toString', function toString() {
      var start = this._start, end = this._end;
      if (start[0] === end[0] && start[0].nodeType === 3) return start[0].data.slice(start[1], end[1]);
      var s = start[0].nodeType === 3 ? start[0].data.slice(start[1]) : '';
      var root = this.commonAncestorContainer, range = this;
      var walker = (root.nodeType === 9 ? root : root.ownerDocument).createTreeWalker(root, 4, null);
      for (var t = walker.nextNode(); t; t = walker.nextNode()) if (contained(range, t)) s += t.data;
      if (end[0].nodeType === 3 && end[0] !== start[0]) s += end[0].data.slice(0, end[1]);
      return s;
    });
    // getBoundingClientRect and getClientRects: geometry/geometry.js (a DOMRect, an empty DOMRectList).
    Object.defineProperty(proto, Symbol.toStringTag, { value: 'Range', configurable: true });

    // --- StaticRange: boundary points as given, checked only for node kinds
    function StaticRange(init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      // WebKit's words (WebKitGTK 2.50); its bindings read the dictionary's members in alphabetical order.
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      if (init === null || init === undefined) init = {};
      else if (typeof init !== 'object' && typeof init !== 'function') throw new TypeError('Type error');
      [['endContainer', 'Node'], ['endOffset', 'unsigned long'], ['startContainer', 'Node'], ['startOffset', 'unsigned long']].forEach(function (member) {
        var value = init[member[0]];
        if (value === undefined) throw new TypeError('Member StaticRangeInit.' + member[0] + ' is required and must be an instance of ' + member[1]);
        // domino's Attr is no impl.Node; it is a Node in WebKit (refused below as a node of the wrong kind).
        var attr = value !== null && typeof value === 'object' && value.nodeType === 2 && 'ownerElement' in value;
        if (member[1] === 'Node' && !(value instanceof impl.Node) && !attr) throw new TypeError('Type error');
      });
      [init.startContainer, init.endContainer].forEach(function (node) {
        if (node.nodeType === 10 || node.nodeType === 2) {
          throw error('InvalidNodeTypeError', 'The supplied node is incorrect or has an incorrect ancestor for this operation.');
        }
      });
      this._start = [init.startContainer, Number(init.startOffset) >>> 0];
      this._end = [init.endContainer, Number(init.endOffset) >>> 0];
    }
    StaticRange.prototype = Object.create(AbstractRange.prototype);
    Object.defineProperty(StaticRange.prototype, 'constructor', { value: StaticRange, writable: true, configurable: true });
    Object.defineProperty(StaticRange.prototype, Symbol.toStringTag, { value: 'StaticRange', configurable: true });

    // --- Selection: at most one range, as in WebKit
    function Selection() { throw new TypeError('Illegal constructor'); }
    var sp = Selection.prototype;
    function selectionRange(s) { return s._range; }
    function changed(s) {
      if (s._queued) return;
      s._queued = true;
      env.task(function () { s._queued = false; env.document._dispatchEvent(new g.Event('selectionchange'), true); });
    }
    function setRange(s, range, backward) { s._range = range; s._backward = !!backward; changed(s); }
    getter(sp, 'rangeCount', function () { return this._range ? 1 : 0; });
    getter(sp, 'anchorNode', function () { var r = selectionRange(this); return r ? (this._backward ? r._end : r._start)[0] : null; });
    getter(sp, 'anchorOffset', function () { var r = selectionRange(this); return r ? (this._backward ? r._end : r._start)[1] : 0; });
    getter(sp, 'focusNode', function () { var r = selectionRange(this); return r ? (this._backward ? r._start : r._end)[0] : null; });
    getter(sp, 'focusOffset', function () { var r = selectionRange(this); return r ? (this._backward ? r._start : r._end)[1] : 0; });
    getter(sp, 'isCollapsed', function () { return !this._range || this._range.collapsed; });
    getter(sp, 'type', function () { return !this._range ? 'None' : this._range.collapsed ? 'Caret' : 'Range'; });
    getter(sp, 'direction', function () { return !this._range || this._range.collapsed ? 'none' : this._backward ? 'backward' : 'forward'; });
    method(sp, 'getRangeAt', function getRangeAt(index) {
      if (!this._range || Number(index) !== 0) throw error('IndexSizeError', "Failed to execute 'getRangeAt' on 'Selection': " + index + ' is not a valid index.');
      return this._range;
    });
    method(sp, 'addRange', function addRange(range) {
      if (!(range instanceof Range)) throw new TypeError("Failed to execute 'addRange' on 'Selection': parameter 1 is not of type 'Range'.");
      if (!this._range && rootOf(range._start[0]) === env.document) setRange(this, range, false);
    });
    method(sp, 'removeRange', function removeRange(range) {
      if (range !== this._range) throw error('NotFoundError', "Failed to execute 'removeRange' on 'Selection': The given range isn't in document.");
      setRange(this, null, false);
    });
    method(sp, 'removeAllRanges', function removeAllRanges() { if (this._range) setRange(this, null, false); });
    method(sp, 'empty', sp.removeAllRanges);
    method(sp, 'collapse', function collapse(node, offset) {
      if (node === null) { this.removeAllRanges(); return; }
      var r = new Range();
      r.setStart(node, offset || 0);
      r.collapse(true);
      if (rootOf(node) === env.document) setRange(this, r, false);
    });
    method(sp, 'setPosition', sp.collapse);
    method(sp, 'collapseToStart', function collapseToStart() {
      if (!this._range) throw error('InvalidStateError', "Failed to execute 'collapseToStart' on 'Selection': there is no selection.");
      this.collapse(this._range._start[0], this._range._start[1]);
    });
    method(sp, 'collapseToEnd', function collapseToEnd() {
      if (!this._range) throw error('InvalidStateError', "Failed to execute 'collapseToEnd' on 'Selection': there is no selection.");
      this.collapse(this._range._end[0], this._range._end[1]);
    });
    method(sp, 'setBaseAndExtent', function setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset) {
      var r = new Range(), backward = compare(focusNode, focusOffset >>> 0, anchorNode, anchorOffset >>> 0) < 0;
      if (backward) { r.setStart(focusNode, focusOffset); r.setEnd(anchorNode, anchorOffset); }
      else { r.setStart(anchorNode, anchorOffset); r.setEnd(focusNode, focusOffset); }
      setRange(this, r, backward);
    });
    method(sp, 'extend', function extend(node, offset) {
      if (!this._range) throw error('InvalidStateError', "Failed to execute 'extend' on 'Selection': This Selection object doesn't have any Ranges.");
      this.setBaseAndExtent(this.anchorNode, this.anchorOffset, node, offset || 0);
    });
    method(sp, 'selectAllChildren', function selectAllChildren(node) {
      var r = new Range();
      r.selectNodeContents(node);
      setRange(this, r, false);
    });
    method(sp, 'deleteFromDocument', function deleteFromDocument() { if (this._range) this._range.deleteContents(); });
    method(sp, 'containsNode', function containsNode(node, allowPartial) {
      var r = this._range;
      if (!r || rootOf(node) !== rootOf(r._start[0])) return false;
      var parent = node.parentNode;
      if (!parent) return false;
      var i = indexOf(node);
      if (allowPartial) return r.intersectsNode(node);
      return compare(parent, i, r._start[0], r._start[1]) >= 0 && compare(parent, i + 1, r._end[0], r._end[1]) <= 0;
    });
    // The selected text as it is rendered (WebKit's and Blink's): the innerText of the selected contents.
    method(sp, 'toString', function toString() { return this._range ? env.renderedText(this._range.cloneContents()) : ''; });
    Object.defineProperty(sp, Symbol.toStringTag, { value: 'Selection', configurable: true });
    var selection = Object.create(sp);
    selection._range = null;
    return { AbstractRange: AbstractRange, Range: Range, StaticRange: StaticRange, Selection: Selection, selection: selection };
  }
  // Other layers add to Range through env.extendRange(f) (geometry/geometry.js: getBoundingClientRect), called with
  // the classes when they are made, so that registering does not make them.
  var extensions = [];
  function load() {
    if (!classes) {
      classes = make();
      extensions.forEach(function (f) { f(classes); });
      if (env.platformMade) env.platformMade(classes, Object.keys(classes));
    }
    return classes;
  }
  env.extendRange = function (f) { if (classes) f(classes); else extensions.push(f); };

  ['AbstractRange', 'Range', 'StaticRange', 'Selection'].forEach(function (name) {
    Object.defineProperty(g, name, {
      configurable: true,
      get: function () { var value = load()[name]; Object.defineProperty(g, name, { value: value, writable: true, configurable: true }); return value; },
      set: function (value) { Object.defineProperty(g, name, { value: value, writable: true, configurable: true }); }
    });
  });
  function method(p, name, f) { Object.defineProperty(p, name, { value: f, writable: true, enumerable: true, configurable: true }); }
  method(impl.Document.prototype, 'createRange', function createRange() {
    var r = new (load().Range)();
    r._start = r._end = [this, 0];
    return r;
  });
  method(impl.Document.prototype, 'getSelection', function getSelection() { return this === env.document ? load().selection : null; });
  Object.defineProperty(g, 'getSelection', { value: function getSelection() { return load().selection; }, writable: true, configurable: true });
  return env;
})
