// Images: <img> and Image load through the page's network stack (native.send: the session, its cookies and
// timeout, file: under the page's folder; data: URLs decoded by libsoup), then gdk-pixbuf tells the natural size
// (native.imageSize) or that the bytes are broken. `load`/`error` are fired in a task, never inside the setter;
// the document's `load` waits for every image that started loading before it (native.delayLoad), and a hanging
// image is ended by the request timeout. The source comes from srcset/sizes/<picture> as HTML's "select an image
// source" with WebKit's density rule; lazy images wait until they come near the viewport. A loaded image keeps its
// bytes: the canvas's drawImage decodes them into pixels (gdk-pixbuf, on the Swift side) on first use.
(function (global, native, internals) {
  'use strict';
  var env = native.domEnv;
  if (!env || !env.forms || typeof global.HTMLImageElement !== 'function') return;
  var doc = env.document, HTML = 'http://www.w3.org/1999/xhtml';
  var layer = env.forms.proto('HTMLImageElement');   // changed in place (domino's width/height among them)

  function hidden(target, name, value) {
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function accessor(target, name, get, set) {
    Object.defineProperty(target, name, { get: get, set: set, configurable: true, enumerable: true });
  }
  function isImage(el) { return !!el && el.nodeType === 1 && el.localName === 'img' && el.namespaceURI === HTML; }
  function task(fn) { native.taskTimer(fn, 0, true); }
  var resolved = Promise.resolve();
  function microtask(fn) { resolved.then(fn).catch(native.reportError); }

  // The element's image request: `state` is 'unavailable' (no source), 'loading', 'complete' or 'broken'.
  function request(img) {
    if (!img.__image) {
      hidden(img, '__image', { generation: 0, state: 'unavailable', width: 0, height: 0, currentSrc: '',
                               id: 0, delaying: false, waiters: [], density: 1, body: null, bitmap: undefined,
                               resume: null });
    }
    return img.__image;
  }

  // --- Source selection (HTML's "select an image source"), on Debian's node-parse-srcset, loaded on first use.
  var parseSrcset = null, matchMedia = global.matchMedia;
  function parse(srcset) {
    if (!parseSrcset) parseSrcset = native.makeRequire()('parse-srcset');
    // The parser logs invalid descriptors to the console; browsers drop them silently.
    var page = global.console, silenced = false;
    try { global.console = undefined; silenced = global.console === undefined; } catch (e) { silenced = false; }
    try { return parseSrcset(srcset); } finally { if (silenced) global.console = page; }
  }
  function device() { return global.__hybridDevice || { width: 390, height: 844, devicePixelRatio: 1 }; }
  function matches(query) {
    if (query.trim() === '') return true;
    try { return !!matchMedia.call(global, query).matches; } catch (e) { return false; }
  }
  // The image types a <source type> may name: WebKit's on iOS that gdk-pixbuf's loaders here can decode.
  var webKitTypes = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml',
                     'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/tiff'];
  var decodable = null;
  function typeSupported(type) {
    if (!decodable) decodable = native.imageTypes() || [];
    var essence = type.split(';')[0].trim().toLowerCase();
    if (essence === 'image/jpg') essence = 'image/jpeg';
    return webKitTypes.indexOf(essence) >= 0 && decodable.indexOf(essence) >= 0;
  }
  // Splits at commas outside parentheses.
  function topLevelParts(text) {
    var parts = [], depth = 0, start = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (c === ',' && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
    }
    parts.push(text.slice(start));
    return parts;
  }
  // The source size of a `sizes` attribute in CSS pixels: the length of the first entry whose media condition
  // matches (or that has none); lengths in px, vw, vh, vmin, vmax, em and rem (16px). calc() and `auto` are not
  // understood: such entries are skipped. Nothing valid: 100vw.
  function sourceSize(sizes) {
    var d = device(), parts = topLevelParts(sizes || '');
    for (var i = 0; i < parts.length; i++) {
      var m = /^(.*?)(?:^|\s)([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|vw|vh|vmin|vmax|em|rem)?$/i.exec(parts[i].trim());
      if (!m) continue;
      var value = parseFloat(m[2]), unit = (m[3] || '').toLowerCase(), condition = m[1].trim();
      if (!unit && value !== 0) continue;
      if (condition && !/^(\(|not\s)/i.test(condition)) continue;   // a media condition, not a media type
      if (condition && !matches(condition)) continue;
      var scale = { '': 0, px: 1, vw: d.width / 100, vh: d.height / 100, vmin: Math.min(d.width, d.height) / 100,
                    vmax: Math.max(d.width, d.height) / 100, em: 16, rem: 16 }[unit];
      return value * scale;
    }
    return d.width;
  }
  // The candidates of a srcset as [{url, density}]: `w` descriptors divided by the source size, `x` as given,
  // none as 1x; malformed candidates (the parser's errors, `h` without `w`) are dropped. An img's
  // own src joins as 1x when no candidate is 1x and none has a `w` descriptor.
  function sourceSet(srcset, sizes, src) {
    var candidates = [], hasWidth = false, size = null;
    parse(srcset || '').forEach(function (c) {
      var density;
      if (c.w) {
        hasWidth = true;
        if (size === null) size = sourceSize(sizes);
        density = size > 0 ? c.w / size : Infinity;
      } else if (c.h) return;
      else density = c.d === undefined ? 1 : c.d;
      if (c.url && density > 0 && isFinite(density)) candidates.push({ url: c.url, density: density });
    });
    if (src && !hasWidth && !candidates.some(function (c) { return c.density === 1; })) candidates.push({ url: src, density: 1 });
    return candidates;
  }
  // WebKit's choice: the smallest density at least the device pixel ratio, else the largest; of equal densities
  // the first.
  function choose(candidates) {
    if (!candidates.length) return null;
    var ratio = device().devicePixelRatio || 1;
    var sorted = candidates.map(function (c, i) { return { c: c, i: i }; })
      .sort(function (a, b) { return a.c.density - b.c.density || a.i - b.i; });
    for (var i = 0; i < sorted.length; i++) if (sorted[i].c.density >= ratio) return sorted[i].c;
    var best = sorted[sorted.length - 1].c.density;
    for (i = 0; sorted[i].c.density !== best; i++) {}
    return sorted[i].c;
  }
  // The source HTML's selection picks, as {url, density}: in a <picture>, the first <source> before the img with
  // a srcset, a matching `media` and a supported `type` that has candidates; then the img's own srcset (with its
  // src as 1x); then its src. Null when there is no source at all.
  function selectSource(img) {
    var parent = img.parentNode, src = img.getAttribute('src');
    if (parent && parent.nodeType === 1 && parent.localName === 'picture') {
      for (var node = parent.firstChild; node && node !== img; node = node.nextSibling) {
        if (node.nodeType !== 1 || node.localName !== 'source' || !node.hasAttribute('srcset')) continue;
        if (node.hasAttribute('media') && !matches(node.getAttribute('media'))) continue;
        if (node.hasAttribute('type') && !typeSupported(node.getAttribute('type'))) continue;
        var picked = choose(sourceSet(node.getAttribute('srcset'), node.getAttribute('sizes'), null));
        if (picked) return picked;
      }
    }
    if (img.hasAttribute('srcset')) {
      var candidate = choose(sourceSet(img.getAttribute('srcset'), img.getAttribute('sizes'), src));
      if (candidate) return candidate;
    }
    return src !== null ? { url: src, density: 1 } : null;
  }

  function releaseDelay(r) {
    if (r.delaying) { r.delaying = false; native.loadDelayDone(); }
  }
  function settleWaiters(r, ok) {
    var waiters = r.waiters;
    r.waiters = [];
    waiters.forEach(function (w) {
      if (ok) w.resolve(); else w.reject(new global.DOMException('The source image cannot be decoded.', 'EncodingError'));
    });
  }

  // Lazy images (`loading="lazy"`) wait, as WebKit's LazyLoadImageObserver, for an intersection observer on the
  // viewport with a 100% root margin to see them; one that is not rendered (no box: display:none, not in the
  // document) never loads. Nothing polls: a lazy image that never comes near the viewport keeps nothing busy.
  var Observer = global.IntersectionObserver, lazyObserver = null;
  function isLazy(img) { return (img.getAttribute('loading') || '').toLowerCase() === 'lazy' && typeof Observer === 'function'; }
  function observeLazily(img) {
    if (!lazyObserver) {
      lazyObserver = new Observer(function (entries) {
        entries.forEach(function (entry) { if (entry.isIntersecting) resume(entry.target); });
      }, { rootMargin: '100%' });
    }
    lazyObserver.observe(img);
  }
  // Runs a deferred image's fetch (it came near the viewport, or stopped being lazy).
  function resume(img) {
    var r = img.__image, start = r && r.resume;
    if (lazyObserver) lazyObserver.unobserve(img);
    if (!start) return;
    r.resume = null;
    start();
  }

  // HTML's "update the image data", on every change of src, srcset or sizes (and insertion into a <picture>).
  function update(img) {
    var r = request(img);
    var generation = ++r.generation;
    if (r.id) { native.abort(r.id); r.id = 0; }
    if (r.resume) { r.resume = null; lazyObserver.unobserve(img); }
    releaseDelay(r);
    settleWaiters(r, false);
    r.width = r.height = 0;
    r.density = 1;
    r.body = null;
    r.bitmap = undefined;
    var selected;
    try { selected = selectSource(img); } catch (e) {
      native.reportError(e);   // node-parse-srcset missing: the src alone
      selected = img.hasAttribute('src') ? { url: img.getAttribute('src'), density: 1 } : null;
    }
    if (selected === null) { r.state = 'unavailable'; r.currentSrc = ''; return; }
    // Images of other documents (DOMParser, <template>) have no browsing context: nothing loads.
    if (img.ownerDocument !== doc) { r.state = 'unavailable'; r.currentSrc = ''; return; }
    var source = selected.url;
    r.state = 'loading';
    r.density = selected.density;
    var url = null;
    if (source.trim() !== '') {
      // data: URLs are absolute and kept as written (URL resolution would re-encode their percent signs).
      if (/^\s*data:/i.test(source)) url = source.trim();
      else try { url = native.resolveURL(source); } catch (e) { url = null; }
    }
    r.currentSrc = url || '';
    function finish(body) {
      if (generation !== r.generation) return;
      r.id = 0;
      var size = body ? native.imageSize(body) : null;
      r.state = size ? 'complete' : 'broken';
      r.width = size ? size[0] : 0;
      r.height = size ? size[1] : 0;
      r.body = size ? body : null;   // decoded into pixels by the canvas on first drawImage
      try {
        env.fire(img, size ? 'load' : 'error', false);
        settleWaiters(r, !!size);
      } finally {
        releaseDelay(r);
      }
    }
    function start() {
      r.delaying = native.delayLoad();
      if (url === null) { task(function () { finish(null); }); return; }
      if (/^data:/i.test(url)) {
        task(function () { var decoded = native.decodeDataURL(url); finish(decoded ? decoded.body : null); });
        return;
      }
      if (/^blob:/i.test(url)) {   // the page's blob URL store (platform/blob.js), resolved now, read in a task
        var blob = internals.resolveBlobURL(url);
        task(function () { finish(blob ? internals.blobBuffer(blob) : null); });
        return;
      }
      if (!/^(https?|file):/i.test(url)) { task(function () { finish(null); }); return; }
      var headers = [['Accept', 'image/webp,image/avif,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5']];
      r.id = native.send('GET', url, headers, null, 0, function (result) {
        finish(result.error || result.status >= 400 ? null : result.body);
      }, false, 'img', false, img.referrerPolicy);   // a Resource Timing entry with initiatorType 'img'; its referrerpolicy
      if (!r.id) task(function () { finish(null); });   // the page is closing
    }
    // The fetch starts in a microtask, as HTML's "await a stable state": an <img> the parser puts in a <picture>
    // after setting its src fetches only what the <picture> selects.
    microtask(function () {
      if (generation !== r.generation) return;
      if (url !== null && isLazy(img)) {
        r.resume = start;
        observeLazily(img);
        return;
      }
      start();
    });
  }

  env.attributeHooks.push(function (element, attr) {
    if (attr.namespaceURI !== null || !element || element.nodeType !== 1) return;
    var name = attr.localName;
    if (isImage(element)) {
      if (name === 'src' || name === 'srcset' || name === 'sizes') update(element);
      else if (name === 'loading' && element.__image && element.__image.resume && !isLazy(element)) resume(element);
      return;
    }
    // A <source> of a <picture> changed: its img picks again.
    var picture = element.parentNode;
    if (element.localName !== 'source' || !picture || picture.localName !== 'picture') return;
    if (['srcset', 'sizes', 'media', 'type'].indexOf(name) < 0) return;
    for (var node = element.nextSibling; node; node = node.nextSibling) {
      if (isImage(node)) { if (node.__image) update(node); return; }
    }
  });

  // An <img> inserted into a <picture> (the parser sets its attributes before inserting it) picks its source again.
  var previousHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    if (previousHandler) previousHandler(m);
    if (m.type !== 6 || !m.node || m.node.nodeType !== 1) return;
    var list = m.node.localName === 'picture' ? Array.prototype.slice.call(m.node.children) : [m.node];
    list.forEach(function (node) {
      if (isImage(node) && node.parentNode && node.parentNode.localName === 'picture' && node.__image) update(node);
    });
  });

  var proto = layer;   // HTMLImageElement.prototype from now on (env.forms.proto)
  accessor(proto, 'complete', function () {
    var r = this.__image;
    if (!r || r.state !== 'loading') return true;
    return false;
  });
  // The density-corrected natural size: a 2x candidate's pixels count half (truncated, as an unsigned long).
  accessor(proto, 'naturalWidth', function () { var r = this.__image; return r ? Math.floor(r.width / r.density) : 0; });
  accessor(proto, 'naturalHeight', function () { var r = this.__image; return r ? Math.floor(r.height / r.density) : 0; });
  accessor(proto, 'currentSrc', function () { return this.__image ? this.__image.currentSrc : ''; });
  // `sizes` reflects its attribute (domino's HTMLImageElement has no such property).
  if (!('sizes' in proto)) {
    accessor(proto, 'sizes', function () { var v = this.getAttribute('sizes'); return v === null ? '' : v; },
             function (value) { this.setAttribute('sizes', String(value)); });
  }
  // width/height: the attribute when set, else the natural size (HTML's value for an image that is not rendered).
  ['width', 'height'].forEach(function (name) {
    var natural = name === 'width' ? 'naturalWidth' : 'naturalHeight';
    accessor(layer, name, function () {
      var value = this.getAttribute(name);
      if (value !== null && /^\s*\d+/.test(value)) return Math.min(parseInt(value, 10), 2147483647);
      return this[natural];
    }, function (value) {
      var n = Number(value);
      this.setAttribute(name, String(n >= 0 && n <= 2147483647 ? Math.floor(n) : 0));
    });
  });
  // Reflected enumerated attributes.
  function enumerated(name, values, fallback) {
    accessor(proto, name, function () {
      var value = (this.getAttribute(name) || '').toLowerCase();
      return values.indexOf(value) >= 0 ? value : fallback;
    }, function (value) { this.setAttribute(name, String(value)); });
  }
  enumerated('loading', ['lazy', 'eager'], 'eager');
  enumerated('decoding', ['sync', 'async', 'auto'], 'auto');
  hidden(proto, 'decode', function decode() {
    var img = this;
    return new Promise(function (resolve, reject) {
      var r = request(img);
      if (r.state === 'loading') { r.waiters.push({ resolve: resolve, reject: reject }); return; }
      if (r.state === 'complete') { resolve(); return; }
      reject(new global.DOMException('The source image cannot be decoded.', 'EncodingError'));
    });
  });

  // new Image(width, height): an <img> of the page's document.
  function Image(width, height) {
    if (!(this instanceof Image)) throw new TypeError("Constructor requires 'new' operator");
    var img = doc.createElement('img');
    if (width !== undefined) img.width = width;
    if (height !== undefined) img.height = height;
    return img;
  }
  Image.prototype = layer;
  Object.defineProperty(global, 'Image', { value: Image, writable: true, configurable: true });
})
