(function (global, native, internals) {
  'use strict';
  // FormData's entry list, for pages and workers: append/set/get/getAll/has/delete, iteration, Blob values as Files
  // and the multipart/form-data body XMLHttpRequest and fetch send (platform/xmlhttprequest-send.js). A page's
  // constructor, which takes a form, is its DOM's (dom/form-submission.js, installed before this script); a
  // worker's takes no form (no HTMLFormElement exists there), as WebKit's.
  var FormData = global.FormData;
  if (typeof FormData !== 'function') {
    FormData = function FormData(form) {
      if (!(this instanceof FormData)) throw new TypeError("Constructor requires 'new' operator");
      if (form !== undefined) throw new TypeError("Argument 1 ('form') to the FormData constructor must be an instance of HTMLFormElement");
      Object.defineProperty(this, '_hybridEntries', { value: [] });
    };
    Object.defineProperty(global, 'FormData', { value: FormData, writable: true, configurable: true });
  }
  var proto = FormData.prototype;
  function method(target, name, f) {
    Object.defineProperty(target, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function normalize(s) { return String(s).replace(/\r\n|\r|\n/g, '\r\n'); }   // at serialization, as the standard says
  function requireArgs(name, args, n) {
    if (args.length < n) throw new TypeError('Not enough arguments');
  }
  // HTML's "create an entry": a Blob becomes a File (named 'blob' unless a filename is given), other values strings.
  function isBlob(value) { return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, '_hybridBlobData'); }
  function entryValue(method, args) {
    var value = args[1];
    if (!isBlob(value)) {
      if (args.length > 2) throw new TypeError("Argument 2 ('blobValue') to FormData." + method + ' must be an instance of Blob');   // WebKit's words
      return String(value);
    }
    var file = value._hybridBlobData.name !== undefined;
    if (file && args.length < 3) return value;
    var name = args.length > 2 && args[2] !== undefined ? String(args[2]) : file ? value.name : 'blob';
    return new global.File([value], name, { type: value.type, lastModified: file ? value.lastModified : undefined });
  }
  method(proto, 'append', function append(name, value) {
    requireArgs('append', arguments, 2);
    this._hybridEntries.push([String(name), entryValue('append', arguments)]);
  });
  method(proto, 'delete', function (name) {
    requireArgs('delete', arguments, 1);
    name = String(name);
    var list = this._hybridEntries;
    for (var i = list.length - 1; i >= 0; i--) if (list[i][0] === name) list.splice(i, 1);
  });
  method(proto, 'get', function get(name) {
    requireArgs('get', arguments, 1);
    name = String(name);
    var list = this._hybridEntries;
    for (var i = 0; i < list.length; i++) if (list[i][0] === name) return list[i][1];
    return null;
  });
  method(proto, 'getAll', function getAll(name) {
    requireArgs('getAll', arguments, 1);
    name = String(name);
    return this._hybridEntries.filter(function (e) { return e[0] === name; }).map(function (e) { return e[1]; });
  });
  method(proto, 'has', function has(name) {
    requireArgs('has', arguments, 1);
    name = String(name);
    return this._hybridEntries.some(function (e) { return e[0] === name; });
  });
  method(proto, 'set', function set(name, value) {
    requireArgs('set', arguments, 2);
    name = String(name);
    var list = this._hybridEntries, entry = [name, entryValue('set', arguments)], found = false;
    for (var i = 0; i < list.length; i++) {
      if (list[i][0] !== name) continue;
      if (found) { list.splice(i, 1); i--; } else { list[i] = entry; found = true; }
    }
    if (!found) list.push(entry);
  });
  function iterator(data, pick) {
    var index = 0;
    var it = {
      next: function () {
        var list = data._hybridEntries;
        if (index >= list.length) return { value: undefined, done: true };
        return { value: pick(list[index++]), done: false };
      }
    };
    it[Symbol.iterator] = function () { return it; };
    return it;
  }
  method(proto, 'entries', function entries() { return iterator(this, function (e) { return [e[0], e[1]]; }); });
  method(proto, 'keys', function keys() { return iterator(this, function (e) { return e[0]; }); });
  method(proto, 'values', function values() { return iterator(this, function (e) { return e[1]; }); });
  method(proto, 'forEach', function forEach(callback, thisArg) {
    if (typeof callback !== 'function') throw new TypeError("Failed to execute 'forEach' on 'FormData': The callback provided as parameter 1 is not a function.");
    for (var i = 0; i < this._hybridEntries.length; i++) callback.call(thisArg, this._hybridEntries[i][1], this._hybridEntries[i][0], this);
  });
  // multipart/form-data, for XMLHttpRequest.send(formData) (platform/xmlhttprequest-send.js)
  var boundaries = 0;
  Object.defineProperty(proto, '_hybridMultipart', { value: function () {
    var boundary = '----HybridFormBoundary' + Date.now().toString(16) + (++boundaries).toString(16) + Math.random().toString(16).slice(2);
    function escape(s) { return s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22'); }
    // Text parts as one string; with files, the body is bytes: each file's own between the UTF-8 of the text around it.
    var chunks = [], text = '';
    this._hybridEntries.forEach(function (e) {
      text += '--' + boundary + '\r\nContent-Disposition: form-data; name="' + escape(normalize(e[0])) + '"';
      if (!isBlob(e[1])) { text += '\r\n\r\n' + normalize(e[1]) + '\r\n'; return; }
      text += '; filename="' + escape(e[1].name) + '"\r\nContent-Type: ' + (e[1].type || 'application/octet-stream') + '\r\n\r\n';
      chunks.push(text, e[1]._hybridBlobData.bytes);
      text = '\r\n';
    });
    text += '--' + boundary + '--\r\n';
    var type = 'multipart/form-data; boundary=' + boundary;
    if (!chunks.length) return { body: text, type: type };
    chunks.push(text);
    var encoder = new global.TextEncoder(), parts = chunks.map(function (c) { return typeof c === 'string' ? encoder.encode(c) : c; });
    var body = new Uint8Array(parts.reduce(function (n, p) { return n + p.byteLength; }, 0)), offset = 0;
    parts.forEach(function (p) { body.set(p, offset); offset += p.byteLength; });
    return { body: body, type: type };
  } });
  Object.defineProperty(proto, Symbol.iterator, { value: proto.entries, writable: true, configurable: true });
  Object.defineProperty(proto, Symbol.toStringTag, { value: 'FormData', configurable: true });
})
