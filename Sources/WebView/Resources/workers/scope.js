(function (global, native, internals) {
  'use strict';
  // A dedicated worker's global scope (DedicatedWorkerGlobalScope), run after the platform scripts a worker gets
  // (base, encoding, XMLHttpRequest, abort, blob, FormData, clone, messaging, streams, modules with fetch, crypto,
  // performance, WebSocket, EventSource, serialize): `self`, `name`, `location` (WorkerLocation),
  // `navigator` (WorkerNavigator), `postMessage`, `onmessage`/`onmessageerror`/`onerror`, `close()` and a synchronous
  // `importScripts`. `native` is the worker's own (Workers/WorkerScope.swift).
  var define = internals.define;
  define(global, 'self', global);
  define(global, 'name', native.name);
  // The scope's interfaces, as WebKit has them: libraries tell a worker by `self instanceof WorkerGlobalScope` (axios).
  var illegal = internals.illegalConstructor;
  var WorkerGlobalScope = illegal('WorkerGlobalScope'), DedicatedWorkerGlobalScope = illegal('DedicatedWorkerGlobalScope');
  DedicatedWorkerGlobalScope.prototype = Object.create(WorkerGlobalScope.prototype);
  define(DedicatedWorkerGlobalScope.prototype, 'constructor', DedicatedWorkerGlobalScope);
  define(WorkerGlobalScope.prototype, Symbol.toStringTag, 'WorkerGlobalScope');
  define(DedicatedWorkerGlobalScope.prototype, Symbol.toStringTag, 'DedicatedWorkerGlobalScope');
  // The engine's global object keeps its prototype, so the scope is an instance by `Symbol.hasInstance`.
  [WorkerGlobalScope, DedicatedWorkerGlobalScope].forEach(function (constructor) {
    Object.defineProperty(constructor, Symbol.hasInstance, { configurable: true, value: function (value) {
      return value === global || Function.prototype[Symbol.hasInstance].call(this, value);
    } });
  });
  define(global, Symbol.toStringTag, 'DedicatedWorkerGlobalScope');
  // DOM's event classes, which a page gets from its DOM: `Event`, `CustomEvent`, `MessageEvent`, `ErrorEvent`,
  // `ProgressEvent` and a constructible `EventTarget`, dispatched by the platform's `internals.dispatch` (a worker's
  // targets have no tree, so an event is at its target only). The scope's own events (`message`, `error`, `abort`,
  // ...) are made from them.
  var start = Date.now();
  function dictionary(init, what) {
    if (init === undefined || init === null) return {};
    if (typeof init !== 'object' && typeof init !== 'function') throw new TypeError("Failed to construct '" + what + "': parameter 2 is not an object.");
    return init;
  }
  // An event's state is a private field, read by its prototype's accessors, as in a page (dom/event-classes.js):
  // `Object.keys(event)` and `JSON.stringify(event)` give `isTrusted` only, and `for...in` lists the attributes
  // (WebKitGTK 2.50).
  var Stamp = class { constructor(o) { return o; } };
  var State = class extends Stamp {
    #state;
    constructor(o, state) { super(o); this.#state = state; }
    static of(o) { return o !== null && typeof o === 'object' && #state in o ? o.#state : undefined; }
  };
  function attributes(proto, interfaceName, names) {
    names.forEach(function (name) {
      Object.defineProperty(proto, name, {
        get: function () {
          var state = State.of(this);
          if (!state) throw new TypeError('The ' + interfaceName + '.' + name + ' getter can only be used on instances of ' + interfaceName);
          return state[name];
        },
        set: function (v) { var state = State.of(this); if (state) state[name] = v; },
        enumerable: true, configurable: true
      });
    });
  }
  function Event(type, init) {
    if (!(this instanceof Event)) throw new TypeError("Constructor requires 'new' operator");
    if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
    init = dictionary(init, this.constructor.name);
    new State(this, { type: String(type), target: null, currentTarget: null, eventPhase: 0, bubbles: !!init.bubbles,
      cancelable: !!init.cancelable, defaultPrevented: false, composed: !!init.composed, timeStamp: Date.now() - start });
    this.isTrusted = false;
  }
  // Event.prototype's members in WebKit's order, enumerable, as a page's (WebKitGTK 2.50: `for...in` in a worker).
  function member(proto, name, f) { Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true }); }
  function computed(proto, name, get, set) { Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true }); }
  attributes(Event.prototype, 'Event', ['type', 'target', 'currentTarget', 'eventPhase']);
  computed(Event.prototype, 'cancelBubble', function () { var state = State.of(this); return !!(state && state.stopped); },
           function (v) { var state = State.of(this); if (state && v) state.stopped = true; });
  attributes(Event.prototype, 'Event', ['bubbles', 'cancelable', 'defaultPrevented', 'composed', 'timeStamp']);
  computed(Event.prototype, 'srcElement', function () { return this.target; });
  computed(Event.prototype, 'returnValue', function () { return !this.defaultPrevented; }, function (v) { if (!v) this.preventDefault(); });
  member(Event.prototype, 'composedPath', function composedPath() { return this.currentTarget ? [this.currentTarget] : []; });
  member(Event.prototype, 'stopPropagation', function stopPropagation() { this.cancelBubble = true; });
  member(Event.prototype, 'stopImmediatePropagation', function stopImmediatePropagation() {
    this.cancelBubble = true;
    Object.defineProperty(this, '_stopImmediate', { value: true, configurable: true });
  });
  member(Event.prototype, 'preventDefault', function preventDefault() { if (this.cancelable) this.defaultPrevented = true; });
  member(Event.prototype, 'initEvent', function initEvent(type, bubbles, cancelable) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    this.type = String(type);
    this.bubbles = !!bubbles;
    this.cancelable = !!cancelable;
    this.defaultPrevented = false;
  });
  ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'].forEach(function (name, value) {
    Object.defineProperty(Event, name, { value: value, enumerable: true });
    Object.defineProperty(Event.prototype, name, { value: value, enumerable: true });
  });
  define(Event.prototype, Symbol.toStringTag, 'Event');
  // `members`: each member's default; `convert`: WebIDL's conversion of a given value, for the members that have one.
  function subclass(name, members, convert) {
    var constructor = function (type, init) {
      if (!(this instanceof constructor)) throw new TypeError("Constructor requires 'new' operator");
      Event.apply(this, arguments);
      init = dictionary(init, name);
      var state = State.of(this);
      for (var key in members) {
        state[key] = init[key] === undefined ? members[key]() : convert && convert[key] ? convert[key](init[key]) : init[key];
      }
    };
    Object.defineProperty(constructor, 'name', { value: name, configurable: true });
    constructor.prototype = Object.create(Event.prototype);
    define(constructor.prototype, 'constructor', constructor);
    define(constructor.prototype, Symbol.toStringTag, name);
    attributes(constructor.prototype, name, Object.keys(members));
    Object.setPrototypeOf(constructor, Event);
    define(global, name, constructor);
    return constructor;
  }
  function none() { return null; }
  function empty() { return ''; }
  function zero() { return 0; }
  subclass('CustomEvent', { detail: none });
  subclass('MessageEvent', { data: none, origin: empty, lastEventId: empty, source: none, ports: function () { return []; } });
  subclass('ErrorEvent', { message: empty, filename: empty, lineno: zero, colno: zero, error: none });
  // XMLHttpRequest's progress events (`loadstart`, `progress`, `load`, `loadend`, ...; platform/base.js's makeEvent).
  subclass('ProgressEvent', { lengthComputable: function () { return false; }, loaded: zero, total: zero },
           { lengthComputable: Boolean, loaded: Number, total: Number });   // doubles, as WebKit's (7.9 stays 7.9)
  function EventTarget() {
    if (!(this instanceof EventTarget)) throw new TypeError("Constructor requires 'new' operator");
  }
  internals.mixinEventTarget(EventTarget.prototype);
  define(EventTarget.prototype, Symbol.toStringTag, 'EventTarget');
  define(global, 'Event', Event);
  define(global, 'EventTarget', EventTarget);
  // The scope is an EventTarget too.
  Object.setPrototypeOf(WorkerGlobalScope.prototype, EventTarget.prototype);
  Object.defineProperty(EventTarget, Symbol.hasInstance, { configurable: true, value: function (value) {
    return value === global || Function.prototype[Symbol.hasInstance].call(this, value);
  } });

  // FileReaderSync, which only workers have: the FileReader's reads, at once.
  function FileReaderSync() {
    if (!(this instanceof FileReaderSync)) throw new TypeError("Constructor requires 'new' operator");
  }
  ['ArrayBuffer', 'Text', 'DataURL', 'BinaryString'].forEach(function (kind) {
    define(FileReaderSync.prototype, 'readAs' + kind, function (blob, encoding) {
      void global.FileReader;   // makes the blob classes (platform/blob.js) and their reads on first use
      if (arguments.length === 0) throw new TypeError('Not enough arguments');
      var d = internals.blobData(blob);
      if (!d) throw new TypeError("Argument 1 ('blob') to FileReaderSync.readAs" + kind + ' must be an instance of Blob');
      return internals.blobReads[kind](d, encoding === undefined ? null : String(encoding));
    });
  });
  define(FileReaderSync.prototype, Symbol.toStringTag, 'FileReaderSync');
  define(global, 'FileReaderSync', FileReaderSync);

  define(global, 'WorkerGlobalScope', WorkerGlobalScope);
  define(global, 'DedicatedWorkerGlobalScope', DedicatedWorkerGlobalScope);
  define(global, 'origin', native.origin);
  define(global, 'isSecureContext', !!native.secureContext);
  define(global, 'reportError', function reportError(error) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    native.report(error);
  });
  internals.mixinEventTarget(global);
  // Kept in closures, not keyed by `this`: a bare `onmessage = f` may reach the setter with the global's proxy.
  ['onmessage', 'onmessageerror', 'onerror'].forEach(function (key) {
    var handler = null;
    Object.defineProperty(global, key, {
      configurable: true, enumerable: true,
      get: function () { return handler; },
      set: function (value) { handler = typeof value === 'function' ? value : null; }
    });
  });

  var href = native.url, parts = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(href) || [];
  var host = parts[2] || '', colon = host.lastIndexOf(':');
  function WorkerLocation() { throw new TypeError('Illegal constructor'); }
  var location = Object.create(WorkerLocation.prototype);
  var fields = { href: href, protocol: parts[1] || '', host: host, hostname: colon > 0 && host.indexOf(']') < colon ? host.slice(0, colon) : host,
                 port: colon > 0 && host.indexOf(']') < colon ? host.slice(colon + 1) : '', pathname: parts[3] || '',
                 search: parts[4] && parts[4] !== '?' ? parts[4] : '', hash: parts[5] && parts[5] !== '#' ? parts[5] : '',
                 origin: native.origin };
  Object.keys(fields).forEach(function (key) {
    Object.defineProperty(WorkerLocation.prototype, key, { get: function () { return fields[key]; }, configurable: true, enumerable: true });
  });
  define(WorkerLocation.prototype, 'toString', function toString() { return href; });
  define(WorkerLocation.prototype, Symbol.toStringTag, 'WorkerLocation');
  define(global, 'WorkerLocation', WorkerLocation);
  define(global, 'location', location);

  function WorkerNavigator() { throw new TypeError('Illegal constructor'); }
  var navigator = Object.create(WorkerNavigator.prototype);
  var agent = native.userAgent;
  var navigatorFields = { userAgent: agent, appName: 'Netscape', appVersion: agent.replace(/^Mozilla\//, ''), platform: native.platform,
                          product: 'Gecko', language: native.language, languages: Object.freeze([native.language]), onLine: true,
                          hardwareConcurrency: native.hardwareConcurrency };
  Object.keys(navigatorFields).forEach(function (key) {
    Object.defineProperty(WorkerNavigator.prototype, key, { get: function () { return navigatorFields[key]; }, configurable: true, enumerable: true });
  });
  define(WorkerNavigator.prototype, Symbol.toStringTag, 'WorkerNavigator');
  define(global, 'WorkerNavigator', WorkerNavigator);
  define(global, 'navigator', navigator);

  // BroadcastChannel: the worker's channels are of its origin; the page's (and its other workers') are reached
  // through a relay (workers/serialize.js).
  internals.messagingRealm.origin = native.origin;
  var relay = internals.broadcastRelay(native.origin, function (record, buffers) { native.post(record, buffers, 0); });
  // The page's side of the ports this worker and its page send each other (workers/serialize.js).
  var link = internals.makePortLink(function (id, record, buffers) { native.post(record, buffers, id); }, -1);
  define(global, 'postMessage', function postMessage(message, options) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
    var serialized = internals.serialize(message, internals.transferOf(options), "postMessage' on 'DedicatedWorkerGlobalScope", link);
    native.post(serialized.record, serialized.buffers, 0);
    serialized.after();
  });
  define(global, 'close', function close() { native.close(); });
  define(global, 'importScripts', function importScripts() {
    if (native.isModule) throw new TypeError("Failed to execute 'importScripts' on 'WorkerGlobalScope': Module scripts don't support importScripts().");
    var urls = Array.prototype.map.call(arguments, function (url) {
      try { return native.resolveURL(String(url)); } catch (e) {
        throw new DOMException("Failed to execute 'importScripts' on 'WorkerGlobalScope': The URL '" + String(url) + "' is invalid.", 'SyntaxError');
      }
    });
    urls.forEach(function (url) {
      var text = native.fetchScript(url);   // null: the load failed
      if (text === null || text === undefined) {
        throw new DOMException("Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '" + url + "' failed to load.", 'NetworkError');
      }
      native.evaluate(text, url);
    });
  });

  // From the page (Swift calls it as a task of this worker).
  // `port`: 0 for the worker's own messages, else the id of a transferred port the message is for.
  return function receive(record, buffers, port) {
    if (port) { link.receive(port, record, buffers); return; }
    if (internals.isBroadcast(record)) { relay.receive(record, buffers); return; }
    var data, out = {};
    try { data = internals.deserialize(record, buffers, link, out); } catch (error) {
      internals.dispatch(global, internals.messageEvent('messageerror', { data: null }));
      return;
    }
    internals.dispatch(global, internals.messageEvent('message', { data: data, ports: out.ports }));
  };
})
