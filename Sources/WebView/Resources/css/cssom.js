(function (require, native, env) {
  'use strict';
  // The CSS object model and the cascade (CSSOM, CSS Cascade 4, Media Queries 4), over Debian's node-cssom.
  //
  // node-cssom parses sheets into CSSStyleSheet / CSSStyleRule / CSSMediaRule / CSSSupportsRule objects whose
  // declarations keep their `!important` priority and custom properties; it is loaded on the page's first use
  // of style (getComputedStyle, document.styleSheets, a <style>'s `sheet`, CSS, the CSS* classes). Only the
  // fetching of <link rel=stylesheet> starts at insertion, as in browsers.
  // Selector matching is domino's (`Element.matches`); specificity, the cascade, var(), inheritance,
  // shorthands and units are here. `generation` counts every change that may move a box (any DOM mutation, sheet
  // edit or device change; the geometry layer keys its layout on it). The rules in effect are collected and
  // bucketed again only when `sheetsVersion` changes (a sheet edited, added, removed, disabled or its media
  // changed, or the device); computed styles are cached per element until `styleEpoch` changes (every element
  // restyled) or a mutation invalidates that element (see `invalidate`).
  var g = globalThis, doc = env.document, impl = env.impl;
  var CSSOM = null, colorString = null, generation = 1, styleEpoch = 1, sheetsVersion = 1, anyCached = false;
  // `parsing` is set while node-cssom fills a new sheet (its parser calls setProperty, which restyles the page when
  // a page script calls it); `computations` counts cascades worked out, for the tests of the style cache.
  var parsing = 0, computations = 0;

  function load() {
    if (CSSOM) return;
    CSSOM = require('cssom');
    try { colorString = require('color-string'); } catch (e) { colorString = null; }
    patchSheetPrototype();
  }
  function bump() { generation++; styleEpoch++; anyCached = false; }
  function sheetsChanged() { sheetsVersion++; bump(); }
  // A change selectors see that no mutation reports (focus, checkedness, selectedness, a control's value): every
  // cached style goes, since `:focus-within`, `form:invalid` or `:checked + label` reach beyond the element.
  env.styleStateChanged = bump;

  function domException(message, name) {
    return new g.DOMException(message, name);
  }

  // --- parsing with recovery: node-cssom stops at the first error; browsers skip the bad part and go on.
  function parseInto(sheet, text) {
    parsing++;
    try { return parseRecovering(sheet, text); } finally { parsing--; }
  }
  function parseRecovering(sheet, text) {
    // node-cssom reads an empty declaration (`color: ;`) as running into the next rule: drop those first.
    var rest = String(text).replace(/[\w-]+\s*:\s*(?=[;}])/g, ''), tries = 0;
    sheet.cssRules.length = 0;
    while (rest && tries++ < 32) {
      var parsed, failure = null;
      try { parsed = CSSOM.parse(rest); } catch (error) { failure = error; parsed = error.styleSheet; }
      if (parsed) parsed.cssRules.forEach(function (rule) { rule.parentStyleSheet = sheet; sheet.cssRules.push(rule); });
      if (!failure || typeof failure.line !== 'number') break;
      var index = 0;
      for (var line = 1; line < failure.line; line++) index = rest.indexOf('\n', index) + 1;
      index += Math.max(failure.char, 1);
      // Skip to the end of the broken rule or block, as the CSS syntax's error recovery does.
      var close = rest.indexOf('}', index - 1);
      rest = close < 0 ? '' : rest.slice(close + 1);
    }
    return sheet;
  }

  function patchSheetPrototype() {
    var proto = CSSOM.CSSStyleSheet.prototype;
    proto.insertRule = function insertRule(rule, index) {
      index = index === undefined ? 0 : index >>> 0;
      if (index > this.cssRules.length) throw domException('Index ' + index + ' is out of range', 'IndexSizeError');
      var parsed;
      try { parsed = CSSOM.parse(String(rule)).cssRules; } catch (e) { parsed = []; }
      if (parsed.length !== 1) throw domException("Failed to parse the rule '" + rule + "'.", 'SyntaxError');
      parsed[0].parentStyleSheet = this;
      this.cssRules.splice(index, 0, parsed[0]);
      sheetsChanged();
      return index;
    };
    proto.deleteRule = function deleteRule(index) {
      index = index >>> 0;
      if (index >= this.cssRules.length) throw domException('Index ' + index + ' is out of range', 'IndexSizeError');
      this.cssRules.splice(index, 1);
      sheetsChanged();
    };
    proto.replaceSync = function replaceSync(text) {
      parseInto(this, text);
      sheetsChanged();
    };
    proto.replace = function replace(text) {
      var sheet = this;
      return new Promise(function (resolve) { sheet.replaceSync(text); resolve(sheet); });
    };
    proto.addRule = function addRule(selector, block, index) {
      return this.insertRule(selector + '{' + block + '}', index === undefined ? this.cssRules.length : index), -1;
    };
    proto.removeRule = proto.deleteRule;
    Object.defineProperty(CSSOM.StyleSheet.prototype, 'disabled', { configurable: true, enumerable: true,
      get: function () { return !!this.__disabled; },
      set: function (value) { if (!!value !== !!this.__disabled) { this.__disabled = !!value; sheetsChanged(); } } });
    Object.defineProperty(proto, 'rules', { configurable: true, get: function () { return this.cssRules; } });
    [CSSOM.CSSMediaRule, CSSOM.CSSSupportsRule].forEach(function (Rule) {
      Rule.prototype.insertRule = function (rule, index) { return proto.insertRule.call(this, rule, index); };
      Rule.prototype.deleteRule = function (index) { return proto.deleteRule.call(this, index); };
    });
    // A rule's declarations edited through setProperty/removeProperty/cssText restyle the page.
    var declaration = CSSOM.CSSStyleDeclaration.prototype;
    ['setProperty', 'removeProperty'].forEach(function (name) {
      var original = declaration[name];
      declaration[name] = function () { if (!parsing) bump(); return original.apply(this, arguments); };
    });
    var cssText = Object.getOwnPropertyDescriptor(declaration, 'cssText');
    if (cssText && cssText.set && cssText.configurable) {
      Object.defineProperty(declaration, 'cssText', { configurable: true, enumerable: cssText.enumerable, get: cssText.get,
        set: function (value) { if (!parsing) bump(); cssText.set.call(this, value); } });
    }
    // Rule types (CSSRule constants).
    CSSOM.CSSStyleRule.prototype.type = 1;
    CSSOM.CSSMediaRule.prototype.type = 4;
    CSSOM.CSSSupportsRule.prototype.type = 12;
  }

  // --- <style> sheets and document.styleSheets
  function ownerSheet(el) {
    load();
    if (!el.isConnected && !(el.ownerDocument === doc && doc.contains(el))) return null;
    var text = el.textContent;
    if (!el.__cssSheet || el.__cssText !== text) {
      var sheet = new CSSOM.CSSStyleSheet();
      sheet.ownerNode = el;
      sheet.href = null;
      parseInto(sheet, text);
      el.__cssSheet = sheet;
      el.__cssText = text;
    }
    var s = el.__cssSheet;
    var media = el.getAttribute('media');
    s.media = s.media && s.media.mediaText === (media || '') ? s.media : mediaList(media || '');
    s.title = el.getAttribute('title');
    return s;
  }
  // <link rel=stylesheet>: fetched through the page's XMLHttpRequest (its session, cookies and file: rules) when
  // it is inserted into the document, then `load` (or `error`) fires on it; its text is parsed on first use. The
  // document's `load` waits for it. One the parser made whose media match blocks scripts until it arrived (HTML's
  // script-blocking style sheets: DocumentLoader.swift holds the parser's next script and deferred scripts), so an
  // inline script after it sees its styles, as in browsers.
  var blockingSheets = 0, whenUnblocked = [];
  env.stylesheetsBlockScripts = function () { return blockingSheets > 0; };
  env.whenStylesheetsLoaded = function (f) { if (blockingSheets) whenUnblocked.push(f); else f(); };
  function isStylesheetLink(el) {
    return el.localName === 'link' && el.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
      /(^|\s)stylesheet(\s|$)/i.test(el.getAttribute('rel') || '') && !!el.getAttribute('href');
  }
  function fetchStylesheet(link) {
    var href = link.href, request = link.__cssRequest = {};
    var delaying = native.delayLoad(), media = link.getAttribute('media');
    var blocks = env.parsing === true && (!media || mediaMatches(media));
    if (blocks) blockingSheets++;
    var settled = false;
    // The scripts it held run now; its `load` or `error` event is a task of its own after them (WebKit fires it
    // after the DOMContentLoaded those scripts lead to), and the document's `load` waits for that event.
    function settle(event) {
      if (settled) return;
      settled = true;
      if (blocks && --blockingSheets === 0) {
        var waiting = whenUnblocked;
        whenUnblocked = [];
        waiting.forEach(function (f) { f(); });
      }
      env.task(function () {
        try { if (event) link.dispatchEvent(new g.Event(event)); } finally { if (delaying) native.loadDelayDone(); }
      });
    }
    function done(text, ok) {
      if (link.__cssRequest !== request) { settle(null); return; }   // a newer href is being fetched
      link.__cssText = ok ? text : '';
      link.__cssSheet = null;
      link.__cssLoaded = ok;
      sheetsChanged();
      settle(ok ? 'load' : 'error');
    }
    var xhr;
    try {
      xhr = new g.XMLHttpRequest();
      xhr._initiator = 'link';   // its Resource Timing entry's initiatorType
      xhr._referrerPolicy = link.referrerPolicy;   // its `referrerpolicy` (xhr.send), else the document's
      xhr.open('GET', href);
      // With `integrity` (Subresource Integrity), the bytes are checked before the sheet is used, as WebKit does.
      var integrity = link.getAttribute('integrity');
      if (integrity !== null) xhr.responseType = 'arraybuffer';
      xhr.onload = function () {
        var ok = xhr.status === 0 || (xhr.status >= 200 && xhr.status < 300);
        if (integrity === null) return done(xhr.responseText, ok);
        var bytes = new Uint8Array(xhr.response || new ArrayBuffer(0));
        if (ok && typeof native.integrityFailure(bytes, integrity) === 'string') ok = false;
        done(ok ? new g.TextDecoder().decode(bytes) : '', ok);
      };
      xhr.onerror = function () { done('', false); };
      xhr.send();
    } catch (e) {
      env.task(function () { done('', false); });
    }
  }
  // <link rel=modulepreload>: the page's module loader fetches the module and its imports at insertion.
  function isModulePreload(el) {
    return el.localName === 'link' && /(^|\s)modulepreload(\s|$)/i.test(el.getAttribute('rel') || '') && !!el.getAttribute('href');
  }
  function linkInserted(node) {
    if (node.nodeType !== 1) return;
    if (isStylesheetLink(node)) fetchStylesheet(node);
    else if (isModulePreload(node)) env.modulePreload(node);
    else if (node.firstElementChild) {
      var links = node.querySelectorAll('link');
      for (var i = 0; i < links.length; i++) {
        if (isStylesheetLink(links[i])) fetchStylesheet(links[i]);
        else if (isModulePreload(links[i])) env.modulePreload(links[i]);
      }
    }
  }
  var pageHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    generation++;
    if (touchesSheets(m)) sheetsChanged();
    else if (anyCached) invalidate(m);
    if (m.type === 6) linkInserted(m.node);
    else if (m.type === 2 && m.target && m.target.localName === 'link' && m.attr && /^(href|rel)$/.test(m.attr.localName) &&
             isStylesheetLink(m.target)) fetchStylesheet(m.target);
    if (pageHandler) pageHandler(m);
  });
  function linkSheet(el) {
    if (!el.__cssLoaded || !isStylesheetLink(el)) return null;
    load();
    if (!el.__cssSheet) {
      var sheet = new CSSOM.CSSStyleSheet();
      sheet.ownerNode = el;
      sheet.href = el.href;
      parseInto(sheet, el.__cssText);
      el.__cssSheet = sheet;
    }
    var media = el.getAttribute('media') || '';
    if (!el.__cssSheet.media || el.__cssSheet.media.mediaText !== media) el.__cssSheet.media = mediaList(media);
    return el.__cssSheet;
  }
  Object.defineProperty(impl.HTMLLinkElement.prototype, 'sheet', {
    configurable: true, enumerable: true,
    get: function () { return this.ownerDocument === doc && doc.contains(this) ? linkSheet(this) : null; }
  });
  function mediaList(text) {
    var list = new CSSOM.MediaList();
    list.mediaText = text;
    return list;
  }
  function documentSheets() {
    var els = doc.querySelectorAll('style, link');
    var list = [];
    for (var i = 0; i < els.length; i++) {
      if (els[i].namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
      var s = els[i].localName === 'link' ? linkSheet(els[i]) : ownerSheet(els[i]);
      if (s) list.push(s);
    }
    return list;
  }
  function StyleSheetList() { throw new TypeError('Illegal constructor'); }
  StyleSheetList.prototype.item = function (i) { return this[i] || null; };
  StyleSheetList.prototype[Symbol.iterator] = Array.prototype[Symbol.iterator];
  Object.defineProperty(StyleSheetList.prototype, Symbol.toStringTag, { value: 'StyleSheetList', configurable: true });   // "[object StyleSheetList]", as WebKit's
  function styleSheetList(sheets) {
    var list = Object.create(StyleSheetList.prototype);
    sheets.forEach(function (s, i) { list[i] = s; });
    Object.defineProperty(list, 'length', { value: sheets.length });
    return list;
  }
  // On Document.prototype, as WebKit's; a document without a browsing context has no style sheets (observed on
  // WebKitGTK 2.50: a DOMParser document's <style> makes none) and keeps its adopted ones without applying them.
  env.documentMember('styleSheets', { get: function () { return styleSheetList(this === doc ? documentSheets() : []); } });
  var adopted = [], inertAdopted = new WeakMap();
  env.documentMember('adoptedStyleSheets', {
    get: function () {
      if (this === doc) return adopted;
      var list = inertAdopted.get(this);
      if (!list) inertAdopted.set(this, list = []);
      return list;
    },
    set: function (value) {
      load();
      var list = Array.prototype.slice.call(value);
      list.forEach(function (s) {
        if (!(s instanceof CSSOM.CSSStyleSheet) || s.ownerNode) throw new TypeError('adoptedStyleSheets takes constructed CSSStyleSheets');
      });
      if (this !== doc) return inertAdopted.set(this, list);
      adopted = list;
      sheetsChanged();
    }
  });
  // document.fonts (CSS Font Loading), made on first read: the headless view loads no font faces (text is measured
  // with the canvas fonts, see <doc:GeometryModel>), so the set is empty and loaded, as WebKit's is for a page without
  // web fonts (observed on WebKitGTK 2.50): `ready` resolves with it (the same promise on each read), `check()` is
  // true and `load()` resolves with no faces. Partial: no FontFace interface, so `add()` throws TypeError.
  var fontSets = new WeakMap(), FontFaceSet = null;
  function fontFaceSet() {
    if (!FontFaceSet) {
      FontFaceSet = function FontFaceSet() { throw new TypeError('Illegal constructor'); };
      var proto = FontFaceSet.prototype = Object.create(g.EventTarget.prototype);
      // In WebKit's order; a face argument must be a FontFace, which this set never holds.
      function notAFace(method) { return new TypeError("Argument 1 ('font') to FontFaceSet." + method + ' must be an instance of FontFace'); }
      function iterator() { return [][Symbol.iterator](); }
      var members = [
        ['size', 'get', function () { return 0; }],
        ['onloading', 'handler'], ['onloadingdone', 'handler'], ['onloadingerror', 'handler'],
        ['ready', 'get', function () { return this.__ready || Object.defineProperty(this, '__ready', { value: Promise.resolve(this) }).__ready; }],
        ['status', 'get', function () { return 'loaded'; }],
        ['has', 'method', function has(face) { throw notAFace('has'); }],
        ['add', 'method', function add(face) { throw notAFace('add'); }],
        ['delete', 'method', function (face) { throw notAFace('delete'); }],
        ['clear', 'method', function clear() {}],
        ['load', 'method', function load(font) { return arguments.length < 1 ? Promise.reject(new TypeError('Not enough arguments')) : Promise.resolve([]); }],
        ['check', 'method', function check(font) { if (arguments.length < 1) throw new TypeError('Not enough arguments'); return true; }],
        ['entries', 'method', function entries() { return iterator(); }], ['keys', 'method', function keys() { return iterator(); }],
        ['values', 'method', function values() { return iterator(); }],
        ['forEach', 'method', function forEach(callback) { if (typeof callback !== 'function') throw new TypeError("Argument 1 ('callback') to FontFaceSet.forEach must be a function"); }]
      ];
      members.forEach(function (m) {
        var name = m[0], kind = m[1], f = m[2];
        if (kind === 'handler') {
          Object.defineProperty(proto, name, { enumerable: true, configurable: true, get: function () { return this['__' + name] || null; },
            set: function (h) { Object.defineProperty(this, '__' + name, { value: typeof h === 'function' ? h : null, configurable: true }); } });
        } else if (kind === 'method') {
          Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true });
        } else {
          Object.defineProperty(proto, name, { get: f, enumerable: true, configurable: true });
        }
      });
      Object.defineProperty(proto, Symbol.iterator, { value: proto.values, writable: true, configurable: true });
      Object.defineProperty(proto, 'constructor', { value: FontFaceSet, writable: true, configurable: true });
      Object.defineProperty(proto, Symbol.toStringTag, { value: 'FontFaceSet', configurable: true });
    }
    return Object.create(FontFaceSet.prototype);
  }
  env.documentMember('fonts', { get: function () {
    var set = fontSets.get(this);
    if (!set) fontSets.set(this, set = fontFaceSet());
    return set;
  } });
  Object.defineProperty(impl.HTMLStyleElement.prototype, 'sheet', {
    configurable: true, enumerable: true,
    get: function () { return this.ownerDocument === doc ? ownerSheet(this) : null; }
  });

  // --- the CSS* interfaces, CSS and StyleSheetList as globals, set up on first read
  var interfaceNames = ['CSSStyleSheet', 'StyleSheet', 'CSSRule', 'CSSStyleRule', 'CSSMediaRule', 'CSSSupportsRule',
    'CSSImportRule', 'CSSFontFaceRule', 'CSSKeyframesRule', 'CSSKeyframeRule', 'MediaList'];
  env.lazyProperties(g, interfaceNames.concat(['StyleSheetList']), env.lazyInstaller(function () {
    load();
    interfaceNames.forEach(function (name) {
      Object.defineProperty(g, name, { value: CSSOM[name], writable: true, configurable: true, enumerable: false });
    });
    Object.defineProperty(g, 'StyleSheetList', { value: StyleSheetList, writable: true, configurable: true, enumerable: false });
    var CSSRule = CSSOM.CSSRule;
    [['STYLE_RULE', 1], ['IMPORT_RULE', 3], ['MEDIA_RULE', 4], ['FONT_FACE_RULE', 5], ['KEYFRAMES_RULE', 7],
     ['KEYFRAME_RULE', 8], ['SUPPORTS_RULE', 12]].forEach(function (p) { CSSRule[p[0]] = p[1]; });
  }));

  // --- values
  function splitTop(value, separator) {   // split at top-level separators (whitespace when separator is ' ')
    var parts = [], depth = 0, quote = null, current = '';
    for (var i = 0; i < value.length; i++) {
      var c = value[i];
      if (quote) { current += c; if (c === quote && value[i - 1] !== '\\') quote = null; continue; }
      if (c === '"' || c === "'") { quote = c; current += c; continue; }
      if (c === '(') depth++;
      else if (c === ')') depth--;
      var isSep = separator === ' ' ? /\s/.test(c) : c === separator;
      if (isSep && depth === 0) { if (current || separator !== ' ') parts.push(current.trim()); current = ''; continue; }
      current += c;
    }
    if (current.trim() || (separator !== ' ' && parts.length)) parts.push(current.trim());
    return parts;
  }
  function device() {
    var d = g.__hybridDevice || {};
    return {
      width: num(d.width, 390), height: num(d.height, 844), dpr: num(d.devicePixelRatio, 3),
      screenWidth: num(d.screenWidth, num(d.width, 390)), screenHeight: num(d.screenHeight, num(d.height, 844)),
      orientation: d.orientation || (num(d.width, 390) > num(d.height, 844) ? 'landscape' : 'portrait'),
      colorScheme: d.colorScheme || 'light', reducedMotion: d.reducedMotion || 'no-preference',
      hover: d.hover || 'none', pointer: d.pointer || 'coarse', displayMode: d.displayMode || 'browser'
    };
  }
  function num(v, fallback) { return typeof v === 'number' && isFinite(v) ? v : fallback; }
  function round(n) { return Math.round(n * 1000) / 1000; }
  function px(n) { return round(n) + 'px'; }

  var colorProps = { 'color': 1, 'background-color': 1, 'border-top-color': 1, 'border-right-color': 1,
    'border-bottom-color': 1, 'border-left-color': 1, 'outline-color': 1, 'text-decoration-color': 1,
    'caret-color': 1, 'column-rule-color': 1, 'fill': 1, 'stroke': 1 };
  function computeColor(value, currentColor) {
    var v = value.trim().toLowerCase();
    if (v === 'currentcolor') return currentColor;
    if (v === 'transparent') return 'rgba(0, 0, 0, 0)';
    if (!colorString) return value;
    var c = colorString.get(value);
    if (!c) return value;
    var rgb = c.model === 'rgb' ? c.value : c.model === 'hsl' ? hslToRgb(c.value) : hwbToRgb(c.value);
    var r = Math.round(rgb[0]), gr = Math.round(rgb[1]), b = Math.round(rgb[2]), a = c.value[3];
    return a === 1 || a === undefined ? 'rgb(' + r + ', ' + gr + ', ' + b + ')' : 'rgba(' + r + ', ' + gr + ', ' + b + ', ' + round(a) + ')';
  }
  function hslToRgb(hsl) {
    var h = hsl[0] / 360, s = hsl[1] / 100, l = hsl[2] / 100;
    function f(n) {
      var k = (n + h * 12) % 12, a = s * Math.min(l, 1 - l);
      return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
    }
    return [f(0), f(8), f(4)];
  }
  function hwbToRgb(hwb) {
    var rgb = hslToRgb([hwb[0], 100, 50]), w = hwb[1] / 100, b = hwb[2] / 100;
    return rgb.map(function (c) { return (c / 255 * (1 - w - b) + w) * 255; });
  }

  // Lengths: absolute units and em/rem/vw/vh/vmin/vmax to px; % where the base is known (else kept).
  var absolute = { px: 1, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, 'in': 96, pt: 4 / 3, pc: 16 };
  function toPx(token, ctx, percentBase) {
    var m = /^(-?[\d.]+(?:e[+-]?\d+)?)([a-z%]*)$/i.exec(token);
    if (!m) return null;
    var n = parseFloat(m[1]), unit = m[2].toLowerCase();
    if (unit === '' ) return n === 0 ? 0 : null;
    if (absolute[unit]) return n * absolute[unit];
    if (unit === 'em') return n * ctx.em;
    if (unit === 'rem') return n * ctx.rem;
    if (unit === 'ex' || unit === 'ch') return n * ctx.em / 2;
    var d = device();
    if (unit === 'vw') return n * d.width / 100;
    if (unit === 'vh' || unit === 'svh' || unit === 'lvh' || unit === 'dvh') return n * d.height / 100;
    if (unit === 'vmin') return n * Math.min(d.width, d.height) / 100;
    if (unit === 'vmax') return n * Math.max(d.width, d.height) / 100;
    if (unit === '%' && typeof percentBase === 'number') return n * percentBase / 100;
    return null;
  }
  function computeLengths(value, ctx, percentBase) {
    return splitTop(value, ' ').map(function (token) {
      var n = toPx(token, ctx, percentBase);
      return n === null ? token : px(n);
    }).join(' ');
  }

  // --- properties: inherited flag and initial value. The tables are built on the first computed style or
  // CSS.supports() call, not at page set-up (`tables()`).
  var properties = null, initialComputed = null, allNames = null;
  function props(list, inherited) {
    list.split(/\s*;\s*/).forEach(function (entry) {
      var i = entry.indexOf('=');
      properties[entry.slice(0, i)] = { inherited: inherited, initial: entry.slice(i + 1) };
    });
  }
  function tables() {
    if (properties) return;
    properties = Object.create(null);
    props('color=rgb(0, 0, 0);font-family=Times;font-size=16px;font-style=normal;font-weight=400;font-variant=normal;' +
      'line-height=normal;letter-spacing=normal;word-spacing=0px;text-align=start;text-indent=0px;text-transform=none;' +
      'white-space=normal;visibility=visible;cursor=auto;direction=ltr;list-style-type=disc;list-style-position=outside;' +
      'list-style-image=none;quotes=auto;pointer-events=auto;user-select=auto;word-break=normal;overflow-wrap=normal;' +
      'caret-color=auto;text-shadow=none;tab-size=8;writing-mode=horizontal-tb;border-collapse=separate;' +
      'border-spacing=0px 0px;empty-cells=show;caption-side=top;font-stretch=100%;-webkit-text-size-adjust=auto;' +
      'text-rendering=auto;hyphens=manual;fill=rgb(0, 0, 0);stroke=none;-webkit-tap-highlight-color=rgba(0, 0, 0, 0.4)', true);
    props('display=inline;position=static;top=auto;right=auto;bottom=auto;left=auto;float=none;clear=none;' +
      'z-index=auto;width=auto;height=auto;min-width=auto;min-height=auto;max-width=none;max-height=none;' +
      'margin-top=0px;margin-right=0px;margin-bottom=0px;margin-left=0px;padding-top=0px;padding-right=0px;' +
      'padding-bottom=0px;padding-left=0px;border-top-width=3px;border-right-width=3px;border-bottom-width=3px;' +
      'border-left-width=3px;border-top-style=none;border-right-style=none;border-bottom-style=none;border-left-style=none;' +
      'border-top-color=currentcolor;border-right-color=currentcolor;border-bottom-color=currentcolor;border-left-color=currentcolor;' +
      'border-top-left-radius=0px;border-top-right-radius=0px;border-bottom-right-radius=0px;border-bottom-left-radius=0px;' +
      'outline-style=none;outline-width=3px;outline-color=currentcolor;outline-offset=0px;' +
      'background-color=rgba(0, 0, 0, 0);background-image=none;background-repeat=repeat;background-position=0% 0%;' +
      'background-size=auto;background-attachment=scroll;background-clip=border-box;background-origin=padding-box;' +
      'opacity=1;overflow-x=visible;overflow-y=visible;box-sizing=content-box;vertical-align=baseline;' +
      'text-decoration-line=none;text-decoration-style=solid;text-decoration-color=currentcolor;text-overflow=clip;' +
      'flex-direction=row;flex-wrap=nowrap;flex-grow=0;flex-shrink=1;flex-basis=auto;order=0;justify-content=normal;' +
      'align-items=normal;align-self=auto;align-content=normal;justify-items=normal;justify-self=auto;row-gap=normal;column-gap=normal;' +
      'grid-template-columns=none;grid-template-rows=none;grid-auto-flow=row;grid-auto-rows=auto;grid-auto-columns=auto;' +
      'grid-column-start=auto;grid-column-end=auto;grid-row-start=auto;grid-row-end=auto;transform=none;transform-origin=50% 50% 0px;' +
      'transition-property=all;transition-duration=0s;transition-timing-function=ease;transition-delay=0s;' +
      'animation-name=none;animation-duration=0s;animation-timing-function=ease;animation-delay=0s;' +
      'animation-iteration-count=1;animation-direction=normal;animation-fill-mode=none;animation-play-state=running;' +
      'content=normal;box-shadow=none;filter=none;clip-path=none;object-fit=fill;resize=none;will-change=auto;' +
      'table-layout=auto;aspect-ratio=auto;isolation=auto;mix-blend-mode=normal;contain=none;appearance=none;' +
      'scroll-behavior=auto;touch-action=auto;unicode-bidi=normal;overscroll-behavior-x=auto;overscroll-behavior-y=auto', false);
    // Initial values that are already computed values (no currentcolor, no keyword lengths).
    initialComputed = Object.create(null);
    Object.keys(properties).forEach(function (name) {
      var v = properties[name].initial;
      if (!/currentcolor|^(thin|medium|thick)$/.test(v)) initialComputed[name] = v;
    });
    allNames = Object.keys(properties).sort();
  }
  var sides = ['top', 'right', 'bottom', 'left'];
  var lengthProps = /^(top|right|bottom|left|width|height|min-width|min-height|max-width|max-height|margin-\w+|padding-\w+|border-\w+-width|outline-width|outline-offset|border-.*-radius|letter-spacing|word-spacing|text-indent|flex-basis|row-gap|column-gap|font-size|line-height|border-spacing)$/;
  var widthPercent = /^(left|right|width|min-width|max-width|margin-\w+|padding-\w+|text-indent)$/;

  // --- shorthands: expanded to their longhands at cascade time
  function boxValues(value) {
    var v = splitTop(value, ' ');
    if (v.length < 1 || v.length > 4) return null;
    return [v[0], v[1] || v[0], v[2] || v[0], v[3] || v[1] || v[0]];
  }
  var borderStyles = /^(none|hidden|dotted|dashed|solid|double|groove|ridge|inset|outset)$/i;
  function isColor(t) { return /^(#|rgba?\(|hsla?\(|hwb\(|currentcolor$|transparent$)/i.test(t) || !!(colorString && colorString.get(t)); }
  function border(value) {
    var out = { width: 'medium', style: 'none', color: 'currentcolor' };
    var parts = splitTop(value, ' ');
    for (var i = 0; i < parts.length; i++) {
      var t = parts[i];
      if (borderStyles.test(t)) out.style = t.toLowerCase();
      else if (isColor(t)) out.color = t;
      else if (/^(thin|medium|thick)$/i.test(t) || toPx(t, { em: 16, rem: 16 }) !== null) out.width = t;
      else return null;
    }
    return out;
  }
  var CSS_WIDE = /^(inherit|initial|unset|revert|revert-layer)$/i;
  function expand(name, value) {
    if (/var\(/i.test(value) && shorthands[name]) return shorthands[name](value, true);
    if (CSS_WIDE.test(value.trim()) && shorthands[name]) return shorthands[name](value, true);
    return shorthands[name] ? shorthands[name](value, false) : [[name, value]];
  }
  function longhandsOf(name) { return shorthands[name]('initial', true).map(function (p) { return p[0]; }); }
  function box(prefix, suffix) {
    return function (value, whole) {
      var v = whole ? [value, value, value, value] : boxValues(value);
      if (!v) return [];
      return sides.map(function (s, i) { return [prefix + s + suffix, v[i]]; });
    };
  }
  function gridLines(name, value, whole) {
    if (whole) return [[name + '-start', value], [name + '-end', value]];
    var v = splitTop(value, '/').map(function (t) { return t.trim(); });
    var ident = /^[a-z_-][\w-]*$/i.test(v[0]) && !/^(auto|span)$/i.test(v[0]);
    return [[name + '-start', v[0]], [name + '-end', v.length > 1 ? v[1] : ident ? v[0] : 'auto']];
  }
  var shorthands = {
    margin: box('margin-', ''), padding: box('padding-', ''), inset: box('', ''),
    'border-width': box('border-', '-width'), 'border-style': box('border-', '-style'), 'border-color': box('border-', '-color'),
    border: function (value, whole) {
      var b = whole ? { width: value, style: value, color: value } : border(value);
      if (!b) return [];
      var out = [];
      sides.forEach(function (s) { out.push(['border-' + s + '-width', b.width], ['border-' + s + '-style', b.style], ['border-' + s + '-color', b.color]); });
      return out;
    },
    'border-radius': function (value, whole) {
      var v = whole ? [value, value, value, value] : boxValues(value.split('/')[0].trim());
      if (!v) return [];
      return ['top-left', 'top-right', 'bottom-right', 'bottom-left'].map(function (c, i) { return ['border-' + c + '-radius', v[i]]; });
    },
    outline: function (value, whole) {
      var b = whole ? { width: value, style: value, color: value } : border(value);
      return b ? [['outline-width', b.width], ['outline-style', b.style], ['outline-color', b.color]] : [];
    },
    background: function (value, whole) {
      if (whole) return [['background-color', value], ['background-image', value]];
      var out = [['background-color', 'transparent'], ['background-image', 'none']];
      splitTop(value, ' ').forEach(function (t) {
        if (/^(url|(repeating-)?(linear|radial|conic)-gradient)\(/i.test(t)) out[1][1] = t;
        else if (isColor(t)) out[0][1] = t;
      });
      return out;
    },
    font: function (value, whole) {
      if (whole) return ['font-style', 'font-variant', 'font-weight', 'font-size', 'line-height', 'font-family'].map(function (n) { return [n, value]; });
      var m = /^((?:(?:italic|oblique|normal|small-caps|bold|bolder|lighter|\d{3})\s+)*)([^\s/]+)(?:\s*\/\s*(\S+))?\s+(.+)$/i.exec(value.trim());
      if (!m) return [];
      var out = [['font-style', 'normal'], ['font-variant', 'normal'], ['font-weight', 'normal'], ['font-size', m[2]],
        ['line-height', m[3] || 'normal'], ['font-family', m[4]]];
      (m[1] || '').trim().split(/\s+/).forEach(function (t) {
        if (/^(italic|oblique)$/i.test(t)) out[0][1] = t;
        else if (/^small-caps$/i.test(t)) out[1][1] = t;
        else if (/^(bold|bolder|lighter|\d{3})$/i.test(t)) out[2][1] = t;
      });
      return out;
    },
    flex: function (value, whole) {
      var v = value.trim().toLowerCase(), parts = splitTop(v, ' ');
      if (whole) return [['flex-grow', value], ['flex-shrink', value], ['flex-basis', value]];
      if (v === 'none') return [['flex-grow', '0'], ['flex-shrink', '0'], ['flex-basis', 'auto']];
      if (v === 'auto') return [['flex-grow', '1'], ['flex-shrink', '1'], ['flex-basis', 'auto']];
      var grow = '0', shrink = '1', basis = 'auto', numbers = [];
      parts.forEach(function (t) { if (/^[\d.]+$/.test(t)) numbers.push(t); else basis = t; });
      if (numbers.length) { grow = numbers[0]; if (basis === 'auto') basis = '0%'; }
      if (numbers.length > 1) shrink = numbers[1];
      return [['flex-grow', grow], ['flex-shrink', shrink], ['flex-basis', basis]];
    },
    'flex-flow': function (value, whole) {
      if (whole) return [['flex-direction', value], ['flex-wrap', value]];
      var out = [['flex-direction', 'row'], ['flex-wrap', 'nowrap']];
      splitTop(value, ' ').forEach(function (t) { out[/wrap/.test(t) ? 1 : 0][1] = t; });
      return out;
    },
    overflow: function (value, whole) {
      var v = whole ? [value] : splitTop(value, ' ');
      return [['overflow-x', v[0]], ['overflow-y', v[1] || v[0]]];
    },
    // grid-column/grid-row: `start / end`; one value: a name for both ends, otherwise the start with an auto end.
    'grid-column': function (value, whole) { return gridLines('grid-column', value, whole); },
    'grid-row': function (value, whole) { return gridLines('grid-row', value, whole); },
    // grid-area: row-start / column-start / row-end / column-end; an omitted one copies a name given before it
    // (column-start and row-end from row-start, column-end from column-start), else is auto.
    'grid-area': function (value, whole) {
      var names = ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'];
      if (whole) return names.map(function (n) { return [n, value]; });
      var v = splitTop(value, '/').map(function (t) { return t.trim(); }), from = [null, 0, 0, 1];
      function ident(t) { return t !== undefined && /^[a-z_-][\w-]*$/i.test(t) && !/^(auto|span)$/i.test(t); }
      return names.map(function (n, i) {
        if (v[i] !== undefined) return [n, v[i]];
        var source = from[i] === null ? undefined : v[from[i]];
        return [n, ident(source) ? source : 'auto'];
      });
    },
    gap: function (value, whole) {
      var v = whole ? [value] : splitTop(value, ' ');
      return [['row-gap', v[0]], ['column-gap', v[1] || v[0]]];
    },
    'text-decoration': function (value, whole) {
      if (whole) return [['text-decoration-line', value]];
      var out = [['text-decoration-line', 'none'], ['text-decoration-style', 'solid'], ['text-decoration-color', 'currentcolor']];
      splitTop(value, ' ').forEach(function (t) {
        if (/^(solid|double|dotted|dashed|wavy)$/i.test(t)) out[1][1] = t;
        else if (isColor(t)) out[2][1] = t;
        else out[0][1] = out[0][1] === 'none' ? t : out[0][1] + ' ' + t;
      });
      return out;
    },
    'list-style': function (value, whole) {
      if (whole) return [['list-style-type', value]];
      var out = [['list-style-type', 'disc'], ['list-style-position', 'outside'], ['list-style-image', 'none']];
      splitTop(value, ' ').forEach(function (t) {
        if (/^(inside|outside)$/i.test(t)) out[1][1] = t; else if (/^url\(/i.test(t)) out[2][1] = t; else out[0][1] = t;
      });
      return out;
    },
    transition: function (value, whole) {
      if (whole) return ['property', 'duration', 'timing-function', 'delay'].map(function (n) { return ['transition-' + n, value]; });
      var cols = [[], [], [], []];
      splitTop(value, ',').forEach(function (item) {
        var times = [], prop = 'all', fn = 'ease';
        splitTop(item, ' ').forEach(function (t) {
          if (/^-?[\d.]+m?s$/i.test(t)) times.push(t);
          else if (/^(ease|ease-in|ease-out|ease-in-out|linear|step-start|step-end)$/i.test(t) || /\(/.test(t)) fn = t;
          else prop = t;
        });
        cols[0].push(prop); cols[1].push(times[0] || '0s'); cols[2].push(fn); cols[3].push(times[1] || '0s');
      });
      return ['property', 'duration', 'timing-function', 'delay'].map(function (n, i) { return ['transition-' + n, cols[i].join(', ')]; });
    },
    // CSS Animations 1: a time is the duration, a second one the delay; a keyword that fits a longhand not yet
    // given goes there (so `none` is the fill mode first); anything else is the name.
    animation: function (value, whole) {
      var names = ['name', 'duration', 'timing-function', 'delay', 'iteration-count', 'direction', 'fill-mode', 'play-state'];
      if (whole) return names.map(function (n) { return ['animation-' + n, value]; });
      var initial = ['none', '0s', 'ease', '0s', '1', 'normal', 'none', 'running'];
      var cols = names.map(function () { return []; });
      splitTop(value, ',').forEach(function (item) {
        var v = {};
        splitTop(item, ' ').forEach(function (t) {
          var k = t.toLowerCase();
          if (/^-?[\d.]+m?s$/.test(k)) v[v[1] === undefined ? 1 : 3] = t;
          else if (/^(ease|ease-in|ease-out|ease-in-out|linear|step-start|step-end)$/.test(k) || /\(/.test(t)) v[2] = t;
          else if (v[4] === undefined && (k === 'infinite' || /^[\d.]+$/.test(k))) v[4] = t;
          else if (v[5] === undefined && /^(normal|reverse|alternate|alternate-reverse)$/.test(k)) v[5] = t;
          else if (v[6] === undefined && /^(none|forwards|backwards|both)$/.test(k)) v[6] = t;
          else if (v[7] === undefined && /^(running|paused)$/.test(k)) v[7] = t;
          else v[0] = t;
        });
        names.forEach(function (n, i) { cols[i].push(v[i] === undefined ? initial[i] : v[i]); });
      });
      return names.map(function (n, i) { return ['animation-' + n, cols[i].join(', ')]; });
    }
  };
  shorthands['border-top'] = shorthands['border-right'] = shorthands['border-bottom'] = shorthands['border-left'] = null;
  sides.forEach(function (s) {
    shorthands['border-' + s] = function (value, whole) {
      var b = whole ? { width: value, style: value, color: value } : border(value);
      return b ? [['border-' + s + '-width', b.width], ['border-' + s + '-style', b.style], ['border-' + s + '-color', b.color]] : [];
    };
  });

  // --- specificity (Selectors 4): ids, classes/attributes/pseudo-classes, types/pseudo-elements
  function specificity(selector) {
    var a = 0, b = 0, c = 0, s = selector.replace(/\\./g, 'x').replace(/"[^"]*"|'[^']*'/g, '""');
    s = s.replace(/:(is|not|has|matches|-webkit-any)\(((?:[^()]|\([^()]*\))*)\)/gi, function (all, name, args) {
      var best = 0;
      splitTop(args, ',').forEach(function (sel) { best = Math.max(best, specificity(sel)); });
      a += Math.floor(best / 1e6); b += Math.floor(best / 1e3) % 1e3; c += best % 1e3;
      return '';
    });
    s = s.replace(/:where\((?:[^()]|\([^()]*\))*\)/gi, '');
    s = s.replace(/\[[^\]]*\]/g, function () { b++; return ''; });
    s = s.replace(/::[\w-]+(\([^)]*\))?|:(before|after|first-line|first-letter)\b/gi, function () { c++; return ''; });
    s = s.replace(/#[\w-]+/g, function () { a++; return ''; });
    s = s.replace(/\.[\w-]+/g, function () { b++; return ''; });
    s = s.replace(/:[\w-]+(\([^)]*\))?/g, function () { b++; return ''; });
    s.replace(/(^|[\s>+~(])([a-z][\w-]*)/gi, function () { c++; return ''; });
    return a * 1e6 + b * 1e3 + c;
  }

  // --- the rules in effect: user agent, then document sheets and adopted sheets, with @media/@supports applied
  var UA = 'html,address,blockquote,body,dd,div,dl,dt,fieldset,form,frame,frameset,h1,h2,h3,h4,h5,h6,noframes,ol,p,ul,' +
    'center,dir,hr,menu,pre,header,footer,nav,section,article,aside,main,figure,figcaption,hgroup,details,summary,legend,' +
    'search,address,optgroup{display:block}li{display:list-item}summary{display:list-item}' +
    'head,script,style,link,meta,title,template,base,noscript,datalist,param,area,map,[hidden],dialog:not([open]),' +
    'input[type=hidden]{display:none}dialog[open]{display:block}' +
    'table{display:table;border-collapse:separate;border-spacing:2px}tr{display:table-row}td,th{display:table-cell}' +
    'thead{display:table-header-group}tbody{display:table-row-group}tfoot{display:table-footer-group}' +
    'caption{display:table-caption}col{display:table-column}colgroup{display:table-column-group}' +
    'button,input,select,textarea,meter,progress{display:inline-block}ruby{display:ruby}rt{display:ruby-text}' +
    'body{margin:8px}p,blockquote,figure,dl,ol,ul,pre{margin-top:1em;margin-bottom:1em}' +
    'h1{font-size:2em;margin-top:.67em;margin-bottom:.67em}h2{font-size:1.5em;margin-top:.83em;margin-bottom:.83em}' +
    'h3{font-size:1.17em;margin-top:1em;margin-bottom:1em}h4{margin-top:1.33em;margin-bottom:1.33em}' +
    'h5{font-size:.83em;margin-top:1.67em;margin-bottom:1.67em}h6{font-size:.67em;margin-top:2.33em;margin-bottom:2.33em}' +
    'h1,h2,h3,h4,h5,h6,b,strong,th{font-weight:bold}i,em,cite,var,dfn,address{font-style:italic}' +
    'ol,ul,menu{padding-left:40px}ol{list-style-type:decimal}pre,code,kbd,samp,tt{font-family:monospace}pre{white-space:pre}' +
    'a[href]{color:rgb(0, 0, 238);text-decoration:underline;cursor:pointer}u,ins{text-decoration:underline}' +
    's,strike,del{text-decoration:line-through}small{font-size:smaller}big{font-size:larger}sub,sup{font-size:smaller}' +
    'center,th{text-align:center}hr{border:1px inset;margin-top:.5em;margin-bottom:.5em}img{display:inline}' +
    'fieldset{margin-left:2px;margin-right:2px;border:2px groove}[dir=ltr i]{direction:ltr}[dir=rtl i]{direction:rtl}';
  var uaSheet = null, rulesCache = { version: 0, list: null, index: null, uses: null };
  function collect(rules, origin, out) {
    for (var i = 0; i < rules.length; i++) {
      var rule = rules[i];
      if (rule instanceof CSSOM.CSSStyleRule) {
        splitTop(rule.selectorText || '', ',').forEach(function (sel) {
          if (!sel) return;
          var pseudo = null;
          var m = /::?(before|after|first-line|first-letter|placeholder|marker|selection|backdrop)$/i.exec(sel);
          if (m) { pseudo = m[1].toLowerCase(); sel = sel.slice(0, m.index) || '*'; }
          out.push({ selector: sel, pseudo: pseudo, specificity: specificity(sel) + (pseudo ? 1 : 0), order: out.length,
            origin: origin, style: rule.style, valid: true });
        });
      } else if (rule instanceof CSSOM.CSSMediaRule) {
        if (ruleMediaMatches(rule)) collect(rule.cssRules, origin, out);
      } else if (rule instanceof CSSOM.CSSSupportsRule) {
        if (supportsCondition(rule.conditionText)) collect(rule.cssRules, origin, out);
      }
    }
  }
  function ruleMediaMatches(rule) {
    return mediaMatches(rule.media.mediaText !== undefined ? rule.media.mediaText : Array.prototype.join.call(rule.media, ', '));
  }
  function rulesInEffect() {
    if (rulesCache.version === sheetsVersion) return rulesCache;
    if (!uaSheet) uaSheet = parseInto(new CSSOM.CSSStyleSheet(), UA);
    var list = [];
    collect(uaSheet.cssRules, 0, list);
    documentSheets().concat(adopted).forEach(function (sheet) {
      if (sheet.disabled) return;
      if (sheet.media && sheet.media.mediaText && !mediaMatches(sheet.media.mediaText)) return;
      collect(sheet.cssRules, 1, list);
    });
    // Rules bucketed by the key of their rightmost compound selector (an id, else a class, else a type, else an
    // attribute name), as WebKit's RuleSet does: an element only tries the rules of its own id, classes, type and
    // attributes, and the rest. `uses` says which selectors a mutation may reach beyond the element's subtree.
    var index = { id: Object.create(null), cls: Object.create(null), tag: Object.create(null), attr: Object.create(null),
      attrValue: Object.create(null), any: [] };
    var uses = { has: false, sibling: false, nthOf: false, structural: false };
    list.forEach(function (r, order) {
      var key = ruleKey(r.selector), bucket = key && index[key[0]];
      if (bucket) (bucket[key[1]] || (bucket[key[1]] = [])).push(r); else index.any.push(r);
      var plain = r.selector.replace(/\[[^\]]*\]/g, '[]');
      if (/:has\(/i.test(plain)) uses.has = true;
      if (/[+~]/.test(plain)) uses.sibling = true;
      if (/\sof\s/i.test(plain)) uses.nthOf = true;
      if (/[+~]|:(first|last|only|nth)-|:empty|:blank/i.test(plain)) uses.structural = true;
    });
    rulesCache = { version: sheetsVersion, list: list, index: index, uses: uses };
    return rulesCache;
  }
  // The bucket of a selector: ['id'|'cls'|'tag'|'attr', key] from its rightmost compound, or null (the universal
  // bucket) when it has none or cannot be read safely (escapes, namespaces). Arguments of :not(), :is() and the
  // like, however nested, never give the key: `.a:not(.b)` is keyed by `a`, `:not(.b)` is universal.
  function ruleKey(selector) {
    if (/\\|\|(?!=)/.test(selector)) return null;
    var values = [];   // [name=value] keeps its value (lowercased: some HTML attributes match case-insensitively)
    var s = selector.replace(/\[\s*([\w-]+)\s*=\s*(?:"([^"\]]*)"|'([^'\]]*)'|([\w-]+))\s*\]/g, function (all, name, a, b, c) {
      return '[' + name + '=@' + (values.push(String(a !== undefined ? a : b !== undefined ? b : c).toLowerCase()) - 1) + ']';
    }).replace(/\[\s*([\w-]+)\s*(?:[~|^$*]?=(?!@)[^\]]*)?\]/g, '[$1]').replace(/\[(?![\w-]+(?:=@\d+)?\])[^\]]*\]/g, '[]');
    for (var before = null; before !== s;) { before = s; s = s.replace(/\([^()]*\)/g, ''); }
    if (/[()]/.test(s)) return null;
    var last = s.trim().split(/\s*[\s>+~]\s*/).pop(), m;
    if ((m = /#([\w-]+)/.exec(last))) return ['id', m[1]];
    if ((m = /\.([\w-]+)/.exec(last))) return ['cls', m[1]];
    if ((m = /^([a-z][\w-]*)/i.exec(last))) return ['tag', m[1].toLowerCase()];
    if ((m = /\[([\w-]+)=@(\d+)\]/.exec(last))) return ['attrValue', m[1].toLowerCase() + '=' + values[+m[2]]];
    if ((m = /\[([\w-]+)\]/.exec(last))) return ['attr', m[1].toLowerCase()];
    return null;
  }
  // Which elements' styles a DOM mutation may change, when no sheet changed: the element whose attribute changed
  // and its subtree (inherited values and descendant selectors), with its following siblings' subtrees when a rule
  // has a sibling combinator, its parent's subtree when one has `:nth-child(… of S)`; an inserted or removed node's
  // parent subtree when a rule has a structural pseudo-class or a sibling combinator. `:has()` restyles everything.
  function invalidate(m) {
    var uses = rulesCache.uses, t = m.type;
    if (!uses || uses.has || t === 5) { bump(); return; }
    var target = m.target;
    if (!target) { bump(); return; }
    if (t === 2 || t === 3) {
      if (uses.nthOf) { if (!forgetChildrenOf(target.parentNode)) bump(); return; }
      forget(target);
      if (uses.sibling) for (var n = target.nextElementSibling; n; n = n.nextElementSibling) forget(n);
    } else if (t === 6 || t === 4) {
      if (uses.structural) { if (!forgetChildrenOf(target)) bump(); } else if (t === 6 && m.node.nodeType === 1) forget(m.node);
    } else if (t === 1 && uses.structural) {
      if (!forgetChildrenOf(target.parentNode)) bump();
    }
  }
  function forgetChildrenOf(parent) {
    if (!parent || parent.nodeType !== 1) return false;
    forget(parent);
    return true;
  }
  // Drop the cached styles of el and its descendants. While domino's removeChildren runs (textContent, innerHTML,
  // jQuery's empty()) the parent still lists the children it has already cut off (parentNode null): the walk ends
  // there (those children's styles are forgotten again when they are inserted somewhere).
  function forget(el) {
    var n = el;
    while (n) {
      cache.delete(n);
      if (n.firstElementChild) { n = n.firstElementChild; continue; }
      while (n && n !== el && !n.nextElementSibling) n = n.parentNode;
      n = !n || n === el ? null : n.nextElementSibling;
    }
  }
  // A mutation that may change the sheets in effect: a <style>'s text, a <style> or <link> (or a subtree holding
  // one) inserted or removed, or an attribute of one changed.
  function isSheetOwner(n) { return !!n && n.nodeType === 1 && (n.localName === 'style' || n.localName === 'link'); }
  function touchesSheets(m) {
    if (m.type === 1) return !!m.target && isSheetOwner(m.target.parentNode);
    if (m.type === 2 || m.type === 3) return isSheetOwner(m.target);
    if (m.type === 4 || m.type === 6) {
      return isSheetOwner(m.target) || isSheetOwner(m.node) ||
        (m.node.nodeType === 1 && !!m.node.firstElementChild && !!m.node.querySelector('style, link'));
    }
    return m.type === 5;
  }
  function candidates(el) {
    var index = rulesInEffect().index, out = index.any;
    function add(bucket) { if (bucket) out = out.concat(bucket); }
    if (el.id) add(index.id[el.id]);
    var classes = el.getAttribute('class');
    if (classes) classes.split(/\s+/).forEach(function (c, i, all) { if (c && all.indexOf(c) === i) add(index.cls[c]); });
    add(index.tag[el.localName.toLowerCase()]);
    var attributes = el.attributes;
    for (var i = 0; i < attributes.length; i++) {
      var name = attributes[i].name.toLowerCase();
      add(index.attr[name]);
      add(index.attrValue[name + '=' + String(attributes[i].value).toLowerCase()]);
    }
    return out === index.any ? out : out.sort(function (a, b) { return a.order - b.order; });
  }

  // The style attribute, parsed as the sheets are (domino's own `style` parser drops `initial` and friends).
  var inlineCache = new Map();
  function inlineStyle(text) {
    if (text === null || !/\S/.test(text)) return null;
    var style = inlineCache.get(text);
    if (!style) {
      var rule = parseInto(new CSSOM.CSSStyleSheet(), '*{' + text.replace(/[{}]/g, '') + '}').cssRules[0];
      style = rule ? rule.style : { length: 0 };
      if (inlineCache.size > 500) inlineCache.clear();
      inlineCache.set(text, style);
    }
    return style;
  }

  // --- the cascade for one element: declared values in ascending precedence, last one wins
  function declarations(el, pseudo) {
    var normal = [], important = [];
    var rules = candidates(el);
    for (var i = 0; i < rules.length; i++) {
      var r = rules[i];
      if (!r.valid || r.pseudo !== pseudo) continue;
      var matched = false;
      try { matched = el.matches(r.selector); } catch (e) { r.valid = false; }
      if (!matched) continue;
      for (var j = 0; j < r.style.length; j++) {
        var name = r.style[j], entry = { name: name, value: r.style.getPropertyValue(name), origin: r.origin,
          specificity: r.specificity, order: r.order };
        if (r.style.getPropertyPriority(name) && r.origin === 1) important.push(entry); else normal.push(entry);
      }
    }
    function rank(x, y) { return x.origin - y.origin || x.specificity - y.specificity || x.order - y.order; }
    normal.sort(rank);
    important.sort(rank);
    var inlineNormal = [], inlineImportant = [];
    var inline = pseudo ? null : inlineStyle(el.getAttribute('style'));
    if (inline) {
      for (var k = 0; k < inline.length; k++) {
        var n = inline[k], e = { name: n, value: inline.getPropertyValue(n) };
        if (inline.getPropertyPriority(n)) inlineImportant.push(e); else inlineNormal.push(e);
      }
    }
    var cascaded = Object.create(null);
    normal.concat(inlineNormal, important, inlineImportant).forEach(function (d) {
      var name = d.name.indexOf('--') === 0 ? d.name : d.name.toLowerCase();
      if (name.indexOf('--') === 0) { cascaded[name] = d.value; return; }
      if (d.value === undefined || d.value === null || String(d.value).trim() === '') return;
      expand(name, String(d.value).trim()).forEach(function (p) { cascaded[p[0]] = p[1]; });
    });
    return cascaded;
  }

  // --- var(): substitution with fallbacks; cycles make the custom properties involved invalid
  function substitute(value, lookup) {
    var out = '', i = 0;
    while (i < value.length) {
      var at = value.toLowerCase().indexOf('var(', i);
      if (at < 0) { out += value.slice(i); break; }
      out += value.slice(i, at);
      var depth = 0, end = at + 3;
      for (; end < value.length; end++) {
        if (value[end] === '(') depth++;
        else if (value[end] === ')' && --depth === 0) break;
      }
      if (end >= value.length) return null;
      var inner = value.slice(at + 4, end), comma = splitTop(inner, ',');
      var name = comma[0].trim(), fallback = comma.length > 1 ? inner.slice(inner.indexOf(',') + 1).trim() : null;
      var resolved = lookup(name);
      if (resolved === null) {
        if (fallback === null) return null;
        resolved = substitute(fallback, lookup);
        if (resolved === null) return null;
      }
      out += resolved;
      i = end + 1;
    }
    return out;
  }
  function customProperties(cascaded, parentCustom) {
    var result = Object.create(null), state = Object.create(null);
    function resolve(name) {
      if (state[name] === 'done') return result[name] === undefined ? null : result[name];
      if (state[name] === 'busy') { state[name] = 'cycle'; return null; }
      if (!(name in cascaded)) return parentCustom[name] === undefined ? null : parentCustom[name];
      state[name] = 'busy';
      var raw = String(cascaded[name]).trim(), value;
      if (/^(inherit|unset)$/i.test(raw)) value = parentCustom[name] === undefined ? null : parentCustom[name];
      else if (/^initial$/i.test(raw)) value = null;
      else value = substitute(cascaded[name], resolve);
      if (state[name] === 'cycle') value = null;
      state[name] = 'done';
      if (value !== null) result[name] = value;
      return value;
    }
    for (var p in parentCustom) result[p] = parentCustom[p];
    for (var n in cascaded) if (n.indexOf('--') === 0) { delete result[n]; resolve(n); }
    // A property that is part of a cycle is invalid even when resolved after another member of the cycle.
    for (var c in state) if (state[c] === 'cycle') delete result[c];
    return result;
  }

  // --- computed values for one element (cached per generation)
  var cache = new WeakMap();
  var fontSizes = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };
  // The element's cascaded values and custom properties; each computed value is worked out on first read
  // (``valueOf``), so reading one property of many elements does not compute all of them.
  function computed(el, pseudo) {
    tables();
    var entry = cache.get(el);
    if (entry && entry.epoch === styleEpoch && entry[pseudo || '']) return entry[pseudo || ''];
    if (!entry || entry.epoch !== styleEpoch) { entry = { epoch: styleEpoch }; cache.set(el, entry); }
    anyCached = true;
    computations++;
    var parent = pseudo ? computed(el, null) : el.parentNode && el.parentNode.nodeType === 1 ? computed(el.parentNode, null) : null;
    var isRoot = el === doc.documentElement;
    var root = doc.documentElement && !isRoot ? computed(doc.documentElement, null) : null;
    var cascaded = declarations(el, pseudo);
    var custom = customProperties(cascaded, parent ? parent.custom : Object.create(null));
    // Shorthands whose value had var(): their longhands carry the whole value; expand after substitution.
    var anyVar = false;
    for (var cv in cascaded) if (cv.indexOf('--') !== 0 && /var\(/i.test(String(cascaded[cv]))) { anyVar = true; break; }
    if (anyVar) Object.keys(shorthands).forEach(function (sh) {
      var longs = longhandsOf(sh), first = longs[0];
      if (!(first in cascaded) || !/var\(/i.test(String(cascaded[first]))) return;
      var same = longs.every(function (l) { return cascaded[l] === cascaded[first]; });
      if (!same) return;
      var v = substitute(String(cascaded[first]), function (n) { return custom[n] === undefined ? null : custom[n]; });
      if (v === null) return;
      var expanded = expand(sh, v.trim());
      if (!expanded.length) longs.forEach(function (l) { cascaded[l] = 'unset'; });
      expanded.forEach(function (p) { cascaded[p[0]] = p[1]; });
    });
    var record = { el: el, pseudo: pseudo, parent: parent, cascaded: cascaded, custom: custom, values: Object.create(null) };
    // font-size first: em in other properties is relative to it.
    var parentFont = parent ? parseFloat(valueOf(parent, 'font-size')) : 16;
    var rootFont = root ? parseFloat(valueOf(root, 'font-size')) : 16;
    var fs = specified(record, 'font-size'), fontSize;
    if (fs.inherited !== undefined) fontSize = parseFloat(fs.inherited);
    else {
      var f = fs.value.toLowerCase();
      if (fontSizes[f]) fontSize = fontSizes[f];
      else if (f === 'smaller') fontSize = parentFont / 1.2;
      else if (f === 'larger') fontSize = parentFont * 1.2;
      else {
        var n = toPx(f, { em: parentFont, rem: isRoot ? 16 : rootFont }, parentFont);
        fontSize = n === null ? parentFont : n;
      }
    }
    record.values['font-size'] = px(fontSize);
    record.ctx = { em: fontSize, rem: isRoot ? fontSize : rootFont };
    entry[pseudo || ''] = record;
    return record;
  }
  function specified(record, name) {
    var info = properties[name] || { inherited: false, initial: '' }, cascaded = record.cascaded, custom = record.custom;
    var v = name in cascaded ? String(cascaded[name]).trim() : null;
    if (v !== null && /var\(/i.test(v)) {
      v = substitute(v, function (n) { return custom[n] === undefined ? null : custom[n]; });
      v = v === null ? 'unset' : v.trim();   // invalid at computed-value time: unset
    }
    if (v === null || /^(unset|revert|revert-layer)$/i.test(v)) v = info.inherited ? 'inherit' : 'initial';
    if (/^inherit$/i.test(v)) {
      if (!record.parent) return { value: info.initial };
      var inherited = valueOf(record.parent, name);
      return { inherited: inherited !== undefined ? inherited : info.initial };
    }
    if (/^initial$/i.test(v)) return { value: info.initial };
    return { value: v };
  }
  function valueOf(record, name) {
    var v = record.values[name];
    if (v === undefined && (properties[name] || name in record.cascaded)) {
      v = computeValue(record, name);
      record.values[name] = v;
    }
    return v;
  }
  function computeValue(record, name) {
    var parent = record.parent, el = record.el;
    // A border or outline without a style has no width.
    var side = /^(border-(?:top|right|bottom|left)|outline)-width$/.exec(name);
    if (side && /^(none|hidden)$/.test(valueOf(record, side[1] + '-style'))) return '0px';
    if (name === 'content' && record.pseudo) {
      var content = specifiedValue(record, name);
      return content === 'normal' ? 'none' : content;
    }
    if (!(name in record.cascaded)) {   // the common case: inherited, or the initial value (computed once)
      var info = properties[name];
      if (info.inherited && parent) return valueOf(parent, name);
      if (!colorProps[name] && initialComputed[name] !== undefined) return initialComputed[name];
    }
    return specifiedValue(record, name, function () {
      if (parent && /px$/.test(valueOf(parent, 'width') || '')) return parseFloat(valueOf(parent, 'width'));
      return el === doc.documentElement || el.parentNode === doc.documentElement ? device().width : undefined;
    });
  }
  function specifiedValue(record, name, containingWidth) {
    var s = specified(record, name);
    if (s.inherited !== undefined) return s.inherited;
    var v = s.value;
    if (colorProps[name]) return computeColor(v, name === 'color' ? (record.parent ? valueOf(record.parent, 'color') : 'rgb(0, 0, 0)') : valueOf(record, 'color'));
    if (lengthProps.test(name)) {
      if (/^(thin|medium|thick)$/i.test(v) && /width$/.test(name)) return { thin: '1px', medium: '3px', thick: '5px' }[v.toLowerCase()];
      if (name === 'line-height' && /^[\d.]+$/.test(v)) return v;
      var fontSize = parseFloat(record.values['font-size']);
      var base = widthPercent.test(name) && containingWidth ? containingWidth() : name === 'line-height' ? fontSize : undefined;
      return computeLengths(v, record.ctx, base);
    }
    if (name === 'font-weight') return { normal: '400', bold: '700', bolder: '700', lighter: '100' }[v.toLowerCase()] || v;
    return v;
  }

  // --- CSSStyleDeclaration for getComputedStyle: live (reads the current generation) and read-only
  function camel(name) { return name.replace(/^-webkit-/, 'webkit-').replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); }); }
  function ComputedStyle() { throw new TypeError('Illegal constructor'); }
  // The warm path of a read: the element's cache entry, checked against the epoch (`rooted` is domino's "in a
  // document" flag; an element in this document is under its document element).
  var ELEMENT = Symbol('element'), PSEUDO = Symbol('pseudo');
  function current(style) {
    if (env.styleRead) env.styleRead();
    var el = style[ELEMENT];
    if (!el.rooted || el.ownerDocument !== doc) return null;
    var entry = cache.get(el), record = entry && entry.epoch === styleEpoch && entry[style[PSEUDO] || ''];
    return record || computed(el, style[PSEUDO]);
  }
  // env.animated, once an animation or a transition exists (animation/animation.js): the value at the runtime's
  // current time of an element's running effects. Elements without one pay a Map lookup, pages without any nothing.
  // A `transform` reads as browsers resolve it: `none` or matrix(a, b, c, d, e, f) (animation/animation.js), its
  // percentages of the border box (of a 0 x 0 box when the element has none).
  function animatedValueOf(record, name) {
    var value = valueOf(record, name), animated = env.animated;
    if (animated && !record.pseudo && animated.has(record.el) && value !== undefined) value = animated.value(record.el, name, value);
    if (name !== 'transform' || !env.motion || value === undefined || value === 'none') return value;
    var box = value.indexOf('%') >= 0 && env.geometry ? env.geometry.boxOf(record.el) : null;   // percentages of the border box
    return box ? env.motion.resolvedTransform(value, box.b.width, box.b.height) : env.motion.resolvedTransform(value, 0, 0);
  }
  ComputedStyle.prototype = {
    getPropertyValue: function (name) {
      name = String(name);
      var c = current(this);
      if (!c) return '';
      if (name.indexOf('--') === 0) return c.custom[name] === undefined ? '' : c.custom[name];
      name = name.toLowerCase();
      var value = animatedValueOf(c, name);
      if (value !== undefined) return value;
      if (shorthands[name]) {
        var longs = longhandsOf(name).map(function (l) { return animatedValueOf(c, l); });
        if (/^(margin|padding|inset|border-width|border-style|border-color)$/.test(name)) {
          if (longs[1] === longs[3]) { longs.pop(); if (longs[0] === longs[2]) { longs.pop(); if (longs[0] === longs[1]) longs.pop(); } }
        }
        return longs.every(function (l) { return l !== undefined; }) ? longs.join(' ') : '';
      }
      return '';
    },
    getPropertyPriority: function () { return ''; },
    item: function (i) { tables(); return allNames[i] || ''; },
    setProperty: function () { throw domException('The computed style is read-only', 'NoModificationAllowedError'); },
    removeProperty: function () { throw domException('The computed style is read-only', 'NoModificationAllowedError'); },
    get length() { tables(); return allNames.length; },
    get cssText() { return ''; },
    get parentRule() { return null; }
  };
  // The property accessors (camelCase and dashed names, indices) are defined on first use, not at page set-up.
  var defineAccessors = env.lazyInstaller(function () {
    tables();
    allNames.concat(Object.keys(shorthands)).forEach(defineAccessor);
    allNames.forEach(function (name, i) {
      Object.defineProperty(ComputedStyle.prototype, i, { configurable: true, get: function () { return name; } });
    });
  });
  function defineAccessor(name) {
    var d = { configurable: true, enumerable: true, get: function () {
      // The cached value, interpolated when the element has running animations; else what getPropertyValue derives.
      var c = current(this), v = c ? animatedValueOf(c, name) : undefined;
      return v !== undefined ? v : this.getPropertyValue(name);
    } };
    Object.defineProperty(ComputedStyle.prototype, camel(name), d);
    if (name.indexOf('-') >= 0) Object.defineProperty(ComputedStyle.prototype, name, d);
    if (name === 'float') Object.defineProperty(ComputedStyle.prototype, 'cssFloat', d);
  }
  function getComputedStyle(element, pseudoElement) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    if (!element || element.nodeType !== 1) {
      throw new TypeError("Failed to execute 'getComputedStyle' on 'Window': parameter 1 is not of type 'Element'.");
    }
    load();
    defineAccessors();
    var style = Object.create(ComputedStyle.prototype);
    var pseudo = pseudoElement ? /^::?(before|after|first-line|first-letter|placeholder|marker|selection|backdrop)$/i.exec(String(pseudoElement)) : null;
    style[ELEMENT] = element;
    style[PSEUDO] = pseudo ? pseudo[1].toLowerCase() : null;
    return style;
  }
  Object.defineProperty(g, 'getComputedStyle', { value: getComputedStyle, writable: true, configurable: true, enumerable: true });

  // --- media queries (Media Queries 4) against window.__hybridDevice
  function mediaMatches(text) {
    text = String(text).trim();
    if (!text) return true;
    return splitTop(text, ',').some(function (q) { return queryMatches(q.trim().toLowerCase()); });
  }
  function queryMatches(q) {
    var negate = false, m;
    if (/^not\s/.test(q)) { negate = true; q = q.slice(4).trim(); }
    else if (/^only\s/.test(q)) q = q.slice(5).trim();
    var result = true;
    m = /^([a-z-]+)(\s+and\s+|$)/.exec(q);
    if (m && m[1] !== 'and') {
      result = m[1] === 'all' || m[1] === 'screen';
      if (!/^(all|screen|print|speech|tv|handheld|projection|tty|braille|embossed|aural)$/.test(m[1])) return false;
      q = q.slice(m[0].length);
    } else if (negate) return false;
    if (q) {
      var ok = condition(q);
      if (ok === null) return false;   // a malformed query is "not all"
      result = result && ok;
    }
    return negate ? !result : result;
  }
  // A media condition: (feature) joined by and/or, with not; null when malformed.
  function condition(text) {
    text = text.trim();
    if (/^not\s*\(/.test(text)) { var r = condition(text.slice(3)); return r === null ? null : !r; }
    var parts = [], depth = 0, start = 0, ops = [];
    for (var i = 0; i < text.length; i++) {
      if (text[i] === '(') { if (depth++ === 0) start = i; }
      else if (text[i] === ')') {
        if (--depth === 0) parts.push(text.slice(start + 1, i));
        if (depth < 0) return null;
      } else if (depth === 0 && /\S/.test(text[i])) {
        var word = /^(and|or)\b/.exec(text.slice(i));
        if (!word) return null;
        ops.push(word[1]);
        i += word[1].length - 1;
      }
    }
    if (depth !== 0 || !parts.length || ops.length !== parts.length - 1) return null;
    var results = [];
    for (var k = 0; k < parts.length; k++) {
      var p = parts[k].trim();
      var v = /^(not\s*)?\(/.test(p) ? condition(p) : feature(p);
      if (v === null) return null;
      results.push(v);
    }
    if (ops.indexOf('or') >= 0) return ops.indexOf('and') >= 0 ? null : results.some(Boolean);
    return results.every(Boolean);
  }
  function mediaLength(v) {
    var n = toPx(v.trim(), { em: 16, rem: 16 });
    return n;
  }
  function resolution(v) {
    var m = /^([\d.]+)(dppx|x|dpi|dpcm)$/.exec(v.trim());
    if (!m) return null;
    var n = parseFloat(m[1]);
    return m[2] === 'dpi' ? n / 96 : m[2] === 'dpcm' ? n * 2.54 / 96 : n;
  }
  function ratio(v) {
    var m = /^([\d.]+)\s*(?:\/\s*([\d.]+))?$/.exec(v.trim());
    return m ? parseFloat(m[1]) / (m[2] ? parseFloat(m[2]) : 1) : null;
  }
  function compare(actual, op, expected) {
    if (expected === null || expected === undefined || isNaN(expected)) return null;
    switch (op) {
      case '=': return Math.abs(actual - expected) < 1e-9;
      case '<': return actual < expected;
      case '<=': return actual <= expected + 1e-9;
      case '>': return actual > expected;
      case '>=': return actual >= expected - 1e-9;
    }
    return null;
  }
  function feature(text) {
    var d = device();
    var numeric = {
      width: [d.width, mediaLength], height: [d.height, mediaLength],
      'device-width': [d.screenWidth, mediaLength], 'device-height': [d.screenHeight, mediaLength],
      'aspect-ratio': [d.width / d.height, ratio], 'device-aspect-ratio': [d.screenWidth / d.screenHeight, ratio],
      resolution: [d.dpr, resolution], '-webkit-device-pixel-ratio': [d.dpr, parseFloat],
      color: [8, parseFloat], 'color-index': [0, parseFloat], monochrome: [0, parseFloat]
    };
    var discrete = {
      orientation: d.orientation, 'prefers-color-scheme': d.colorScheme, 'prefers-reduced-motion': d.reducedMotion,
      hover: d.hover, 'any-hover': d.hover, pointer: d.pointer, 'any-pointer': d.pointer, 'display-mode': d.displayMode,
      scan: 'progressive', grid: '0', update: 'fast', 'prefers-contrast': 'no-preference',
      'prefers-reduced-transparency': 'no-preference', 'forced-colors': 'none', 'inverted-colors': 'none',
      'dynamic-range': 'standard', 'color-gamut': 'p3', scripting: 'enabled', 'overflow-block': 'scroll',
      'overflow-inline': 'scroll'
    };
    var m = /^([a-z-]+)\s*(?::\s*(.+))?$/.exec(text);
    if (m) {
      var name = m[1], value = m[2], prefix = null;
      var pm = /^(min|max)-(.+)$/.exec(name);
      if (pm && (numeric[pm[2]] || pm[2] === 'device-pixel-ratio')) { prefix = pm[1]; name = pm[2]; }
      if (/^-webkit-(min|max)-device-pixel-ratio$/.test(m[1])) { prefix = /min/.test(m[1]) ? 'min' : 'max'; name = '-webkit-device-pixel-ratio'; }
      if (numeric[name]) {
        var spec = numeric[name];
        if (value === undefined) return prefix ? null : spec[0] !== 0;
        return compare(spec[0], prefix === 'min' ? '>=' : prefix === 'max' ? '<=' : '=', spec[1](value));
      }
      if (name in discrete && !prefix) {
        if (value === undefined) return !/^(none|no-preference|0)$/.test(discrete[name]);
        if (name === 'color-gamut') return /^(srgb|p3)$/.test(value.trim());
        if (name === 'display-mode' && value.trim() === 'browser') return d.displayMode === 'browser';
        return discrete[name] === value.trim();
      }
      return null;
    }
    // Range syntax: (width >= 600px), (400px < width <= 700px)
    var r = /^(?:([^<>=]+?)\s*(<=|>=|<|>|=)\s*)?([a-z-]+)\s*(<=|>=|<|>|=)\s*([^<>=]+)$/.exec(text);
    var flip = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=' };
    if (r && numeric[r[3]]) {
      var f = numeric[r[3]], right = compare(f[0], r[4], f[1](r[5]));
      if (r[1] === undefined) return right;
      var left = compare(f[0], flip[r[2]], f[1](r[1]));
      return left === null || right === null ? null : left && right;
    }
    var rr = /^([^<>=]+?)\s*(<=|>=|<|>|=)\s*([a-z-]+)$/.exec(text);
    if (rr && numeric[rr[3]]) return compare(numeric[rr[3]][0], flip[rr[2]], numeric[rr[3]][1](rr[1]));
    return null;
  }

  // --- matchMedia and MediaQueryList (with change events when the device helper reports a change)
  var live = [];
  function MediaQueryList() { throw new TypeError('Illegal constructor'); }
  // MediaQueryListEvent: `media` and `matches` are attributes of its prototype, as WebKit's (WebKitGTK 2.50).
  var MediaQueryListEvent;
  function eventClass() {
    return MediaQueryListEvent || (MediaQueryListEvent = env.defineEventClass('MediaQueryListEvent',
      [['matches', false, Boolean], ['media', '', String]], ['media', 'matches']));
  }
  function makeEvent(mql) { return new (eventClass())('change', { media: mql.media, matches: mql.matches }); }
  function watch(mql) { if (live.indexOf(mql) < 0) live.push(mql); }
  MediaQueryList.prototype = {
    get matches() { return mediaMatches(this.__media); },
    get media() { return this.__serialized; },
    addListener: function (callback) { this.addEventListener('change', callback); },
    removeListener: function (callback) { this.removeEventListener('change', callback); },
    addEventListener: function (type, callback) {
      if (typeof callback !== 'function' && !(callback && typeof callback.handleEvent === 'function')) return;
      var list = this.__listeners[String(type)] || (this.__listeners[String(type)] = []);
      if (list.indexOf(callback) < 0) list.push(callback);
      watch(this);
    },
    removeEventListener: function (type, callback) {
      var list = this.__listeners[String(type)];
      if (list && list.indexOf(callback) >= 0) list.splice(list.indexOf(callback), 1);
    },
    dispatchEvent: function (event) {
      var list = (this.__listeners[event.type] || []).slice(), mql = this;
      if (event.type === 'change' && typeof this.onchange === 'function') list.unshift(this.onchange);
      list.forEach(function (l) {
        try {
          if (typeof l === 'function') l.call(mql, event); else l.handleEvent(event);
        } catch (error) { native.reportError(error); }
      });
      return !event.defaultPrevented;
    }
  };
  var onchange = null;
  Object.defineProperty(MediaQueryList.prototype, 'onchange', {
    configurable: true, enumerable: true,
    get: function () { return this.__onchange || onchange; },
    set: function (f) { Object.defineProperty(this, '__onchange', { value: typeof f === 'function' ? f : null, writable: true }); if (f) watch(this); }
  });
  function serializeMedia(text) {
    return splitTop(String(text).trim(), ',').map(function (q) {
      return q.trim().replace(/\s+/g, ' ').replace(/\(\s*/g, '(').replace(/\s*\)/g, ')').replace(/\s*:\s*/g, ': ').toLowerCase();
    }).join(', ');
  }
  function matchMedia(query) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var mql = Object.create(MediaQueryList.prototype);
    var text = String(query);
    Object.defineProperty(mql, '__media', { value: text });
    Object.defineProperty(mql, '__serialized', { value: text.trim() ? serializeMedia(text) : '' });
    Object.defineProperty(mql, '__listeners', { value: Object.create(null) });
    Object.defineProperty(mql, '__last', { value: mql.matches, writable: true });
    return mql;
  }
  Object.defineProperty(g, 'matchMedia', { value: matchMedia, writable: true, configurable: true, enumerable: true });
  env.lazyProperties(g, ['MediaQueryList', 'MediaQueryListEvent'], env.lazyInstaller(function () {
    Object.defineProperty(g, 'MediaQueryList', { value: MediaQueryList, writable: true, configurable: true });
    Object.defineProperty(g, 'MediaQueryListEvent', { value: eventClass(), writable: true, configurable: true });
  }));
  if (!Array.isArray(g.__hybridDeviceListeners)) {
    Object.defineProperty(g, '__hybridDeviceListeners', { value: [], writable: true, configurable: true, enumerable: false });
  }
  g.__hybridDeviceListeners.push(function deviceChanged() {
    sheetsChanged();
    live.slice().forEach(function (mql) {
      var now = mql.matches;
      if (now === mql.__last) return;
      mql.__last = now;
      mql.dispatchEvent(makeEvent(mql));
    });
  });

  // --- element.style: domino parses the style attribute with parserlib (its CSS 2-era grammar), which throws on
  // custom properties and drops var() and CSS-wide keywords. Declarations with those go through node-cssom
  // instead (loaded then); the others, the common case, still through parserlib, which validates them.
  // The parser module loads on the first parse (see commonjs.js): the wrapper is made then.
  var cssparser = require('domino/lib/cssparser.js');
  var parserlibCSS = Object.getOwnPropertyDescriptor(cssparser, 'css');
  var OriginalParser = null, wrappedCSS = null;
  var needsOwnParser = /--|var\(|:\s*(inherit|initial|unset|revert)\b/i;
  function originalParser() {
    if (OriginalParser) return OriginalParser;
    var css = parserlibCSS.get ? parserlibCSS.get.call(cssparser) : parserlibCSS.value;
    OriginalParser = css.Parser;
    StyleAttributeParser.prototype = Object.create(OriginalParser.prototype);
    StyleAttributeParser.prototype.addListener = addListener;
    StyleAttributeParser.prototype.parseStyleAttribute = parseStyleAttribute;
    wrappedCSS = Object.create(css, { Parser: { value: StyleAttributeParser, writable: true, configurable: true } });
    return OriginalParser;
  }
  function StyleAttributeParser(options) {
    this._parser = new (originalParser())(options);
    this._propertyListeners = [];
  }
  function addListener(type, listener) {
    this._parser.addListener(type, listener);
    if (type === 'property') this._propertyListeners.push(listener);
  }
  function parseStyleAttribute(text) {
    if (!needsOwnParser.test(text)) return this._parser.parseStyleAttribute(text);
    load();
    var style = inlineStyle(String(text)), listeners = this._propertyListeners;
    for (var i = 0; style && i < style.length; i++) {
      var name = style[i], value = String(style.getPropertyValue(name)).trim(), important = !!style.getPropertyPriority(name);
      var valid = name.indexOf('--') === 0 ? true : /var\(/i.test(value) || CSS_WIDE.test(value) || declarationSupported(name, value);
      var event = { type: 'property', property: { text: name, toString: function () { return this.text; } },
        value: { text: value, toString: function () { return this.text; } }, important: important || null, invalid: valid ? null : new Error('invalid') };
      listeners.forEach(function (listener) { listener(event); });
    }
  }
  Object.defineProperty(cssparser, 'css', {
    configurable: true, enumerable: true,
    get: function () { originalParser(); return wrappedCSS; },
    set: function (value) { Object.defineProperty(cssparser, 'css', { value: value, writable: true, configurable: true, enumerable: true }); }
  });

  // --- CSS namespace: supports() and escape()
  function declarationSupported(property, value) {
    property = String(property).trim();
    value = String(value).trim();
    if (!value) return false;
    if (property.indexOf('--') === 0) return true;
    property = property.toLowerCase();
    tables();
    if (/var\(/i.test(value) || CSS_WIDE.test(value)) return !!(properties[property] || shorthands[property] || knownToParser(property));
    var parser = new (originalParser())({ starHack: false, underscoreHack: false }), verdict = null;
    parser.addListener('property', function (e) { verdict = !e.invalid; });
    parser.addListener('error', function () { verdict = false; });
    try { parser.parseStyleAttribute(property + ':' + value); } catch (e) { return false; }
    if (verdict === false && !knownToParser(property) && (properties[property] || shorthands[property])) return true;
    return verdict === true;
  }
  function knownToParser(property) {
    var known = false;
    var parser = new (originalParser())({});
    parser.addListener('property', function (e) { known = !(e.invalid && /^Unknown property/.test(e.invalid.message)); });
    try { parser.parseStyleAttribute(property + ':inherit'); } catch (e) { return false; }
    return known;
  }
  function supportsCondition(text) {
    text = String(text).trim();
    if (/^not\s*\(/i.test(text)) { var r = supportsCondition(text.slice(3)); return r === null ? false : !r; }
    var parts = [], depth = 0, start = 0, ops = [];
    for (var i = 0; i < text.length; i++) {
      if (text[i] === '(') { if (depth++ === 0) start = i; }
      else if (text[i] === ')') { if (--depth === 0) parts.push(text.slice(start + 1, i)); if (depth < 0) return false; }
      else if (depth === 0 && /\S/.test(text[i])) {
        var word = /^(and|or|selector)\b/i.exec(text.slice(i));
        if (!word) return false;
        if (word[1].toLowerCase() === 'selector') { parts.push({ selector: true }); i += 7; continue; }
        ops.push(word[1].toLowerCase());
        i += word[1].length - 1;
      }
    }
    if (depth !== 0 || !parts.length) return false;
    var results = parts.map(function (p, k) {
      if (typeof p === 'object') return null;
      if (k > 0 && typeof parts[k - 1] === 'object') {   // selector(<complex-selector>)
        try { doc.createDocumentFragment().querySelector(p); return true; } catch (e) { return false; }
      }
      p = p.trim();
      if (/^(not\s*)?\(/i.test(p)) return supportsCondition(p);
      var colon = p.indexOf(':');
      return colon > 0 && declarationSupported(p.slice(0, colon), p.slice(colon + 1));
    }).filter(function (r) { return r !== null; });
    if (ops.length !== results.length - 1) return false;
    if (ops.indexOf('or') >= 0) return ops.indexOf('and') < 0 && results.some(Boolean);
    return results.every(Boolean);
  }
  function escape(value) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    var string = String(value), result = '';
    for (var i = 0; i < string.length; i++) {
      var code = string.charCodeAt(i), ch = string.charAt(i);
      if (code === 0) { result += '\uFFFD'; continue; }
      if ((code >= 1 && code <= 0x1f) || code === 0x7f ||
          (i === 0 && code >= 0x30 && code <= 0x39) ||
          (i === 1 && code >= 0x30 && code <= 0x39 && string.charCodeAt(0) === 0x2d)) {
        result += '\\' + code.toString(16) + ' ';
        continue;
      }
      if (i === 0 && string.length === 1 && code === 0x2d) { result += '\\' + ch; continue; }
      if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) ||
          (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) { result += ch; continue; }
      result += '\\' + ch;
    }
    return result;
  }
  env.lazyProperties(g, ['CSS'], env.lazyInstaller(function () {
    var CSS = Object.create(Object.prototype, {
      supports: { enumerable: true, writable: true, configurable: true, value: function supports(a, b) {
        if (arguments.length === 0) throw new TypeError('Not enough arguments');
        if (arguments.length >= 2) return declarationSupported(a, b);
        var text = String(a).trim();
        return supportsCondition(/^(not\s*)?\(/i.test(text) || /^selector\(/i.test(text) ? text : '(' + text + ')');
      } },
      escape: { enumerable: true, writable: true, configurable: true, value: escape }
    });
    Object.defineProperty(CSS, Symbol.toStringTag, { value: 'CSS' });
    Object.defineProperty(g, 'CSS', { value: CSS, writable: true, configurable: true, enumerable: false });
  }));

  // env.styleRead, when set (animation/css-animations.js), runs before a style read: the read is a style change
  // event, as a forced style update is in browsers.
  env.css = { generation: function () { return generation; }, value: function (el, name) {
    if (env.styleRead) env.styleRead();
    load();
    return valueOf(computed(el, null), name);
  }, computations: function () { return computations; } };
  // A length with its percentage kept (the geometry layer resolves it against the containing block it lays out).
  env.css.length = function (el, name) {
    if (env.styleRead) env.styleRead();
    load();
    var record = computed(el, null);
    return name in record.cascaded ? specifiedValue(record, name, null) : valueOf(record, name);
  };
  // For CSS transitions and animations: the longhands of a shorthand (null for a longhand), whether the sheets or
  // `el`'s style attribute mention transitions or animations at all (a text test: a page without them pays
  // nothing more), and whether an @keyframes rule in effect has `name`.
  env.css.longhands = function (name) { return shorthands[name] ? longhandsOf(name) : null; };
  var MOTION = /transition|animation/i;
  env.css.mayAnimate = function (el) {
    if (el && el.nodeType === 1 && MOTION.test(el.getAttribute('style') || '')) return true;
    if (CSSOM) return allSheets().some(function (sheet) { return mentions(sheet.cssRules); });
    var els = doc.querySelectorAll('style, link');
    for (var i = 0; i < els.length; i++) {
      var text = els[i].localName === 'link' ? els[i].__cssText : els[i].textContent;
      if (text && MOTION.test(text)) return true;
    }
    return false;
  };
  function allSheets() { return documentSheets().concat(adopted).filter(function (sheet) { return !sheet.disabled; }); }
  function mentions(rules) {
    for (var i = 0; i < rules.length; i++) {
      if (rules[i].cssRules ? mentions(rules[i].cssRules) || rules[i] instanceof CSSOM.CSSKeyframesRule : MOTION.test(rules[i].cssText || '')) return true;
    }
    return false;
  }
  // For interpolation: `text` (a keyframe's value) computed as `el`'s value of longhand `name` would be (lengths in
  // px, colours in rgb()); the longhands of a declaration; and the keyframes of the @keyframes rule `name` in effect
  // (the last one), as [{ offsets, declarations: [[longhand, text]], easing }] or null.
  env.css.computeAs = function (el, name, text) {
    load();
    var record = computed(el, null), cascaded = Object.assign(Object.create(null), record.cascaded);
    cascaded[name] = String(text);
    var values = Object.create(null);
    values['font-size'] = record.values['font-size'];
    if (name !== 'color') values.color = valueOf(record, 'color');
    var v = name === 'font-size' ? null : computeValue({ el: el, pseudo: null, parent: record.parent, cascaded: cascaded,
      custom: record.custom, values: values, ctx: record.ctx }, name);
    if (name === 'font-size') {
      var parentFont = record.parent ? parseFloat(valueOf(record.parent, 'font-size')) : 16;
      var n = toPx(String(text).trim(), { em: parentFont, rem: record.ctx.rem }, parentFont);
      v = n === null ? String(text).trim() : px(n);
    }
    return v;
  };
  env.css.expand = function (name, text) { return expand(String(name).toLowerCase(), String(text)); };
  function keyframesRule(name) {   // the last @keyframes `name` in effect, or null
    var found = null;
    function find(rules) {
      for (var i = 0; i < rules.length; i++) {
        var rule = rules[i];
        if (rule instanceof CSSOM.CSSKeyframesRule && String(rule.name).replace(/^(["'])(.*)\1$/, '$2') === name) found = rule;
        else if (rule instanceof CSSOM.CSSMediaRule && ruleMediaMatches(rule)) find(rule.cssRules);
        else if (rule instanceof CSSOM.CSSSupportsRule && supportsCondition(rule.conditionText)) find(rule.cssRules);
      }
    }
    allSheets().forEach(function (sheet) {
      if (!(sheet.media && sheet.media.mediaText && !mediaMatches(sheet.media.mediaText))) find(sheet.cssRules);
    });
    return found;
  }
  env.css.keyframeRule = function (name) {
    load();
    var found = keyframesRule(name);
    if (!found) return null;
    return Array.prototype.map.call(found.cssRules, function (frame) {
      var offsets = splitTop(String(frame.keyText), ',').map(function (key) {
        key = key.trim().toLowerCase();
        if (key === 'from') return 0;
        if (key === 'to') return 1;
        var m = /^(\d+\.?\d*|\.\d+)%$/.exec(key);
        return m && Number(m[1]) <= 100 ? Number(m[1]) / 100 : null;
      });
      var declarations = [], easing = null, style = frame.style;
      for (var i = 0; i < style.length; i++) {
        var property = String(style[i]).toLowerCase(), text = String(style.getPropertyValue(style[i]));
        if (style.getPropertyPriority(style[i])) continue;   // !important in a keyframe is ignored
        if (property === 'animation-timing-function') { easing = text; continue; }
        if (/^animation|^transition/.test(property)) continue;
        expand(property, text).forEach(function (p) { declarations.push(p); });
      }
      return { offsets: offsets.filter(function (o) { return o !== null; }), declarations: declarations, easing: easing };
    });
  };
  env.css.keyframes = function (name) {
    load();
    return keyframesRule(name) !== null;
  };
  return env;
})
