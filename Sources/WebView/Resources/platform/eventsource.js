(function (global, native, internals) {
  'use strict';
  // EventSource (HTML's server-sent events) over the page's session (EventSourceNatives.swift,
  // EventStreamTransfer.swift), made on the page's first read of `EventSource` (internals.lazy). Swift hands over the
  // stream as text in whole lines; this script interprets them as the standard says, and reconnects on the runtime's
  // own timers (native.taskTimer: on the runtime's clock, not the page's replaceable setTimeout).
  var define = internals.define;
  var states = { CONNECTING: 0, OPEN: 1, CLOSED: 2 };
  // WebKit's reconnection time before a `retry:` field sets one.
  var defaultRetry = 3000;

  internals.lazy(['EventSource'], function () {
    var natives = native.eventSourceNatives();

    function event(type, init) {
      if (type === 'message' || init) {
        if (typeof global.MessageEvent === 'function') {
          var real = new global.MessageEvent(type, init);
          try { real.isTrusted = true; } catch (e) {}
          return real;
        }
      }
      return internals.makeEvent(type, init);
    }

    function EventSource(url, init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      var parsed;
      try { parsed = new global.URL(String(url), internals.baseURL()); } catch (e) { parsed = null; }
      if (!parsed) throw internals.webKitError('SyntaxError');
      define(this, '_url', parsed.href);
      define(this, '_origin', parsed.origin);
      define(this, '_credentials', !!(init && typeof init === 'object' && init.withCredentials));
      define(this, '_state', 0);
      define(this, '_lastEventId', '');
      define(this, '_retry', defaultRetry);
      define(this, '_id', 0);
      define(this, '_timer', 0);
      this._connect();
    }
    var proto = EventSource.prototype;
    internals.mixinEventTarget(proto);
    internals.eventHandlers(proto, ['open', 'message', 'error']);
    Object.keys(states).forEach(function (name) { define(EventSource, name, states[name]); define(proto, name, states[name]); });
    Object.defineProperty(proto, Symbol.toStringTag, { value: 'EventSource', configurable: true });
    internals.accessor(EventSource, 'url', function () { return this._url; });
    internals.accessor(EventSource, 'readyState', function () { return this._state; });
    internals.accessor(EventSource, 'withCredentials', function () { return this._credentials; });

    define(proto, 'close', function close() {
      if (!(this instanceof EventSource)) throw new TypeError('Can only call EventSource.close on instances of EventSource');
      define(this, '_state', 2);
      if (this._timer) native.cancelTaskTimer(this._timer);
      define(this, '_timer', 0);
      if (this._id) natives.close(this._id);
      define(this, '_id', 0);
    });

    // One connection: the parser's buffers start empty, the last event id carries over (and is sent back).
    define(proto, '_connect', function () {
      var source = this;
      define(this, '_data', '');
      define(this, '_type', '');
      define(this, '_idBuffer', this._lastEventId);
      define(this, '_first', true);
      var id = natives.open(this._url, this._lastEventId, function (kind, a, b) {
        if (source._id !== id) return;
        source._event(kind, a, b);
      });
      define(this, '_id', id);
      if (!id) {
        // A URL the network layer cannot request (not http or https): the connection fails, from a task.
        native.taskTimer(function () { if (source._state !== 2) source._fail(); }, 0, false);
      }
    });

    define(proto, '_event', function (kind, a, b) {
      if (this._state === 2) return;
      switch (kind) {
        case 'open':
          define(this, '_state', 1);
          internals.dispatch(this, event('open'));
          return;
        case 'text':
          this._parse(a);
          return;
        case 'ended':
          define(this, '_id', 0);
          return this._reconnect();
        case 'failed':
          define(this, '_id', 0);
          return b ? this._fail() : this._reconnect();
      }
    });

    // "Fail the connection": closed for good, with an error event.
    define(proto, '_fail', function () {
      define(this, '_state', 2);
      internals.dispatch(this, event('error'));
    });

    // "Reestablish the connection": error, then after the reconnection time a new request with Last-Event-ID.
    define(proto, '_reconnect', function () {
      define(this, '_state', 0);
      internals.dispatch(this, event('error'));
      if (this._state !== 0) return;   // an error listener closed it
      var source = this;
      define(this, '_timer', native.taskTimer(function () {
        define(source, '_timer', 0);
        if (source._state === 0) source._connect();
      }, this._retry, false));
    });

    define(proto, '_parse', function (text) {
      if (this._first) {
        define(this, '_first', false);
        if (text.charCodeAt(0) === 0xFEFF) text = text.slice(1);
      }
      var lines = text.split(/\r\n|\n|\r/);
      lines.pop();   // the text ends with a line break
      for (var i = 0; i < lines.length && this._state !== 2; i++) this._line(lines[i]);
    });

    define(proto, '_line', function (line) {
      if (line === '') return this._dispatchEvent();
      if (line.charCodeAt(0) === 0x3A) return;   // a comment
      var colon = line.indexOf(':'), field = line, value = '';
      if (colon >= 0) {
        field = line.slice(0, colon);
        value = line.slice(colon + 1);
        if (value.charCodeAt(0) === 0x20) value = value.slice(1);
      }
      switch (field) {
        case 'event': define(this, '_type', value); break;
        case 'data': define(this, '_data', this._data + value + '\n'); break;
        case 'id': if (value.indexOf('\0') < 0) define(this, '_idBuffer', value); break;
        case 'retry': if (/^[0-9]+$/.test(value)) define(this, '_retry', parseInt(value, 10)); break;
      }
    });

    define(proto, '_dispatchEvent', function () {
      define(this, '_lastEventId', this._idBuffer);
      var data = this._data, type = this._type;
      define(this, '_data', '');
      define(this, '_type', '');
      if (data === '') return;
      data = data.slice(0, -1);
      internals.dispatch(this, event(type || 'message', { data: data, origin: this._origin, lastEventId: this._lastEventId }));
    });

    define(global, 'EventSource', EventSource);
  });
})
