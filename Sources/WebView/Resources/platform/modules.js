(function (global, native, internals) {
  'use strict';
  var requireFunction = null;
  function require(id) {
    if (!requireFunction) requireFunction = native.makeRequire();
    return requireFunction(id);
  }
  var lazy = internals.lazy;

  lazy(['URL', 'URLSearchParams'], function () {
    require('core-js/web/url');
    require('core-js/web/url-search-params');
    internals.define(global.URL, 'createObjectURL', internals.createObjectURL);   // platform/blob.js
    internals.define(global.URL, 'revokeObjectURL', internals.revokeObjectURL);
    webKitURL(global.URL, global.URLSearchParams);
    // WebKit's words for a wrong call (observed on WebKitGTK 2.50; core-js says "Incorrect invocation",
    // "Expected sequence with length 2", ...).
    webKitConstructor('URL');
    webKitConstructor('URLSearchParams', null, function (error) {
      var message = String(error && error.message);
      if (/^Expected sequence with length 2/.test(message)) return new TypeError('Type error');
      if (/is not an object|is not iterable|is not a function/.test(message)) return new TypeError('Value is not a sequence');
      if (/^Cannot convert a Symbol value to a string/.test(message)) return new TypeError('Cannot convert a symbol to a string');
      return error;
    });
  });
  // Puts in place of the global `name` (a library's constructor) one with WebKit's words for a wrong call: without
  // `new`, "Constructor requires 'new' operator"; `check(arguments)` throws as WebKit's bindings do before the
  // library runs; `translate(error)` gives WebKit's error for one the library threw. Same prototype, statics and
  // instances (subclasses construct through it).
  function webKitConstructor(name, check, translate) {
    var Library = global[name];
    var C = function () {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (check) check(arguments);
      try {
        return Reflect.construct(Library, arguments, new.target);
      } catch (error) {
        throw translate ? translate(error) : error;
      }
    };
    Reflect.ownKeys(Library).forEach(function (key) {
      if (key === 'caller' || key === 'arguments' || key === 'prototype') return;
      Object.defineProperty(C, key, Object.getOwnPropertyDescriptor(Library, key));
    });
    C.prototype = Library.prototype;
    Object.setPrototypeOf(C, Object.getPrototypeOf(Library));
    try { internals.define(Library.prototype, 'constructor', C); } catch (e) { /* the library's stays */ }
    internals.define(global, name, C);
    return C;
  }
  // Headers as WebKit checks them (observed on WebKitGTK 2.50): the init must be an object (a sequence of pairs or
  // a record), a name a token and a value without NUL, CR or LF (after trimming), each method its arguments.
  function webKitHeaders(Headers) {
    var proto = Headers.prototype;
    function header(name, value) {
      name = String(name);
      if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) throw new TypeError("Invalid header name: '" + name + "'");
      if (arguments.length < 2) return name;
      value = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
      if (/[\0\r\n]/.test(value)) throw new TypeError("Header '" + name + "' has invalid value: '" + value + "'");
      return value;
    }
    [['append', 2], ['set', 2], ['get', 1], ['has', 1], ['delete', 1]].forEach(function (pair) {
      var method = proto[pair[0]], count = pair[1];
      var checked = count === 2
        ? function (name, value) {
          if (arguments.length < 2) throw new TypeError('Not enough arguments');
          return method.call(this, header(name), header(name, value));
        }
        : function (name) {
          if (arguments.length < 1) throw new TypeError('Not enough arguments');
          return method.call(this, header(name));
        };
      Object.defineProperty(checked, 'name', { value: pair[0], configurable: true });
      internals.define(proto, pair[0], checked);
    });
    webKitConstructor('Headers', function (args) {
      var init = args[0];
      if (init === undefined || init instanceof Headers) return;
      if (init === null || typeof init !== 'object' && typeof init !== 'function') throw new TypeError('Type error');
      if (Array.isArray(init)) {
        init.forEach(function (pair) {
          if (pair === null || typeof pair !== 'object' || pair.length !== 2) throw new TypeError('Header sub-sequence must contain exactly two items');
        });
      }
    });
  }
  // What WebKit's URL has and core-js 3.26's lacks (observed on WebKitGTK 2.50): `URL.canParse`, `URL.parse` and
  // `URLSearchParams.prototype.size`; a blob: URL's `origin` is the origin of the http(s) or file: URL inside (core-js
  // reads the wrong field and says "null" for every blob: URL), and a file: URL's is "file://" (WebKit's, not the
  // standard's "null"). Each on the library's parser.
  function webKitURL(URL, URLSearchParams) {
    function parseOrNull(url, base) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      try { return new URL(url, base); } catch (e) { return null; }
    }
    Object.defineProperty(URL, 'parse', { value: function parse(url) { return parseOrNull.apply(null, arguments); },
      writable: true, enumerable: true, configurable: true });
    Object.defineProperty(URL, 'canParse', { value: function canParse(url) { return parseOrNull.apply(null, arguments) !== null; },
      writable: true, enumerable: true, configurable: true });
    internals.accessor(URLSearchParams, 'size', function () {
      var size = 0;
      this.forEach(function () { size++; });
      return size;
    });
    var origin = Object.getOwnPropertyDescriptor(URL.prototype, 'origin').get;
    internals.accessor(URL, 'origin', function () {
      var url = this;
      if (url.protocol === 'blob:') {
        url = parseOrNull(url.pathname);
        if (!url || !/^(https?|file):$/.test(url.protocol)) return 'null';
      }
      return url.protocol === 'file:' ? 'file://' : origin.call(url);
    });
  }
  lazy(['atob', 'btoa'], function () {
    require('core-js/modules/web.atob');
    require('core-js/modules/web.btoa');
    // A string either refuses is WebKit's InvalidCharacterError with its default words (observed on WebKitGTK 2.50;
    // core-js says why: "The string is not correctly encoded").
    ['atob', 'btoa'].forEach(function (name) {
      var descriptor = Object.getOwnPropertyDescriptor(global, name), library = descriptor.value;
      descriptor.value = function (data) {
        try { return library.apply(this, arguments); } catch (error) {
          throw error && error.name === 'InvalidCharacterError' ? internals.webKitError('InvalidCharacterError') : error;
        }
      };
      Object.defineProperty(descriptor.value, 'name', { value: name, configurable: true });
      Object.defineProperty(global, name, descriptor);
    });
  });
  lazy(['fetch', 'Headers', 'Request', 'Response'], function () {
    // The library resolves its promises with setTimeout(0) and reads Blob bodies with a FileReader, whose events are
    // tasks: give it a microtask and a reader that settles in a microtask (platform/blob.js), so a fetch still settles
    // while the page is hidden and its timers are paused.
    var factory = native.compileModule('whatwg-fetch/dist/fetch.umd.js', 'exports, module, setTimeout, FileReader');
    var module = { exports: {} };
    factory.call(undefined, module.exports, module, function (callback) { Promise.resolve().then(callback); }, internals.BodyReader);
    var library = module.exports;
    var polyfill = library.fetch;
    // whatwg-fetch rejects every failure with "Network request failed": say what failed.
    // A keepalive fetch (Fetch standard): its body counts against the page's keepalive quota (platform/beacon.js)
    // until it settles, and the request outlives the page (`native.send`'s keepalive flag, read by xhr.send).
    var fetch = function fetch(input, init) {
      var integrity = init && typeof init.integrity === 'string' && /\S/.test(init.integrity) ? init.integrity : null;
      if (integrity !== null) return checked(fetchUnchecked.apply(this, arguments), integrity);
      return fetchUnchecked.apply(this, arguments);
    };
    // `integrity` (Subresource Integrity): the body's bytes must match before the response is given, as WebKit has
    // it (a mismatch rejects with TypeError).
    function checked(promise, integrity) {
      return promise.then(function (response) {
        return response.clone().arrayBuffer().then(function (buffer) {
          var mismatch = native.integrityFailure(new Uint8Array(buffer), integrity);
          if (typeof mismatch === 'string') throw new TypeError('Failed to fetch: ' + response.url + ': ' + mismatch);
          return response;
        });
      });
    }
    var fetchUnchecked = function (input, init) {
      var keepalive = init && init.keepalive && internals.keepalive;
      if (!keepalive) return send(this, arguments);
      var body = init.body === undefined ? null : init.body;
      if (internals.isReadableStream(body)) {
        return Promise.reject(new TypeError("Failed to execute 'fetch' on 'Window': keepalive cannot be used with a ReadableStream body."));
      }
      var bytes = keepalive.size(body);
      if (!keepalive.reserve(bytes)) {
        return Promise.reject(new TypeError('Failed to fetch: the keepalive requests in flight would carry more than 64 KiB of body'));
      }
      return internals.fetchReserved(input, init, bytes);
    };
    internals.fetchReserved = function (input, init, bytes) {
      var released = false;
      function release() { if (!released) { released = true; internals.keepalive.release(bytes); } }
      internals.fetchKeepalive = true;
      var promise;
      try { promise = send(undefined, [input, init]); } finally { internals.fetchKeepalive = false; }
      promise.then(release, release);
      return promise;
    };
    function send(self, args) {
      internals.lastXHR = null;
      // The request's referrer and policy (`referrer`, `referrerPolicy`, a Request's), read by xhr.send for
      // native.send; a policy or referrer it cannot take rejects.
      var referrer;
      try { referrer = referrerOf(args[0], args[1]); } catch (error) { return Promise.reject(error); }
      internals.fetchInitiated = true;   // the XHR under it makes a Resource Timing entry of initiatorType 'fetch'
      internals.fetchReferrer = referrer;
      var promise;
      try { promise = polyfill.apply(self, args); } finally { internals.fetchInitiated = false; internals.fetchReferrer = null; }
      var xhr = internals.lastXHR;
      internals.lastXHR = null;
      return promise.then(null, function (error) {
        if (xhr && xhr._errorMessage && error instanceof TypeError) {
          throw new TypeError('Failed to fetch: ' + xhr._errorMessage);
        }
        if (error instanceof DOMException && error.name === 'SyntaxError') {  // open() refused the URL or method
          throw new TypeError('Failed to fetch: ' + String(error.message).replace(/^XMLHttpRequest: /, ''));
        }
        throw error;
      });
    }
    fetch.polyfill = true;
    var referrerOf = referrers(library);
    streamBodies(library.Response.prototype);
    jsonBodies(library.Request.prototype);
    jsonBodies(library.Response.prototype);
    internals.define(global, 'fetch', fetch);
    ['Headers', 'Request', 'Response'].forEach(function (name) {
      internals.tag(library[name], name);
      internals.define(global, name, library[name]);
    });
    webKitHeaders(library.Headers);
  });

  // Request's `referrer` and `referrerPolicy` (Fetch), which the library does not keep, as WebKit has them (observed
  // on WebKitGTK 2.50): `referrer` is 'about:client' (the page's URL, by default), '' (none) or a URL of the page's
  // origin as given (its fragment too; the Referer leaves it out), another origin's URL becoming 'about:client'; a
  // URL that does not parse is TypeError "Referrer is not a valid URL.", a policy that is none of the eight (or '')
  // TypeError "Type error". A Request made from another keeps both unless the init names any member (Fetch: a
  // non-empty init resets them). `library.Request` becomes a constructor of the same prototype that records them;
  // the returned function reads them from fetch's arguments ({policy, referrer}; native.send's).
  function referrers(library) {
    var Library = library.Request, proto = Library.prototype;
    var policies = ['', 'no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin',
      'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'];
    var members = ['method', 'headers', 'body', 'referrer', 'referrerPolicy', 'mode', 'credentials', 'cache', 'redirect',
      'integrity', 'keepalive', 'signal', 'priority', 'window', 'duplex'];
    function referrerOf(input, init) {
      var own = input instanceof Library && input.__referrer;
      var policy = own ? own.policy : '', referrer = own ? own.referrer : 'about:client';
      if (init !== undefined && init !== null && members.some(function (name) { return init[name] !== undefined; })) {
        policy = '';
        referrer = 'about:client';
      }
      if (init && init.referrerPolicy !== undefined) {
        policy = String(init.referrerPolicy);
        if (policies.indexOf(policy) < 0) throw new TypeError('Type error');
      }
      if (init && init.referrer !== undefined) {
        referrer = String(init.referrer);
        if (referrer !== '') {
          var parsed;
          try { parsed = new global.URL(referrer, internals.baseURL()); } catch (e) { throw new TypeError('Referrer is not a valid URL.'); }
          referrer = parsed.href === 'about:client' || parsed.origin !== global.location.origin ? 'about:client' : parsed.href;
        }
      }
      return { policy: policy, referrer: referrer };
    }
    function record(request, referrer) {
      Object.defineProperty(request, '__referrer', { value: referrer, configurable: true });
      return request;
    }
    var Request = function Request(input, init) {
      if (!new.target) return Library.apply(this, arguments);   // the library's TypeError
      var referrer = referrerOf(input, init);
      return record(Reflect.construct(Library, [input, init], new.target === Request ? Library : new.target), referrer);
    };
    Request.prototype = proto;
    Object.defineProperty(proto, 'constructor', { value: Request, writable: true, configurable: true });
    var clone = proto.clone;
    internals.define(proto, 'clone', function clone_() { return record(clone.call(this), this.__referrer); });
    Object.defineProperty(proto.clone, 'name', { value: 'clone', configurable: true });
    // The library's constructor assigns `this.referrer = null`: the setter ignores it.
    internals.accessor(Request, 'referrer', function () { return this.__referrer ? this.__referrer.referrer : 'about:client'; },
      function () {});
    internals.accessor(Request, 'referrerPolicy', function () { return this.__referrer ? this.__referrer.policy : ''; });
    library.Request = Request;
    return referrerOf;
  }

  // json() (Fetch, as WebKit does it): a body that is not JSON rejects with a DOMException named SyntaxError and
  // WebKit's message, not with JSON.parse's SyntaxError (the library's json() is text().then(JSON.parse)).
  function jsonBodies(proto) {
    internals.define(proto, 'json', function json() {
      return this.text().then(function (text) {
        try { return JSON.parse(text); } catch (e) {
          throw internals.webKitError('SyntaxError');
        }
      });
    });
  }

  // Response bodies as streams (platform/streams.js, made on first use): `body` is a ReadableStream of the body's
  // bytes, read from the library's own body on the first read (which marks `bodyUsed`), or null without a body; a
  // Response made from a ReadableStream reads it to the end for `text()`, `arrayBuffer()`, `blob()`, `json()` and
  // `formData()`; `clone()` tees a stream body. Not done: `Request` stream bodies.
  function streamBodies(proto) {
    var bodies = new WeakMap(), sources = new WeakMap(), used = new WeakMap();
    // bodyUsed (Fetch): the library's flag, or a stream body (a streamed fetch's) that the page itself has read from.
    Object.defineProperty(proto, 'bodyUsed', { configurable: true, enumerable: true,
      get: function () {
        var source = sources.get(this);
        return used.get(this) === true || (source !== undefined && internals.streams().isDisturbed(source));
      },
      set: function (value) { used.set(this, !!value); } });
    var initBody = proto._initBody;
    internals.define(proto, '_initBody', function (body) {
      if (internals.isReadableStream(body)) {
        if (internals.streams().isUsed(body)) throw new TypeError('Response body object should not be disturbed or locked');
        sources.set(this, body);
        bodies.set(this, body);
        return initBody.call(this, undefined);
      }
      return initBody.call(this, body);
    });
    Object.defineProperty(proto, 'body', { configurable: true, enumerable: true, get: function () {
      var stream = bodies.get(this);
      if (stream) return stream;
      if (this._bodyInit === undefined || this._bodyInit === null) return null;
      var response = this;
      stream = new (internals.streams().ReadableStream)({
        pull: function (controller) {
          return response.arrayBuffer().then(function (buffer) {
            if (buffer.byteLength > 0) controller.enqueue(new Uint8Array(buffer));
            controller.close();
          });
        }
      }, { highWaterMark: 0 });
      bodies.set(this, stream);
      return stream;
    } });
    // clone(): a used body (read, or its stream disturbed or locked) cannot be cloned; a stream body is teed.
    var clone = proto.clone;
    internals.define(proto, 'clone', function () {
      var stream = bodies.get(this);
      if (this.bodyUsed || (stream && internals.streams().isUsed(stream))) {
        throw new TypeError("Failed to execute 'clone' on 'Response': Response body is already used");
      }
      var source = sources.get(this);
      if (!source) return clone.call(this);
      var branches = source.tee(), copy = clone.call(this);
      sources.set(this, branches[0]);
      bodies.set(this, branches[0]);
      sources.set(copy, branches[1]);
      bodies.set(copy, branches[1]);
      return copy;
    });
    function drain(stream) {
      var reader = stream.getReader(), chunks = [], size = 0;
      function next() {
        return reader.read().then(function (result) {
          if (result.done) return;
          if (!(result.value instanceof Uint8Array)) throw new TypeError('Response body chunks must be Uint8Arrays');
          chunks.push(result.value);
          size += result.value.byteLength;
          return next();
        });
      }
      return next().then(function () {
        var out = new Uint8Array(size), offset = 0;
        chunks.forEach(function (chunk) { out.set(chunk, offset); offset += chunk.byteLength; });
        return out.buffer;
      });
    }
    ['arrayBuffer', 'blob', 'text'].forEach(function (name) {
      var read = proto[name];
      internals.define(proto, name, function () {
        var source = sources.get(this), response = this;
        if (!source) return read.apply(this, arguments);
        if (this.bodyUsed || internals.streams().isUsed(source)) return Promise.reject(new TypeError('Already read'));
        sources.delete(this);
        return drain(source).then(function (buffer) {
          response._bodyArrayBuffer = buffer;
          if (name === 'text') {   // UTF-8, as Fetch decodes bodies (the library reads array buffers as Latin-1)
            response.bodyUsed = true;
            return native.decodeUTF8(new Uint8Array(buffer), false, false);
          }
          if (name === 'blob') {   // typed by the Content-Type, as Fetch says (the library's Blob would have no type)
            response.bodyUsed = true;
            return new global.Blob([buffer], { type: response.headers.get('Content-Type') || '' });
          }
          return read.call(response);
        });
      });
    });
  }
})
