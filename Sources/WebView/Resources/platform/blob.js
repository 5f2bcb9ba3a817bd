(function (global, native, internals) {
  'use strict';
  // Blob, File, FileReader and blob: URLs (File API). A blob's bytes live in one JavaScript Uint8Array, shared by its
  // slices' copies never: a blob is immutable, so clones and blob: URLs share it. The classes are made on the page's
  // first read of `Blob`, `File` or `FileReader` (internals.lazy); until then no blob can exist, and the other
  // scripts ask `internals.blobData(value)`, which is null for anything that is not a blob of any frame.
  var define = internals.define;
  var DATA = '_hybridBlobData';   // {bytes: Uint8Array, type, name?, lastModified?}, non-enumerable, on every blob

  internals.blobData = function (value) {
    if (value === null || typeof value !== 'object') return null;
    var data = Object.prototype.hasOwnProperty.call(value, DATA) ? value[DATA] : null;
    return data && data.bytes instanceof Object ? data : null;
  };
  function task(fn) { native.taskTimer(fn, 0, true); }
  function concat(chunks, size) {
    var out = new Uint8Array(size), offset = 0;
    chunks.forEach(function (chunk) { out.set(chunk, offset); offset += chunk.byteLength; });
    return out;
  }
  // A `type` as the File API keeps it: lower case, or '' when it has a character outside U+0020..U+007E.
  function normalizeType(type) {
    type = type === undefined ? '' : String(type);
    return /^[\x20-\x7e]*$/.test(type) ? type.toLowerCase() : '';
  }
  // The bytes of a Blob's parts: strings as UTF-8 (line endings converted when `endings` is 'native'), buffers and
  // views copied, blobs shared.
  function partsBytes(parts, endings) {
    if (parts === undefined) return new Uint8Array(0);
    // WebKit's words, as the other errors here (WebKitGTK 2.50): an object that is not iterable is a "Type error".
    if (parts === null || typeof parts !== 'object') throw new TypeError('Value is not a sequence');
    if (typeof parts[Symbol.iterator] !== 'function') throw new TypeError('Type error');
    var chunks = [], size = 0, shared = null;
    Array.from(parts).forEach(function (part) {
      var data = internals.blobData(part), bytes;
      if (data) bytes = shared = data.bytes;
      else if (part instanceof ArrayBuffer || Object.prototype.toString.call(part) === '[object ArrayBuffer]') bytes = new Uint8Array(part.slice(0));
      else if (ArrayBuffer.isView(part)) bytes = new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength));
      else {
        var text = String(part);
        if (endings === 'native') text = text.replace(/\r\n|\r/g, '\n');   // the native line ending here (and on iOS)
        bytes = native.encodeUTF8(text);
      }
      chunks.push(bytes);
      size += bytes.byteLength;
    });
    return chunks.length === 1 && chunks[0] === shared ? shared : concat(chunks, size);
  }
  function options(value) {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' && typeof value !== 'function') {
      throw new TypeError('Type error');
    }
    var endings = value.endings === undefined ? 'transparent' : String(value.endings);
    if (endings !== 'transparent' && endings !== 'native') {
      throw new TypeError('Type error');
    }
    return { type: value.type, endings: endings, lastModified: value.lastModified };
  }

  // Reads of a blob's content, for the network layers: a copy of its bytes as an ArrayBuffer.
  internals.blobBuffer = function (data) {
    return data.bytes.buffer.slice(data.bytes.byteOffset, data.bytes.byteOffset + data.bytes.byteLength);
  };

  // --- blob: URLs (the page's blob URL store; each frame has its own)
  var store = new Map();
  function origin() {
    var env = native.domEnv, value = env && env.origin;
    if (!value) try { value = global.location.origin; } catch (e) { value = null; }
    return value && value !== 'null' ? value : 'null';
  }
  internals.createObjectURL = function createObjectURL(blob) {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'createObjectURL' on 'URL': 1 argument required, but only 0 present.");
    if (!internals.blobData(blob)) throw new TypeError("Failed to execute 'createObjectURL' on 'URL': Overload resolution failed.");
    var url = 'blob:' + origin() + '/' + native.uuid();
    store.set(url, blob);
    return url;
  };
  internals.revokeObjectURL = function revokeObjectURL(url) {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'revokeObjectURL' on 'URL': 1 argument required, but only 0 present.");
    store.delete(String(url));
  };
  // The blob a blob: URL names (its fragment ignored), or null when it was never made here or is revoked.
  internals.resolveBlobURL = function (url) {
    url = String(url);
    var hash = url.indexOf('#');
    var blob = store.get(hash >= 0 ? url.slice(0, hash) : url);
    return blob ? internals.blobData(blob) : null;
  };
  // A network layer's result ({status, headers, body} or {error}) for a GET of a blob: URL.
  internals.blobURLResult = function (method, url) {
    var data = internals.resolveBlobURL(url);
    if (!data || method !== 'GET') {
      return { error: data ? 'a blob URL can only be read with GET' : 'the blob URL ' + url + ' is revoked or was never created here', kind: 'network' };
    }
    var headers = [['Content-Length', String(data.bytes.byteLength)]];
    if (data.type) headers.unshift(['Content-Type', data.type]);
    return { status: 200, statusText: 'OK', url: url, headers: headers, body: internals.blobBuffer(data) };
  };
  // <script src="blob:..."> and a module's blob: URL (PageResourceLoader.blobScript asks the page layer).
  if (native.domEnv) {
    // [text, type] (its `type` checks a module script's), or null when the URL is revoked or was never made here.
    native.domEnv.blobURLScript = function (url) {
      var data = internals.resolveBlobURL(url);
      return data ? [native.decodeUTF8(data.bytes, false, false), data.type] : null;
    };
  }

  // The reader whatwg-fetch gets as its `FileReader` (platform/modules.js): body reads settle in a microtask, not in
  // tasks, so they finish while a hidden page's timers are paused; text is UTF-8, as the Fetch standard decodes bodies.
  internals.BodyReader = function BodyReader() { this.result = null; this.onload = this.onerror = null; };
  function bodyRead(reader, blob, produce) {
    Promise.resolve().then(function () {
      var data = internals.blobData(blob);
      reader.result = produce(data);
      if (typeof reader.onload === 'function') reader.onload();
    });
  }
  internals.BodyReader.prototype.readAsText = function (blob) {
    bodyRead(this, blob, function (data) { return native.decodeUTF8(data.bytes, false, false); });
  };
  internals.BodyReader.prototype.readAsArrayBuffer = function (blob) { bodyRead(this, blob, internals.blobBuffer); };

  internals.lazy(['Blob', 'File', 'FileReader'], function () {
    function Blob(parts, bag) {
      if (!(this instanceof Blob)) throw new TypeError("Constructor requires 'new' operator");
      var o = options(bag);
      define(this, DATA, { bytes: partsBytes(parts, o.endings), type: normalizeType(o.type) });
    }
    function data(blob, method) {
      var d = internals.blobData(blob);
      if (!d) throw new TypeError("Can only call Blob." + method + " on instances of Blob");
      return d;
    }
    function getter(proto, name, get) { Object.defineProperty(proto, name, { get: get, configurable: true, enumerable: true }); }
    getter(Blob.prototype, 'size', function () { return data(this, 'size').bytes.byteLength; });
    getter(Blob.prototype, 'type', function () { return data(this, 'type').type; });
    function relative(value, size) {
      value = Math.trunc(Number(value)) || 0;
      return value < 0 ? Math.max(size + value, 0) : Math.min(value, size);
    }
    define(Blob.prototype, 'slice', function slice(start, end, contentType) {
      var d = data(this, 'slice'), size = d.bytes.byteLength;
      var from = start === undefined ? 0 : relative(start, size), to = end === undefined ? size : relative(end, size);
      var blob = Object.create(Blob.prototype);
      define(blob, DATA, { bytes: d.bytes.subarray(from, Math.max(from, to)), type: normalizeType(contentType) });
      return blob;
    });
    define(Blob.prototype, 'text', function text() {
      try { return Promise.resolve(native.decodeUTF8(data(this, 'text').bytes, false, false)); } catch (e) { return Promise.reject(e); }
    });
    define(Blob.prototype, 'arrayBuffer', function arrayBuffer() {
      try { return Promise.resolve(internals.blobBuffer(data(this, 'arrayBuffer'))); } catch (e) { return Promise.reject(e); }
    });
    define(Blob.prototype, 'bytes', function bytes() {
      try { return Promise.resolve(new Uint8Array(internals.blobBuffer(data(this, 'bytes')))); } catch (e) { return Promise.reject(e); }
    });
    // stream(): a ReadableStream of the blob's bytes in Uint8Array chunks of up to 64 KiB, each read when the reader
    // asks for it (platform/streams.js; WebKit's is a byte stream, which this platform does not have).
    define(Blob.prototype, 'stream', function stream() {
      var bytes = data(this, 'stream').bytes, offset = 0;
      return new (internals.streams().ReadableStream)({
        pull: function (controller) {
          var end = Math.min(offset + 65536, bytes.byteLength);
          if (end > offset) controller.enqueue(bytes.slice(offset, end));
          offset = end;
          if (offset >= bytes.byteLength) controller.close();
        }
      }, { highWaterMark: 0 });
    });
    Object.defineProperty(Blob.prototype, Symbol.toStringTag, { value: 'Blob', configurable: true });

    function File(parts, name, bag) {
      if (!(this instanceof File)) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      var o = options(bag);
      var modified = o.lastModified === undefined ? Date.now() : Number(o.lastModified);
      define(this, DATA, { bytes: partsBytes(parts, o.endings), type: normalizeType(o.type), name: String(name),
                           lastModified: isFinite(modified) ? Math.trunc(modified) : 0 });
    }
    File.prototype = Object.create(Blob.prototype);
    define(File.prototype, 'constructor', File);
    Object.setPrototypeOf(File, Blob);
    getter(File.prototype, 'name', function () { return data(this, 'name').name; });
    getter(File.prototype, 'lastModified', function () { return data(this, 'lastModified').lastModified; });
    getter(File.prototype, 'webkitRelativePath', function () { return ''; });
    Object.defineProperty(File.prototype, Symbol.toStringTag, { value: 'File', configurable: true });

    // --- FileReader: each read fires loadstart, progress (when there are bytes), then load and loadend, each in a
    // task of its own; abort() cancels the read's pending tasks and fires abort and loadend.
    var EMPTY = 0, LOADING = 1, DONE = 2;
    function FileReader() {
      if (!(this instanceof FileReader)) throw new TypeError("Constructor requires 'new' operator");
      define(this, '_state', EMPTY);
      define(this, '_result', null);
      define(this, '_read', 0);   // the current read's number; a stale task does nothing
    }
    internals.mixinEventTarget(FileReader.prototype);
    internals.eventHandlers(FileReader.prototype, ['loadstart', 'progress', 'load', 'abort', 'error', 'loadend']);
    [['EMPTY', EMPTY], ['LOADING', LOADING], ['DONE', DONE]].forEach(function (c) { define(FileReader, c[0], c[1]); define(FileReader.prototype, c[0], c[1]); });
    getter(FileReader.prototype, 'readyState', function () { return this._state; });
    getter(FileReader.prototype, 'result', function () { return this._result; });
    getter(FileReader.prototype, 'error', function () { return null; });   // reads from memory never fail
    function fire(reader, type, loaded, total) {
      internals.dispatch(reader, internals.makeEvent(type, { lengthComputable: true, loaded: loaded, total: total }));
    }
    // `args`: the read method's arguments, the blob first.
    function read(reader, args, method, produce) {
      if (args.length === 0) throw new TypeError('Not enough arguments');
      var d = internals.blobData(args[0]);
      if (!d) throw new TypeError("Argument 1 ('blob') to FileReader." + method + ' must be an instance of Blob');
      if (reader._state === LOADING) throw internals.webKitError('InvalidStateError');
      reader._state = LOADING;
      reader._result = null;
      var id = ++reader._read, size = d.bytes.byteLength;
      function current() { return reader._read === id && reader._state === LOADING; }
      task(function () {
        if (!current()) return;
        fire(reader, 'loadstart', 0, size);
        task(function () {
          if (!current()) return;
          if (size > 0) fire(reader, 'progress', size, size);
          task(function () {
            if (!current()) return;
            reader._state = DONE;
            reader._result = produce(d);
            fire(reader, 'load', size, size);
            if (reader._state !== LOADING) fire(reader, 'loadend', size, size);
          });
        });
      });
    }
    // What each read produces from a blob's data (`label`: readAsText's encoding, or null); FileReaderSync's too
    // (workers/scope.js).
    var produce = internals.blobReads = {
      ArrayBuffer: internals.blobBuffer,
      // The label, else the blob type's charset, else UTF-8; a byte order mark wins over both (Encoding's decode).
      Text: function (d, label) {
        var charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(d.type);
        return native.decodeText(d.bytes, [label, charset ? charset[1] : null]);
      },
      // As WebKit: a blob without a type as application/octet-stream, an empty one too ("data:TYPE;base64,").
      DataURL: function (d) {
        return 'data:' + (d.type || 'application/octet-stream') + ';base64,' + native.base64(d.bytes);
      },
      BinaryString: function (d) {
        var out = '', step = 0x8000;
        for (var i = 0; i < d.bytes.byteLength; i += step) out += String.fromCharCode.apply(null, d.bytes.subarray(i, i + step));
        return out;
      }
    };
    define(FileReader.prototype, 'readAsArrayBuffer', function readAsArrayBuffer(blob) {
      read(this, arguments, 'readAsArrayBuffer', produce.ArrayBuffer);
    });
    define(FileReader.prototype, 'readAsText', function readAsText(blob, encoding) {
      var label = encoding === undefined ? null : String(encoding);
      read(this, arguments, 'readAsText', function (d) { return produce.Text(d, label); });
    });
    define(FileReader.prototype, 'readAsDataURL', function readAsDataURL(blob) {
      read(this, arguments, 'readAsDataURL', produce.DataURL);
    });
    define(FileReader.prototype, 'readAsBinaryString', function readAsBinaryString(blob) {
      read(this, arguments, 'readAsBinaryString', produce.BinaryString);
    });
    define(FileReader.prototype, 'abort', function abort() {
      if (this._state !== LOADING) { this._result = null; return; }
      this._state = DONE;
      this._result = null;
      this._read++;
      fire(this, 'abort', 0, 0);
      if (this._state !== LOADING) fire(this, 'loadend', 0, 0);
    });
    Object.defineProperty(FileReader.prototype, Symbol.toStringTag, { value: 'FileReader', configurable: true });

    define(global, 'Blob', Blob);
    define(global, 'File', File);
    define(global, 'FileReader', FileReader);
  });
})
