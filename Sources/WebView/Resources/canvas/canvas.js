// The 2D canvas: HTMLCanvasElement.getContext('2d'), CanvasRenderingContext2D, CanvasGradient, CanvasPattern, Path2D, TextMetrics,
// ImageData, toDataURL and toBlob. Drawing runs in Swift on a Cairo image surface per canvas (CanvasNatives):
// this script keeps the state Cairo has no place for (styles, font, alpha) and mirrors save()/restore() into
// Cairo's own state stack (transform, clip, line style, compositing operator). Page set-up only gives canvases
// their members; the context's interfaces are built on first use and a canvas's bitmap on its first getContext('2d').
(function (global, native, internals) {
  'use strict';
  var Canvas = global.HTMLCanvasElement;
  if (typeof Canvas !== 'function') return;
  var proto = Canvas.prototype;

  // The 2D context's interfaces (CanvasRenderingContext2D, Path2D, CanvasGradient, CanvasPattern, TextMetrics,
  // ImageData) are built on first use: a getContext() call or a read of one of their globals (accessors until then,
  // replaced by the values), so a page without a canvas pays for none of them at set-up.
  function hidden(target, name, value) {
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  var contexts = new WeakMap();   // canvas -> context
  var states = new WeakMap();     // context -> internal state
  var bitmaps = new WeakMap();    // canvas -> native bitmap
  // Canvases whose origin-clean flag is false: a cross-origin image was drawn on them (directly, through a pattern
  // or through another such canvas). Their pixels cannot be read back (SecurityError).
  var tainted = new WeakSet();
  function checkClean(canvas) {
    if (tainted.has(canvas)) throw new global.DOMException('The operation is insecure.', 'SecurityError');
  }
  function bitmapOf(canvas) {
    var bitmap = bitmaps.get(canvas);
    if (!bitmap) {
      bitmap = native.canvasNew(canvas.width, canvas.height);
      bitmaps.set(canvas, bitmap);
    }
    return bitmap;
  }
  function internal(context) {
    var s = states.get(context);
    if (!s) throw new TypeError('Illegal invocation');
    return s;
  }
  // The canvas's width or height changed: a new transparent bitmap and a reset context, as in browsers.
  function reset(canvas) {
    var bitmap = bitmaps.get(canvas);
    if (!bitmap) return;
    native.canvasResize(bitmap, canvas.width, canvas.height);
    var context = contexts.get(canvas);
    if (context) {
      var s = states.get(context);
      s.state = build().freshState();
      s.stack = [];
    }
  }

  var built = null;
  function build() {
    if (built) return built;
    built = {};   // set first: nothing below reads the globals, but a re-entry must not build twice
    // Numeric operations, in the order of CanvasSurface.Operation.
    var OP = {
      save: 0, restore: 1, beginPath: 2, moveTo: 3, lineTo: 4, closePath: 5, bezierCurveTo: 6, quadraticCurveTo: 7,
      arc: 8, ellipse: 9, rect: 10, arcTo: 11, translate: 12, rotate: 13, scale: 14, transform: 15, setTransform: 16,
      resetTransform: 17, clearRect: 18, lineWidth: 19, lineCap: 20, lineJoin: 21, miterLimit: 22,
      compositeOperation: 23, clip: 24, fill: 25, stroke: 26, fillRect: 27, strokeRect: 28, lineDashOffset: 29,
      pushPath: 30, popPath: 31
    };
    // globalCompositeOperation names and Cairo's operators (cairo_operator_t).
    var OPERATORS = {
      'source-over': 2, 'source-in': 3, 'source-out': 4, 'source-atop': 5, 'destination-over': 7,
      'destination-in': 8, 'destination-out': 9, 'destination-atop': 10, 'xor': 11, 'lighter': 12, 'copy': 1,
      'multiply': 14, 'screen': 15, 'overlay': 16, 'darken': 17, 'lighten': 18, 'color-dodge': 19,
      'color-burn': 20, 'hard-light': 21, 'soft-light': 22, 'difference': 23, 'exclusion': 24, 'hue': 25,
      'saturation': 26, 'color': 27, 'luminosity': 28
    };
    var SMOOTHING = { low: 1, medium: 2, high: 3 };   // imageSmoothingQuality as the filter CanvasSurface.draw takes
    var CAPS = { butt: 0, round: 1, square: 2 };
    var JOINS = { miter: 0, round: 1, bevel: 2 };

    function domError(message, name) { return new global.DOMException(message, name); }
    function finite() {
      for (var i = 0; i < arguments.length; i++) if (!isFinite(arguments[i])) return false;
      return true;
    }

    // --- Colours: Debian's node-color-string, loaded on the first colour that is not cached.
    var colorString = null, requireFunction = null;
    var colorCache = new Map();
    function hslToRgb(h, s, l) {
      h = ((h % 360) + 360) % 360 / 360; s /= 100; l /= 100;
      function channel(t) {
        t = (t + 1) % 1;
        var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
        if (t < 1 / 6) return p + (q - p) * 6 * t;
        if (t < 1 / 2) return q;
        if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
        return p;
      }
      return [Math.round(channel(h + 1 / 3) * 255), Math.round(channel(h) * 255), Math.round(channel(h - 1 / 3) * 255)];
    }
    // [r, g, b, a] (0-255, alpha 0-1) or null for what is not a CSS colour.
    function parseColor(text) {
      var key = String(text).trim().toLowerCase();
      if (colorCache.has(key)) return colorCache.get(key);
      if (!colorString) {
        if (!requireFunction) requireFunction = native.makeRequire();
        colorString = requireFunction('color-string');
      }
      var result = null, parsed = colorString.get(key);
      if (parsed && parsed.model === 'rgb') result = parsed.value.slice();
      else if (parsed && parsed.model === 'hsl') result = hslToRgb(parsed.value[0], parsed.value[1], parsed.value[2]).concat(parsed.value[3]);
      if (colorCache.size > 512) colorCache.clear();
      colorCache.set(key, result);
      return result;
    }
    // As browsers serialize canvas colours: #rrggbb when opaque, rgba(r, g, b, a) otherwise.
    function serializeColor(rgba) {
      if (rgba[3] >= 1) return '#' + rgba.slice(0, 3).map(function (c) { return (c < 16 ? '0' : '') + c.toString(16); }).join('');
      return 'rgba(' + rgba[0] + ', ' + rgba[1] + ', ' + rgba[2] + ', ' + rgba[3] + ')';
    }

    // --- Fonts: the CSS `font` shorthand (style, variant, weight, stretch, size[/line-height], family list).
    var SIZES = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };
    var UNITS = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, em: 16, rem: 16, '%': 0.16 };
    var FONT = /^\s*((?:(?:normal|italic|oblique|small-caps|bold|bolder|lighter|[1-9]00|(?:ultra-|extra-|semi-)?(?:condensed|expanded))\s+)*)(?:(\d*\.?\d+(?:e[+-]?\d+)?)(px|pt|pc|in|cm|mm|q|em|rem|%)|(xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large))(?:\s*\/\s*[^\s]+)?\s+(.+?)\s*$/i;
    function parseFont(text) {
      var match = FONT.exec(String(text));
      if (!match) return null;
      var size = match[4] ? SIZES[match[4].toLowerCase()] : Number(match[2]) * UNITS[match[3].toLowerCase()];
      if (!(size >= 0) || !isFinite(size)) return null;
      var families = match[5].split(',').map(function (f) { return f.trim().replace(/^(['"])(.*)\1$/, '$2'); });
      if (families.some(function (f) { return !f; })) return null;
      var prefix = match[1].toLowerCase();
      return {
        text: String(text).trim().replace(/\s+/g, ' '), family: match[5], size: size,
        bold: /\b(bold|bolder|[6-9]00)\b/.test(prefix), italic: /\b(italic|oblique)\b/.test(prefix)
      };
    }
    var DEFAULT_FONT = parseFont('10px sans-serif');

    // --- CanvasGradient
    function CanvasGradient() { throw new TypeError('Illegal constructor'); }
    var gradients = new WeakMap();
    hidden(CanvasGradient.prototype, 'addColorStop', function addColorStop(offset, color) {
      var g = gradients.get(this);
      if (!g) throw new TypeError('Illegal invocation');
      offset = Number(offset);
      if (!isFinite(offset)) throw new TypeError("Failed to execute 'addColorStop' on 'CanvasGradient': The provided double value is non-finite.");
      if (offset < 0 || offset > 1) throw domError('The provided value (' + offset + ') is outside the range (0.0, 1.0).', 'IndexSizeError');
      var rgba = parseColor(color);
      if (!rgba) throw domError("The value provided ('" + color + "') could not be parsed as a color.", 'SyntaxError');
      g.stops.push({ offset: offset, rgba: rgba, index: g.stops.length });
      g.packed = null;
    });
    function makeGradient(radial, coordinates) {
      var gradient = Object.create(CanvasGradient.prototype);
      gradients.set(gradient, { radial: radial, coordinates: coordinates, stops: [], packed: null });
      return gradient;
    }
    function packedStops(g) {
      if (g.packed) return g.packed;
      var sorted = g.stops.slice().sort(function (a, b) { return a.offset - b.offset || a.index - b.index; });
      var packed = new Float64Array(sorted.length * 5);
      sorted.forEach(function (stop, i) {
        packed.set([stop.offset, stop.rgba[0] / 255, stop.rgba[1] / 255, stop.rgba[2] / 255, stop.rgba[3]], i * 5);
      });
      return (g.packed = packed);
    }

    // --- CanvasPattern: a snapshot of the source canvas's bitmap, its repetition and its transform.
    function CanvasPattern() { throw new TypeError('Illegal constructor'); }
    var patterns = new WeakMap();
    var REPETITIONS = { repeat: 0, 'repeat-x': 1, 'repeat-y': 2, 'no-repeat': 3 };
    hidden(CanvasPattern.prototype, 'setTransform', function setTransform(transform) {
      var p = patterns.get(this);
      if (!p) throw new TypeError('Illegal invocation');
      var k = matrixOf(transform);
      if (finite.apply(null, k)) p.matrix = k;
    });
    // [a, b, c, d, e, f] of a DOMMatrix2DInit dictionary (a DOMMatrix too), identity where missing.
    function matrixOf(init) {
      var m = init || {};
      function entry(short, long, fallback) {
        var v = m[short] !== undefined ? m[short] : m[long];
        return v === undefined ? fallback : Number(v);
      }
      return [entry('a', 'm11', 1), entry('b', 'm12', 0), entry('c', 'm21', 0), entry('d', 'm22', 1), entry('e', 'm41', 0), entry('f', 'm42', 0)];
    }

    // --- TextMetrics and ImageData
    function TextMetrics() { throw new TypeError('Illegal constructor'); }
    var MAX_PIXELS = 4096 * 4096;
    function checkArea(width, height) {
      if (width * height > MAX_PIXELS) throw new RangeError('Out of memory at ImageData creation');
    }
    // WebKit's words for wrong arguments (observed on WebKitGTK 2.50).
    function ImageData(a, b, c) {
      if (!(this instanceof ImageData)) throw new TypeError("Constructor requires 'new' operator");
      var data, width, height;
      if (a instanceof Uint8ClampedArray) {
        if (a.length === 0 || a.length % 4) throw domError('Length is not a non-zero multiple of 4', 'InvalidStateError');
        width = b >>> 0;
        if (!width) throw domError('The index is not in the allowed range.', 'IndexSizeError');
        if (a.length % (4 * width)) throw domError('Length is not a multiple of sw', 'IndexSizeError');
        height = a.length / 4 / width;
        if (c !== undefined && c >>> 0 !== height) throw domError('sh value is not equal to height', 'IndexSizeError');
        data = a;
      } else {
        if (arguments.length < 2) throw new TypeError('Not enough arguments');
        width = a >>> 0; height = b >>> 0;
        if (!width || !height) throw domError('The index is not in the allowed range.', 'IndexSizeError');
        if (width * height > MAX_PIXELS) throw new RangeError('Cannot allocate a buffer of this size');
        data = new Uint8ClampedArray(width * height * 4);
      }
      Object.defineProperty(this, 'width', { value: width, enumerable: true });
      Object.defineProperty(this, 'height', { value: height, enumerable: true });
      Object.defineProperty(this, 'data', { value: data, enumerable: true });
    }
    Object.defineProperty(ImageData.prototype, 'colorSpace', { get: function () { return 'srgb'; }, configurable: true });

    // --- CanvasRenderingContext2D
    function CanvasRenderingContext2D() { throw new TypeError('Illegal constructor'); }
    function freshState() {
      return {
        fillStyle: '#000000', fillRGBA: [0, 0, 0, 1], strokeStyle: '#000000', strokeRGBA: [0, 0, 0, 1],
        globalAlpha: 1, globalCompositeOperation: 'source-over', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', miterLimit: 10,
        lineDash: [], lineDashOffset: 0, font: DEFAULT_FONT, textAlign: 'start', textBaseline: 'alphabetic',
        direction: 'inherit', shadowBlur: 0, shadowColor: 'rgba(0, 0, 0, 0)', shadowRGBA: [0, 0, 0, 0], shadowOffsetX: 0, shadowOffsetY: 0,
        imageSmoothingEnabled: true, imageSmoothingQuality: 'low', filter: 'none'
      };
    }
    var C = CanvasRenderingContext2D.prototype;
    // The arguments WebKit's bindings require of a method (fewer: "Not enough arguments"; `length` says how many).
    var REQUIRED = { fillRect: 4, strokeRect: 4, clearRect: 4, rect: 4, roundRect: 4, moveTo: 2, lineTo: 2, arc: 5, arcTo: 5,
                     ellipse: 7, bezierCurveTo: 6, quadraticCurveTo: 4, translate: 2, scale: 2, rotate: 1, transform: 6,
                     createLinearGradient: 4, createRadialGradient: 6, setLineDash: 1 };
    function required(name, body) {
      var n = REQUIRED[name];
      if (!n) return body;
      var checked = function () {
        if (arguments.length < n) throw new TypeError('Not enough arguments');
        return body.apply(this, arguments);
      };
      Object.defineProperty(checked, 'length', { value: name === 'roundRect' ? 5 : n, configurable: true });   // radii is optional
      Object.defineProperty(checked, 'name', { value: name, configurable: true });
      return checked;
    }
    function method(name, body) { hidden(C, name, required(name, body)); }
    function op(name) {
      var code = OP[name];
      method(name, function () {
        var s = internal(this);
        native.canvasOp(s.bitmap, code, arguments[0], arguments[1], arguments[2], arguments[3], arguments[4], arguments[5]);
      });
    }
    Object.defineProperty(C, 'canvas', { get: function () { return internal(this).canvas; }, configurable: true, enumerable: true });
    method('getContextAttributes', function () {
      internal(this);
      return { alpha: true, colorSpace: 'srgb', desynchronized: false, willReadFrequently: false };
    });

    ['beginPath', 'translate', 'rotate', 'scale', 'transform', 'clearRect', 'resetTransform'].forEach(function (name) { op(name); });
    method('save', function () {
      var s = internal(this);
      s.stack.push(Object.assign({}, s.state));
      native.canvasOp(s.bitmap, OP.save);
    });
    method('restore', function () {
      var s = internal(this);
      if (!s.stack.length) return;
      s.state = s.stack.pop();
      native.canvasOp(s.bitmap, OP.restore);
    });
    method('reset', function () {
      var s = internal(this);
      native.canvasResize(s.bitmap, s.canvas.width, s.canvas.height);
      s.state = freshState();
      s.stack = [];
    });
    method('isContextLost', function () { internal(this); return false; });

    // --- Path building, shared by the context (CanvasPath on its current path) and Path2D: each method checks its
    // arguments as the standard says, then calls `emit(code, numbers...)`, which draws on a bitmap or records.
    var PATH = {
      closePath: function (emit) { emit(OP.closePath); },
      moveTo: function (emit, x, y) { emit(OP.moveTo, x, y); },
      lineTo: function (emit, x, y) { emit(OP.lineTo, x, y); },
      bezierCurveTo: function (emit, a, b, c, d, e, f) { emit(OP.bezierCurveTo, a, b, c, d, e, f); },
      quadraticCurveTo: function (emit, a, b, c, d) { emit(OP.quadraticCurveTo, a, b, c, d); },
      rect: function (emit, x, y, w, h) { emit(OP.rect, x, y, w, h); },
      arc: function (emit, x, y, radius, start, end, counterclockwise) {
        if (!finite(x, y, radius, start, end)) return;
        if (radius < 0) throw domError('The radius provided (' + radius + ') is negative.', 'IndexSizeError');
        emit(OP.arc, x, y, radius, start, end, counterclockwise ? 1 : 0);
      },
      ellipse: function (emit, x, y, rx, ry, rotation, start, end, counterclockwise) {
        if (!finite(x, y, rx, ry, rotation, start, end)) return;
        if (rx < 0 || ry < 0) throw domError('The ' + (rx < 0 ? 'major' : 'minor') + '-axis radius provided is negative.', 'IndexSizeError');
        emit(OP.ellipse, x, y, rx, ry, rotation, start, end, counterclockwise ? 1 : 0);
      },
      arcTo: function (emit, x1, y1, x2, y2, radius) {
        if (!finite(x1, y1, x2, y2, radius)) return;
        if (radius < 0) throw domError('The radius provided (' + radius + ') is negative.', 'IndexSizeError');
        emit(OP.arcTo, x1, y1, x2, y2, radius);
      },
      roundRect: function (emit, x, y, w, h, radii) {
        if (radii === undefined) radii = 0;
        var list = (typeof radii === 'object' && radii !== null && typeof radii[Symbol.iterator] === 'function')
          ? Array.from(radii) : [radii];
        if (list.length < 1 || list.length > 4) throw new RangeError(list.length + ' radii provided. Between one and four radii are necessary.');
        list = list.map(function (r) {
          return (typeof r === 'object' && r !== null) ? Math.min(Number(r.x || 0), Number(r.y || 0)) : Number(r);
        });
        if (!finite(x, y, w, h) || !list.every(function (r) { return isFinite(r); })) return;
        if (list.some(function (r) { return r < 0; })) throw new RangeError('A radius provided is negative.');
        var c = list.length === 1 ? [list[0], list[0], list[0], list[0]]
          : list.length === 2 ? [list[0], list[1], list[0], list[1]]
          : list.length === 3 ? [list[0], list[1], list[2], list[1]] : list;
        // Corners overlapping their sides shrink together, as the standard says.
        var scale = Math.min(1, Math.abs(w) / (c[0] + c[1] || 1), Math.abs(w) / (c[2] + c[3] || 1),
          Math.abs(h) / (c[0] + c[3] || 1), Math.abs(h) / (c[1] + c[2] || 1));
        c = c.map(function (r) { return r * scale; });
        var sx = w < 0 ? -1 : 1, sy = h < 0 ? -1 : 1;
        emit(OP.moveTo, x + sx * c[0], y);
        emit(OP.arcTo, x + w, y, x + w, y + sy * c[1], c[1]);
        emit(OP.arcTo, x + w, y + h, x + w - sx * c[2], y + h, c[2]);
        emit(OP.arcTo, x, y + h, x, y + h - sy * c[3], c[3]);
        emit(OP.arcTo, x, y, x + sx * c[0], y, c[0]);
        emit(OP.closePath);
        emit(OP.moveTo, x, y);
      }
    };
    var slice = Array.prototype.slice;
    function drawOn(bitmap) {
      return function () { native.canvasOp.apply(native, [bitmap].concat(slice.call(arguments))); };
    }
    Object.keys(PATH).forEach(function (name) {
      method(name, function () { PATH[name].apply(null, [drawOn(internal(this).bitmap)].concat(slice.call(arguments))); });
    });

    // --- Path2D: a list of recorded operations, replayed onto a bitmap in place of its current path (pushPath,
    // popPath) by fill, stroke, clip, isPointInPath and isPointInStroke, under the transform then in force.
    var paths = new WeakMap();   // Path2D -> [[code, numbers...], ...]
    function recordOn(list) {
      return function () { list.push(slice.call(arguments).map(Number)); };
    }
    function Path2D(init) {
      if (!(this instanceof Path2D)) throw new TypeError("Constructor requires 'new' operator");
      var list = [];
      paths.set(this, list);
      if (init instanceof Path2D) Array.prototype.push.apply(list, paths.get(init));
      else if (init !== undefined) parsePathData(String(init), recordOn(list));
    }
    function commandsOf(path) {
      var list = paths.get(path);
      if (!list) throw new TypeError('Illegal invocation');
      return list;
    }
    Object.keys(PATH).forEach(function (name) {
      hidden(Path2D.prototype, name, required(name, function () { PATH[name].apply(null, [recordOn(commandsOf(this))].concat(slice.call(arguments))); }));
    });
    hidden(Path2D.prototype, 'addPath', function addPath(path, transform) {
      var list = commandsOf(this);
      if (!(path instanceof Path2D)) throw new TypeError("Failed to execute 'addPath' on 'Path2D': parameter 1 is not of type 'Path2D'.");
      var added = paths.get(path).slice(), k = matrixOf(transform);
      if (!finite.apply(null, k)) return;
      list.push([OP.save], [OP.transform].concat(k));
      Array.prototype.push.apply(list, added);
      list.push([OP.restore]);
    });
    // Runs `body` with `path` as the bitmap's path; the current path comes back afterwards.
    function withPath(s, path, body) {
      native.canvasOp(s.bitmap, OP.pushPath);
      try {
        paths.get(path).forEach(function (command) { native.canvasOp.apply(native, [s.bitmap].concat(command)); });
        return body();
      } finally {
        native.canvasOp(s.bitmap, OP.popPath);
      }
    }

    // SVG path data (SVG 2, "The grammar for path data") for new Path2D(string). No Debian package parses it, and it
    // is a grammar, so this follows the standard directly. As the standard says, an error ends the path: the segments
    // before the first error are kept, the erroneous one and all after it are dropped.
    function parsePathData(d, emit) {
      var i = 0, n = d.length;
      function space(c) { return c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r'; }
      function skipSpace() { while (i < n && space(d[i])) i++; }
      function digits() { var from = i; while (i < n && d[i] >= '0' && d[i] <= '9') i++; return i - from; }
      function number() {
        var from = i;
        if (d[i] === '+' || d[i] === '-') i++;
        var count = digits();
        if (d[i] === '.') { i++; count += digits(); }
        if (!count) { i = from; return null; }
        if (d[i] === 'e' || d[i] === 'E') {
          var mark = i;
          i++;
          if (d[i] === '+' || d[i] === '-') i++;
          if (!digits()) i = mark;
        }
        return Number(d.slice(from, i));
      }
      function flag() { return d[i] === '0' || d[i] === '1' ? Number(d[i++]) : null; }
      var ARITY = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
      var x = 0, y = 0, startX = 0, startY = 0, control = null, previous = '', command = null;
      skipSpace();
      while (i < n) {
        var c = d[i], comma = false;
        if (ARITY.hasOwnProperty(c.toLowerCase())) { command = c; i++; skipSpace(); }
        else if (!command || command.toLowerCase() === 'z' || !/[0-9.+-]/.test(c)) return;
        else if (command === 'M') command = 'L';
        else if (command === 'm') command = 'l';
        if (!previous && command.toLowerCase() !== 'm') return;
        var lower = command.toLowerCase(), relative = command !== command.toUpperCase(), a = [];
        for (var k = 0; k < ARITY[lower]; k++) {
          if (k) {
            skipSpace();
            if (d[i] === ',') { i++; skipSpace(); }
          }
          var value = lower === 'a' && (k === 3 || k === 4) ? flag() : number();
          if (value === null) return;
          a.push(value);
        }
        if (ARITY[lower]) {
          skipSpace();
          if (d[i] === ',') { i++; skipSpace(); comma = true; }
        }
        segment(lower, relative, a);
        if (comma && (i >= n || !/[0-9.+-]/.test(d[i]))) return;   // a comma must be followed by a number
      }
      function segment(kind, relative, a) {
        var dx = relative ? x : 0, dy = relative ? y : 0, next = null;
        if (kind === 'h') a = [a[0], y - dy];
        if (kind === 'v') a = [x - dx, a[0]];
        switch (kind) {
          case 'm':
            x = startX = a[0] + dx; y = startY = a[1] + dy;
            emit(OP.moveTo, x, y);
            break;
          case 'z':
            emit(OP.closePath);
            x = startX; y = startY;
            break;
          case 'l': case 'h': case 'v':
            x = a[0] + dx; y = a[1] + dy;
            emit(OP.lineTo, x, y);
            break;
          case 'c': case 's': {
            var c1 = kind === 'c' ? [a[0] + dx, a[1] + dy]
              : (previous === 'c' || previous === 's') && control ? [2 * x - control[0], 2 * y - control[1]] : [x, y];
            var rest = kind === 'c' ? a.slice(2) : a;
            next = [rest[0] + dx, rest[1] + dy];
            x = rest[2] + dx; y = rest[3] + dy;
            emit(OP.bezierCurveTo, c1[0], c1[1], next[0], next[1], x, y);
            break;
          }
          case 'q': case 't': {
            next = kind === 'q' ? [a[0] + dx, a[1] + dy]
              : (previous === 'q' || previous === 't') && control ? [2 * x - control[0], 2 * y - control[1]] : [x, y];
            var end = kind === 'q' ? a.slice(2) : a;
            x = end[0] + dx; y = end[1] + dy;
            emit(OP.quadraticCurveTo, next[0], next[1], x, y);
            break;
          }
          case 'a':
            arcSegment(a[0], a[1], a[2], a[3], a[4], a[5] + dx, a[6] + dy);
            break;
        }
        control = next;
        previous = kind;
      }
      // The endpoint arc as a centre arc (SVG 2, "Elliptical arc implementation notes", B.2.4 and B.2.5).
      function arcSegment(rx, ry, degrees, large, sweep, x2, y2) {
        var x1 = x, y1 = y;
        x = x2; y = y2;
        if (x1 === x2 && y1 === y2) return;
        rx = Math.abs(rx); ry = Math.abs(ry);
        if (!rx || !ry) return emit(OP.lineTo, x2, y2);
        var phi = (degrees % 360) * Math.PI / 180, cos = Math.cos(phi), sin = Math.sin(phi);
        var hx = (x1 - x2) / 2, hy = (y1 - y2) / 2;
        var px = cos * hx + sin * hy, py = -sin * hx + cos * hy;
        var lambda = px * px / (rx * rx) + py * py / (ry * ry);
        if (lambda > 1) { rx *= Math.sqrt(lambda); ry *= Math.sqrt(lambda); }
        var numerator = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
        var root = Math.sqrt(Math.max(0, numerator / (rx * rx * py * py + ry * ry * px * px)));
        if (large === sweep) root = -root;
        var qx = root * rx * py / ry, qy = -root * ry * px / rx;
        var cx = cos * qx - sin * qy + (x1 + x2) / 2, cy = sin * qx + cos * qy + (y1 + y2) / 2;
        var start = Math.atan2((py - qy) / ry, (px - qx) / rx), end = Math.atan2((-py - qy) / ry, (-px - qx) / rx);
        emit(OP.ellipse, cx, cy, rx, ry, phi, start, end, sweep ? 0 : 1);
      }
    }

    method('setTransform', function (a, b, c, d, e, f) {
      var s = internal(this);
      if (arguments.length === 0 || (arguments.length === 1 && typeof a === 'object')) {
        var m = a || {};
        var values = [m.a !== undefined ? m.a : m.m11, m.b !== undefined ? m.b : m.m12, m.c !== undefined ? m.c : m.m21,
          m.d !== undefined ? m.d : m.m22, m.e !== undefined ? m.e : m.m41, m.f !== undefined ? m.f : m.m42];
        var defaults = [1, 0, 0, 1, 0, 0];
        values = values.map(function (v, i) { return v === undefined ? defaults[i] : Number(v); });
        native.canvasOp(s.bitmap, OP.setTransform, values[0], values[1], values[2], values[3], values[4], values[5]);
        return;
      }
      native.canvasOp(s.bitmap, OP.setTransform, a, b, c, d, e, f);
    });
    method('getTransform', function () {
      var m = native.canvasTransform(internal(this).bitmap);
      if (typeof global.DOMMatrix === 'function') return new global.DOMMatrix(m);
      return { a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5], m11: m[0], m12: m[1], m21: m[2], m22: m[3], m41: m[4], m42: m[5],
        is2D: true, isIdentity: m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0 };
    });

    // Paint: sets Cairo's source from a style, then runs the operation with globalAlpha.
    function setSource(s, style, rgba) {
      applyShadow(s);
      var g = typeof style === 'object' ? gradients.get(style) : null;
      var p = typeof style === 'object' ? patterns.get(style) : null;
      if (p) {
        var m = p.matrix;
        if (!p.clean) tainted.add(s.canvas);
        native.canvasPattern(s.bitmap, p.bitmap, p.repetition, m[0], m[1], m[2], m[3], m[4], m[5]);
      } else if (g) {
        var k = g.coordinates;
        native.canvasGradient(s.bitmap, g.radial, k[0], k[1], k[2], k[3], k[4], k[5], packedStops(g));
      } else {
        native.canvasColor(s.bitmap, rgba[0] / 255, rgba[1] / 255, rgba[2] / 255, rgba[3]);
      }
    }
    // The shadow drawn with what follows (CanvasShadow in Swift).
    function applyShadow(s) {
      var st = s.state, c = st.shadowRGBA;
      native.canvasShadow(s.bitmap, c[0] / 255, c[1] / 255, c[2] / 255, c[3], st.shadowBlur, st.shadowOffsetX, st.shadowOffsetY);
    }
    function fillRule(rule) {
      if (rule === undefined || rule === 'nonzero') return 0;
      if (rule === 'evenodd') return 1;
      throw new TypeError("The provided value '" + rule + "' is not a valid enum value of type CanvasFillRule.");
    }
    // The overloads taking a Path2D first: `body(s, path, rest)` with the path (or null) and the other arguments.
    function pathMethod(name, body) {
      method(name, function (first) {
        var s = internal(this);
        if (first instanceof Path2D) return body(s, first, slice.call(arguments, 1));
        return body(s, null, slice.call(arguments));
      });
    }
    function onPath(s, path, body) { return path ? withPath(s, path, body) : body(); }
    pathMethod('fill', function (s, path, rest) {
      var r = fillRule(rest[0]);
      setSource(s, s.state.fillStyle, s.state.fillRGBA);
      onPath(s, path, function () { native.canvasOp(s.bitmap, OP.fill, r, s.state.globalAlpha); });
    });
    pathMethod('stroke', function (s, path, rest) {
      if (rest.length && !path) throw new TypeError("Failed to execute 'stroke' on 'CanvasRenderingContext2D': parameter 1 is not of type 'Path2D'.");
      setSource(s, s.state.strokeStyle, s.state.strokeRGBA);
      onPath(s, path, function () { native.canvasOp(s.bitmap, OP.stroke, s.state.globalAlpha); });
    });
    pathMethod('clip', function (s, path, rest) {
      var r = fillRule(rest[0]);
      onPath(s, path, function () { native.canvasOp(s.bitmap, OP.clip, r); });
    });
    pathMethod('isPointInPath', function (s, path, rest) {
      if (rest.length < 2) throw new TypeError('Not enough arguments');
      var evenOdd = fillRule(rest[2]) === 1;
      return onPath(s, path, function () { return native.canvasContains(s.bitmap, Number(rest[0]), Number(rest[1]), false, evenOdd); });
    });
    pathMethod('isPointInStroke', function (s, path, rest) {
      if (rest.length < 2) throw new TypeError('Not enough arguments');
      return onPath(s, path, function () { return native.canvasContains(s.bitmap, Number(rest[0]), Number(rest[1]), true, false); });
    });
    method('fillRect', function (x, y, w, h) {
      var s = internal(this);
      setSource(s, s.state.fillStyle, s.state.fillRGBA);
      native.canvasOp(s.bitmap, OP.fillRect, x, y, w, h, s.state.globalAlpha);
    });
    method('strokeRect', function (x, y, w, h) {
      var s = internal(this);
      setSource(s, s.state.strokeStyle, s.state.strokeRGBA);
      native.canvasOp(s.bitmap, OP.strokeRect, x, y, w, h, s.state.globalAlpha);
    });
    method('createLinearGradient', function (x0, y0, x1, y1) {
      internal(this);
      var k = [x0, y0, 0, x1, y1, 0].map(Number);
      if (!finite.apply(null, k)) throw new TypeError("Failed to execute 'createLinearGradient': The provided double value is non-finite.");
      return makeGradient(false, k);
    });
    method('createRadialGradient', function (x0, y0, r0, x1, y1, r1) {
      internal(this);
      var k = [x0, y0, r0, x1, y1, r1].map(Number);
      if (!finite.apply(null, k)) throw new TypeError("Failed to execute 'createRadialGradient': The provided double value is non-finite.");
      if (k[2] < 0 || k[5] < 0) throw domError('The ' + (k[2] < 0 ? 'r0' : 'r1') + ' provided is less than 0.', 'IndexSizeError');
      return makeGradient(true, k);
    });
    method('setLineDash', function (segments) {
      var s = internal(this);
      if (segments === null || typeof segments !== 'object' || typeof segments[Symbol.iterator] !== 'function') {
        throw new TypeError('Value is not a sequence');   // WebKit's words
      }
      var list = Array.from(segments).map(Number);
      if (!list.every(function (v) { return isFinite(v) && v >= 0; })) return;
      if (list.length % 2) list = list.concat(list);
      s.state.lineDash = list;
      native.canvasDash(s.bitmap, new Float64Array(list), s.state.lineDashOffset);
    });
    method('getLineDash', function () { return internal(this).state.lineDash.slice(); });

    // Styles and line properties.
    function styleProperty(name, rgbaKey) {
      Object.defineProperty(C, name, {
        configurable: true, enumerable: true,
        get: function () { return internal(this).state[name]; },
        set: function (value) {
          var s = internal(this);
          if (typeof value === 'object' && value !== null && (gradients.has(value) || patterns.has(value))) {
            s.state[name] = value;
            return;
          }
          if (typeof value === 'object' && value !== null) return;
          var rgba = parseColor(value);
          if (!rgba) return;
          s.state[name] = serializeColor(rgba);
          s.state[rgbaKey] = rgba;
        }
      });
    }
    styleProperty('fillStyle', 'fillRGBA');
    styleProperty('strokeStyle', 'strokeRGBA');
    function property(name, accept, apply) {
      Object.defineProperty(C, name, {
        configurable: true, enumerable: true,
        get: function () { return internal(this).state[name]; },
        set: function (value) {
          var s = internal(this);
          var accepted = accept(value);
          if (accepted === undefined) return;
          s.state[name] = accepted;
          if (apply) apply(s, accepted);
        }
      });
    }
    function positive(value) { value = Number(value); return isFinite(value) && value > 0 ? value : undefined; }
    function oneOf(table) { return function (value) { value = String(value); return table.hasOwnProperty(value) ? value : undefined; }; }
    property('lineWidth', positive, function (s, v) { native.canvasOp(s.bitmap, OP.lineWidth, v); });
    property('miterLimit', positive, function (s, v) { native.canvasOp(s.bitmap, OP.miterLimit, v); });
    property('lineCap', oneOf(CAPS), function (s, v) { native.canvasOp(s.bitmap, OP.lineCap, CAPS[v]); });
    property('lineJoin', oneOf(JOINS), function (s, v) { native.canvasOp(s.bitmap, OP.lineJoin, JOINS[v]); });
    property('globalCompositeOperation', oneOf(OPERATORS), function (s, v) {
      native.canvasOp(s.bitmap, OP.compositeOperation, OPERATORS[v]);
    });
    property('globalAlpha', function (v) { v = Number(v); return isFinite(v) && v >= 0 && v <= 1 ? v : undefined; });
    property('lineDashOffset', function (v) { v = Number(v); return isFinite(v) ? v : undefined; },
      function (s, v) { native.canvasOp(s.bitmap, OP.lineDashOffset, v); });
    property('textAlign', oneOf({ start: 1, end: 1, left: 1, right: 1, center: 1 }));
    property('textBaseline', oneOf({ top: 1, hanging: 1, middle: 1, alphabetic: 1, ideographic: 1, bottom: 1 }));
    property('direction', oneOf({ ltr: 1, rtl: 1, inherit: 1 }));
    // Shadows are drawn (CanvasShadow in Swift); filters are kept as state only.
    property('shadowBlur', function (v) { v = Number(v); return isFinite(v) && v >= 0 ? v : undefined; });
    property('shadowOffsetX', function (v) { v = Number(v); return isFinite(v) ? v : undefined; });
    property('shadowOffsetY', function (v) { v = Number(v); return isFinite(v) ? v : undefined; });
    property('shadowColor', function (v) { var rgba = parseColor(v); return rgba ? serializeColor(rgba) : undefined; },
      function (s, v) { s.state.shadowRGBA = parseColor(v); });
    property('imageSmoothingEnabled', function (v) { return !!v; });
    property('imageSmoothingQuality', oneOf(SMOOTHING));
    property('filter', function (v) { return String(v); });
    Object.defineProperty(C, 'font', {
      configurable: true, enumerable: true,
      get: function () { return internal(this).state.font.text; },
      set: function (value) {
        var s = internal(this), parsed = parseFont(value);
        if (parsed) s.state.font = parsed;
      }
    });

    // Text.
    function prepareText(s, text) {
      var f = s.state.font;
      native.canvasFont(s.bitmap, f.family, f.size, f.bold, f.italic);
      text = String(text).replace(/[\t\n\f\r]/g, ' ');
      var m = native.canvasMeasure(s.bitmap, text);
      var align = s.state.textAlign, rtl = s.state.direction === 'rtl';
      if (align === 'start') align = rtl ? 'right' : 'left';
      if (align === 'end') align = rtl ? 'left' : 'right';
      var dx = align === 'center' ? -m[0] / 2 : align === 'right' ? -m[0] : 0;
      var ascent = m[5], descent = m[6], baseline = s.state.textBaseline;
      var dy = baseline === 'top' ? ascent : baseline === 'hanging' ? ascent * 0.8
        : baseline === 'middle' ? (ascent - descent) / 2 : (baseline === 'bottom' || baseline === 'ideographic') ? -descent : 0;
      return { text: text, metrics: m, dx: dx, dy: dy };
    }
    function drawText(context, args, stroke) {
      var s = internal(context);
      if (args.length < 3) throw new TypeError('Not enough arguments');
      var x = Number(args[1]), y = Number(args[2]), maxWidth = args[3] === undefined ? Infinity : Number(args[3]);
      if (!finite(x, y) || maxWidth <= 0 || isNaN(maxWidth)) return;
      var t = prepareText(s, args[0]);
      if (stroke) setSource(s, s.state.strokeStyle, s.state.strokeRGBA);
      else setSource(s, s.state.fillStyle, s.state.fillRGBA);
      native.canvasText(s.bitmap, t.text, x, y, t.dx, t.dy, maxWidth, stroke, s.state.globalAlpha);
    }
    method('fillText', function () { drawText(this, arguments, false); });
    method('strokeText', function () { drawText(this, arguments, true); });
    method('measureText', function (text) {
      var s = internal(this);
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      var t = prepareText(s, text), m = t.metrics;
      var metrics = Object.create(TextMetrics.prototype);
      var values = {
        width: m[0], actualBoundingBoxLeft: m[1] - t.dx, actualBoundingBoxRight: m[2] + t.dx,
        actualBoundingBoxAscent: m[3] - t.dy, actualBoundingBoxDescent: m[4] + t.dy,
        fontBoundingBoxAscent: m[5] - t.dy, fontBoundingBoxDescent: m[6] + t.dy,
        emHeightAscent: m[5] - t.dy, emHeightDescent: m[6] + t.dy,
        alphabeticBaseline: -t.dy, hangingBaseline: m[5] * 0.8 - t.dy, ideographicBaseline: -m[6] - t.dy
      };
      Object.keys(values).forEach(function (key) { Object.defineProperty(metrics, key, { value: values[key], enumerable: true }); });
      return metrics;
    });

    // Pixels.
    function rectArgs(sx, sy, sw, sh) {
      sx = sx | 0; sy = sy | 0; sw = sw | 0; sh = sh | 0;
      if (!sw || !sh) throw domError('The source ' + (sw ? 'height' : 'width') + ' is 0.', 'IndexSizeError');
      if (sw < 0) { sx += sw; sw = -sw; }
      if (sh < 0) { sy += sh; sh = -sh; }
      return [sx, sy, sw, sh];
    }
    method('createImageData', function (a, b) {
      internal(this);
      if (a instanceof ImageData) return new ImageData(a.width, a.height);
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      var w = Math.abs(a | 0), h = Math.abs(b | 0);
      if (!w || !h) throw domError('The source ' + (w ? 'height' : 'width') + ' is 0.', 'IndexSizeError');
      return new ImageData(w, h);
    });
    method('getImageData', function (sx, sy, sw, sh) {
      var s = internal(this);
      if (arguments.length < 4) throw new TypeError('Not enough arguments');
      var r = rectArgs(sx, sy, sw, sh);
      checkArea(r[2], r[3]);
      checkClean(s.canvas);
      var image = new ImageData(r[2], r[3]);
      native.canvasRead(s.bitmap, r[0], r[1], r[2], r[3], image.data);
      return image;
    });
    method('putImageData', function (image, dx, dy, dirtyX, dirtyY, dirtyWidth, dirtyHeight) {
      var s = internal(this);
      if (!(image instanceof ImageData)) throw new TypeError("putImageData: parameter 1 is not of type 'ImageData'.");
      if (arguments.length < 3) throw new TypeError('Not enough arguments');
      var x = 0, y = 0, w = image.width, h = image.height;
      if (arguments.length >= 7) {
        x = dirtyX | 0; y = dirtyY | 0; w = dirtyWidth | 0; h = dirtyHeight | 0;
        if (w < 0) { x += w; w = -w; }
        if (h < 0) { y += h; h = -h; }
      }
      native.canvasWrite(s.bitmap, image.data, image.width, dx | 0, dy | 0, x, y, w, h);
    });

    // An image's URL is same-origin with the page: data: URLs, the page's own scheme, host and port, file: URLs under
    // a file: page. CORS is not modelled: an <img crossorigin> is taken as allowed by its server.
    function originOf(url) {
      var m = /^([a-z][a-z0-9+.-]*:)\/\/([^\/?#]*)/i.exec(url);
      return m ? (m[1] + '//' + m[2].replace(/^[^@]*@/, '')).toLowerCase() : null;
    }
    function originClean(image, url) {
      if (/^data:/i.test(url) || image.hasAttribute('crossorigin')) return true;
      var page = String(global.location && global.location.href);
      if (/^file:/i.test(url)) return /^file:/i.test(page);
      var here = originOf(page);
      return here !== null && originOf(url) === here;
    }
    // HTML's "check the usability of the image argument": {bitmap, width, height (its pixels), drawWidth, drawHeight
    // (the density-corrected size), clean}, or null when there is nothing to draw yet (an img not loaded, or with no
    // source). Throws InvalidStateError for a broken img or a canvas of no size, TypeError for anything else. An img's
    // pixels are decoded on first use (native.canvasImage) and kept with its request.
    function imageSource(image, what) {
      if (image instanceof Canvas) {
        var width = image.width, height = image.height;
        if (!width || !height) throw domError('The image argument is a canvas element with a width or height of 0.', 'InvalidStateError');
        return { bitmap: bitmapOf(image), width: width, height: height, drawWidth: width, drawHeight: height, clean: !tainted.has(image) };
      }
      if (!global.HTMLImageElement || !(image instanceof global.HTMLImageElement)) {
        throw new TypeError(what + ': the image argument is not a canvas or image element.');
      }
      var r = image.__image;
      if (r && r.state === 'broken') throw domError("The HTMLImageElement provided is in the 'broken' state.", 'InvalidStateError');
      if (!r || r.state !== 'complete' || !r.body) return null;
      if (r.bitmap === undefined) r.bitmap = native.canvasImage(r.body) || null;
      if (!r.bitmap) return null;
      return { bitmap: r.bitmap, width: r.width, height: r.height, drawWidth: r.width / r.density, drawHeight: r.height / r.density,
               clean: originClean(image, r.currentSrc) };
    }

    // drawImage(image, dx, dy), (image, dx, dy, dw, dh), (image, sx, sy, sw, sh, dx, dy, dw, dh): from a canvas or a
    // loaded <img>; the source rectangle is in the image's pixels.
    method('drawImage', function (image) {
      var s = internal(this), n = arguments.length;
      if (n !== 3 && n !== 5 && n !== 9) throw new TypeError('drawImage: 3, 5 or 9 arguments required, but ' + n + ' present.');
      var source = imageSource(image, 'drawImage');
      if (!source) return;
      var a = Array.prototype.slice.call(arguments, 1).map(Number);
      if (!finite.apply(null, a)) return;
      var src = n === 9 ? a.slice(0, 4) : [0, 0, source.width, source.height];
      var dst = n === 9 ? a.slice(4) : n === 5 ? a : [a[0], a[1], source.drawWidth, source.drawHeight];
      [src, dst].forEach(function (r) {
        if (r[2] < 0) { r[0] += r[2]; r[2] = -r[2]; }
        if (r[3] < 0) { r[1] += r[3]; r[3] = -r[3]; }
      });
      if (!source.clean) tainted.add(s.canvas);
      applyShadow(s);
      native.canvasDraw(s.bitmap, source.bitmap, src[0], src[1], src[2], src[3], dst[0], dst[1], dst[2], dst[3], s.state.globalAlpha,
        s.state.imageSmoothingEnabled ? SMOOTHING[s.state.imageSmoothingQuality] : 0);
    });

    method('createPattern', function (image, repetition) {
      internal(this);
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      var source = imageSource(image, 'createPattern');
      if (!source) return null;
      repetition = repetition === null ? '' : String(repetition);
      if (repetition === '') repetition = 'repeat';
      if (!REPETITIONS.hasOwnProperty(repetition)) {
        throw domError("The provided type ('" + repetition + "') is not one of 'repeat', 'no-repeat', 'repeat-x', or 'repeat-y'.", 'SyntaxError');
      }
      // Later drawing on the source does not change the pattern: it keeps a copy of the bitmap.
      var width = source.width, height = source.height, snapshot = native.canvasNew(width, height);
      native.canvasDraw(snapshot, source.bitmap, 0, 0, width, height, 0, 0, width, height, 1, false);
      var pattern = Object.create(CanvasPattern.prototype);
      patterns.set(pattern, { bitmap: snapshot, repetition: REPETITIONS[repetition], matrix: [1, 0, 0, 1, 0, 0], clean: source.clean });
      return pattern;
    });

    // The globals become plain values (unless the page has already set its own).
    function expose(name, value) {
      var d = Object.getOwnPropertyDescriptor(global, name);
      if (!d || (d.get && d.get.__lazyStub)) hidden(global, name, value);
    }
    expose('CanvasRenderingContext2D', CanvasRenderingContext2D);
    expose('CanvasGradient', CanvasGradient);
    expose('CanvasPattern', CanvasPattern);
    expose('TextMetrics', TextMetrics);
    expose('Path2D', Path2D);
    if (classNames.indexOf('ImageData') >= 0) expose('ImageData', ImageData);
    [[C, 'CanvasRenderingContext2D'], [CanvasGradient.prototype, 'CanvasGradient'], [CanvasPattern.prototype, 'CanvasPattern'], [TextMetrics.prototype, 'TextMetrics'],
      [ImageData.prototype, 'ImageData'], [Path2D.prototype, 'Path2D']].forEach(function (pair) {
      Object.defineProperty(pair[0], Symbol.toStringTag, { value: pair[1], configurable: true });
    });
    var made = { CanvasRenderingContext2D: CanvasRenderingContext2D, CanvasGradient: CanvasGradient, CanvasPattern: CanvasPattern,
      TextMetrics: TextMetrics, Path2D: Path2D, ImageData: ImageData };
    if (internals.platformMade) internals.platformMade(made, Object.keys(made));   // their [native code] (native-code.js)
    built.C = C;
    built.freshState = freshState;
    return built;
  }

  // --- HTMLCanvasElement
  // domino defines getContext, toDataURL, toBlob (as NotYetImplemented), width and height on the prototype as
  // non-configurable properties, so each canvas gets its own when domino creates it (the parser and
  // createElement both go through htmlelts.createElement).
  function getContext(type) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    type = String(type);
    var existing = contexts.get(this);
    if (type !== '2d') return null;   // webgl, webgl2, bitmaprenderer: none, as without a GPU
    if (existing) return existing;
    var context = Object.create(build().C);
    states.set(context, { canvas: this, bitmap: bitmapOf(this), state: built.freshState(), stack: [] });
    contexts.set(this, context);
    return context;
  }
  function png(canvas) { return native.canvasPNG(bitmapOf(canvas)) || null; }
  // The bitmap encoded as `type` asks: JPEG (`image/jpeg`, quality 0-1, 0.92 when not a number in range, as
  // WebKit) through gdk-pixbuf, PNG for every other type, as the standard says for types a browser cannot write.
  function encode(canvas, type, quality) {
    type = String(type === undefined ? '' : type).toLowerCase();
    if (type === 'image/jpeg') {
      var q = typeof quality === 'number' && quality >= 0 && quality <= 1 ? quality : 0.92;
      var jpeg = native.canvasJPEG(bitmapOf(canvas), q);
      if (jpeg) return { bytes: jpeg, type: 'image/jpeg' };
    }
    var bytes = png(canvas);
    return bytes ? { bytes: bytes, type: 'image/png' } : null;
  }
  function toDataURL(type, quality) {
    checkClean(this);
    var image = encode(this, type, quality);
    return image ? 'data:' + image.type + ';base64,' + native.canvasBase64(image.bytes) : 'data:,';
  }
  function toBlob(callback, type, quality) {
    if (typeof callback !== 'function') throw new TypeError("toBlob: parameter 1 is not of type 'BlobCallback'.");
    checkClean(this);
    var image = encode(this, type, quality);
    global.setTimeout(function () {
      callback(image && typeof global.Blob === 'function' ? new global.Blob([image.bytes], { type: image.type }) : null);
    }, 0);
  }
  // Setting width or height (even to the same value) gives a new, cleared bitmap.
  var sizeAccessors = {};
  ['width', 'height'].forEach(function (name) {
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.set) return;
    sizeAccessors[name] = {
      configurable: true, enumerable: false, get: descriptor.get,
      set: function (value) { descriptor.set.call(this, value); reset(this); }
    };
  });
  var canvasMembers = {
    getContext: { value: getContext, writable: true, configurable: true },
    toDataURL: { value: toDataURL, writable: true, configurable: true },
    toBlob: { value: toBlob, writable: true, configurable: true }
  };
  Object.keys(sizeAccessors).forEach(function (name) { canvasMembers[name] = sizeAccessors[name]; });
  var htmlelts = typeof native.domRequire === 'function' ? native.domRequire('domino/lib/htmlelts') : null;
  if (htmlelts) {
    var createElement = htmlelts.createElement;
    htmlelts.createElement = function (doc, localName, prefix) {
      var element = createElement.call(this, doc, localName, prefix);
      if (localName === 'canvas') Object.defineProperties(element, canvasMembers);
      return element;
    };
  }
  var setAttribute = proto.setAttribute, removeAttribute = proto.removeAttribute;
  hidden(proto, 'setAttribute', function (name) {
    var result = setAttribute.apply(this, arguments);
    if (/^(width|height)$/i.test(name)) reset(this);
    return result;
  });
  hidden(proto, 'removeAttribute', function (name) {
    var result = removeAttribute.apply(this, arguments);
    if (/^(width|height)$/i.test(name)) reset(this);
    return result;
  });

  // The document's canvases as PNG files, for HeadlessWebView.canvasSnapshots() (`hybrid run --canvas-out`).
  hidden(global, '__hybridCanvasExport', function () {
    var list = global.document ? global.document.getElementsByTagName('canvas') : [];
    return Array.prototype.map.call(list, function (canvas, index) {
      return { name: canvas.id || 'canvas-' + (index + 1), width: canvas.width, height: canvas.height, png: png(canvas) };
    });
  });

  var classNames = ['CanvasRenderingContext2D', 'CanvasGradient', 'CanvasPattern', 'TextMetrics', 'Path2D'];
  if (typeof global.ImageData !== 'function') classNames.push('ImageData');
  var env = native.domEnv;
  if (env && typeof env.lazyProperties === 'function') env.lazyProperties(global, classNames, build);
  else build();
})
