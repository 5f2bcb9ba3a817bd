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
  });
  lazy(['atob', 'btoa'], function () {
    require('core-js/modules/web.atob');
    require('core-js/modules/web.btoa');
  });
  lazy(['fetch', 'Headers', 'Request', 'Response'], function () {
    // The library resolves its promises with setTimeout(0): give it a microtask instead, so a fetch
    // still settles while the page is hidden and its timers are paused.
    var factory = native.compileModule('whatwg-fetch/dist/fetch.umd.js', 'exports, module, setTimeout');
    var module = { exports: {} };
    factory.call(undefined, module.exports, module, function (callback) { Promise.resolve().then(callback); });
    var library = module.exports;
    var polyfill = library.fetch;
    // whatwg-fetch rejects every failure with "Network request failed": say what failed.
    var fetch = function fetch(input, init) {
      internals.lastXHR = null;
      var promise = polyfill.apply(this, arguments);
      var xhr = internals.lastXHR;
      internals.lastXHR = null;
      return promise.then(function (response) {
        // The raw bytes, for arrayBuffer() (the library reads bodies as text without Blob).
        if (xhr && xhr._response) internals.define(response, '_bytes', xhr._response.body);
        return response;
      }, function (error) {
        if (xhr && xhr._errorMessage && error instanceof TypeError) {
          throw new TypeError('Failed to fetch: ' + xhr._errorMessage);
        }
        if (error instanceof DOMException && error.name === 'SyntaxError') {  // open() refused the URL or method
          throw new TypeError('Failed to fetch: ' + String(error.message).replace(/^XMLHttpRequest: /, ''));
        }
        throw error;
      });
    };
    [library.Request, library.Response].forEach(function (type) {
      if (typeof type.prototype.arrayBuffer === 'function') return;
      internals.define(type.prototype, 'arrayBuffer', function arrayBuffer() {
        if (this.bodyUsed) return Promise.reject(new TypeError('Already read'));
        this.bodyUsed = true;
        var bytes = this._bytes || this._bodyArrayBuffer || new global.TextEncoder().encode(this._bodyText || '').buffer;
        return Promise.resolve(ArrayBuffer.isView(bytes) ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
                                                         : bytes.slice(0));
      });
    });
    fetch.polyfill = true;
    internals.define(global, 'fetch', fetch);
    ['Headers', 'Request', 'Response'].forEach(function (name) { internals.define(global, name, library[name]); });
  });
})
