(function (require, native, env) {
  'use strict';
  // Geometry (issue 15, section 3): a documented, deterministic box model over the computed style of the css layer
  // (env.css) and the viewport of the device layer (window.__hybridDevice). Nothing is computed at page set-up: the
  // first geometry read lays the document out, and the layout is kept until the DOM, a style, a scroll position or
  // the device changes. The model (the DocC article "Geometry model" says the same):
  // - the root element is laid out in the viewport (__hybridDevice.width x height); display:none on the element or
  //   an ancestor, or an element outside the document, gives zeros and no client rects;
  // - block-level boxes (every display but inline/inline-block/contents/none) stack vertically and fill their
  //   container's content width minus their margins; width, height, min-/max-, padding, border-*-width, margin (px,
  //   %, em, rem, vw, vh as the css layer resolves them), box-sizing; auto left/right margins centre a sized block;
  // - text is laid out (see "inline formatting context" below): runs measured with the element's font through the
  //   canvas's font machinery (native.textAdvances), broken into lines, inline elements with one fragment per line,
  //   atomic inlines shrink-to-fit;
  // - an auto height is the height of the in-flow children's margin boxes and line boxes, adjoining vertical
  //   margins collapsed (CSS 2.1 §8.3.1; see "margin collapsing" below);
  // - position:absolute is placed by top/left (or right/bottom) in the padding box of the nearest positioned
  //   ancestor (else the viewport), position:fixed in the viewport; both leave the flow; an auto width is the
  //   containing block's width minus both offsets when both are set, else shrink-to-fit; relative and
  //   sticky shift the box by top/left after the flow; flex and grid containers lay their items out as blocks.
  var g = globalThis, impl = env.impl, doc = env.document;
  function device() {
    var d = g.__hybridDevice;
    return { width: d && d.width > 0 ? d.width : 390, height: d && d.height > 0 ? d.height : 844 };
  }
  function defineMethod(target, name, f) {
    Object.defineProperty(f, 'name', { value: name });
    Object.defineProperty(target, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function defineGetter(target, name, get, set) {
    Object.defineProperty(target, name, { get: get, set: set, enumerable: true, configurable: true });
  }

  // --- DOMRectReadOnly, DOMRect, DOMRectList (Geometry Interfaces), made on the first rect or read of their globals
  var rectClasses = null;
  function rects() {
    if (rectClasses) return rectClasses;
    function num(v) { v = v === undefined ? 0 : Number(v); return v; }
    function DOMRectReadOnly(x, y, width, height) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      Object.defineProperty(this, '_r', { value: [num(x), num(y), num(width), num(height)] });
    }
    function rectFrom(C, other) {
      other = other == null ? {} : other;
      if (typeof other !== 'object') throw new TypeError("Failed to execute 'fromRect': parameter 1 is not of type 'DOMRectInit'.");
      return new C(other.x, other.y, other.width, other.height);
    }
    defineMethod(DOMRectReadOnly, 'fromRect', function fromRect(other) { return rectFrom(DOMRectReadOnly, other); });
    ['x', 'y', 'width', 'height'].forEach(function (name, i) {
      defineGetter(DOMRectReadOnly.prototype, name, function () { return this._r[i]; });
    });
    function min(a, b) { return isNaN(a) || isNaN(b) ? NaN : Math.min(a, b); }
    function max(a, b) { return isNaN(a) || isNaN(b) ? NaN : Math.max(a, b); }
    defineGetter(DOMRectReadOnly.prototype, 'top', function () { return min(this._r[1], this._r[1] + this._r[3]); });
    defineGetter(DOMRectReadOnly.prototype, 'right', function () { return max(this._r[0], this._r[0] + this._r[2]); });
    defineGetter(DOMRectReadOnly.prototype, 'bottom', function () { return max(this._r[1], this._r[1] + this._r[3]); });
    defineGetter(DOMRectReadOnly.prototype, 'left', function () { return min(this._r[0], this._r[0] + this._r[2]); });
    defineMethod(DOMRectReadOnly.prototype, 'toJSON', function toJSON() {
      var self = this, out = {};
      ['x', 'y', 'width', 'height', 'top', 'right', 'bottom', 'left'].forEach(function (n) { out[n] = self[n]; });
      return out;
    });
    Object.defineProperty(DOMRectReadOnly.prototype, Symbol.toStringTag, { value: 'DOMRectReadOnly', configurable: true });
    function DOMRect(x, y, width, height) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      Object.defineProperty(this, '_r', { value: [num(x), num(y), num(width), num(height)] });
    }
    Object.setPrototypeOf(DOMRect, DOMRectReadOnly);
    DOMRect.prototype = Object.create(DOMRectReadOnly.prototype, { constructor: { value: DOMRect, writable: true, configurable: true } });
    defineMethod(DOMRect, 'fromRect', function fromRect(other) { return rectFrom(DOMRect, other); });
    ['x', 'y', 'width', 'height'].forEach(function (name, i) {
      defineGetter(DOMRect.prototype, name, function () { return this._r[i]; }, function (v) { this._r[i] = Number(v); });
    });
    Object.defineProperty(DOMRect.prototype, Symbol.toStringTag, { value: 'DOMRect', configurable: true });
    function DOMRectList() { throw new TypeError('Illegal constructor'); }
    defineGetter(DOMRectList.prototype, 'length', function () { return this._list.length; });
    defineMethod(DOMRectList.prototype, 'item', function item(i) { i = Number(i) >>> 0; return i < this._list.length ? this._list[i] : null; });
    DOMRectList.prototype[Symbol.iterator] = function () { return this._list[Symbol.iterator](); };
    Object.defineProperty(DOMRectList.prototype, Symbol.toStringTag, { value: 'DOMRectList', configurable: true });
    function makeList(rects) {
      var list = Object.create(DOMRectList.prototype);
      Object.defineProperty(list, '_list', { value: rects });
      rects.forEach(function (r, i) { Object.defineProperty(list, i, { value: r, enumerable: true }); });
      return list;
    }
    rectClasses = { DOMRectReadOnly: DOMRectReadOnly, DOMRect: DOMRect, DOMRectList: DOMRectList, list: makeList };
    if (env.platformMade) env.platformMade(rectClasses, ['DOMRectReadOnly', 'DOMRect', 'DOMRectList']);
    return rectClasses;
  }
  function newRect(x, y, width, height) { return new (rects().DOMRect)(x, y, width, height); }
  function rectList(list) { return rects().list(list); }
  env.lazyProperties(g, ['DOMRectReadOnly', 'DOMRect', 'DOMRectList'], env.lazyInstaller(function () {
    var classes = rects();
    ['DOMRectReadOnly', 'DOMRect', 'DOMRectList'].forEach(function (name) {
      Object.defineProperty(g, name, { value: classes[name], writable: true, configurable: true });
    });
  }));
  // Range geometry (CSSOM View §6): the border boxes of the elements the range selects whole (not those inside
  // another selected element) and, for its text (inside selected elements too, as Chromium), one rect per text node
  // and line, from the text layout; the
  // bounding rect is their union. Added when dom/range.js makes its classes (on first use), so reading the global
  // here does not make them in every page.
  function rangeGeometry(Range) {
    defineMethod(Range.prototype, 'getBoundingClientRect', function getBoundingClientRect() {
      var list = rangeRects(this);
      if (!list.length) return newRect(0, 0, 0, 0);
      var x0 = Math.min.apply(null, list.map(function (r) { return r[0]; })), y0 = Math.min.apply(null, list.map(function (r) { return r[1]; }));
      var x1 = Math.max.apply(null, list.map(function (r) { return r[0] + r[2]; })), y1 = Math.max.apply(null, list.map(function (r) { return r[1] + r[3]; }));
      return newRect(x0, y0, x1 - x0, y1 - y0);
    });
    defineMethod(Range.prototype, 'getClientRects', function getClientRects() {
      return rectList(rangeRects(this).map(function (r) { return newRect(r[0], r[1], r[2], r[3]); }));
    });
  }
  if (typeof env.extendRange === 'function') env.extendRange(function (classes) { rangeGeometry(classes.Range); });
  else if (g.Range) rangeGeometry(g.Range);

  // --- element scroll positions (the viewport's are the device layer's scrollX/scrollY)
  var scrolled = new WeakMap(), scrollVersion = 0;
  function scrollOf(el) { return scrolled.get(el) || { left: 0, top: 0, pending: false }; }

  // --- layout
  var cached = { key: null, boxes: null, places: null };
  var places = null;   // during a layout: text node -> where its pieces are (Range geometry)
  // Values as they are now: an element with running transitions or animations (env.animated, animation/
  // animation.js) is laid out with its animated values; others pay a Map lookup, pages without any nothing.
  function animatedOf(el, name, base) {
    var animated = env.animated;
    return animated && animated.has(el) ? animated.value(el, name, base) : base;
  }
  function style(el, name) { return el.anonymous ? anonymousStyle(el, name) : animatedOf(el, name, env.css.value(el, name)); }
  function length(el, name, base, auto) {
    if (el.anonymous && INHERITED.test(name)) return length(el.parent, name, base, auto);
    var v = String(el.anonymous ? anonymousStyle(el, name) : animatedOf(el, name, env.css.length(el, name)) || '').trim();
    var m = /^(-?[\d.]+(?:e[+-]?\d+)?)(px|%)?$/i.exec(v);
    if (!m) return auto;
    var n = parseFloat(m[1]);
    if (m[2] === '%') return typeof base === 'number' && isFinite(base) ? n * base / 100 : auto;
    return m[2] || n === 0 ? n : auto;
  }
  function border(el, side) { var n = parseFloat(style(el, 'border-' + side + '-width')); return isFinite(n) ? n : 0; }
  // --- text (CSS Text 3, the common subset): runs are measured through native.textAdvances, the canvas's font
  // selection and metrics (CairoText: the first family of font-family, through fontconfig, unhinted, no kerning),
  // one native call per run of new strings, widths cached per font and string for the page's life.
  var fonts = new Map();
  function fontOf(el) {
    return fontFrom(style(el, 'font-family'), parseFloat(style(el, 'font-size')), style(el, 'font-weight'), style(el, 'font-style'));
  }
  function fontFrom(family, size, weight, fontStyle) {
    family = family || 'serif';
    size = size >= 0 && isFinite(size) ? size : 16;
    weight = String(weight || '400');
    var italic = /^(italic|oblique)/.test(fontStyle || ''), bold = /bold/.test(weight) || parseFloat(weight) >= 600;
    var key = family + '|' + size + '|' + bold + '|' + italic, f = fonts.get(key);
    if (f) return f;
    f = { family: family, size: size, bold: bold, italic: italic, widths: new Map(), ascent: null, descent: 0 };
    fonts.set(key, f);
    return f;
  }
  // The advance widths of `texts` in font `f` (an array), measuring the ones not seen before in one native call.
  var measured = 0;   // strings measured natively, for the tests of the cache (env.geometry.measured())
  function advances(f, texts) {
    var missing = [], seen = new Set();
    for (var i = 0; i < texts.length; i++) {
      if (!f.widths.has(texts[i]) && !seen.has(texts[i])) { seen.add(texts[i]); missing.push(texts[i]); }
    }
    if (missing.length || f.ascent === null) {
      measured += missing.length;
      var out = native.textAdvances ? native.textAdvances(f.family, f.size, f.bold, f.italic, missing) : [];
      if (f.ascent === null) {   // Chromium rounds the ascent, descent and x-height to whole pixels for line layout
        f.ascent = out.length ? Math.round(out[0]) : Math.round(f.size * 0.9);
        f.descent = out.length ? Math.round(out[1]) : Math.round(f.size * 0.25);
        f.xHeight = out.length ? Math.round(out[2]) : Math.round(f.size * 0.5);
      }
      missing.forEach(function (t, k) { f.widths.set(t, out.length ? out[k + 3] : t.length * f.size / 2); });
    }
    return texts.map(function (t) { return f.widths.get(t); });
  }
  function metrics(f) { if (f.ascent === null) advances(f, []); return f; }
  // line-height: a length, a number times the font size, or `normal`: the font's ascent plus descent (as Chromium
  // computes it from the font's metrics).
  function lineHeight(el) {
    var v = style(el, 'line-height'), font = parseFloat(style(el, 'font-size'));
    if (!(font >= 0)) font = 16;
    if (/px$/.test(v)) return parseFloat(v);
    if (/^[\d.]+$/.test(v)) return parseFloat(v) * font;
    var f = metrics(fontOf(el));
    return f.ascent + f.descent;
  }
  var inlineLevel = /^(inline|inline-block|inline-flex|inline-grid|inline-table)$/;
  // Elements whose user-agent display is none are not laid out at all, which spares their cascade on every layout
  // (a page's <head> is often most of its elements); an author sheet that shows them is not followed.
  var neverShown = /^(head|script|style|link|meta|title|template|base|noscript)$/;
  function hiddenByDefault(el) { return neverShown.test(el.localName) && el.namespaceURI === 'http://www.w3.org/1999/xhtml'; }
  function outOfFlow(el) { return /^(absolute|fixed)$/.test(style(el, 'position')); }

  // The box of an element: x, y (document coordinates of the border box), width, height, and the edges.
  function makeBox(el, cbWidth, cbHeight) {
    var b = { el: el, margin: {}, padding: {}, border: {} };
    ['top', 'right', 'bottom', 'left'].forEach(function (side) {
      b.padding[side] = Math.max(0, length(el, 'padding-' + side, cbWidth, 0));
      b.border[side] = border(el, side);
    });
    b.margin.top = length(el, 'margin-top', cbWidth, 0);
    b.margin.bottom = length(el, 'margin-bottom', cbWidth, 0);
    b.margin.left = length(el, 'margin-left', cbWidth, 'auto');
    b.margin.right = length(el, 'margin-right', cbWidth, 'auto');
    b.extraX = b.padding.left + b.padding.right + b.border.left + b.border.right;
    b.extraY = b.padding.top + b.padding.bottom + b.border.top + b.border.bottom;
    b.borderBox = style(el, 'box-sizing') === 'border-box';
    return b;
  }
  // A used content size from width/height and min-/max- (null when auto).
  function sized(el, b, name, base, extra) {
    function content(v) { return v === 'auto' ? v : b.borderBox ? Math.max(0, v - extra) : v; }
    var v = content(length(el, name, base, 'auto'));
    return v === 'auto' ? null : v;
  }
  function clamp(el, b, name, v, base, extra) {
    var lo = length(el, 'min-' + name, base, 'auto'), hi = length(el, 'max-' + name, base, 'auto');
    if (hi !== 'auto') v = Math.min(v, b.borderBox ? Math.max(0, hi - extra) : hi);
    if (lo !== 'auto') v = Math.max(v, b.borderBox ? Math.max(0, lo - extra) : lo);
    return Math.max(0, v);
  }
  function layout() {
    var d = device();
    var moving = env.animated ? env.animated.layoutTime() : '';   // the time, while an effect animates a box property
    var key = [env.css.generation(), g.scrollX, g.scrollY, d.width, d.height, scrollVersion, moving].join('|');
    if (cached.key === key && cached.boxes) return cached.boxes;
    var boxes = new Map(), root = doc.documentElement;
    var viewport = { x: g.scrollX || 0, y: g.scrollY || 0, width: d.width, height: d.height };
    if (root && style(root, 'display') !== 'none') {
      var initial = { x: 0, y: 0, width: d.width, height: d.height };
      chains = new Map();
      intrinsics = new Map();
      places = new Map();
      textStyles = new Map();
      cached.places = places;
      try { block(root, initial, length(root, 'margin-top', d.width, 0), initial, viewport, boxes, true); } finally { chains = null; intrinsics = null; places = null; textStyles = null; }
    }
    cached.key = key;
    cached.boxes = boxes;
    return boxes;
  }

  // --- margin collapsing (CSS 2.1 §8.3.1): adjoining vertical margins of in-flow blocks collapse to the largest
  // positive margin plus the most negative one. Adjoining: a block's bottom margin and its next sibling's top
  // margin; a block's top margin and its first in-flow child's, and its bottom margin and its last in-flow child's,
  // when no border, padding or line box separates them and the block has an auto height (for the bottom). The
  // root, floats, flex and grid items, and boxes that establish a formatting context (overflow other than visible,
  // inline-block, flow-root, flex, grid, table) do not collapse with their children; floats and flex and grid items
  // do not collapse with anything. An empty block's own top and bottom margins do not collapse through it.
  function collapse(margins) {
    var positive = 0, negative = 0;
    for (var i = 0; i < margins.length; i++) { positive = Math.max(positive, margins[i]); negative = Math.min(negative, margins[i]); }
    return positive + negative;
  }
  var formattingRoot = /^(inline-block|table|inline-table|table-cell|table-caption|flex|inline-flex|grid|inline-grid|flow-root)$/;
  var itemsDoNotCollapse = /^(flex|inline-flex|grid|inline-grid)$/;
  function floats(el) { var f = style(el, 'float'); return !!f && f !== 'none'; }
  function collapsesWithChildren(el) {
    return el !== doc.documentElement && !floats(el) && !formattingRoot.test(style(el, 'display')) &&
      style(el, 'overflow-x') === 'visible' && style(el, 'overflow-y') === 'visible';
  }
  // The first in-flow child whose top margin can adjoin its parent's: null when text, an inline-level box or a
  // float comes first.
  function firstFlowChild(el) {
    for (var child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) { if (/\S/.test(child.data)) return null; continue; }
      if (child.nodeType !== 1 || hiddenByDefault(child) || outOfFlow(child)) continue;
      var display = style(child, 'display');
      if (display === 'none' || display === 'contents') continue;
      return inlineLevel.test(display) || floats(child) ? null : child;
    }
    return null;
  }
  // The margins adjoining the top of a block in a container `cbWidth` wide: its top margin, then its first in-flow
  // child's (and so on down) while they collapse. Worked out once per element and layout.
  var chains = null;
  function topMargins(el, cbWidth, isolated) {
    var known = chains.get(el);
    if (known) return known;
    var b = makeBox(el, cbWidth, null), margins = [b.margin.top];
    if (!isolated && collapsesWithChildren(el) && !b.border.top && !b.padding.top) {
      var first = firstFlowChild(el);
      if (first) margins = margins.concat(topMargins(first, horizontal(el, b, { width: cbWidth }), false));
    }
    chains.set(el, margins);
    return margins;
  }
  // The used content width of a block (and its used left and right margins) in a container of width cb.width.
  function horizontal(el, b, cb) {
    var width = sized(el, b, 'width', cb.width, b.extraX);
    var ml = b.margin.left === 'auto' ? 0 : b.margin.left, mr = b.margin.right === 'auto' ? 0 : b.margin.right;
    if (width === null) {   // a float shrinks to fit; a replaced element takes its own width
      width = Math.max(0, cb.width - ml - mr - b.extraX);
      if (replaced(el)) width = replacedSize(el, 'width');
      else if (floats(el)) width = shrinkToFit(el, width);
    }
    width = clamp(el, b, 'width', width, cb.width, b.extraX);
    var free = cb.width - width - b.extraX - ml - mr;
    if (b.margin.left === 'auto' && b.margin.right === 'auto') ml = Math.max(0, free / 2);
    else if (b.margin.left === 'auto') ml = Math.max(0, free);
    b.margin.left = ml;
    b.margin.right = mr;
    return width;
  }
  // Lays out a block-level element whose border box starts at y (its top margin already collapsed by the caller)
  // in a container of content width cb.width; returns the margins adjoining its bottom. `abs` is the containing
  // block for absolutely positioned descendants; `isolated` when its margins never collapse.
  function block(el, cb, y, abs, viewport, boxes, isolated) {
    var b = makeBox(el, cb.width, cb.height);
    var width = horizontal(el, b, cb);
    b.x = cb.x + b.margin.left;
    b.y = y;
    b.width = width + b.extraX;
    var bottom = content(el, b, width, cb, abs, viewport, boxes, !isolated && collapsesWithChildren(el));
    relative(el, b, cb);
    return isolated ? [] : bottom;
  }
  // The children of a laid-out box, then its height (given, or the height of its flow); returns the margins that
  // adjoin its bottom edge (its own bottom margin, with its last child's when `collapsing` lets them collapse).
  function content(el, b, width, cb, abs, viewport, boxes, collapsing) {
    boxes.set(el, b);
    var givenHeight = sized(el, b, 'height', cb.height === null ? undefined : cb.height, b.extraY);
    var inner = { x: b.x + b.border.left + b.padding.left, width: width, height: givenHeight };
    var positioned = style(el, 'position') !== 'static';
    var own = scrollOf(el);
    var flowY = b.y + b.border.top + b.padding.top - own.top;
    inner.x -= own.left;
    var start = flowY, run = [], later = [], margins = [], firstRun = true;
    var throughTop = collapsing && !b.border.top && !b.padding.top, items = itemsDoNotCollapse.test(style(el, 'display'));
    var childAbs = positioned ? { box: b } : abs;
    function startLines() {   // a run of inline content with a line: the margins above it no longer collapse through
      flowY += collapse(margins);
      margins = [];
      throughTop = false;
      return flowY;
    }
    function flushRun() {
      if (!run.length) return;
      var height = inlineFlow(el, run, inner, firstRun, startLines, childAbs, viewport, boxes, later);
      run = [];
      if (height !== null) { flowY += height; firstRun = false; }
    }
    var ownDisplay = style(el, 'display');
    var flexLines = flexDisplay.test(ownDisplay) ? flex(el, inner, flowY, childAbs, viewport, boxes, later)
      : gridDisplay.test(ownDisplay) ? grid(el, inner, flowY, childAbs, viewport, boxes, later) : null;
    if (flexLines !== null) flowY += flexLines;
    var isReplaced = replaced(el);
    var children = flexLines === null && !isReplaced ? childList(el) : [];
    for (var ci = 0; ci < children.length; ci++) {
      var child = children[ci];
      if (child.nodeType === 3) { run.push(child); continue; }
      if (child.nodeType !== 1 || hiddenByDefault(child) || style(child, 'display') === 'none') continue;
      if (outOfFlow(child)) { later.push(child); continue; }
      var display = style(child, 'display');
      if (display === 'contents') continue;
      if (inlineLevel.test(display)) { run.push(child); continue; }
      flushRun();
      var isolated = items || floats(child), top = topMargins(child, width, isolated);
      if (isolated) { flowY += collapse(margins) + top[0]; margins = []; }
      else if (!throughTop) flowY += collapse(margins.concat(top));   // else: collapsed into this box's own top margin
      throughTop = false;
      var bottom = block(child, inner, flowY, childAbs, viewport, boxes, isolated), c = boxes.get(child);
      if (c.lastBaseline !== undefined) b.lastBaseline = c.y + c.lastBaseline - b.y;
      flowY += c.height + (isolated ? c.margin.bottom : 0);
      margins = bottom;
    }
    flushRun();
    var throughBottom = collapsing && givenHeight === null && !b.border.bottom && !b.padding.bottom &&
      !(length(el, 'min-height', undefined, 0) > 0);
    if (!throughBottom) { flowY += collapse(margins); margins = []; }
    b.flow = flowY - start;
    var height = givenHeight === null ? (isReplaced ? replacedSize(el, 'height') : b.flow) : givenHeight;
    b.contentHeight = clamp(el, b, 'height', height, cb.height === null ? undefined : cb.height, b.extraY);
    b.height = b.contentHeight + b.extraY;
    b.contentWidth = width;
    later.forEach(function (child) { absolute(child, childAbs, viewport, boxes, inner, start); });
    return margins.concat([b.margin.bottom]);
  }
  // --- flex layout (CSS Flexible Box Layout §9): the in-flow children of a flex container
  // are its items, in `order`; each has a flex base size (`flex-basis`, else its `width`/`height`, else its content:
  // its max-content width across a row, never below its min-content width (the automatic minimum size), and its
  // laid-out height down a column), lines break where the
  // items' outer sizes pass the container's main size (`flex-wrap`), the free space of a line goes to the items by
  // `flex-grow` or is taken by `flex-shrink` (weighted by base size), `min-`/`max-` sizes freezing items as §9.7
  // says; then auto margins, `justify-content`, `gap`, and across each line `align-self`/`align-items` (`stretch`
  // sizes an item without a cross size to its line). Lays the items out and returns the height of the flow.
  // An anonymous flex or grid item (a run of text, `{anonymous, parent, nodes}`) inherits the inherited properties
  // from its container and has the initial value of the others.
  var INHERITED = /^(font-.*|line-height|white-space|text-align|text-indent|text-transform|letter-spacing|word-spacing|word-break|overflow-wrap|direction|visibility|pointer-events)$/;
  var ANONYMOUS = { display: 'block', position: 'static', 'align-self': 'auto', 'justify-self': 'auto', 'flex-grow': '0',
    'flex-shrink': '1', 'flex-basis': 'auto', 'box-sizing': 'content-box', 'overflow-x': 'visible', 'overflow-y': 'visible',
    order: '0', float: 'none', transform: 'none' };
  function anonymousStyle(el, name) {
    if (INHERITED.test(name)) return style(el.parent, name);
    if (ANONYMOUS[name] !== undefined) return ANONYMOUS[name];
    return /^(margin|padding|border)-/.test(name) ? '0px' : 'auto';
  }
  function childList(el) { return el.anonymous ? el.nodes : el.childNodes; }
  // The items of a flex or grid container: its rendered in-flow element children and anonymous items (each run of
  // text that is not all white space) in `order` (document order among equals); absolutely positioned children go
  // to `later`.
  function containerItems(el, later) {
    var items = [], run = [];
    function flushText() {
      if (run.some(function (t) { return /[^ \t\n\f\r]/.test(t.data); })) {
        items.push({ el: { anonymous: true, parent: el, nodes: run }, order: 0, index: items.length });
      }
      run = [];
    }
    for (var child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) { run.push(child); continue; }
      if (child.nodeType !== 1 || hiddenByDefault(child)) continue;
      flushText();
      var display = style(child, 'display');
      if (display === 'none' || display === 'contents') continue;
      if (outOfFlow(child)) { later.push(child); continue; }
      items.push({ el: child, order: parseFloat(style(child, 'order')) || 0, index: items.length });
    }
    flushText();
    return items.sort(function (a, b) { return a.order - b.order || a.index - b.index; });
  }
  var flexDisplay = /^(flex|inline-flex)$/;
  function factor(el, name, fallback) { var n = parseFloat(style(el, name)); return isFinite(n) && n >= 0 ? n : fallback; }
  function flex(el, inner, y, abs, viewport, boxes, later) {
    var direction = style(el, 'flex-direction') || 'row', row = !/^column/.test(direction), reverse = /-reverse$/.test(direction);
    var wraps = /^wrap/.test(style(el, 'flex-wrap') || '');
    var definiteHeight = inner.height === null || inner.height === undefined ? undefined : inner.height;
    var mainSize = row ? inner.width : (definiteHeight === undefined ? null : definiteHeight);
    var crossSize = row ? (definiteHeight === undefined ? null : definiteHeight) : inner.width;
    var mainGap = Math.max(0, length(el, row ? 'column-gap' : 'row-gap', row ? inner.width : definiteHeight, 0));
    var crossGap = Math.max(0, length(el, row ? 'row-gap' : 'column-gap', row ? definiteHeight : inner.width, 0));
    var alignItems = style(el, 'align-items') || 'normal', justify = style(el, 'justify-content') || 'normal';
    var items = containerItems(el, later);
    var cbFor = { x: inner.x, width: inner.width, height: definiteHeight === undefined ? null : definiteHeight };
    var mainName = row ? 'width' : 'height', mainBase = row ? inner.width : definiteHeight;
    items.forEach(function (it) {
      var c = it.el, bx = makeBox(c, inner.width, definiteHeight);
      it.box = bx;
      it.extraMain = row ? bx.extraX : bx.extraY;
      it.extraCross = row ? bx.extraY : bx.extraX;
      var start = row ? bx.margin.left : bx.margin.top, end = row ? bx.margin.right : bx.margin.bottom;
      it.autoStart = start === 'auto';
      it.autoEnd = end === 'auto';
      it.marginMain = (it.autoStart ? 0 : start) + (it.autoEnd ? 0 : end);
      it.marginCross = row ? bx.margin.top + bx.margin.bottom : (bx.margin.left === 'auto' ? 0 : bx.margin.left) + (bx.margin.right === 'auto' ? 0 : bx.margin.right);
      var self = style(c, 'align-self') || 'auto';
      it.align = self === 'auto' ? alignItems : self;
      it.stretch = /^(normal|stretch)$/.test(it.align);
      it.grow = factor(c, 'flex-grow', 0);
      it.shrink = factor(c, 'flex-shrink', 1);
      // across a column, an item is as wide as it says, else stretched to the line, else shrink-to-fit
      if (!row) {
        var w = sized(c, bx, 'width', inner.width, bx.extraX);
        if (w === null) w = it.stretch ? Math.max(0, inner.width - it.marginCross - bx.extraX) : shrinkToFit(c, Math.max(0, inner.width - it.marginCross - bx.extraX));
        it.crossContent = clamp(c, bx, 'width', w, inner.width, bx.extraX);
      }
      var base = null, basis = style(c, 'flex-basis');
      if (basis && basis !== 'auto' && basis !== 'content') {
        var v = length(c, 'flex-basis', mainSize === null ? undefined : mainSize, 'auto');
        if (v !== 'auto') base = bx.borderBox ? Math.max(0, v - it.extraMain) : v;
      }
      if (base === null) base = sized(c, bx, mainName, mainBase, it.extraMain);
      if (base === null) base = row ? intrinsic(c).max : placeItem(it, 0, 0, it.crossContent, null).contentHeight;
      it.base = base;
      // the automatic minimum size across a row (§4.5): the min-content width, capped by a given width and max-width
      var autoMin = 0;
      if (row && length(c, 'min-width', mainBase, 'auto') === 'auto' && style(c, 'overflow-x') === 'visible') {
        autoMin = contentIntrinsic(c).min;
        var givenWidth = sized(c, bx, 'width', mainBase, it.extraMain), maxWidth = length(c, 'max-width', mainBase, 'auto');
        if (givenWidth !== null) autoMin = Math.min(autoMin, givenWidth);
        if (maxWidth !== 'auto') autoMin = Math.min(autoMin, bx.borderBox ? Math.max(0, maxWidth - it.extraMain) : maxWidth);
      }
      it.clampMain = function (v) { return Math.max(autoMin, clamp(c, bx, mainName, v, mainBase, it.extraMain)); };
      it.hypo = it.clampMain(base);
    });
    // lines
    var lines = [], current = [], used = 0;
    items.forEach(function (it) {
      var outer = it.hypo + it.extraMain + it.marginMain;
      if (wraps && mainSize !== null && current.length && used + mainGap + outer > mainSize) { lines.push(current); current = []; used = 0; }
      used += (current.length ? mainGap : 0) + outer;
      current.push(it);
    });
    if (current.length) lines.push(current);
    lines.forEach(function (line) { resolveFlexible(line, mainSize, mainGap); });
    // cross sizes: lay each item out with its main size (a row's items at their width, to learn their heights)
    var crossUsed = 0;
    lines.forEach(function (line, n) {
      var lineCross = 0;
      line.forEach(function (it) {
        if (row) {
          it.placed = placeItem(it, 0, 0, it.main, null);
          it.cross = it.placed.height;
        } else {
          it.cross = it.crossContent + it.extraCross;
        }
        lineCross = Math.max(lineCross, it.cross + it.marginCross);
      });
      if (lines.length === 1 && crossSize !== null) lineCross = crossSize;
      line.cross = lineCross;
      line.offset = crossUsed + (n ? crossGap : 0);
      crossUsed = line.offset + lineCross;
    });
    // main-axis placement, then cross-axis alignment, per line
    var mainUsed = 0;
    lines.forEach(function (line) {
      var sizes = line.map(function (it) { return it.main + it.extraMain + it.marginMain; });
      var total = sizes.reduce(function (a, b) { return a + b; }, 0) + mainGap * (line.length - 1);
      var available = mainSize === null ? total : mainSize, free = available - total;
      var autos = line.reduce(function (n, it) { return n + (it.autoStart ? 1 : 0) + (it.autoEnd ? 1 : 0); }, 0);
      var autoMargin = free > 0 && autos ? free / autos : 0, offset = 0, between = mainGap;
      if (autos && free > 0) free = 0;
      var how = justify.replace(/^(safe|unsafe) /, '');
      if (/^(flex-end|end)$/.test(how) || (row && how === 'right')) offset = free;
      else if (how === 'center') offset = free / 2;
      else if (how === 'space-between') { if (free > 0 && line.length > 1) between += free / (line.length - 1); }
      else if (how === 'space-around') { if (free > 0) { offset = free / line.length / 2; between += free / line.length; } else offset = free / 2; }
      else if (how === 'space-evenly') { if (free > 0) { offset = free / (line.length + 1); between += free / (line.length + 1); } else offset = free / 2; }
      var pos = offset;
      line.forEach(function (it, i) {
        var startMargin = it.autoStart ? autoMargin : margin(it, row ? 'left' : 'top');
        var endMargin = it.autoEnd ? autoMargin : margin(it, row ? 'right' : 'bottom');
        var size = it.main + it.extraMain;
        var at = reverse ? available - pos - startMargin - size : pos + startMargin;
        pos += startMargin + size + endMargin + (i < line.length - 1 ? between : 0);
        var crossMargins = row ? [margin(it, 'top'), margin(it, 'bottom')] : [margin(it, 'left'), margin(it, 'right')];
        var crossOuter = it.cross + crossMargins[0] + crossMargins[1];
        var stretched = null;
        if (it.stretch && !hasCrossSize(it, row, inner, definiteHeight)) {
          stretched = Math.max(0, line.cross - crossMargins[0] - crossMargins[1]);
          crossOuter = line.cross;
        }
        var a = it.align.replace(/^(safe|unsafe) /, ''), crossAt = 0;
        if (/^(flex-end|end|self-end)$/.test(a)) crossAt = line.cross - crossOuter;
        else if (a === 'center') crossAt = (line.cross - crossOuter) / 2;
        crossAt += line.offset + crossMargins[0];
        if (row) {
          var placed = it.placed;
          if (stretched !== null) {
            placed.contentHeight = clamp(it.el, placed, 'height', Math.max(0, stretched - placed.extraY), definiteHeight, placed.extraY);
            placed.height = placed.contentHeight + placed.extraY;
          }
          placed.margin.left = startMargin;
          placed.margin.right = endMargin;
          shift(it.el, placed, boxes, inner.x + at, y + crossAt);
        } else {
          var width = stretched === null ? it.crossContent
            : clamp(it.el, it.box, 'width', Math.max(0, stretched - it.extraCross), inner.width, it.extraCross);
          var box = placeItem(it, inner.x + crossAt, y + at, width, it.main);
          box.margin.top = startMargin;
          box.margin.bottom = endMargin;
        }
      });
      mainUsed = Math.max(mainUsed, pos);
    });
    return row ? crossUsed : (mainSize === null ? mainUsed : mainSize);

    function placeItem(it, x, yAt, width, height) { return placeBox(it.el, cbFor, x, yAt, width, height, abs, viewport, boxes); }
  }
  // Lays out a flex or grid item (a box that collapses with nothing) with its border box at (x, y), `width` its
  // content width, `height` its content height when the container decides it (null: its own, or its flow's).
  function placeBox(el, cb, x, y, width, height, abs, viewport, boxes) {
    var bx = makeBox(el, cb.width, cb.height === null ? undefined : cb.height);
    bx.margin.left = bx.margin.left === 'auto' ? 0 : bx.margin.left;
    bx.margin.right = bx.margin.right === 'auto' ? 0 : bx.margin.right;
    bx.x = x;
    bx.y = y;
    bx.width = width + bx.extraX;
    content(el, bx, width, cb, abs, viewport, boxes);
    if (height !== null) { bx.contentHeight = height; bx.height = height + bx.extraY; }
    relative(el, bx, cb);
    return bx;
  }

  // --- grid layout (CSS Grid Layout, the common subset, without text): `grid-template-columns`/`-rows` track lists
  // (lengths, percentages, `fr`, `auto`, `minmax()`, `repeat()` with a count, `auto-fill` or `auto-fit`), items placed
  // in order, row by row, one cell each; `gap`; columns: fixed tracks take their size, `fr` tracks share what is left
  // (never below their minimum), `auto` tracks share it when there is no `fr`; rows: their track size, or (auto) the
  // tallest item of the row; items stretch to their cell unless they have a size or align/justify otherwise.
  var gridDisplay = /^(grid|inline-grid)$/;
  function splitTop(text, separator) {
    var parts = [], depth = 0, current = '';
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch === '(' || ch === '[') depth++;
      else if (ch === ')' || ch === ']') depth--;
      if (depth === 0 && (separator === ' ' ? /\s/.test(ch) : ch === separator)) { if (current.trim()) parts.push(current.trim()); current = ''; continue; }
      current += ch;
    }
    if (current.trim()) parts.push(current.trim());
    return parts;
  }
  function trackList(el, name, available, gap) {
    var text = String(style(el, name) || 'none').trim();
    if (!text || text === 'none') return [];
    function px(token) {   // a percentage of the grid's own content box; other lengths as the element's width computes
      var m = /^(-?[\d.]+)%$/.exec(String(token).trim());
      if (m) return typeof available === 'number' ? parseFloat(m[1]) * available / 100 : null;
      m = /^(-?[\d.]+(?:e[+-]?\d+)?)px$/.exec(String(env.css.computeAs(el, 'width', token) || ''));
      return m ? parseFloat(m[1]) : null;
    }
    function track(token) {
      if (/^(min-content|max-content)$/.test(token)) return { content: token.slice(0, 3), min: 0 };
      var m = /^([\d.]+)fr$/.exec(token);
      if (m) return { fr: parseFloat(m[1]), min: 0 };
      if ((m = /^minmax\((.*)\)$/.exec(token))) {
        var parts = splitTop(m[1], ','), lo = px(parts[0]) || 0, hi = String(parts[1] || '').trim(), f = /^([\d.]+)fr$/.exec(hi);
        if (f) return { fr: parseFloat(f[1]), min: lo };
        var h = px(hi);
        return h !== null ? { size: Math.max(lo, h) } : { auto: true, min: lo };
      }
      var v = px(token);
      return v !== null ? { size: Math.max(0, v) } : { auto: true, min: 0 };
    }
    var list = [];
    splitTop(text, ' ').forEach(function (token) {
      if (token[0] === '[') return;   // line names
      var r = /^repeat\((.*)\)$/.exec(token);
      if (!r) { list.push(track(token)); return; }
      var args = splitTop(r[1], ','), inner = splitTop(args.slice(1).join(','), ' ').filter(function (t) { return t[0] !== '['; }).map(track);
      var count = parseInt(args[0], 10);
      if (/^auto-(fill|fit)$/.test(args[0].trim())) {
        var each = inner.reduce(function (n, t) { return n + (t.size !== undefined ? t.size : t.min); }, 0) + gap * inner.length;
        count = typeof available === 'number' && each > 0 ? Math.max(1, Math.floor((available + gap) / each)) : 1;
      }
      for (var i = 0; i < (isFinite(count) && count > 0 ? Math.min(count, 1000) : 1); i++) list = list.concat(inner.map(function (t) { return Object.assign({}, t); }));
    });
    return list;
  }
  // Track sizes across `available` (null: indefinite): fixed and content-sized (min-content, max-content) first,
  // auto tracks at their minimum, grown toward their `limit` (max-content) while space is left, then fr tracks
  // share what is left, else auto tracks are stretched.
  function sizeTracks(list, available, gap) {
    var fixed = 0, fr = 0, autos = [];
    var sizes = list.map(function (t, i) {
      if (t.size !== undefined) { fixed += t.size; return t.size; }
      if (t.fr) { fr += t.fr; return 0; }
      autos.push(i);
      fixed += t.min;
      return t.min;
    });
    var left = available === null ? 0 : Math.max(0, available - gap * Math.max(0, list.length - 1) - fixed);
    var growing = autos.filter(function (i) { return list[i].limit > sizes[i]; });
    while (left > 1e-9 && growing.length) {
      var share = left / growing.length;
      growing = growing.filter(function (i) {
        var add = Math.min(share, list[i].limit - sizes[i]);
        sizes[i] += add;
        left -= add;
        return list[i].limit - sizes[i] > 1e-9;
      });
    }
    var unit = fr > 0 ? left / Math.max(fr, 1) : 0;
    return list.map(function (t, i) {
      if (t.fr) return Math.max(t.min, t.fr * unit);
      return sizes[i] + (t.size === undefined && fr === 0 && autos.length ? left / autos.length : 0);
    });
  }
  // An item's span on one axis from its `-start`/`-end` values: { start (0-based line, or null for auto), span }.
  // Line numbers count from 1, negative ones from the end of the explicit grid (`count` tracks); `span N`.
  function gridSpan(el, axis, count) {
    function parse(v) {
      v = String(v || 'auto').trim();
      var m = /^span\s+(\d+)$/i.exec(v) || /^(\d+)\s+span$/i.exec(v);
      if (m) return { span: Math.max(1, parseInt(m[1], 10)) };
      if (/^-?\d+$/.test(v) && parseInt(v, 10) !== 0) { var n = parseInt(v, 10); return { line: n > 0 ? n - 1 : count + 1 + n }; }
      return {};
    }
    var a = parse(style(el, 'grid-' + axis + '-start')), b = parse(style(el, 'grid-' + axis + '-end'));
    if (a.line !== undefined && b.line !== undefined) {
      var lo = Math.min(a.line, b.line), hi = Math.max(a.line, b.line);
      return { start: Math.max(0, lo), span: Math.max(1, hi - lo) };
    }
    if (a.line !== undefined) return { start: Math.max(0, a.line), span: b.span || 1 };
    if (b.line !== undefined) { var span = a.span || 1; return { start: Math.max(0, b.line - span), span: span }; }
    return { start: null, span: a.span || b.span || 1 };
  }
  function grid(el, inner, y, abs, viewport, boxes, later) {
    var definiteHeight = inner.height === null || inner.height === undefined ? undefined : inner.height;
    var columnGap = Math.max(0, length(el, 'column-gap', inner.width, 0)), rowGap = Math.max(0, length(el, 'row-gap', definiteHeight, 0));
    var columns = trackList(el, 'grid-template-columns', inner.width, columnGap);
    if (!columns.length) columns = [{ auto: true, min: 0 }];
    var rowTracks = trackList(el, 'grid-template-rows', definiteHeight, rowGap);
    var items = containerItems(el, later);
    // placement: items with a definite row first, then the others with a cursor that only moves forward (sparse
    // auto-placement, row by row); a definite column is kept, an area past the explicit columns adds implicit ones
    var explicitColumns = columns.length, taken = [], columnCount = explicitColumns;
    function free(r, c, rows, cols) {
      for (var rr = r; rr < r + rows; rr++) for (var cc = c; cc < c + cols; cc++) if (taken[rr] && taken[rr][cc]) return false;
      return true;
    }
    function occupy(it) {
      for (var rr = it.row; rr < it.row + it.rows; rr++) for (var cc = it.column; cc < it.column + it.columns; cc++) (taken[rr] || (taken[rr] = []))[cc] = true;
      columnCount = Math.max(columnCount, it.column + it.columns);
    }
    items.forEach(function (it) {
      var c = gridSpan(it.el, 'column', explicitColumns), r = gridSpan(it.el, 'row', rowTracks.length);
      it.column = c.start; it.columns = c.span; it.row = r.start; it.rows = r.span;
    });
    items.forEach(function (it) {
      if (it.row === null) return;
      if (it.column === null) { it.column = 0; while (!free(it.row, it.column, it.rows, it.columns)) it.column++; }
      occupy(it);
    });
    var cursorRow = 0, cursorColumn = 0;
    items.forEach(function (it) {
      if (it.row !== null) return;
      var width = Math.max(columnCount, explicitColumns);
      if (it.column !== null) {
        if (it.column < cursorColumn) cursorRow++;
        while (!free(cursorRow, it.column, it.rows, it.columns)) cursorRow++;
        it.row = cursorRow;
        cursorColumn = it.column + it.columns;
      } else {
        for (;;) {
          if (cursorColumn + it.columns > width && cursorColumn > 0) { cursorRow++; cursorColumn = 0; continue; }
          if (free(cursorRow, cursorColumn, it.rows, it.columns)) break;
          cursorColumn++;
        }
        it.row = cursorRow;
        it.column = cursorColumn;
        cursorColumn += it.columns;
      }
      occupy(it);
    });
    while (columns.length < columnCount) columns.push({ auto: true, min: 0 });
    // intrinsic columns from the min-/max-content widths of the items that span only them
    columns.forEach(function (t, k) {
      if (!t.auto && !t.content) return;
      var lo = 0, hi = 0;
      items.forEach(function (it) {
        if (it.column !== k || it.columns !== 1) return;
        var o = outerIntrinsic(it.el);
        lo = Math.max(lo, o.min);
        hi = Math.max(hi, o.max);
      });
      if (t.content === 'min') t.size = lo;
      else if (t.content === 'max') t.size = hi;
      else { t.min = Math.max(t.min, lo); t.limit = Math.max(t.min, hi); }
    });
    var widths = sizeTracks(columns, inner.width, columnGap);
    function spanned(sizes, gap, from, count) {
      var total = 0;
      for (var k = from; k < from + count; k++) total += (sizes[k] || 0) + (k > from ? gap : 0);
      return total;
    }
    function offset(sizes, gap, to) { var total = 0; for (var k = 0; k < to; k++) total += (sizes[k] || 0) + gap; return total; }
    var cb = { x: inner.x, width: inner.width, height: definiteHeight === undefined ? null : definiteHeight };
    var justifyItems = style(el, 'justify-items') || 'normal', alignItems = style(el, 'align-items') || 'normal';
    var rowCount = items.reduce(function (n, it) { return Math.max(n, it.row + it.rows); }, rowTracks.length);
    var rowHeights = [];
    items.forEach(function (it) {
      var area = spanned(widths, columnGap, it.column, it.columns);
      var bx = makeBox(it.el, area, definiteHeight);
      var ml = bx.margin.left === 'auto' ? 0 : bx.margin.left, mr = bx.margin.right === 'auto' ? 0 : bx.margin.right;
      var ownWidth = sized(it.el, bx, 'width', area, bx.extraX);
      var jself = style(it.el, 'justify-self') || 'auto';
      jself = jself === 'auto' ? justifyItems : jself;
      var width = ownWidth !== null ? ownWidth : /^(normal|stretch)$/.test(jself) ? Math.max(0, area - ml - mr - bx.extraX) : 0;
      width = clamp(it.el, bx, 'width', width, area, bx.extraX);
      var x = inner.x + offset(widths, columnGap, it.column);
      var room = area - width - bx.extraX - ml - mr;
      if (/^(end|flex-end|right|self-end)$/.test(jself)) x += room;
      else if (jself === 'center') x += room / 2;
      it.box = placeBox(it.el, { x: x, width: area, height: cb.height }, 0, 0, width, null, abs, viewport, boxes);
      it.x = x + ml;
      var aself = style(it.el, 'align-self') || 'auto';
      it.align = aself === 'auto' ? alignItems : aself;
      it.stretch = /^(normal|stretch)$/.test(it.align) && length(it.el, 'height', definiteHeight, 'auto') === 'auto';
      it.outer = it.box.height + it.box.margin.top + it.box.margin.bottom;
    });
    // rows: a track's size, else grid-auto-rows, else the tallest item that ends in it (less the rows it spans before)
    var autoRows = length(el, 'grid-auto-rows', definiteHeight, 'auto');
    var rowSizes = sizeTracks(rowTracks.concat(new Array(Math.max(0, rowCount - rowTracks.length)).fill({ auto: true, min: 0 })),
      definiteHeight === undefined ? null : definiteHeight, rowGap);
    for (var r = 0; r < rowCount; r++) {
      var track = rowTracks[r];
      if (track && track.size !== undefined) rowHeights[r] = track.size;
      else if (!track && autoRows !== 'auto') rowHeights[r] = autoRows;
      else rowHeights[r] = track && track.fr && definiteHeight !== undefined ? rowSizes[r] : null;
    }
    items.slice().sort(function (a, b) { return a.rows - b.rows; }).forEach(function (it) {
      var last = it.row + it.rows - 1;
      if (rowHeights[last] !== null && (rowTracks[last] || autoRows !== 'auto')) return;
      var before = spanned(rowHeights.map(function (h) { return h || 0; }), rowGap, it.row, it.rows - 1) + (it.rows > 1 ? rowGap : 0);
      rowHeights[last] = Math.max(rowHeights[last] || 0, it.outer - before);
    });
    rowHeights = rowHeights.map(function (h) { return h || 0; });
    items.forEach(function (it) {
      var b = it.box, h = spanned(rowHeights, rowGap, it.row, it.rows), outer = it.outer;
      if (it.stretch) {
        b.contentHeight = clamp(it.el, b, 'height', Math.max(0, h - b.margin.top - b.margin.bottom - b.extraY), definiteHeight, b.extraY);
        b.height = b.contentHeight + b.extraY;
        outer = b.height + b.margin.top + b.margin.bottom;
      }
      var dy = /^(end|flex-end|self-end)$/.test(it.align) ? h - outer : it.align === 'center' ? (h - outer) / 2 : 0;
      shift(it.el, b, boxes, it.x, y + offset(rowHeights, rowGap, it.row) + dy + b.margin.top);
    });
    return rowCount ? spanned(rowHeights, rowGap, 0, rowCount) : 0;
  }
  function margin(it, side) { var v = it.box.margin[side]; return v === 'auto' ? 0 : v; }
  function hasCrossSize(it, row, inner, definiteHeight) {
    return length(it.el, row ? 'height' : 'width', row ? definiteHeight : inner.width, 'auto') !== 'auto';
  }
  // §9.7 "Resolving Flexible Lengths" for one line: each item's main size (`it.main`) from its hypothetical size,
  // growing or shrinking the unfrozen items and freezing those that min-/max- sizes clamp, until none is clamped.
  function resolveFlexible(line, mainSize, gap) {
    line.forEach(function (it) { it.main = it.hypo; it.frozen = false; });
    if (mainSize === null) return;
    var outer = function (it, size) { return size + it.extraMain + it.marginMain; };
    var used = line.reduce(function (n, it) { return n + outer(it, it.hypo); }, 0) + gap * (line.length - 1);
    var growing = used < mainSize;
    line.forEach(function (it) {
      var f = growing ? it.grow : it.shrink;
      if (f === 0 || (growing && it.base > it.hypo) || (!growing && it.base < it.hypo)) it.frozen = true;
    });
    for (var round = 0; round <= line.length; round++) {
      var open = line.filter(function (it) { return !it.frozen; });
      if (!open.length) break;
      var free = mainSize - gap * (line.length - 1) - line.reduce(function (n, it) { return n + outer(it, it.frozen ? it.main : it.base); }, 0);
      if (growing) {
        var grow = open.reduce(function (n, it) { return n + it.grow; }, 0);
        if (grow < 1) free *= grow;
        open.forEach(function (it) { it.target = it.base + (grow > 0 ? free * it.grow / grow : 0); });
      } else {
        var weight = open.reduce(function (n, it) { return n + it.shrink * it.base; }, 0);
        open.forEach(function (it) { it.target = it.base + (weight > 0 ? free * it.shrink * it.base / weight : 0); });
      }
      var violation = 0;
      open.forEach(function (it) { it.clamped = it.clampMain(it.target); violation += it.clamped - it.target; });
      if (Math.abs(violation) < 1e-9) { open.forEach(function (it) { it.main = it.clamped; it.frozen = true; }); break; }
      open.forEach(function (it) {
        if ((violation > 0 && it.clamped > it.target) || (violation < 0 && it.clamped < it.target)) { it.main = it.clamped; it.frozen = true; }
      });
    }
    line.forEach(function (it) { if (!it.frozen) it.main = it.clampMain(it.target === undefined ? it.hypo : it.target); });
  }

  // --- inline formatting context (CSS Inline Layout and CSS Text 3, the common subset): the text and inline-level
  // boxes between two blocks of a container, white space processed by `white-space` (normal, nowrap, pre, pre-wrap,
  // pre-line), `text-transform`ed, measured with each element's font plus `letter-spacing`/`word-spacing`, broken
  // into lines at spaces, after hyphens, around CJK ideographs (every character with `word-break: break-all`, an
  // overlong word with `overflow-wrap: anywhere`/`break-word`) and at forced breaks (<br>, preserved newlines);
  // lines are filled greedily, placed by `text-align` (justify spreads the free space over the spaces) and
  // `text-indent`, and as high as their inline boxes' ascents and descents plus half-leadings, moved by
  // `vertical-align` (CSS 2.1 §10.8), need. An inline element gets one
  // fragment per line it is on (its client rects); an atomic inline (inline-block, inline-flex, ...) is one
  // unbreakable box whose baseline is its bottom margin edge.
  var CJK = /[\u2E80-\u2FFF\u3040-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFF60]/;
  var breakable = /[\-\u2E80-\uFF60]/;   // a word that may hold a break opportunity (a hyphen, CJK)
  var breakPieces = /[^\-\u2E80-\u2FFF\u3040-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFF60]+-*|-+|[\s\S]/g;
  function transformText(text, how) {
    if (how === 'uppercase') return text.toUpperCase();
    if (how === 'lowercase') return text.toLowerCase();
    if (how === 'capitalize') return text.replace(/(^|[\s\-])([^\s\-])/g, function (m, a, b) { return a + b.toUpperCase(); });
    return text;
  }
  // The inline content of `nodes` in order: {el, text} for text (el: the element whose style it takes), {open: el},
  // {close: el} around an inline element's content, {atomic: el}, {br: el}, {block: el} for a block inside an
  // inline; absolutely positioned boxes go to `later`.
  function inlineItems(nodes, owner, out, later) {
    for (var i = 0; i < nodes.length; i++) {
      var child = nodes[i];
      if (child.nodeType === 3) { if (child.data) out.push({ el: owner, text: child.data, node: child }); continue; }
      if (child.nodeType !== 1 || hiddenByDefault(child)) continue;
      var display = style(child, 'display');
      if (display === 'none' || display === 'contents') continue;
      if (outOfFlow(child)) { if (later) later.push(child); continue; }
      if (child.localName === 'br') out.push({ br: child });
      else if (display === 'inline' && !replaced(child)) {
        out.push({ open: child });
        inlineItems(child.childNodes, child, out, later);
        out.push({ close: child });
      } else if (inlineLevel.test(display)) out.push({ atomic: child });
      else out.push({ block: child });
    }
    return out;
  }
  // White space processing (CSS Text 3 §4.1): collapsible spaces, tabs and (unless kept) newlines become one space,
  // dropped after another or at the start (`spaceBefore`); kept newlines lose the spaces around them; a kept tab is
  // eight spaces. `map` gives each character's offset in the DOM text (for Range geometry); null when unchanged.
  function whiteSpace(raw, collapse, newlines, spaceBefore) {
    if (collapse && !/[\t\n\f\r]|  |^ | $/.test(raw) && !(spaceBefore && raw[0] === ' ')) {   // nothing to collapse
      return { text: raw, map: null };   // each character at its own offset
    }
    var text = '', map = [], i = 0, n = raw.length;
    function space(c) { return c === 32 || c === 9 || c === 10 || c === 12 || c === 13; }
    while (i < n) {
      var c = raw.charCodeAt(i);
      if (c === 13) { if (raw.charCodeAt(i + 1) !== 10) { text += '\n'; map.push(i); } i++; continue; }
      if (!collapse) {
        if (c === 9) { text += '        '; for (var t = 0; t < 8; t++) map.push(i); } else { text += raw[i]; map.push(i); }
        i++;
        continue;
      }
      if (!space(c)) { text += raw[i]; map.push(i); i++; continue; }
      var j = i, breaks = [];
      while (j < n && space(raw.charCodeAt(j))) { if (raw.charCodeAt(j) === 10) breaks.push(j); j++; }
      if (newlines && breaks.length) {
        if (text[text.length - 1] === ' ') { text = text.slice(0, -1); map.pop(); }
        for (var q = 0; q < breaks.length; q++) { text += '\n'; map.push(breaks[q]); }
      } else if (!(text ? (text[text.length - 1] === ' ' || text[text.length - 1] === '\n') : spaceBefore)) { text += ' '; map.push(i); }
      i = j;
    }
    return { text: text, map: map };
  }
  function spacing(el, name) { var v = length(el, name, undefined, 0); return typeof v === 'number' ? v : 0; }
  // Text items become measured segments {el, text, width, space (the width of its trailing spaces), spaces,
  // breakAfter, anywhere}; the other items pass through. White space collapses across the whole run.
  function segmentsOf(items) {
    var out = [], spaceBefore = true;
    items.forEach(function (it) {
      if (it.text === undefined) {
        if (it.br || it.block) spaceBefore = true;
        else if (it.atomic) spaceBefore = false;
        out.push(it);
        return;
      }
      var el = it.el, ts = textStyle(el), collapse = ts.collapse, wrap = ts.wrap;
      var processed = whiteSpace(it.text, collapse, ts.newlines, spaceBefore);
      var text = processed.text, map = processed.map, at = 0;
      if (!text) return;
      spaceBefore = collapse && text[text.length - 1] === ' ';
      if (ts.transform !== 'none') {
        var transformed = transformText(text, ts.transform);
        if (transformed.length === text.length) text = transformed;
      }
      var f = ts.font, letter = ts.letter, word = ts.word, breakAll = ts.breakAll, anywhere = ts.anywhere;
      var pieces = [];
      text.split('\n').forEach(function (line, n) {
        if (n) { pieces.push({ br: el }); at++; }
        (line.match(/[^ ]+ *| +/g) || []).forEach(function (token) {
          var wordText = token.replace(/ +$/, ''), spaces = token.length - wordText.length;
          var parts = breakAll ? Array.from(wordText) : !wordText ? [''] : !breakable.test(wordText) ? [wordText] : (wordText.match(breakPieces) || []);
          if (!parts.length) parts = [''];
          parts.forEach(function (part, k) {
            var last = k === parts.length - 1;
            pieces.push({ el: el, text: part, spaces: last ? spaces : 0, collapsible: collapse, anywhere: anywhere,
              breakAfter: wrap && (last ? spaces > 0 : true), letter: letter, word: word, font: f,
              node: it.node, map: map, from: at });
            at += part.length + (last ? spaces : 0);
          });
        });
      });
      var widths = advances(f, pieces.filter(function (p) { return !p.br; }).map(function (p) { return p.text; }).concat([' ']));
      var space = widths[widths.length - 1], k = 0;
      pieces.forEach(function (p) {
        if (!p.br) {
          p.width = widths[k++] + (letter ? letter * Array.from(p.text).length : 0);
          p.space = p.spaces * (space + letter + word);
        }
        out.push(p);
      });
    });
    // a break opportunity before an atomic inline or CJK text, after an atomic inline
    for (var i = 0; i + 1 < out.length; i++) {
      var next = out[i + 1];
      if (out[i].text !== undefined && (next.atomic || (next.text && CJK.test(next.text[0]))) && textStyle(out[i].el).wrap) out[i].breakAfter = true;
      if (out[i].text !== undefined && CJK.test(out[i].text.slice(-1)) && next.text !== undefined && textStyle(out[i].el).wrap) out[i].breakAfter = true;
    }
    return out;
  }
  // The text properties of an element, read once per layout (textStyles is made by layout()).
  var textStyles = null;
  function textStyle(el) {
    var known = textStyles && textStyles.get(el);
    if (known) return known;
    var ws = style(el, 'white-space') || 'normal', wordBreak = style(el, 'word-break') || '';
    var t = {
      collapse: !/^(pre|pre-wrap|break-spaces)$/.test(ws), newlines: !/^(normal|nowrap)$/.test(ws),
      wrap: !/^(nowrap|pre)$/.test(ws), transform: style(el, 'text-transform') || 'none',
      font: metrics(fontOf(el)), lineHeight: lineHeight(el),
      letter: spacing(el, 'letter-spacing'), word: spacing(el, 'word-spacing'), breakAll: wordBreak === 'break-all',
      anywhere: /^(anywhere|break-word)$/.test(style(el, 'overflow-wrap') || '') || wordBreak === 'break-word', edges: null
    };
    if (textStyles) textStyles.set(el, t);
    return t;
  }
  function edges(el, side, cbWidth) {   // margin + border + padding of an inline element on one side
    var t = textStyle(el);
    if (!t.edges || t.edges.width !== cbWidth) t.edges = { width: cbWidth, left: sideEdges(el, 'left', cbWidth), right: sideEdges(el, 'right', cbWidth) };
    return t.edges[side];
  }
  function sideEdges(el, side, cbWidth) {
    var m = length(el, 'margin-' + side, cbWidth, 0);
    return (m === 'auto' ? 0 : m) + border(el, side) + Math.max(0, length(el, 'padding-' + side, cbWidth, 0));
  }
  // Unbreakable chunks {items, width, space (trailing, hangs at a line's end), forced}.
  function chunksOf(segs, cbWidth, atomicWidth) {
    var chunks = [], chunk = null;
    function fresh() { return { items: [], width: 0, space: 0 }; }
    function end() { if (chunk && chunk.items.length) chunks.push(chunk); chunk = fresh(); }
    chunk = fresh();
    segs.forEach(function (it) {
      if (it.br || it.block) { end(); chunks.push({ items: [it], width: 0, space: 0, forced: true }); return; }
      if (it.close && !chunk.items.length && chunks.length && !chunks[chunks.length - 1].forced) {
        var prev = chunks[chunks.length - 1];
        prev.items.push(it);
        prev.width += prev.space + edges(it.close, 'right', cbWidth);
        prev.space = 0;
        return;
      }
      var w = it.open ? edges(it.open, 'left', cbWidth) : it.close ? edges(it.close, 'right', cbWidth) : it.atomic ? atomicWidth(it.atomic) : it.width;
      chunk.width += chunk.space + w;
      chunk.space = it.text !== undefined ? it.space : 0;
      chunk.items.push(it);
      if (it.breakAfter || it.atomic) end();
    });
    end();
    return chunks;
  }
  // Breaks chunks into lines of `available` width (the first line starts at `indent`).
  function linesOf(chunks, available, indent) {
    var lines = [], line = null;
    function open() { line = { chunks: [], width: lines.length ? 0 : indent, space: 0, forced: false }; lines.push(line); }
    for (var i = 0; i < chunks.length; i++) {
      var c = chunks[i];
      if (c.forced && c.items[0].block) {   // a block inside an inline element: a line of its own
        if (line && !line.chunks.length) lines.pop();
        lines.push({ chunks: [c], width: 0, space: 0, forced: true });
        line = null;
        continue;
      }
      if (!line) open();
      if (c.forced) { line.chunks.push(c); line.forced = true; line = null; continue; }
      if (line.chunks.length && line.width + line.space + c.width > available + 1e-7) open();
      var only = c.items.length === 1 && c.items[0].text !== undefined ? c.items[0] : null;
      if (only && only.anywhere && line.width + c.width > available + 1e-7 && Array.from(only.text).length > 1) {
        // overflow-wrap: anywhere: the word breaks between any two characters
        var chars = Array.from(only.text), widths = advances(only.font, chars);
        var split = chars.map(function (ch, k) {
          var last = k === chars.length - 1;
          var seg = Object.assign({}, only, { text: ch, width: widths[k] + only.letter, spaces: last ? only.spaces : 0, space: last ? only.space : 0, breakAfter: true, anywhere: false, from: only.from + k });
          return { items: [seg], width: seg.width, space: seg.space };
        });
        chunks.splice.apply(chunks, [i, 1].concat(split));
        i--;
        continue;
      }
      line.chunks.push(c);
      line.width += line.space + c.width;
      line.space = c.space;
    }
    return lines;
  }
  // Lays out the inline content `nodes` of block `el` (content box at inner.x, `inner.width` wide) from y; returns
  // the height of its lines, or null when it has no line (only collapsible white space).
  function inlineFlow(el, nodes, inner, first, layoutAt, abs, viewport, boxes, later) {
    var items = inlineItems(nodes, el, [], later);
    var segs = segmentsOf(items);
    var content = segs.some(function (s) {
      return s.atomic || s.br || s.block || (s.text !== undefined && (s.text || !s.collapsible)) ||
        (s.open && (edges(s.open, 'left', inner.width) || edges(s.open, 'right', inner.width)));
    });
    if (!content) return null;
    var atomics = new Map();
    function atomicWidth(a) {
      var outer = inline(a, inner, 0, abs, viewport, boxes), b = boxes.get(a);
      // its baseline: an inline-block's last line box's (when it has one and overflow is visible), else the bottom
      // margin edge
      var own = style(a, 'display') === 'inline-block' && b.lastBaseline !== undefined && style(a, 'overflow-y') === 'visible';
      atomics.set(a, { box: b, height: outer, baseline: own ? b.margin.top + b.lastBaseline : outer, align: style(a, 'vertical-align') || 'baseline' });
      return b.width + b.margin.left + b.margin.right;
    }
    var indent = first ? length(el, 'text-indent', inner.width, 0) : 0;
    var lines = linesOf(chunksOf(segs, inner.width, atomicWidth), inner.width, indent);
    var align = style(el, 'text-align') || 'start', rtl = style(el, 'direction') === 'rtl', justify = align === 'justify';
    if (align === 'start' || align === 'justify') align = rtl ? 'right' : 'left';
    else if (align === 'end') align = rtl ? 'left' : 'right';
    align = align.replace(/^-webkit-/, '');
    var y = layoutAt(), top = y, openEls = [], fragments = new Map();
    var rootStyle = textStyle(el), rootFont = rootStyle.font, rootLine = rootStyle.lineHeight;
    function leading(font, lh) { var half = (lh - font.ascent - font.descent) / 2; return [font.ascent + half, font.descent + half]; }
    // How far an inline element's baseline is raised above the line's (its vertical-align plus its inline parents').
    var raises = new Map(), inlineSet = new Set();
    items.forEach(function (it) { if (it.open) inlineSet.add(it.open); });
    function raised(e) {
      if (!e || e === el || e.nodeType !== 1) return 0;
      var known = raises.get(e);
      if (known !== undefined) return known;
      var parent = e.parentNode, up = shiftOf(e, parent) + (inlineSet.has(parent) ? raised(parent) : 0);
      raises.set(e, up);
      return up;
    }
    // vertical-align as a baseline shift: super/sub as Chromium (a third and a fifth of the parent's font size,
    // plus 1, in layout units), lengths, percentages of the line height; keywords that align edges give 0 here.
    function shiftOf(e, parent) {
      var va = String(style(e, 'vertical-align') || 'baseline'), size = textStyle(inlineSet.has(parent) ? parent : el).font.size;
      if (va === 'super') return Math.floor((size / 3 + 1) * 64) / 64;
      if (va === 'sub') return -Math.floor((size / 5 + 1) * 64) / 64;
      var m = /^(-?[\d.]+)(px|%|em)$/.exec(va);
      if (!m) return 0;
      var n = parseFloat(m[1]);
      return m[2] === 'px' ? n : m[2] === 'em' ? n * textStyle(e).font.size : n * textStyle(e).lineHeight / 100;
    }
    // How far an atomic inline's top margin edge is above the line's baseline: its own baseline raised, or its
    // middle at half the parent's x-height (middle), or its edges at the parent's text edges (text-top/-bottom).
    function atomicUp(a, at) {
      var parent = a.parentNode, pf = textStyle(inlineSet.has(parent) ? parent : el).font;
      var base = inlineSet.has(parent) ? raised(parent) : 0;
      if (at.align === 'middle') return base + pf.xHeight / 2 + at.height / 2;
      if (at.align === 'text-top') return base + pf.ascent;
      if (at.align === 'text-bottom') return base - pf.descent + at.height;
      return base + at.baseline + shiftOf(a, parent);
    }
    lines.forEach(function (line, n) {
      var blockItem = line.chunks.length === 1 && line.chunks[0].items[0].block;
      if (blockItem) {   // a block inside an inline element: between lines, its margins not collapsing
        var topMargin = length(blockItem, 'margin-top', inner.width, 0);
        block(blockItem, inner, y + topMargin, abs, viewport, boxes, true);
        var bb = boxes.get(blockItem);
        y += topMargin + bb.height + bb.margin.bottom;
        return;
      }
      // vertical (CSS 2.1 §10.8): the strut, the inline boxes on the line and the atomic inlines, each `up` above
      // the line's baseline by its vertical-align; top- and bottom-aligned boxes only make the line taller
      var lineHas = false, root = leading(rootFont, rootLine), above = root[0], below = root[1];
      var onLine = openEls.slice(), edgesAligned = [];
      line.chunks.forEach(function (c) {
        c.items.forEach(function (it) {
          if (it.open) onLine.push(it.open);
          if (it.atomic) {
            var at = atomics.get(it.atomic), va = at.align;
            if (va === 'top' || va === 'bottom') { at.up = null; edgesAligned.push(at); }
            else {
              at.up = atomicUp(it.atomic, at);
              above = Math.max(above, at.up);
              below = Math.max(below, at.height - at.up);
            }
            lineHas = true;
          }
          if (it.br || (it.text !== undefined && (it.text || !it.collapsible)) || it.open || it.close) lineHas = lineHas || !!(it.br || it.text !== undefined || edges(it.open || it.close, it.open ? 'left' : 'right', inner.width));
        });
      });
      onLine.forEach(function (e) {
        var t = textStyle(e), l = leading(t.font, t.lineHeight), up = raised(e);
        above = Math.max(above, l[0] + up);
        below = Math.max(below, l[1] - up);
      });
      edgesAligned.forEach(function (at) {
        if (at.height <= above + below) return;
        if (at.align === 'top') below = at.height - above; else above = at.height - below;
      });
      var height = lineHas ? above + below : 0, baseline = y + above;
      edgesAligned.forEach(function (at) { at.up = at.align === 'top' ? above : at.height - below; });
      var free = Math.max(0, inner.width - line.width), extra = 0;
      if (justify && !line.forced && n < lines.length - 1 && free > 0) {   // justify: the free space goes to the spaces
        var spaces = 0;
        line.chunks.forEach(function (c, ci) {
          c.items.forEach(function (it, ii) {
            if (it.text !== undefined && !(ci === line.chunks.length - 1 && ii === c.items.length - 1)) spaces += it.spaces;
          });
        });
        if (spaces) { extra = free / spaces; free = 0; }
      }
      var x = inner.x + (n === 0 ? indent : 0) + (align === 'right' ? free : align === 'center' ? free / 2 : 0);
      var lineEnd = x + line.width - (n === 0 ? indent : 0);
      function startFragment(e, at) { (fragments.get(e) || fragments.set(e, []).get(e)).push({ left: at, right: at, baseline: baseline - raised(e) }); }
      openEls.forEach(function (e) { startFragment(e, x); });
      line.chunks.forEach(function (c, ci) {
        c.items.forEach(function (it) {
          if (it.open) {
            var ml = length(it.open, 'margin-left', inner.width, 0);
            startFragment(it.open, x + (ml === 'auto' ? 0 : ml));
            x += edges(it.open, 'left', inner.width);
            openEls.push(it.open);
          } else if (it.close) {
            var mr = length(it.close, 'margin-right', inner.width, 0), list = fragments.get(it.close);
            x += edges(it.close, 'right', inner.width);
            if (list) list[list.length - 1].right = x - (mr === 'auto' ? 0 : mr);
            openEls.splice(openEls.indexOf(it.close), 1);
          } else if (it.atomic) {
            var a = atomics.get(it.atomic), ab = a.box;
            shift(it.atomic, ab, boxes, x + ab.margin.left, baseline - a.up + ab.margin.top);
            x += ab.width + ab.margin.left + ab.margin.right;
          } else if (it.text !== undefined) {
            var hangs = ci === line.chunks.length - 1 && it === c.items[c.items.length - 1];
            if (it.node && places) {   // where the text is, for Range geometry (relative to this block's box)
              var container = boxes.get(el), list = places.get(it.node) || places.set(it.node, []).get(it.node);
              list.push({ seg: it, block: el, dx: x - container.x, baseline: baseline - container.y, hangs: hangs });
            }
            x += it.width;
            if (!hangs) x += it.space + extra * it.spaces;
          }
        });
      });
      openEls.forEach(function (e) { var list = fragments.get(e); list[list.length - 1].right = Math.min(x, Math.max(lineEnd, list[list.length - 1].left)); });
      var own = boxes.get(el);
      if (lineHas) own.lastBaseline = baseline - own.y;
      own.lineRight = Math.max(own.lineRight === undefined ? 0 : own.lineRight, x - own.x);
      y += height;
    });
    // the inline elements' boxes: one fragment per line, their union the border box
    fragments.forEach(function (list, e) {
      var b = makeBox(e, inner.width, null), f = textStyle(e).font;
      b.margin.left = b.margin.left === 'auto' ? 0 : b.margin.left;
      b.margin.right = b.margin.right === 'auto' ? 0 : b.margin.right;
      var rects = list.map(function (fr) {
        var t = fr.baseline - f.ascent - b.border.top - b.padding.top;
        return [fr.left, t, Math.max(0, fr.right - fr.left), f.ascent + f.descent + b.extraY];
      });
      var x0 = Math.min.apply(null, rects.map(function (r) { return r[0]; })), y0 = Math.min.apply(null, rects.map(function (r) { return r[1]; }));
      var x1 = Math.max.apply(null, rects.map(function (r) { return r[0] + r[2]; })), y1 = Math.max.apply(null, rects.map(function (r) { return r[1] + r[3]; }));
      b.x = x0; b.y = y0; b.width = x1 - x0; b.height = y1 - y0;
      b.contentWidth = Math.max(0, b.width - b.extraX); b.contentHeight = Math.max(0, b.height - b.extraY); b.flow = 0;
      b.fragments = rects.map(function (r) { return [r[0] - x0, r[1] - y0, r[2], r[3]]; });
      boxes.set(e, b);
      relative(e, b, { width: inner.width, height: null });
    });
    return y - top;
  }
  // Intrinsic widths (CSS Sizing 3): the min-content and max-content widths of an element's content box,
  // worked out once per element and layout.
  var intrinsics = null;
  function intrinsic(el) {
    var b = makeBox(el, 0, null), given = sized(el, b, 'width', undefined, b.extraX);
    if (given === null && replaced(el)) given = replacedSize(el, 'width');
    return given !== null ? { min: given, max: given } : contentIntrinsic(el);
  }
  // The same from the element's content alone (its own width not taken).
  function contentIntrinsic(el) {
    var known = intrinsics && intrinsics.get(el);
    if (known) return known;
    var r = { min: 0, max: 0 }, display = style(el, 'display');
    if (flexDisplay.test(display)) {
      var row = !/^column/.test(style(el, 'flex-direction') || 'row'), wraps = /^wrap/.test(style(el, 'flex-wrap') || '');
      var gap = Math.max(0, length(el, 'column-gap', undefined, 0)), items = containerItems(el, []);
      items.forEach(function (it, k) {
        var o = outerIntrinsic(it.el);
        if (row) { r.max += o.max + (k ? gap : 0); r.min = wraps ? Math.max(r.min, o.min) : r.min + o.min + (k ? gap : 0); }
        else { r.max = Math.max(r.max, o.max); r.min = Math.max(r.min, o.min); }
      });
    } else {
      var run = [];
      var flush = function () {
        if (!run.length) return;
        var segs = segmentsOf(inlineItems(run, el, [], null)), chunks = chunksOf(segs, 0, function (a) { return outerIntrinsic(a).max; });
        var line = 0, pending = 0;
        chunks.forEach(function (c) {
          if (c.forced) {
            if (c.items[0].block) { var o = outerIntrinsic(c.items[0].block); r.min = Math.max(r.min, o.min); r.max = Math.max(r.max, o.max); }
            line = 0; pending = 0; return;
          }
          var w = c.width;
          if (c.items.length === 1 && c.items[0].atomic) { var oa = outerIntrinsic(c.items[0].atomic); w = oa.min; }
          r.min = Math.max(r.min, w);
          line += pending + c.width;
          pending = c.space;
          r.max = Math.max(r.max, line);
        });
        run = [];
      };
      var children = childList(el);
      for (var ci = 0; ci < children.length; ci++) {
        var child = children[ci];
        if (child.nodeType === 3) { run.push(child); continue; }
        if (child.nodeType !== 1 || hiddenByDefault(child)) continue;
        var d = style(child, 'display');
        if (d === 'none' || d === 'contents' || outOfFlow(child)) continue;
        if (inlineLevel.test(d)) { run.push(child); continue; }
        flush();
        var oc = outerIntrinsic(child);
        r.min = Math.max(r.min, oc.min);
        r.max = Math.max(r.max, oc.max);
      }
      flush();
      var indent = length(el, 'text-indent', undefined, 0);
      if (typeof indent === 'number') { r.max += indent; r.min += Math.max(0, indent); }
    }
    r.min = Math.min(r.min, r.max);
    if (intrinsics) intrinsics.set(el, r);
    return r;
  }
  function outerIntrinsic(el) {
    var b = makeBox(el, 0, null), r = intrinsic(el), extra = b.extraX;
    extra += (b.margin.left === 'auto' ? 0 : b.margin.left) + (b.margin.right === 'auto' ? 0 : b.margin.right);
    var lo = clamp(el, b, 'width', r.min, undefined, b.extraX), hi = clamp(el, b, 'width', r.max, undefined, b.extraX);
    return { min: lo + extra, max: hi + extra };
  }
  // Shrink-to-fit (CSS 2.1 §10.3.5): min(max(min-content, available), max-content).
  function shrinkToFit(el, available) {
    var r = intrinsic(el);
    return Math.min(Math.max(r.min, available), r.max);
  }
  // Replaced elements (an inline one is an atomic inline): their size is their CSS width and height, else their
  // width and height attributes, else 300 x 150 (canvas, svg, video, iframe, embed, object) or 0 (img: natural
  // sizes are not modelled here); their children are not laid out.
  var replacedNames = /^(img|svg|canvas|video|iframe|embed|object)$/;
  function replaced(el) { return replacedNames.test(el.localName); }
  function replacedSize(el, name) {
    var n = parseFloat(el.getAttribute(name));
    if (isFinite(n) && n >= 0 && /^\s*[\d.]+(px)?\s*$/.test(el.getAttribute(name))) return n;
    return el.localName === 'img' ? 0 : name === 'width' ? 300 : 150;
  }
  // An atomic inline-level box (inline-block, inline-flex, inline-grid, inline-table, an inline replaced element)
  // laid out at (cb.x, y): its width, else shrink-to-fit; returns its outer height (the inline formatting context
  // places it on its line).
  function inline(el, cb, y, abs, viewport, boxes) {
    var b = makeBox(el, cb.width, null);
    b.margin.left = b.margin.left === 'auto' ? 0 : b.margin.left;
    b.margin.right = b.margin.right === 'auto' ? 0 : b.margin.right;
    var width = sized(el, b, 'width', cb.width, b.extraX);
    if (width === null) width = replaced(el) ? replacedSize(el, 'width') : shrinkToFit(el, Math.max(0, cb.width - b.margin.left - b.margin.right - b.extraX));
    width = clamp(el, b, 'width', width, cb.width, b.extraX);
    b.x = cb.x + b.margin.left;
    b.y = y;
    b.width = width + b.extraX;
    content(el, b, width, { x: cb.x, width: cb.width, height: null }, abs, viewport, boxes);
    relative(el, b, cb);
    return b.height + b.margin.top + b.margin.bottom;
  }
  function absolute(el, abs, viewport, boxes, staticCb, staticY) {
    var fixed = style(el, 'position') === 'fixed';
    var cb;
    if (fixed || !abs.box) cb = fixed ? viewport : { x: 0, y: 0, width: viewport.width, height: viewport.height };
    else {
      var p = abs.box;
      cb = { x: p.x + p.border.left, y: p.y + p.border.top, width: p.width - p.border.left - p.border.right,
             height: p.height - p.border.top - p.border.bottom };
    }
    var b = makeBox(el, cb.width, cb.height);
    var left = length(el, 'left', cb.width, 'auto'), right = length(el, 'right', cb.width, 'auto');
    var top = length(el, 'top', cb.height, 'auto'), bottom = length(el, 'bottom', cb.height, 'auto');
    var ml = b.margin.left === 'auto' ? 0 : b.margin.left, mr = b.margin.right === 'auto' ? 0 : b.margin.right;
    b.margin.left = ml;
    b.margin.right = mr;
    var width = sized(el, b, 'width', cb.width, b.extraX);
    if (width === null) {
      var room = Math.max(0, cb.width - (left === 'auto' ? 0 : left) - (right === 'auto' ? 0 : right) - ml - mr - b.extraX);
      width = left !== 'auto' && right !== 'auto' ? room : shrinkToFit(el, room);
    }
    width = clamp(el, b, 'width', width, cb.width, b.extraX);
    b.width = width + b.extraX;
    if (left !== 'auto') b.x = cb.x + left + ml;
    else if (right !== 'auto') b.x = cb.x + cb.width - right - mr - b.width;
    else b.x = staticCb.x + ml;
    b.y = 0;
    var pos = { box: b };
    content(el, b, width, { x: cb.x, width: cb.width, height: cb.height }, pos, viewport, boxes);
    var y;
    if (top !== 'auto') y = cb.y + top + b.margin.top;
    else if (bottom !== 'auto') y = cb.y + cb.height - bottom - b.margin.bottom - b.height;
    else y = staticY + b.margin.top;
    if (top !== 'auto' && bottom !== 'auto' && sized(el, b, 'height', cb.height, b.extraY) === null) {
      b.contentHeight = clamp(el, b, 'height', Math.max(0, cb.height - top - bottom - b.margin.top - b.margin.bottom - b.extraY), cb.height, b.extraY);
      b.height = b.contentHeight + b.extraY;
    }
    shift(el, b, boxes, b.x, y);
  }
  // Moves a laid-out box (and its descendants) so that its border box starts at (x, y).
  function shift(el, b, boxes, x, y) {
    var dx = x - b.x, dy = y - b.y;
    if (!dx && !dy) return;
    var all = [el];
    if (!el.anonymous) el.querySelectorAll('*').forEach(function (n) { all.push(n); });
    all.forEach(function (n) { var c = boxes.get(n); if (c) { c.x += dx; c.y += dy; } });
  }
  function relative(el, b, cb) {
    if (!/^(relative|sticky)$/.test(style(el, 'position'))) return;
    var left = length(el, 'left', cb.width, 'auto'), top = length(el, 'top', cb.height === null ? undefined : cb.height, 'auto');
    var right = length(el, 'right', cb.width, 'auto'), bottom = length(el, 'bottom', undefined, 'auto');
    var dx = left !== 'auto' ? left : right !== 'auto' ? -right : 0, dy = top !== 'auto' ? top : bottom !== 'auto' ? -bottom : 0;
    b.relative = { dx: dx, dy: dy };
  }
  // The box of an element, with relative offsets applied to it and its descendants' reads; null when not rendered.
  function boxOf(el) {
    if (el && el.anonymous) {   // an anonymous item: its box, moved with its container's relative offsets
      var parent = boxOf(el.parent), own = parent && layout().get(el);
      return own ? { b: own, x: own.x + parent.x - parent.b.x, y: own.y + parent.y - parent.b.y } : null;
    }
    if (!el || el.nodeType !== 1 || !el.ownerDocument || el.ownerDocument !== doc || !doc.documentElement || !doc.documentElement.contains(el)) return null;
    var boxes = layout(), b = boxes.get(el);
    if (!b) return null;
    var dx = 0, dy = 0;
    for (var n = el; n && n.nodeType === 1; n = n.parentNode) {
      var r = boxes.get(n) && boxes.get(n).relative;
      if (r) { dx += r.dx; dy += r.dy; }
    }
    return { b: b, x: b.x + dx, y: b.y + dy };
  }
  function isFixedChain(el) {
    for (var n = el; n && n.nodeType === 1; n = n.parentNode) if (style(n, 'position') === 'fixed') return true;
    return false;
  }
  // Client rects are in layout units of 1/64 px, as WebKit's and Chromium's LayoutUnit.
  function unit(v) { return Math.round(v * 64) / 64; }
  function clientRect(el) {
    var box = boxOf(el);
    if (!box) return newRect(0, 0, 0, 0);
    var r = transformed(el, [box.x, box.y, box.x + box.b.width, box.y + box.b.height]);
    return newRect(unit(r[0] - (g.scrollX || 0)), unit(r[1] - (g.scrollY || 0)), unit(r[2] - r[0]), unit(r[3] - r[1]));
  }
  // The bounds of a rect [left, top, right, bottom] under the `transform`s of an element and its ancestors (2D ones,
  // about each one's transform-origin); a transform with 3D functions is left out.
  function transformed(el, rect) {
    var corners = [[rect[0], rect[1]], [rect[2], rect[1]], [rect[0], rect[3]], [rect[2], rect[3]]], moved = false;
    for (var n = el; n && n.nodeType === 1; n = n.parentNode) {
      var t = transformOf(n);
      if (!t || t === 'none' || !env.motion) continue;
      var box = boxOf(n), m = box && env.motion.transformMatrix(t, box.b.width, box.b.height);
      if (!m) continue;
      var origin = originOf(style(n, 'transform-origin'), box);
      corners = corners.map(function (p) {
        var x = p[0] - origin[0], y = p[1] - origin[1];
        return [origin[0] + m[0] * x + m[2] * y + m[4], origin[1] + m[1] * x + m[3] * y + m[5]];
      });
      moved = true;
    }
    if (!moved) return rect;
    var xs = corners.map(function (p) { return p[0]; }), ys = corners.map(function (p) { return p[1]; });
    return [Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs), Math.max.apply(null, ys)];
  }
  // An element's transform: kept with the layout (hit testing asks for every element's ancestors), read afresh for
  // an animated element.
  var transforms = { boxes: null, values: null };
  function transformOf(el) {
    if (env.animated && env.animated.has(el)) return style(el, 'transform');
    var boxes = layout();
    if (transforms.boxes !== boxes) { transforms.boxes = boxes; transforms.values = new Map(); }
    var t = transforms.values.get(el);
    if (t === undefined) transforms.values.set(el, t = env.css.value(el, 'transform'));
    return t;
  }
  function originOf(text, box) {   // transform-origin in document coordinates (keywords, lengths, percentages)
    var words = String(text || '50% 50%').trim().split(/\s+/), KEYS = { left: '0%', center: '50%', right: '100%', top: '0%', bottom: '100%' };
    if (/^(top|bottom)$/.test(words[0]) || /^(left|right)$/.test(words[1])) words = [words[1] || 'center', words[0]];
    function at(word, size) {
      word = KEYS[word] || word || '50%';
      var n = parseFloat(word);
      return isFinite(n) ? (/%$/.test(word) ? n * size / 100 : n) : size / 2;
    }
    return [box.x + at(words[0], box.b.width), box.y + at(words[1], box.b.height)];
  }

  // The client rects of a range, as [x, y, width, height] in 1/64 px.
  function rangeRects(range) {
    var start = range.startContainer, end = range.endContainer, so = range.startOffset, eo = range.endOffset;
    if (!start || !start.ownerDocument && start !== doc || (start.ownerDocument || start) !== doc) return [];
    var out = [], selected = new Set(), root = range.commonAncestorContainer;
    var first = start.nodeType === 1 || start.nodeType === 9 || start.nodeType === 11 ? (start.childNodes[so] || null) : start;
    var stop = end.nodeType === 1 || end.nodeType === 9 || end.nodeType === 11 ? (end.childNodes[eo] || nextAfter(end, root)) : nextAfter(end, root);
    if (!first) first = nextAfter(start, root);
    var boxes = layout(), sx = g.scrollX || 0, sy = g.scrollY || 0;
    for (var n = first; n && n !== stop; n = next(n, root)) {
      if (n.nodeType === 1) {
        var inside = range.comparePoint(n, n.childNodes.length) <= 0 && range.comparePoint(n, 0) >= 0 && end !== n && !n.contains(end);
        if (inside && !selected.has(n.parentNode)) {
          Array.prototype.forEach.call(n.getClientRects(), function (r) { out.push([r.x, r.y, r.width, r.height]); });
        }
        if (inside) selected.add(n);
        continue;
      }
      if (n.nodeType !== 3) continue;
      var list = cached.places && cached.places.get(n);
      if (!list) continue;
      var from = n === start ? so : 0, to = n === end ? eo : n.data.length;
      var line = null;
      list.forEach(function (p) {
        var s = p.seg, box = boxOf(p.block);
        if (!box) return;
        var chars = s.text.length + (p.hangs ? 0 : s.spaces), lo = -1, hi = -1;   // a space hanging at a line's end has no box
        for (var k = 0; k < chars; k++) {
          var dom = s.map ? s.map[s.from + k] : s.from + k;
          if (dom >= from && dom < to) { if (lo < 0) lo = k; hi = k + 1; }
        }
        if (lo < 0) return;
        var f = s.font, x = box.x + p.dx, base = box.y + p.baseline;
        var left = x + offsetIn(s, lo), right = x + offsetIn(s, hi), top = base - f.ascent;
        if (line && line.top === top && Math.abs(line.right - left) < 0.01) { line.right = right; return; }
        line = { left: left, right: right, top: top, height: f.ascent + f.descent };
        out.push(line);
      });
      out = out.map(function (r) { return r.left !== undefined ? [unit(r.left - sx), unit(r.top - sy), unit(r.right - r.left), r.height] : r; });
    }
    return out;
  }
  // The x offset of character k of a measured piece of text (its trailing spaces after the text).
  function offsetIn(s, k) {
    if (k <= 0) return 0;
    var n = s.text.length;
    if (k <= n) return k === n ? s.width : advances(s.font, [s.text.slice(0, k)])[0] + s.letter * Array.from(s.text.slice(0, k)).length;
    return s.width + (k - n) * (s.space / Math.max(1, s.spaces));
  }
  function next(n, root) {
    if (n.firstChild) return n.firstChild;
    return nextAfter(n, root);
  }
  function nextAfter(n, root) {
    for (; n && n !== root; n = n.parentNode) if (n.nextSibling) return n.nextSibling;
    return null;
  }

  var E = impl.Element.prototype, H = impl.HTMLElement.prototype;
  defineMethod(E, 'getBoundingClientRect', function getBoundingClientRect() { return clientRect(this); });
  defineMethod(E, 'getClientRects', function getClientRects() {
    var box = boxOf(this);
    if (!box) return rectList([]);
    if (!box.b.fragments || box.b.fragments.length < 2) return rectList([clientRect(this)]);
    var el = this;
    return rectList(box.b.fragments.map(function (f) {   // an inline element: one rect per line it is on
      var r = transformed(el, [box.x + f[0], box.y + f[1], box.x + f[0] + f[2], box.y + f[1] + f[3]]);
      return newRect(unit(r[0] - (g.scrollX || 0)), unit(r[1] - (g.scrollY || 0)), unit(r[2] - r[0]), unit(r[3] - r[1]));
    }));
  });
  function isRoot(el) { return el === doc.documentElement; }
  defineGetter(E, 'clientTop', function () { var box = boxOf(this); return box && !inlineOnly(this) ? Math.round(box.b.border.top) : 0; });
  defineGetter(E, 'clientLeft', function () { var box = boxOf(this); return box && !inlineOnly(this) ? Math.round(box.b.border.left) : 0; });
  function inlineOnly(el) { return style(el, 'display') === 'inline'; }
  function paddingBox(box) {
    var b = box.b;
    return { width: b.width - b.border.left - b.border.right, height: b.height - b.border.top - b.border.bottom };
  }
  defineGetter(E, 'clientWidth', function () {
    if (isRoot(this)) return device().width;
    var box = boxOf(this);
    return box && !inlineOnly(this) ? Math.round(paddingBox(box).width) : 0;
  });
  defineGetter(E, 'clientHeight', function () {
    if (isRoot(this)) return device().height;
    var box = boxOf(this);
    return box && !inlineOnly(this) ? Math.round(paddingBox(box).height) : 0;
  });
  // The scrollable overflow: the padding box, or the extent of the descendants' boxes beyond it.
  function extent(el) {
    var box = boxOf(el);
    if (!box) return null;
    var b = box.b, own = scrollOf(el), boxes = layout();
    var left = b.x + b.border.left + own.left, top = b.y + b.border.top + own.top;
    var size = paddingBox(box);
    var w = size.width, h = Math.max(size.height, b.padding.top + b.flow + b.padding.bottom);
    if (b.lineRight !== undefined) w = Math.max(w, b.x + b.lineRight - left + b.padding.right);   // its own lines of text
    el.querySelectorAll('*').forEach(function (n) {
      var c = boxes.get(n);
      if (!c || isFixedChain(n)) return;
      w = Math.max(w, c.x + c.width - left + (n.parentNode === el ? b.padding.right : 0));
      h = Math.max(h, c.y + c.height - top + (n.parentNode === el ? b.padding.bottom : 0));
    });
    return { width: w, height: h };
  }
  defineGetter(E, 'scrollWidth', function () {
    var e = extent(this);
    if (isRoot(this)) return Math.round(Math.max(device().width, e ? e.width + (e && boxOf(this).b.margin.left) : 0));
    return e ? Math.round(e.width) : 0;
  });
  defineGetter(E, 'scrollHeight', function () {
    var e = extent(this);
    if (isRoot(this)) {
      var b = e && boxOf(this).b;
      return Math.round(Math.max(device().height, e ? b.margin.top + Math.max(b.height, e.height) + b.margin.bottom : 0));
    }
    return e ? Math.round(e.height) : 0;
  });

  // Element scrolling: the position is clamped to the scrollable overflow, and one `scroll` event (not bubbling)
  // follows in a later task per batch of moves. The root element and body (standards mode) stand for the viewport.
  function scrollElement(el, left, top) {
    if (isRoot(el)) { g.scrollTo(left, top); return; }
    var e = extent(el), box = boxOf(el);
    if (!e || !box || el === doc.body) return;
    var size = paddingBox(box), state = scrollOf(el);
    left = Math.min(Math.max(0, Number(left) || 0), Math.max(0, e.width - size.width));
    top = Math.min(Math.max(0, Number(top) || 0), Math.max(0, e.height - size.height));
    if (left === state.left && top === state.top) return;
    state = { left: left, top: top, pending: state.pending };
    scrolled.set(el, state);
    scrollVersion++;
    if (state.pending) return;
    state.pending = true;
    g.setTimeout(function () {
      scrollOf(el).pending = false;
      el.dispatchEvent(new g.Event('scroll'));
    }, 0);
  }
  defineGetter(E, 'scrollTop', function () {
    if (isRoot(this)) return g.scrollY;
    return boxOf(this) ? scrollOf(this).top : 0;
  }, function (v) { scrollElement(this, isRoot(this) ? g.scrollX : scrollOf(this).left, v); });
  defineGetter(E, 'scrollLeft', function () {
    if (isRoot(this)) return g.scrollX;
    return boxOf(this) ? scrollOf(this).left : 0;
  }, function (v) { scrollElement(this, v, isRoot(this) ? g.scrollY : scrollOf(this).top); });
  function scrollArgs(el, args, relative) {
    var current = isRoot(el) ? { left: g.scrollX, top: g.scrollY } : scrollOf(el);
    var x = relative ? 0 : current.left, y = relative ? 0 : current.top;
    if (args.length === 1 && args[0] !== null && typeof args[0] === 'object') {
      if ('left' in args[0]) x = Number(args[0].left) || 0;
      if ('top' in args[0]) y = Number(args[0].top) || 0;
    } else if (args.length >= 2) {
      x = Number(args[0]) || 0;
      y = Number(args[1]) || 0;
    } else if (args.length === 1 && args[0] != null) {
      throw new TypeError("Failed to execute 'scrollTo' on 'Element': parameter 1 ('options') is not an object.");
    }
    if (relative) { x += current.left; y += current.top; }
    scrollElement(el, x, y);
  }
  defineMethod(E, 'scrollTo', function scrollTo() { scrollArgs(this, arguments, false); });
  defineMethod(E, 'scroll', function scroll() { scrollArgs(this, arguments, false); });
  defineMethod(E, 'scrollBy', function scrollBy() { scrollArgs(this, arguments, true); });
  // scrollIntoView: the viewport scrolls so that the element's border box is at the start (default, or `true`),
  // the end (`false`), the centre, or the nearest edge ({block}); scrolled ancestors are not moved.
  defineMethod(E, 'scrollIntoView', function scrollIntoView(arg) {
    var blockPos = arg === false ? 'end' : arg && typeof arg === 'object' && arg.block ? String(arg.block) : 'start';
    if (!/^(start|center|end|nearest)$/.test(blockPos)) throw new TypeError("Failed to execute 'scrollIntoView' on 'Element': The provided value '" + blockPos + "' is not a valid enum value of type ScrollLogicalPosition.");
    var box = boxOf(this);
    if (!box || isFixedChain(this)) return;
    var h = device().height, y = g.scrollY, top = box.y, bottom = box.y + box.b.height;
    if (blockPos === 'start') y = top;
    else if (blockPos === 'end') y = bottom - h;
    else if (blockPos === 'center') y = top + box.b.height / 2 - h / 2;
    else if (top < y) y = top;
    else if (bottom > y + h) y = box.b.height > h ? top : bottom - h;
    g.scrollTo(g.scrollX, y);
  });

  // scrollIntoViewIfNeeded (WebKit's): nothing when the border box is already in the viewport, else the element is
  // centred (`centerIfNeeded`, true by default) or brought to the nearest edge.
  defineMethod(E, 'scrollIntoViewIfNeeded', function scrollIntoViewIfNeeded(centerIfNeeded) {
    var box = boxOf(this);
    if (!box || isFixedChain(this)) return;
    var top = box.y, bottom = box.y + box.b.height;
    if (top >= g.scrollY && bottom <= g.scrollY + device().height) return;
    this.scrollIntoView({ block: centerIfNeeded === undefined || centerIfNeeded ? 'center' : 'nearest' });
  });
  // HTMLImageElement's x and y: its border box's place in the document.
  ['x', 'y'].forEach(function (axis) {
    Object.defineProperty(impl.HTMLImageElement.prototype, axis, { configurable: true, enumerable: true, get: function () {
      var box = boxOf(this);
      return box ? Math.round(axis === 'x' ? box.x : box.y) : 0;
    } });
  });

  // offset*: relative to the offsetParent (the nearest positioned ancestor, or a td/th/table, or body).
  function offsetParent(el) {
    if (!boxOf(el) || isRoot(el) || el === doc.body || style(el, 'position') === 'fixed') return null;
    for (var n = el.parentNode; n && n.nodeType === 1; n = n.parentNode) {
      if (n === doc.body || style(n, 'position') !== 'static' || /^(td|th|table)$/.test(n.localName)) return n;
    }
    return null;
  }
  defineGetter(H, 'offsetParent', function () { return offsetParent(this); });
  defineGetter(H, 'offsetWidth', function () { var box = boxOf(this); return box ? Math.round(box.b.width) : 0; });
  defineGetter(H, 'offsetHeight', function () { var box = boxOf(this); return box ? Math.round(box.b.height) : 0; });
  function offset(el, axis) {
    var box = boxOf(el);
    if (!box) return 0;
    var parent = offsetParent(el), own = axis === 'x' ? box.x : box.y;
    if (!parent || parent === doc.body) return Math.round(own);
    var p = boxOf(parent);
    return Math.round(own - (axis === 'x' ? p.x + p.b.border.left : p.y + p.b.border.top));
  }
  defineGetter(H, 'offsetLeft', function () { return offset(this, 'x'); });
  defineGetter(H, 'offsetTop', function () { return offset(this, 'y'); });

  // Hit testing: the elements whose border box holds the viewport point, topmost first. Without z-index or stacking
  // contexts, a later element in tree order is above an earlier one; pointer-events:none and visibility:hidden
  // elements are skipped; nothing outside the viewport.
  function hits(x, y) {
    var d = device();
    if (!(x >= 0 && y >= 0 && x < d.width && y < d.height) || !doc.documentElement) return null;
    var found = [], all = doc.documentElement.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) {
      var el = all[i], box = boxOf(el);
      if (!box || style(el, 'pointer-events') === 'none' || style(el, 'visibility') !== 'visible') continue;
      var r = clientRect(el);
      if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) found.push(el);
    }
    return found.reverse();
  }
  function hitArguments(document, args, name) {
    if (args.length < 2) throw new TypeError('Not enough arguments');
    return document === doc ? hits(Number(args[0]), Number(args[1])) : null;
  }
  // elementFromPoint: the topmost hit, else the body (or the root) when the point is in the viewport; null outside.
  defineMethod(impl.Document.prototype, 'elementFromPoint', function elementFromPoint(x, y) {
    var found = hitArguments(this, arguments, 'elementFromPoint');
    if (!found) return null;
    return found[0] || (boxOf(doc.body) ? doc.body : doc.documentElement);
  });
  // elementsFromPoint (CSSOM View): every hit, topmost first, then the root element when it is not the last one;
  // an empty array outside the viewport.
  defineMethod(impl.Document.prototype, 'elementsFromPoint', function elementsFromPoint(x, y) {
    var found = hitArguments(this, arguments, 'elementsFromPoint');
    if (!found) return [];
    if (found[found.length - 1] !== doc.documentElement) found.push(doc.documentElement);
    return found;
  });
  // SVG: getBBox from the geometry attributes of the basic shapes (user units; percentages and transforms are not
  // applied), the union of the children for <g>, <svg> and <a>; getTotalLength for rect, circle, ellipse (Ramanujan's
  // second approximation), line, polyline and polygon. <path> and <text> have an empty box and no length: there is
  // no maintained path-data parser in Debian to use, and SVG text is not laid out.
  var SVG = impl.SVGElement && impl.SVGElement.prototype;
  function attr(el, name) { var n = parseFloat(el.getAttribute(name)); return isFinite(n) ? n : 0; }
  function points(el) {
    var n = String(el.getAttribute('points') || '').trim().split(/[\s,]+/).filter(Boolean).map(Number), out = [];
    for (var i = 0; i + 1 < n.length && isFinite(n[i]) && isFinite(n[i + 1]); i += 2) out.push([n[i], n[i + 1]]);
    return out;
  }
  function shapeBox(el) {
    switch (el.localName) {
      case 'rect': return [attr(el, 'x'), attr(el, 'y'), Math.max(0, attr(el, 'width')), Math.max(0, attr(el, 'height'))];
      case 'circle': var r = Math.max(0, attr(el, 'r')); return [attr(el, 'cx') - r, attr(el, 'cy') - r, 2 * r, 2 * r];
      case 'ellipse': var rx = Math.max(0, attr(el, 'rx')), ry = Math.max(0, attr(el, 'ry'));
        return [attr(el, 'cx') - rx, attr(el, 'cy') - ry, 2 * rx, 2 * ry];
      case 'line': var x1 = attr(el, 'x1'), y1 = attr(el, 'y1'), x2 = attr(el, 'x2'), y2 = attr(el, 'y2');
        return [Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1)];
      case 'polyline': case 'polygon':
        var p = points(el);
        if (!p.length) return [0, 0, 0, 0];
        var xs = p.map(function (q) { return q[0]; }), ys = p.map(function (q) { return q[1]; });
        var left = Math.min.apply(null, xs), top = Math.min.apply(null, ys);
        return [left, top, Math.max.apply(null, xs) - left, Math.max.apply(null, ys) - top];
      case 'text':
        var tw = svgTextLength(el), tf = tw ? svgFont(el) : null;
        return tf ? [attr(el, 'x'), attr(el, 'y') - tf.ascent, tw, tf.ascent + tf.descent] : null;
      case 'g': case 'svg': case 'a':
        var all = null;
        for (var c = el.firstElementChild; c; c = c.nextElementSibling) {
          var b = shapeBox(c);
          if (!b) continue;
          all = all ? [Math.min(all[0], b[0]), Math.min(all[1], b[1]), Math.max(all[2], b[0] + b[2]), Math.max(all[3], b[1] + b[3])]
                    : [b[0], b[1], b[0] + b[2], b[1] + b[3]];
        }
        return all ? [all[0], all[1], all[2] - all[0], all[3] - all[1]] : (el.localName === 'g' ? null : [0, 0, 0, 0]);
      default: return null;
    }
  }
  function pathLength(p, closed) {
    var total = 0;
    for (var i = 1; i < p.length; i++) total += Math.hypot(p[i][0] - p[i - 1][0], p[i][1] - p[i - 1][1]);
    if (closed && p.length > 1) total += Math.hypot(p[0][0] - p[p.length - 1][0], p[0][1] - p[p.length - 1][1]);
    return total;
  }
  // SVG text: its characters measured in its font (the font-* presentation attributes of the element, else its
  // computed style), from its x/y attributes; no per-glyph positions (dx, rotate, textLength) or textPath.
  function svgFont(el) {
    function pick(name) { return el.getAttribute(name) || style(el, name); }
    return metrics(fontFrom(pick('font-family'), parseFloat(pick('font-size')), pick('font-weight'), pick('font-style')));
  }
  function svgTextLength(el) {
    if (!doc.documentElement || !doc.documentElement.contains(el)) return 0;
    var text = String(el.textContent || '').replace(/[\t\n\r ]+/g, ' ').trim();
    if (!text) return 0;
    var f = svgFont(el), letter = spacing(el, 'letter-spacing');
    return advances(f, [text])[0] + letter * Array.from(text).length;
  }
  if (SVG) {
    var TEXT = /^(text|tspan)$/;
    defineMethod(SVG, 'getComputedTextLength', function getComputedTextLength() {
      return TEXT.test(this.localName) ? svgTextLength(this) : 0;
    });
    defineMethod(SVG, 'getBBox', function getBBox() {
      var b = shapeBox(this) || (TEXT.test(this.localName) ? [attr(this, 'x'), attr(this, 'y'), 0, 0] : [0, 0, 0, 0]);
      return newRect(b[0], b[1], b[2], b[3]);
    });
    defineMethod(SVG, 'getTotalLength', function getTotalLength() {
      var b = shapeBox(this);
      switch (this.localName) {
        case 'rect': return 2 * (b[2] + b[3]);
        case 'circle': return Math.PI * b[2];
        case 'ellipse':
          var a = b[2] / 2, c = b[3] / 2, h = Math.pow(a - c, 2) / Math.pow(a + c || 1, 2);
          return Math.PI * (a + c) * (1 + 3 * h / (10 + Math.sqrt(4 - 3 * h)));
        case 'line': return Math.hypot(b[2], b[3]);
        case 'polyline': return pathLength(points(this), false);
        case 'polygon': return pathLength(points(this), true);
        default: throw new TypeError("getTotalLength is not supported for <" + this.localName + "> (see the Geometry model article)");
      }
    });
  }

  env.geometry = { boxOf: boxOf, measured: function () { return measured; } };   // for observers.js and the tests
  return env;
})
