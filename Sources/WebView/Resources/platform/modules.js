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
  });
  lazy(['atob', 'btoa'], function () {
    require('core-js/modules/web.atob');
    require('core-js/modules/web.btoa');
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
    var fetch = function fetch(input, init) {
      internals.lastXHR = null;
      var promise = polyfill.apply(this, arguments);
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
    };
    fetch.polyfill = true;
    internals.define(global, 'fetch', fetch);
    ['Headers', 'Request', 'Response'].forEach(function (name) { internals.define(global, name, library[name]); });
  });
})
