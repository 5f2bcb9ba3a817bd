(function (global, native, internals) {
  'use strict';
  // WebSocket and CloseEvent (the WebSockets standard) over libsoup 3's client (WebSocketNatives.swift,
  // PageWebSocket.swift). Made on the page's first read of either name (internals.lazy): a page that never uses them
  // pays nothing at set-up. Events reach the page from the loop, each as a task of its own.
  var define = internals.define;
  var token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  var states = { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 };

  internals.lazy(['WebSocket', 'CloseEvent'], function () {
    var natives = native.webSocketNatives();
    var Event = global.Event;
    var CloseEvent;
    if (typeof Event === 'function') {
      CloseEvent = function CloseEvent(type, init) {
        if (!new.target) throw new TypeError("Constructor requires 'new' operator");
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        var event = Reflect.construct(Event, [type, init], new.target);
        init = init || {};
        define(event, '_close', { wasClean: !!init.wasClean, code: init.code === undefined ? 0 : (Number(init.code) & 0xffff),
          reason: init.reason === undefined ? '' : String(init.reason) });
        return event;
      };
      CloseEvent.prototype = Object.create(Event.prototype);
      define(CloseEvent.prototype, 'constructor', CloseEvent);
      Object.setPrototypeOf(CloseEvent, Event);
      Object.defineProperty(CloseEvent.prototype, Symbol.toStringTag, { value: 'CloseEvent', configurable: true });
      ['wasClean', 'code', 'reason'].forEach(function (name) {
        Object.defineProperty(CloseEvent.prototype, name, { configurable: true, enumerable: true,
          get: function () { return this._close[name]; } });
      });
    }
    function event(type, init) {
      if (type === 'close' && CloseEvent) return trusted(new CloseEvent(type, init));
      if (type === 'message' && typeof global.MessageEvent === 'function') return trusted(new global.MessageEvent(type, init));
      return internals.makeEvent(type, init);
    }
    function trusted(value) { try { value.isTrusted = true; } catch (e) {} return value; }
    // Every check of the constructor fails with WebKit's one SyntaxError, whatever the cause (observed on WebKitGTK 2.50).
    function syntaxError() { return internals.webKitError('SyntaxError'); }
    function utf8Length(text) { return native.encodeUTF8(text).byteLength; }


    function WebSocket(url, protocols) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      var parsed;
      try { parsed = new global.URL(String(url), internals.baseURL()); } catch (e) { throw syntaxError(); }   // an invalid URL
      if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
      else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
      if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') {
        throw syntaxError();   // a scheme other than http, https, ws or wss
      }
      if (parsed.hash || /#/.test(parsed.href)) {
        throw syntaxError();   // a fragment identifier
      }
      var list = protocols === undefined ? [] : (typeof protocols === 'string' || protocols === null || typeof protocols[Symbol.iterator] !== 'function')
        ? [String(protocols)] : Array.from(protocols, String);
      list.forEach(function (name, index) {
        if (!token.test(name) || list.indexOf(name) !== index) throw syntaxError();   // an invalid or repeated subprotocol
      });
      define(this, '_url', parsed.href);
      define(this, '_origin', parsed.protocol + '//' + parsed.host);
      define(this, '_state', 0);
      define(this, '_protocol', '');
      define(this, '_extensions', '');
      define(this, '_buffered', 0);
      define(this, '_binaryType', 'blob');
      var socket = this;
      define(this, '_id', natives.open(parsed.href, list, function (kind, a, b, c) { socket._event(kind, a, b, c); }));
    }
    var proto = WebSocket.prototype;
    internals.mixinEventTarget(proto);
    internals.eventHandlers(proto, ['open', 'message', 'error', 'close']);
    Object.keys(states).forEach(function (name) { define(WebSocket, name, states[name]); define(proto, name, states[name]); });
    Object.defineProperty(proto, Symbol.toStringTag, { value: 'WebSocket', configurable: true });
    function own(socket, name) {
      if (!(socket instanceof WebSocket)) throw new TypeError("Can only call WebSocket." + name + " on instances of WebSocket");
      return socket;
    }
    function getter(name, get, set) { internals.accessor(WebSocket, name, get, set); }
    getter('url', function () { return this._url; });
    getter('readyState', function () { return this._state; });
    getter('protocol', function () { return this._protocol; });
    getter('extensions', function () { return this._extensions; });
    getter('bufferedAmount', function () { return this._buffered; });
    getter('binaryType', function () { return this._binaryType; }, function (value) {
      value = String(value);
      if (value === 'blob' || value === 'arraybuffer') define(this, '_binaryType', value);
    });

    define(proto, 'send', function send(data) {
      own(this, 'send');
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      if (this._state === 0) throw internals.webKitError('InvalidStateError');
      var payload, size;
      var blob = internals.blobData && internals.blobData(data);
      if (blob) payload = blob.bytes;
      else if (data instanceof ArrayBuffer || Object.prototype.toString.call(data) === '[object ArrayBuffer]') payload = new Uint8Array(data);
      else if (ArrayBuffer.isView(data)) payload = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      else payload = String(data);
      size = typeof payload === 'string' ? utf8Length(payload) : payload.byteLength;
      // Data sent once closing only counts (the standard: bufferedAmount grows, nothing is sent).
      define(this, '_buffered', this._buffered + size);
      if (this._state !== 1) return;
      natives.send(this._id, payload);
      // libsoup takes the frame at once and writes it from the loop: the amount is back to 0 at the next task.
      var socket = this;
      native.taskTimer(function () { define(socket, '_buffered', Math.max(0, socket._buffered - size)); }, 0, false);
    });

    define(proto, 'close', function close(code, reason) {
      own(this, 'close');
      if (code !== undefined) {
        code = Math.min(65535, Math.max(0, Math.round(Number(code)) || 0));
        if (code !== 1000 && (code < 3000 || code > 4999)) {
          throw internals.webKitError('InvalidAccessError');
        }
      }
      reason = reason === undefined ? '' : String(reason);
      if (utf8Length(reason) > 123) {
        throw internals.webKitError('SyntaxError');
      }
      if (this._state >= 2) return;
      define(this, '_state', 2);
      natives.close(this._id, code === undefined && reason ? 1000 : code, reason);
    });

    define(proto, '_event', function (kind, a, b, c) {
      switch (kind) {
        case 'open':
          if (this._state !== 0) return;
          define(this, '_state', 1);
          define(this, '_protocol', a || '');
          define(this, '_extensions', b || '');
          internals.dispatch(this, event('open'));
          return;
        case 'message':
          if (this._state !== 1) return;
          var data = typeof a === 'string' || this._binaryType === 'arraybuffer' ? a : new global.Blob([a]);
          internals.dispatch(this, event('message', { data: data, origin: this._origin }));
          return;
        case 'error':
          // A failed connection is closed before its error fires; its close event follows.
          define(this, '_state', 3);
          internals.dispatch(this, event('error'));
          return;
        case 'close':
          define(this, '_state', 3);
          internals.dispatch(this, event('close', { code: a, reason: b, wasClean: !!c }));
          return;
      }
    });

    define(global, 'WebSocket', WebSocket);
    if (CloseEvent) define(global, 'CloseEvent', CloseEvent);
  });
})
