(function (global, native, internals) {
  'use strict';
  var define = internals.define;
  internals.toBytes = function (input) {
    if (input instanceof Uint8Array) return input;
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    return null;
  };

  function TextEncoder() {
    if (!(this instanceof TextEncoder)) throw new TypeError("Constructor requires 'new' operator");
  }
  Object.defineProperty(TextEncoder.prototype, 'encoding', { get: function () { return 'utf-8'; }, configurable: true });
  define(TextEncoder.prototype, 'encode', function encode(input) {
    return native.encodeUTF8(input === undefined ? '' : String(input));
  });
  define(TextEncoder.prototype, 'encodeInto', function encodeInto(input, destination) {
    if (!(destination instanceof Uint8Array)) throw new TypeError("TextEncoder.encodeInto: the destination must be a Uint8Array");
    var text = String(input), read = 0, written = 0, room = destination.length;
    for (var i = 0; i < text.length;) {
      var code = text.codePointAt(i), units = code > 0xffff ? 2 : 1;
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      var size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (written + size > room) break;
      if (size === 1) destination[written++] = code;
      else {
        var shift = (size - 1) * 6;
        destination[written++] = ((0xf00 >> size) & 0xff) | (code >> shift);
        for (shift -= 6; shift >= 0; shift -= 6) destination[written++] = 0x80 | ((code >> shift) & 0x3f);
      }
      read += units;
      i += units;
    }
    return { read: read, written: written };
  });

  var labels = ['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8'];
  function TextDecoder(label, options) {
    if (!(this instanceof TextDecoder)) throw new TypeError("Constructor requires 'new' operator");
    // WebKit's words (WebKitGTK 2.50) for options that are not a TextDecoderOptions dictionary.
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
    var name = label === undefined ? 'utf-8' : String(label).trim().toLowerCase();
    if (labels.indexOf(name) < 0) {
      throw new RangeError("TextDecoder: the encoding '" + label + "' is not supported (only utf-8 is)");
    }
    define(this, '_fatal', !!(options && options.fatal));
    define(this, '_ignoreBOM', !!(options && options.ignoreBOM));
  }
  Object.defineProperty(TextDecoder.prototype, 'encoding', { get: function () { return 'utf-8'; }, configurable: true });
  Object.defineProperty(TextDecoder.prototype, 'fatal', { get: function () { return this._fatal; }, configurable: true });
  Object.defineProperty(TextDecoder.prototype, 'ignoreBOM', { get: function () { return this._ignoreBOM; }, configurable: true });
  define(TextDecoder.prototype, 'decode', function decode(input) {
    if (input === undefined || input === null) return '';
    var bytes = internals.toBytes(input);
    if (!bytes) throw new TypeError("TextDecoder.decode: the input must be an ArrayBuffer or an ArrayBufferView");
    return native.decodeUTF8(bytes, this._fatal, this._ignoreBOM);
  });

  internals.tag(TextEncoder);
  internals.tag(TextDecoder);
  if (typeof global.TextEncoder !== 'function') define(global, 'TextEncoder', TextEncoder);
  if (typeof global.TextDecoder !== 'function') define(global, 'TextDecoder', TextDecoder);
})
