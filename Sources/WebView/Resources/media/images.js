// Images: <img> and Image load through the page's network stack (native.send: the session, its cookies and
// timeout, file: under the page's folder; data: URLs decoded by libsoup), then gdk-pixbuf tells the natural size
// (native.imageSize) or that the bytes are broken. `load`/`error` are fired in a task, never inside the setter;
// the document's `load` waits for every image that started loading before it (native.delayLoad), and a hanging
// image is ended by the request timeout. Images are not decoded into pixels: a canvas draws nothing from them.
(function (global, native, internals) {
  'use strict';
  var env = native.domEnv;
  if (!env || !env.forms || typeof global.HTMLImageElement !== 'function') return;
  var doc = env.document, HTML = 'http://www.w3.org/1999/xhtml';
  var layer = env.forms.proto('HTMLImageElement');   // domino's own width/height are not configurable

  function hidden(target, name, value) {
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function accessor(target, name, get, set) {
    Object.defineProperty(target, name, { get: get, set: set, configurable: true, enumerable: true });
  }
  function isImage(el) { return !!el && el.nodeType === 1 && el.localName === 'img' && el.namespaceURI === HTML; }
  function task(fn) { native.taskTimer(fn, 0, true); }

  // The element's image request: `state` is 'unavailable' (no source), 'loading', 'complete' or 'broken'.
  function request(img) {
    if (!img.__image) {
      hidden(img, '__image', { generation: 0, state: 'unavailable', width: 0, height: 0, currentSrc: '',
                               id: 0, delaying: false, waiters: [] });
    }
    return img.__image;
  }

  // The first candidate of a srcset (its URL up to whitespace; trailing commas are separators).
  function firstCandidate(srcset) {
    var match = /^[\s,]*(\S+)/.exec(srcset);
    return match ? match[1].replace(/,+$/, '') : '';
  }
  // The source HTML's selection would pick, simplified: in a <picture>, the first <source> with a srcset
  // (its `media`, `type` and `sizes` are not evaluated); then the img's own srcset's first candidate; then src.
  // Null when there is no source at all.
  function selectSource(img) {
    var parent = img.parentNode;
    if (parent && parent.nodeType === 1 && parent.localName === 'picture') {
      for (var node = parent.firstChild; node && node !== img; node = node.nextSibling) {
        if (node.nodeType === 1 && node.localName === 'source' && node.hasAttribute('srcset')) {
          var picked = firstCandidate(node.getAttribute('srcset'));
          if (picked) return picked;
        }
      }
    }
    if (img.hasAttribute('srcset')) {
      var candidate = firstCandidate(img.getAttribute('srcset'));
      if (candidate) return candidate;
    }
    return img.hasAttribute('src') ? img.getAttribute('src') : null;
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

  // HTML's "update the image data", on every change of src, srcset or sizes (and insertion into a <picture>).
  function update(img) {
    var r = request(img);
    var generation = ++r.generation;
    if (r.id) { native.abort(r.id); r.id = 0; }
    releaseDelay(r);
    settleWaiters(r, false);
    r.width = r.height = 0;
    var source = selectSource(img);
    if (source === null) { r.state = 'unavailable'; r.currentSrc = ''; return; }
    // Images of other documents (DOMParser, <template>) have no browsing context: nothing loads.
    if (img.ownerDocument !== doc) { r.state = 'unavailable'; r.currentSrc = ''; return; }
    r.state = 'loading';
    var url = null;
    if (source.trim() !== '') {
      // data: URLs are absolute and kept as written (URL resolution would re-encode their percent signs).
      if (/^\s*data:/i.test(source)) url = source.trim();
      else try { url = native.resolveURL(source); } catch (e) { url = null; }
    }
    r.currentSrc = url || '';
    r.delaying = native.delayLoad();
    function finish(body) {
      if (generation !== r.generation) return;
      r.id = 0;
      var size = body ? native.imageSize(body) : null;
      r.state = size ? 'complete' : 'broken';
      r.width = size ? size[0] : 0;
      r.height = size ? size[1] : 0;
      try {
        env.fire(img, size ? 'load' : 'error', false);
        settleWaiters(r, !!size);
      } finally {
        releaseDelay(r);
      }
    }
    if (url === null) { task(function () { finish(null); }); return; }
    if (/^data:/i.test(url)) {
      task(function () { var decoded = native.decodeDataURL(url); finish(decoded ? decoded.body : null); });
      return;
    }
    if (/^blob:/i.test(url) || !/^(https?|file):/i.test(url)) { task(function () { finish(null); }); return; }
    var headers = [['Accept', 'image/webp,image/avif,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5']];
    r.id = native.send('GET', url, headers, null, 0, function (result) {
      finish(result.error || result.status >= 400 ? null : result.body);
    });
    if (!r.id) task(function () { finish(null); });   // the page is closing
  }

  env.attributeHooks.push(function (element, attr) {
    if (attr.namespaceURI !== null || !isImage(element)) return;
    var name = attr.localName;
    if (name === 'src' || name === 'srcset' || name === 'sizes') update(element);
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
  accessor(proto, 'naturalWidth', function () { return this.__image ? this.__image.width : 0; });
  accessor(proto, 'naturalHeight', function () { return this.__image ? this.__image.height : 0; });
  accessor(proto, 'currentSrc', function () { return this.__image ? this.__image.currentSrc : ''; });
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
  // Reflected enumerated attributes: lazy images load at once here (no viewport-driven deferral).
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
    if (!(this instanceof Image)) throw new TypeError("Failed to construct 'Image': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
    var img = doc.createElement('img');
    if (width !== undefined) img.width = width;
    if (height !== undefined) img.height = height;
    return img;
  }
  Image.prototype = layer;
  Object.defineProperty(global, 'Image', { value: Image, writable: true, configurable: true });
})
