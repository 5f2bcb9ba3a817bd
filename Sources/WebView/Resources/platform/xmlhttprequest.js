(function (global, native, internals) {
  'use strict';
  var define = internals.define;
  var token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  var forbidden = /^(accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie|cookie2|date|dnt|expect|host|keep-alive|origin|referer|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/i;
  var states = { UNSENT: 0, OPENED: 1, HEADERS_RECEIVED: 2, LOADING: 3, DONE: 4 };
  var responseTypes = ['', 'text', 'json', 'arraybuffer', 'blob'];
  var decoder = new global.TextDecoder();
  // A document's synchronous requests may not set a timeout or a responseType (XHR standard); a worker's may.
  var inWindow = typeof global.document !== 'undefined';
  function syncInWindow(what) {
    return internals.webKitError('InvalidAccessError');
  }
  internals.xhrInWindow = inWindow;

  function invalidState(method) {
    return internals.webKitError('InvalidStateError');
  }
  internals.xhrInvalidState = invalidState;
  // WebKit's chains (observed on WebKitGTK 2.50): XMLHttpRequest and XMLHttpRequestUpload inherit
  // XMLHttpRequestEventTarget (not constructible, with the progress events' handlers), which inherits EventTarget.
  var XMLHttpRequestEventTarget = internals.illegalConstructor('XMLHttpRequestEventTarget');
  var targetProto = XMLHttpRequestEventTarget.prototype;
  function inherit(C, Parent) {
    Object.setPrototypeOf(C.prototype, Parent.prototype);
    Object.setPrototypeOf(C, Parent);
  }
  if (typeof global.EventTarget === 'function') inherit(XMLHttpRequestEventTarget, global.EventTarget);
  internals.mixinEventTarget(targetProto);
  var progressEvents = ['loadstart', 'progress', 'abort', 'error', 'load', 'timeout', 'loadend'];
  internals.eventHandlers(targetProto, progressEvents);
  function XMLHttpRequestUpload() {}
  inherit(XMLHttpRequestUpload, XMLHttpRequestEventTarget);

  function XMLHttpRequest() {
    if (!(this instanceof XMLHttpRequest)) throw new TypeError("Constructor requires 'new' operator");
    define(this, '_generation', 0);
    define(this, '_responseType', '');
    define(this, '_sync', false);
    define(this, '_initiator', 'xmlhttprequest');   // Resource Timing's initiatorType ('link' for stylesheets)
    define(this, '_timeout', 0);
    this._reset(0);
    this.withCredentials = false;
    this.upload = new XMLHttpRequestUpload();
    internals.lastXHR = this;
  }
  var proto = XMLHttpRequest.prototype;
  inherit(XMLHttpRequest, XMLHttpRequestEventTarget);
  internals.eventHandlers(proto, ['readystatechange']);
  Object.keys(states).forEach(function (name) { define(XMLHttpRequest, name, states[name]); define(proto, name, states[name]); });

  define(proto, '_reset', function (state) {
    define(this, '_state', state);
    define(this, '_id', 0);
    define(this, '_sent', false);
    define(this, '_response', null);
    define(this, '_text', null);
    define(this, '_blob', null);
    define(this, '_headers', []);
    define(this, '_errorMessage', null);
    define(this, '_streamBody', null);
    define(this, '_streamController', null);
  });
  define(proto, '_fire', function (type, loaded, total) {
    var extra = type === 'readystatechange' ? null : { lengthComputable: total > 0, loaded: loaded || 0, total: total || 0 };
    internals.dispatch(this, internals.makeEvent(type, extra));
  });
  function getter(name, get) { Object.defineProperty(proto, name, { get: get, configurable: true, enumerable: true }); }
  getter('readyState', function () { return this._state; });
  getter('status', function () { return this._response ? this._response.status : 0; });
  getter('statusText', function () { return this._response ? this._response.statusText : ''; });
  getter('responseURL', function () { return this._response ? this._response.url : ''; });
  getter('responseXML', function () { return null; });
  Object.defineProperty(proto, 'responseType', {
    get: function () { return this._responseType; },
    set: function (value) {
      value = String(value);
      if (value === 'document') {
        throw new DOMException("XMLHttpRequest: responseType 'document' is not supported here (use '', 'text', 'json', 'arraybuffer' or 'blob')", 'NotSupportedError');
      }
      if (responseTypes.indexOf(value) < 0) return;
      if (this._state === 3 || this._state === 4) throw internals.webKitError('InvalidStateError');
      if (inWindow && this._sync) throw syncInWindow('responseType');
      this._responseType = value;
    }, configurable: true, enumerable: true
  });
  Object.defineProperty(proto, 'timeout', {
    get: function () { return this._timeout; },
    set: function (value) {
      if (inWindow && this._sync) throw syncInWindow('timeout');
      this._timeout = Number(value) >>> 0;   // WebIDL unsigned long
    }, configurable: true, enumerable: true
  });
  getter('responseText', function () {
    if (this._responseType !== '' && this._responseType !== 'text') {
      throw internals.webKitError('InvalidStateError');
    }
    if (this._state < 3 || !this._response) return '';
    if (this._text === null) this._text = decoder.decode(this._response.body);
    return this._text;
  });
  getter('response', function () {
    if (this._streamBody) return this._streamBody;   // fetch's streamed body (xmlhttprequest-send.js _streamHead)
    var type = this._responseType;
    if (type === '' || type === 'text') return this.responseText;
    if (this._state !== 4 || !this._response) return null;
    if (type === 'arraybuffer') return this._response.body;
    if (type === 'blob') {
      if (!this._blob) define(this, '_blob', new global.Blob([this._response.body], { type: this.getResponseHeader('Content-Type') || '' }));
      return this._blob;
    }
    try { return JSON.parse(decoder.decode(this._response.body)); } catch (e) { return null; }
  });

  define(proto, 'open', function open(method, url, async) {
    if (arguments.length < 2) throw new TypeError('Not enough arguments');
    var sync = arguments.length > 2 && !async;
    if (sync && inWindow && (this._timeout !== 0 || this._responseType !== '')) {
      throw internals.webKitError('InvalidAccessError');
    }
    method = String(method);
    if (!token.test(method)) throw internals.webKitError('SyntaxError');
    if (/^(connect|trace|track)$/i.test(method)) throw internals.webKitError('SecurityError');
    if (/^(delete|get|head|options|post|put|patch)$/i.test(method)) method = method.toUpperCase();
    var resolved;
    try { resolved = native.resolveURL(String(url)); } catch (e) {
      throw internals.webKitError('SyntaxError');
    }
    if (this._id) native.abort(this._id);
    this._generation++;
    this._reset(1);
    define(this, '_sync', sync);
    define(this, '_method', method);
    define(this, '_url', resolved);
    this._fire('readystatechange');
  });
  define(proto, 'setRequestHeader', function setRequestHeader(name, value) {
    if (this._state !== 1 || this._sent) throw invalidState('setRequestHeader');
    name = String(name);
    value = String(value).replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
    if (!token.test(name)) throw internals.webKitError('SyntaxError');
    if (/[\0\r\n]/.test(value)) throw internals.webKitError('SyntaxError');
    if (forbidden.test(name)) return;
    for (var i = 0; i < this._headers.length; i++) {
      if (this._headers[i][0].toLowerCase() === name.toLowerCase()) { this._headers[i][1] += ', ' + value; return; }
    }
    this._headers.push([name, value]);
  });
  define(proto, 'overrideMimeType', function overrideMimeType() {});
  define(proto, 'getResponseHeader', function getResponseHeader(name) {
    if (this._state < 2 || !this._response) return null;
    var wanted = String(name).toLowerCase();
    var values = this._response.headers.filter(function (h) { return h[0].toLowerCase() === wanted; })
      .map(function (h) { return h[1]; });
    return values.length ? values.join(', ') : null;
  });
  define(proto, 'getAllResponseHeaders', function getAllResponseHeaders() {
    if (this._state < 2 || !this._response) return '';
    var combined = Object.create(null);
    this._response.headers.forEach(function (h) {
      var key = h[0].toLowerCase();
      combined[key] = key in combined ? combined[key] + ', ' + h[1] : h[1];
    });
    return Object.keys(combined).sort().map(function (key) { return key + ': ' + combined[key] + '\r\n'; }).join('');
  });

  internals.tag(XMLHttpRequest);
  internals.tag(XMLHttpRequestUpload);
  internals.tag(XMLHttpRequestEventTarget);
  define(global, 'XMLHttpRequest', XMLHttpRequest);
  define(global, 'XMLHttpRequestUpload', XMLHttpRequestUpload);
  define(global, 'XMLHttpRequestEventTarget', XMLHttpRequestEventTarget);
})
