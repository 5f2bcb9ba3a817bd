(function (require, native, env) {
  'use strict';
  // Geometry Interfaces 1: DOMPointReadOnly/DOMPoint, DOMQuad and DOMMatrixReadOnly/DOMMatrix, with WebKitCSSMatrix
  // (WebKit's older name for DOMMatrix), made on the first read of one of their names. A matrix is kept as the
  // standard defines it: sixteen numbers m11..m44 (m11 m12 m13 m14 is its first column: a point p maps to M · p) and
  // an is2D flag. A string is a CSS transform list with absolute lengths, angles and numbers, as in WebKit.
  var g = globalThis;
  var NAMES = ['DOMPointReadOnly', 'DOMPoint', 'DOMQuad', 'DOMMatrixReadOnly', 'DOMMatrix', 'WebKitCSSMatrix'];
  var FIELDS = ['m11', 'm12', 'm13', 'm14', 'm21', 'm22', 'm23', 'm24', 'm31', 'm32', 'm33', 'm34', 'm41', 'm42', 'm43', 'm44'];
  var ALIASES = { a: 0, b: 1, c: 4, d: 5, e: 12, f: 13 };
  // The fields a 2D matrix keeps at these values (m13 m14 m23 m24 m31 m32 m34 m43 at 0, m33 m44 at 1).
  var FLAT = { 2: 0, 3: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 1, 11: 0, 14: 0, 15: 1 };
  var IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

  function define(target, name, value) {
    if (typeof value === 'function') Object.defineProperty(value, 'name', { value: name, configurable: true });
    Object.defineProperty(target, name, { value: value, writable: true, enumerable: true, configurable: true });
  }
  function getter(target, name, get, set) {
    Object.defineProperty(target, name, { get: get, set: set, enumerable: true, configurable: true });
  }
  function tag(C, name) { Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true }); }
  function syntaxError() { return new DOMException('The string did not match the expected pattern.', 'SyntaxError'); }
  function num(v, fallback) { return v === undefined ? fallback : Number(v); }
  function dictionary(value, what) {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' && typeof value !== 'function') throw new TypeError('Type error');
    return value;
  }

  // --- 4x4 arithmetic on arrays of sixteen (column-major: element (row r, column c) is m[4 c + r])
  function multiply(a, b) {
    var out = new Array(16);
    for (var c = 0; c < 4; c++) {
      for (var r = 0; r < 4; r++) {
        out[4 * c + r] = a[r] * b[4 * c] + a[4 + r] * b[4 * c + 1] + a[8 + r] * b[4 * c + 2] + a[12 + r] * b[4 * c + 3];
      }
    }
    return out;
  }
  function translation(x, y, z) { var m = IDENTITY.slice(); m[12] = x; m[13] = y; m[14] = z; return m; }
  function scaling(x, y, z) { var m = IDENTITY.slice(); m[0] = x; m[5] = y; m[10] = z; return m; }
  function radians(degrees) { return degrees * Math.PI / 180; }
  // CSS Transforms 2's rotate3d(x, y, z, angle) with the axis normalised (no rotation for a zero axis).
  function axisRotation(x, y, z, degrees) {
    var length = Math.sqrt(x * x + y * y + z * z);
    if (length === 0 || !isFinite(length)) return IDENTITY.slice();
    x /= length; y /= length; z /= length;
    var half = radians(degrees) / 2, sc = Math.sin(half) * Math.cos(half), sq = Math.sin(half) * Math.sin(half);
    return [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq + z * sc), 2 * (x * z * sq - y * sc), 0,
            2 * (x * y * sq - z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq + x * sc), 0,
            2 * (x * z * sq + y * sc), 2 * (y * z * sq - x * sc), 1 - 2 * (x * x + y * y) * sq, 0,
            0, 0, 0, 1];
  }
  function skewing(xDegrees, yDegrees) {
    var m = IDENTITY.slice();
    m[4] = Math.tan(radians(xDegrees));
    m[1] = Math.tan(radians(yDegrees));
    return m;
  }
  function invert(m) {
    var inv = new Array(16);
    inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
    inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
    inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
    inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
    inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
    inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
    inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
    inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
    inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
    var det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    if (det === 0 || !isFinite(det)) return null;
    return inv.map(function (v) { return v / det; });
  }

  // --- CSS transform lists (CSS Transforms 1 and 2) to a matrix: { m, is2D }, or a SyntaxError.
  var LENGTHS = { px: 1, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, in: 96, pt: 96 / 72, pc: 16 };
  var ANGLES = { deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 };
  function parseTransformList(text) {
    text = String(text).trim();
    if (text === '' || text.toLowerCase() === 'none') return { m: IDENTITY.slice(), is2D: true };
    var re = /\s*([a-zA-Z0-9]+)\(([^()]*)\)\s*/g, at = 0, m = IDENTITY.slice(), is2D = true, match;
    while (at < text.length) {
      re.lastIndex = at;
      match = re.exec(text);
      if (!match || match.index !== at) throw syntaxError();
      at = re.lastIndex;
      var name = match[1].toLowerCase(), args = match[2].trim() === '' ? [] : match[2].split(',').map(function (a) {
        var v = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-zA-Z%]*)\s*$/.exec(a);
        if (!v) throw syntaxError();
        return { n: Number(v[1]), unit: v[2].toLowerCase() };
      });
      var f = functionMatrix(name, args);
      if (!f) throw syntaxError();
      if (!f.is2D) is2D = false;
      m = multiply(m, f.m);
    }
    return { m: m, is2D: is2D };
  }
  function functionMatrix(name, args) {
    function length(a) { if (!a) return 0; if (a.unit === '' && a.n === 0) return 0; var k = LENGTHS[a.unit]; if (k === undefined) throw syntaxError(); return a.n * k; }
    function angle(a) { if (a.unit === '' && a.n === 0) return 0; var k = ANGLES[a.unit]; if (k === undefined) throw syntaxError(); return a.n * k; }
    function number(a) { if (a.unit !== '') throw syntaxError(); return a.n; }
    function count(min, max) { if (args.length < min || args.length > max) throw syntaxError(); }
    switch (name) {
      case 'matrix': count(6, 6); var v = args.map(number);
        return { m: [v[0], v[1], 0, 0, v[2], v[3], 0, 0, 0, 0, 1, 0, v[4], v[5], 0, 1], is2D: true };
      case 'matrix3d': count(16, 16); return { m: args.map(number), is2D: false };
      case 'translate': count(1, 2); return { m: translation(length(args[0]), length(args[1]), 0), is2D: true };
      case 'translatex': count(1, 1); return { m: translation(length(args[0]), 0, 0), is2D: true };
      case 'translatey': count(1, 1); return { m: translation(0, length(args[0]), 0), is2D: true };
      case 'translatez': count(1, 1); return { m: translation(0, 0, length(args[0])), is2D: false };
      case 'translate3d': count(3, 3); return { m: translation(length(args[0]), length(args[1]), length(args[2])), is2D: false };
      case 'scale': count(1, 2); return { m: scaling(number(args[0]), number(args[1] || args[0]), 1), is2D: true };
      case 'scalex': count(1, 1); return { m: scaling(number(args[0]), 1, 1), is2D: true };
      case 'scaley': count(1, 1); return { m: scaling(1, number(args[0]), 1), is2D: true };
      case 'scalez': count(1, 1); return { m: scaling(1, 1, number(args[0])), is2D: false };
      case 'scale3d': count(3, 3); return { m: scaling(number(args[0]), number(args[1]), number(args[2])), is2D: false };
      case 'rotate': case 'rotatez': count(1, 1); return { m: axisRotation(0, 0, 1, angle(args[0])), is2D: name === 'rotate' };
      case 'rotatex': count(1, 1); return { m: axisRotation(1, 0, 0, angle(args[0])), is2D: false };
      case 'rotatey': count(1, 1); return { m: axisRotation(0, 1, 0, angle(args[0])), is2D: false };
      case 'rotate3d': count(4, 4); return { m: axisRotation(number(args[0]), number(args[1]), number(args[2]), angle(args[3])), is2D: false };
      case 'skew': count(1, 2); return { m: skewing(angle(args[0]), args[1] ? angle(args[1]) : 0), is2D: true };
      case 'skewx': count(1, 1); return { m: skewing(angle(args[0]), 0), is2D: true };
      case 'skewy': count(1, 1); return { m: skewing(0, angle(args[0])), is2D: true };
      case 'perspective': count(1, 1); var d = length(args[0]), p = IDENTITY.slice();
        if (d < 0) throw syntaxError();
        if (d !== 0) p[11] = -1 / d;
        return { m: p, is2D: false };
    }
    return null;
  }

  function make() {
    // --- DOMPointReadOnly, DOMPoint
    function pointOf(self) { return self._p; }
    function DOMPointReadOnly(x, y, z, w) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      Object.defineProperty(this, '_p', { value: [num(x, 0), num(y, 0), num(z, 0), num(w, 1)] });
    }
    function pointFrom(C, init) {
      init = dictionary(init);
      return new C(init.x, init.y, init.z, init.w);
    }
    define(DOMPointReadOnly, 'fromPoint', function (other) { return pointFrom(DOMPointReadOnly, other); });
    ['x', 'y', 'z', 'w'].forEach(function (name, i) {
      getter(DOMPointReadOnly.prototype, name, function () { return pointOf(this)[i]; });
    });
    define(DOMPointReadOnly.prototype, 'matrixTransform', function (matrix) {
      var m = matrixFromInit(matrix), p = pointOf(this), out = [0, 0, 0, 0];
      for (var r = 0; r < 4; r++) out[r] = m.m[r] * p[0] + m.m[4 + r] * p[1] + m.m[8 + r] * p[2] + m.m[12 + r] * p[3];
      return new DOMPoint(out[0], out[1], out[2], out[3]);
    });
    define(DOMPointReadOnly.prototype, 'toJSON', function () {
      var p = pointOf(this);
      return { x: p[0], y: p[1], z: p[2], w: p[3] };
    });
    tag(DOMPointReadOnly, 'DOMPointReadOnly');
    function DOMPoint(x, y, z, w) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      Object.defineProperty(this, '_p', { value: [num(x, 0), num(y, 0), num(z, 0), num(w, 1)] });
    }
    Object.setPrototypeOf(DOMPoint, DOMPointReadOnly);
    DOMPoint.prototype = Object.create(DOMPointReadOnly.prototype, { constructor: { value: DOMPoint, writable: true, configurable: true } });
    define(DOMPoint, 'fromPoint', function (other) { return pointFrom(DOMPoint, other); });
    ['x', 'y', 'z', 'w'].forEach(function (name, i) {
      getter(DOMPoint.prototype, name, function () { return pointOf(this)[i]; }, function (v) { pointOf(this)[i] = Number(v); });
    });
    tag(DOMPoint, 'DOMPoint');

    // --- DOMQuad
    function DOMQuad(p1, p2, p3, p4) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      var points = [p1, p2, p3, p4].map(function (p) { return DOMPoint.fromPoint(p); });
      Object.defineProperty(this, '_q', { value: points });
    }
    define(DOMQuad, 'fromRect', function (rect) {
      rect = dictionary(rect);
      var x = num(rect.x, 0), y = num(rect.y, 0), w = num(rect.width, 0), h = num(rect.height, 0);
      return new DOMQuad({ x: x, y: y }, { x: x + w, y: y }, { x: x + w, y: y + h }, { x: x, y: y + h });
    });
    define(DOMQuad, 'fromQuad', function (quad) {
      quad = dictionary(quad);
      return new DOMQuad(quad.p1, quad.p2, quad.p3, quad.p4);
    });
    ['p1', 'p2', 'p3', 'p4'].forEach(function (name, i) {
      getter(DOMQuad.prototype, name, function () { return this._q[i]; });
    });
    define(DOMQuad.prototype, 'getBounds', function () {
      var xs = this._q.map(function (p) { return p.x; }), ys = this._q.map(function (p) { return p.y; });
      var left = Math.min.apply(null, xs), top = Math.min.apply(null, ys);
      return new g.DOMRect(left, top, Math.max.apply(null, xs) - left, Math.max.apply(null, ys) - top);
    });
    define(DOMQuad.prototype, 'toJSON', function () {
      return { p1: this._q[0], p2: this._q[1], p3: this._q[2], p4: this._q[3] };
    });
    tag(DOMQuad, 'DOMQuad');

    // --- DOMMatrixReadOnly, DOMMatrix
    function state(self) {
      var s = self && self._m;
      if (!s) throw new TypeError('Type error');
      return s;
    }
    // The standard's "validate and fixup" of a DOMMatrixInit: its values, or a TypeError.
    function matrixFromInit(init) {
      if (init && init._m) return { m: init._m.m.slice(), is2D: init._m.is2D };
      init = dictionary(init);
      var m = IDENTITY.slice();
      Object.keys(ALIASES).forEach(function (alias) {
        var i = ALIASES[alias], field = FIELDS[i], a = init[alias], v = init[field];
        if (a !== undefined && v !== undefined && !Object.is(Number(a), Number(v)) && !(Number(a) === 0 && Number(v) === 0)) {
          throw new TypeError('init.' + alias + ' and init.' + field + ' do not match');   // WebKit's words
        }
        if (v !== undefined) m[i] = Number(v); else if (a !== undefined) m[i] = Number(a);
      });
      var flat = true, offending = null;
      // WebKit checks the fields that must be 0 first, then m33 and m44.
      [2, 3, 6, 7, 8, 9, 11, 14, 10, 15].forEach(function (i) {
        var v = init[FIELDS[i]];
        if (v === undefined) return;
        m[i] = Number(v);
        if (m[i] !== FLAT[i]) { flat = false; if (offending === null) offending = i; }
      });
      if (init.is2D === true && !flat) throw new TypeError(FIELDS[offending] + ' should be ' + FLAT[offending] + ' for a 2D matrix');
      return { m: m, is2D: init.is2D === undefined ? flat : !!init.is2D };
    }
    function construct(self, init) {
      var value;
      if (init === undefined) value = { m: IDENTITY.slice(), is2D: true };
      else if (typeof init === 'string') value = parseTransformList(init);
      else if (init !== null && typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
        var list = Array.from(init, Number);
        if (list.length === 6) value = { m: [list[0], list[1], 0, 0, list[2], list[3], 0, 0, 0, 0, 1, 0, list[4], list[5], 0, 1], is2D: true };
        else if (list.length === 16) value = { m: list, is2D: false };
        else throw new TypeError('Type error');
      } else throw new TypeError('Type error');
      Object.defineProperty(self, '_m', { value: value });
    }
    function DOMMatrixReadOnly(init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      construct(this, init);
    }
    function DOMMatrix(init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      construct(this, init);
    }
    Object.setPrototypeOf(DOMMatrix, DOMMatrixReadOnly);
    DOMMatrix.prototype = Object.create(DOMMatrixReadOnly.prototype, { constructor: { value: DOMMatrix, writable: true, configurable: true } });
    function wrap(C, value) {
      var out = Object.create(C.prototype);
      Object.defineProperty(out, '_m', { value: value });
      return out;
    }
    function fromArray(C, array) {
      if (!array || !(array instanceof Float32Array || array instanceof Float64Array)) throw new TypeError('Type error');
      var out = Object.create(C.prototype);
      construct(out, Array.from(array));
      return out;
    }
    [DOMMatrixReadOnly, DOMMatrix].forEach(function (C) {
      define(C, 'fromMatrix', function (other) { return wrap(C, matrixFromInit(other)); });
      define(C, 'fromFloat32Array', function (array) { if (!(array instanceof Float32Array)) throw new TypeError('Type error'); return fromArray(C, array); });
      define(C, 'fromFloat64Array', function (array) { if (!(array instanceof Float64Array)) throw new TypeError('Type error'); return fromArray(C, array); });
    });
    var R = DOMMatrixReadOnly.prototype, W = DOMMatrix.prototype;
    FIELDS.forEach(function (field, i) {
      getter(R, field, function () { return state(this).m[i]; });
      getter(W, field, function () { return state(this).m[i]; }, function (v) {
        var s = state(this);
        s.m[i] = Number(v);
        if (i in FLAT && !(s.m[i] === FLAT[i])) s.is2D = false;
      });
    });
    Object.keys(ALIASES).forEach(function (alias) {
      var i = ALIASES[alias];
      getter(R, alias, function () { return state(this).m[i]; });
      getter(W, alias, function () { return state(this).m[i]; }, function (v) { state(this).m[i] = Number(v); });
    });
    getter(R, 'is2D', function () { return state(this).is2D; });
    getter(R, 'isIdentity', function () {
      var m = state(this).m;
      return m.every(function (v, i) { return v === IDENTITY[i]; });
    });

    // The operations, each on a copy (read-only methods) or in place (DOMMatrix's `...Self` methods).
    function apply(s, other, is2D, before) {
      s.m = before ? multiply(other, s.m) : multiply(s.m, other);
      if (!is2D) s.is2D = false;
    }
    var OPERATIONS = {
      multiply: function (s, other) { var o = matrixFromInit(other); apply(s, o.m, o.is2D); },
      preMultiply: function (s, other) { var o = matrixFromInit(other); apply(s, o.m, o.is2D, true); },
      translate: function (s, tx, ty, tz) { tz = num(tz, 0); apply(s, translation(num(tx, 0), num(ty, 0), tz), tz === 0); },
      scale: function (s, sx, sy, sz, ox, oy, oz) {
        sx = num(sx, 1); sy = num(sy, sx); sz = num(sz, 1); ox = num(ox, 0); oy = num(oy, 0); oz = num(oz, 0);
        apply(s, multiply(multiply(translation(ox, oy, oz), scaling(sx, sy, sz)), translation(-ox, -oy, -oz)), sz === 1 && oz === 0);
      },
      scale3d: function (s, k, ox, oy, oz) { k = num(k, 1); OPERATIONS.scale(s, k, k, k, ox, oy, oz); },
      rotate: function (s, rx, ry, rz) {
        rx = num(rx, 0);
        if (ry === undefined && rz === undefined) { rz = rx; rx = 0; ry = 0; } else { ry = num(ry, 0); rz = num(rz, 0); }
        apply(s, axisRotation(0, 0, 1, rz), true);
        apply(s, axisRotation(0, 1, 0, ry), ry === 0);
        apply(s, axisRotation(1, 0, 0, rx), rx === 0);
      },
      rotateFromVector: function (s, x, y) {
        x = num(x, 0); y = num(y, 0);
        apply(s, axisRotation(0, 0, 1, x === 0 && y === 0 ? 0 : Math.atan2(y, x) * 180 / Math.PI), true);
      },
      rotateAxisAngle: function (s, x, y, z, degrees) {
        x = num(x, 0); y = num(y, 0); z = num(z, 0);
        apply(s, axisRotation(x, y, z, num(degrees, 0)), x === 0 && y === 0);
      },
      skewX: function (s, sx) { apply(s, skewing(num(sx, 0), 0), true); },
      skewY: function (s, sy) { apply(s, skewing(0, num(sy, 0)), true); },
      invert: function (s) {
        var inv = invert(s.m);
        if (inv) { s.m = inv; return; }
        s.m = s.m.map(function () { return NaN; });
        s.is2D = false;
      }
    };
    function copy(self) { var s = state(self); return { m: s.m.slice(), is2D: s.is2D }; }
    ['multiply', 'translate', 'scale', 'scale3d', 'rotate', 'rotateFromVector', 'rotateAxisAngle', 'skewX', 'skewY'].forEach(function (name) {
      define(R, name, function () {
        var s = copy(this);
        OPERATIONS[name].apply(null, [s].concat(Array.prototype.slice.call(arguments)));
        return wrap(DOMMatrix, s);
      });
    });
    ['multiply', 'preMultiply', 'translate', 'scale', 'scale3d', 'rotate', 'rotateFromVector', 'rotateAxisAngle', 'skewX', 'skewY', 'invert'].forEach(function (name) {
      define(W, name + 'Self', function () {
        OPERATIONS[name].apply(null, [state(this)].concat(Array.prototype.slice.call(arguments)));
        return this;
      });
    });
    define(R, 'inverse', function () { var s = copy(this); OPERATIONS.invert(s); return wrap(DOMMatrix, s); });
    define(R, 'flipX', function () { var s = copy(this); apply(s, scaling(-1, 1, 1), true); return wrap(DOMMatrix, s); });
    define(R, 'flipY', function () { var s = copy(this); apply(s, scaling(1, -1, 1), true); return wrap(DOMMatrix, s); });
    define(R, 'transformPoint', function (point) { return DOMPointReadOnly.prototype.matrixTransform.call(DOMPoint.fromPoint(point), this); });
    define(R, 'toFloat32Array', function () { return new Float32Array(state(this).m); });
    define(R, 'toFloat64Array', function () { return new Float64Array(state(this).m); });
    define(R, 'toJSON', function () {
      var self = this, out = {};
      ['a', 'b', 'c', 'd', 'e', 'f'].concat(FIELDS, ['is2D', 'isIdentity']).forEach(function (n) { out[n] = self[n]; });
      return out;
    });
    define(R, 'toString', function () {
      var s = state(this);
      if (!s.m.every(isFinite)) throw new DOMException('Matrix contains non-finite values', 'InvalidStateError');
      return s.is2D ? 'matrix(' + [s.m[0], s.m[1], s.m[4], s.m[5], s.m[12], s.m[13]].join(', ') + ')'
        : 'matrix3d(' + s.m.join(', ') + ')';
    });
    define(W, 'setMatrixValue', function (text) {
      var parsed = parseTransformList(text), s = state(this);
      s.m = parsed.m;
      s.is2D = parsed.is2D;
      return this;
    });
    tag(DOMMatrixReadOnly, 'DOMMatrixReadOnly');
    tag(DOMMatrix, 'DOMMatrix');
    return { DOMPointReadOnly: DOMPointReadOnly, DOMPoint: DOMPoint, DOMQuad: DOMQuad, DOMMatrixReadOnly: DOMMatrixReadOnly,
             DOMMatrix: DOMMatrix, WebKitCSSMatrix: DOMMatrix };
  }

  env.lazyProperties(g, NAMES, env.lazyInstaller(function () {
    var classes = make();
    NAMES.forEach(function (name) {
      Object.defineProperty(g, name, { value: classes[name], writable: true, configurable: true });
    });
  }));
  return env;
})
