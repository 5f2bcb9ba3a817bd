(function (global, native, internals) {
  'use strict';
  function define(object, name, value) {
    Object.defineProperty(object, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  internals.define = define;
  // WebKit's DOMException names by legacy code (the index; '' where WebKit has none), and the words its bindings give
  // each when they throw it without a message of their own (observed on WebKitGTK 2.50). The one table: the
  // DOMException below takes its codes from it, and in a page domino's own exceptions their names and words
  // (dom/nodes.js reads it from domino's DOMException module, where it goes at the end of this script).
  var exceptionNames = ['', 'IndexSizeError', '', 'HierarchyRequestError', 'WrongDocumentError', 'InvalidCharacterError', '',
    'NoModificationAllowedError', 'NotFoundError', 'NotSupportedError', 'InUseAttributeError', 'InvalidStateError', 'SyntaxError',
    'InvalidModificationError', 'NamespaceError', 'InvalidAccessError', '', 'TypeMismatchError', 'SecurityError', 'NetworkError',
    'AbortError', 'URLMismatchError', 'QuotaExceededError', 'TimeoutError', 'InvalidNodeTypeError', 'DataCloneError'];
  var exceptionWords = ['', 'The index is not in the allowed range.', '', 'The operation would yield an incorrect node tree.',
    'The object is in the wrong document.', 'The string contains invalid characters.', '', 'The object can not be modified.',
    'The object can not be found here.', 'The operation is not supported.', 'The attribute is in use.',
    'The object is in an invalid state.', 'The string did not match the expected pattern.',
    'The object can not be modified in this way.', 'The operation is not allowed by Namespaces in XML.',
    'The object does not support the operation or argument.', '',
    'The type of an object was incompatible with the expected type of the parameter associated to the object.',
    'The operation is insecure.', 'A network error occurred.', 'The operation was aborted.',
    'The given URL does not match another URL.', 'The quota has been exceeded.', 'The operation timed out.',
    'The supplied node is incorrect or has an incorrect ancestor for this operation.', 'The object can not be cloned.'];
  function exceptionCode(name) { return name ? Math.max(0, exceptionNames.indexOf(name)) : 0; }
  internals.webKitError = function (name) { return new global.DOMException(exceptionWords[exceptionCode(name)] || '', name); };
  // The constructor of an interface a page cannot construct (Crypto, PerformanceEntry, WorkerGlobalScope, ...), named
  // as the interface: it throws WebKit's TypeError, "Illegal constructor" (observed on WebKitGTK 2.50).
  internals.illegalConstructor = function (name) {
    var constructor = function () { throw new TypeError('Illegal constructor'); };
    Object.defineProperty(constructor, 'name', { value: name, configurable: true });
    return constructor;
  };
  // Object.prototype.toString names a web API's instances as WebKit does ("[object Headers]"): the interface's name
  // as the prototype's Symbol.toStringTag.
  function tag(constructor, name) {
    Object.defineProperty(constructor.prototype, Symbol.toStringTag, { value: name || constructor.name, configurable: true });
  }
  internals.tag = tag;
  // The language's own globals (not the web platform's). Reading one makes JavaScriptCore set it up (most are made
  // on first use), so the scripts that walk the global object's names skip these (interfaces.js, native-code.js).
  internals.languageGlobals = new RegExp('^(?:Object|Function|Array|Number|Boolean|String|Symbol|BigInt|Date|RegExp|Error|EvalError|' +
    'RangeError|ReferenceError|SyntaxError|TypeError|URIError|AggregateError|Promise|Proxy|Reflect|JSON|Math|Map|Set|' +
    'WeakMap|WeakSet|WeakRef|FinalizationRegistry|ArrayBuffer|SharedArrayBuffer|DataView|Atomics|Int8Array|Uint8Array|' +
    'Uint8ClampedArray|Int16Array|Uint16Array|Int32Array|Uint32Array|Float16Array|Float32Array|Float64Array|' +
    'BigInt64Array|BigUint64Array|Intl|WebAssembly|Iterator|AsyncIterator|ShadowRealm|Temporal|NaN|Infinity)$');

  // A group of globals made on first use, so a page that never touches them pays nothing at set-up: each name is an
  // accessor on the global object until the first read, which deletes the group's accessors and runs `load` (it
  // defines the real values); a page's own assignment replaces the accessor. If `load` throws, every read of the
  // group throws an error naming the group and the cause. Shared by the platform scripts as `internals.lazy`.
  function lazy(names, load) {
    var state = 'pending', failure = null;
    function resolve() {
      if (state !== 'pending') return;
      state = 'loading';
      names.forEach(function (name) { delete global[name]; });
      var toString = Function.prototype.toString;
      try {
        load();
        // A library the group loads may put its own Function.prototype.toString (core-js does, for URL): the one
        // the page had stays (native-code.js's, or the page's own).
        if (Function.prototype.toString !== toString) define(Function.prototype, 'toString', toString);
        state = 'loaded';
        if (internals.platformMade) internals.platformMade(global, names);
      } catch (error) {
        state = 'failed';
        failure = new Error(names.join('/') + ' unavailable: ' + (error && error.message || error));
        names.forEach(install);
      }
    }
    function install(name) {
      Object.defineProperty(global, name, {
        configurable: true, enumerable: false,
        get: function () {
          resolve();
          if (state === 'failed') throw failure;
          return global[name];
        },
        set: function (value) {
          Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
        }
      });
    }
    names.forEach(install);
  }
  internals.lazy = lazy;

  // The base that the page's connection APIs (WebSocket, EventSource, sendBeacon) resolve relative URLs against: the
  // document's base URL, else the location.
  internals.baseURL = function () {
    try { if (global.document && global.document.baseURI) return global.document.baseURI; } catch (e) {}
    try { return global.location.href; } catch (e) { return undefined; }
  };
  // An enumerable accessor `name` on `Class.prototype` whose getter throws the engines' TypeError when `this` is not
  // an instance of `Class`.
  internals.accessor = function (Class, name, get, set) {
    Object.defineProperty(Class.prototype, name, { configurable: true, enumerable: true, set: set, get: function () {
      if (!(this instanceof Class)) throw new TypeError('The ' + Class.name + '.' + name + ' getter can only be used on instances of ' + Class.name);
      return get.call(this);
    } });
  };

  var usable = false;
  try { usable = new global.DOMException('m', 'AbortError').name === 'AbortError'; } catch (e) {}
  if (!usable) {
    var DOMException = function DOMException(message, name) {
      if (!(this instanceof DOMException)) throw new TypeError("Constructor requires 'new' operator");   // WebKit's words (WebKitGTK 2.50)
      var error = new Error(message === undefined ? '' : String(message));
      define(this, 'message', error.message);
      define(this, 'name', name === undefined ? 'Error' : String(name));
      define(this, 'code', exceptionCode(this.name));
      define(this, 'stack', error.stack);
    };
    DOMException.prototype = Object.create(Error.prototype);
    define(DOMException.prototype, 'constructor', DOMException);
    tag(DOMException);
    define(global, 'DOMException', DOMException);
  }

  var listeners = new WeakMap();
  function listenersOf(target, type) {
    var map = listeners.get(target);
    if (!map) { map = Object.create(null); listeners.set(target, map); }
    return map[type] || (map[type] = []);
  }
  function capture(options) {
    return typeof options === 'boolean' ? options : !!(options && options.capture);
  }
  internals.eventTargetMethods = {
    addEventListener: function (type, listener, options) {
      if (listener === null || listener === undefined) return;
      var list = listenersOf(this, String(type)), useCapture = capture(options);
      for (var i = 0; i < list.length; i++) {
        if (list[i].listener === listener && list[i].capture === useCapture) return;
      }
      list.push({ listener: listener, capture: useCapture, once: !!(options && typeof options === 'object' && options.once) });
      var signal = options && typeof options === 'object' ? options.signal : undefined;
      if (signal && typeof signal.addEventListener === 'function') {
        var target = this;
        signal.addEventListener('abort', function () { target.removeEventListener(type, listener, options); });
      }
    },
    removeEventListener: function (type, listener, options) {
      var list = listenersOf(this, String(type)), useCapture = capture(options);
      for (var i = 0; i < list.length; i++) {
        if (list[i].listener === listener && list[i].capture === useCapture && !list[i].handler) {
          list[i].removed = true;
          list.splice(i, 1);
          return;
        }
      }
    },
    dispatchEvent: function (event) { return internals.dispatch(this, event); }
  };
  internals.mixinEventTarget = function (prototype) {
    Object.keys(internals.eventTargetMethods).forEach(function (name) {
      define(prototype, name, internals.eventTargetMethods[name]);
    });
  };

  // Event handler attributes (`onload` and the like) of the platform's own event targets, as accessors on
  // `prototype`: a handler takes its place among the target's listeners when it is first set and keeps it when
  // replaced (HTML's event handler processing), so it runs in registration order; null removes it. `onSet(value)`,
  // when given, runs after each assignment (a MessagePort's onmessage starts the port).
  var declaredHandlers = typeof Symbol === 'function' ? Symbol('eventHandlers') : '__eventHandlers';
  internals.eventHandlers = function (prototype, types, onSet) {
    if (!Object.prototype.hasOwnProperty.call(prototype, declaredHandlers)) {
      define(prototype, declaredHandlers, Object.create(prototype[declaredHandlers] || null));
    }
    types.forEach(function (type) {
      var entries = new WeakMap();
      prototype[declaredHandlers][type] = true;
      Object.defineProperty(prototype, 'on' + type, {
        configurable: true, enumerable: true,
        get: function () { var entry = entries.get(this); return entry ? entry.handler : null; },
        set: function (value) {
          var entry = entries.get(this);
          if (typeof value !== 'function') {
            if (!entry) { if (onSet) onSet.call(this, value); return; }
            entries.delete(this);
            entry.removed = true;
            var list = listenersOf(this, type), at = list.indexOf(entry);
            if (at >= 0) list.splice(at, 1);
          } else if (entry) {
            entry.handler = value;
          } else {
            entry = { listener: null, handler: value, capture: false, once: false };
            entries.set(this, entry);
            listenersOf(this, type).push(entry);
          }
          if (onSet) onSet.call(this, value);
        }
      });
    });
  };

  function invoke(fn, self, event) {
    try { fn.call(self, event); } catch (error) { native.report(error); }
  }
  internals.dispatch = function (target, event) {
    try { event.target = target; event.currentTarget = target; event.eventPhase = 2; event.srcElement = target; } catch (e) {}  // a real event's srcElement is read-only
    var declared = target[declaredHandlers];
    if (!declared || !declared[event.type]) {
      // a target without accessors for this type: a plain `on<type>` property runs first
      var handler = target['on' + event.type];
      if (typeof handler === 'function') invoke(handler, target, event);
    }
    var list = listenersOf(target, event.type).slice();
    for (var i = 0; i < list.length && !event._stopImmediate && !event._immediatePropagationStopped; i++) {
      var entry = list[i];
      if (entry.removed) continue;
      if (entry.handler) { invoke(entry.handler, target, event); continue; }
      if (entry.once) target.removeEventListener(event.type, entry.listener, entry.capture);
      var listener = entry.listener;
      if (typeof listener === 'function') invoke(listener, target, event);
      else if (listener && typeof listener.handleEvent === 'function') invoke(listener.handleEvent, listener, event);
    }
    // Dispatched: no current target, no phase (the target stays), as in WebKit.
    try { event.currentTarget = null; event.eventPhase = 0; } catch (e) {}
    return !event.defaultPrevented;
  };

  // Whether the page runs in a user gesture (HTML's transient activation, as WebKit grants it): while the host's
  // click runs (`env.userGesture`, HeadlessWebView.click) or a trusted click, touch, pointer or key event is being
  // dispatched. Audible media, the clipboard and sharing need one.
  var GESTURE_EVENTS = ' click dblclick mousedown mouseup pointerdown pointerup touchend keydown keyup ';
  internals.inUserGesture = function () {
    var env = native.domEnv;
    if (env && env.userGesture > 0) return true;
    var event = global.event;
    return !!event && event.isTrusted === true && GESTURE_EVENTS.indexOf(' ' + event.type + ' ') >= 0;
  };

  var start = Date.now();
  // A page's events are its real classes (a ProgressEvent when `extra` has progress members); without a DOM
  // (a bare platform), a plain object of the same shape.
  internals.makeEvent = function (type, extra) {
    var Class = extra && 'loaded' in extra ? global.ProgressEvent : global.Event;
    if (typeof Class === 'function' && typeof global.Event === 'function' && typeof global.Event.prototype.composedPath === 'function') {
      var real = new Class(type, extra || undefined);
      real.isTrusted = true;
      return real;
    }
    var event = {
      type: type, target: null, currentTarget: null, srcElement: null, bubbles: false, cancelable: false,
      composed: false, defaultPrevented: false, eventPhase: 2, isTrusted: true, timeStamp: Date.now() - start,
      preventDefault: function () { if (this.cancelable) this.defaultPrevented = true; },
      stopPropagation: function () {},
      stopImmediatePropagation: function () { this._stopImmediate = true; },
      composedPath: function () { return this.currentTarget ? [this.currentTarget] : []; }
    };
    if (extra) for (var key in extra) event[key] = extra[key];
    return event;
  };

  if (!global.performance || typeof global.performance.now !== 'function') {
    var origin = Date.now();
    define(global, 'performance', { timeOrigin: origin, now: function () { return Date.now() - origin; } });
  }

  // A page's domino throws DOMExceptions of its own (dom/nodes.js gives them WebKit's names and words from here).
  if (typeof native.domRequire === 'function') {
    native.domRequire('domino/lib/DOMException').webKitTable = { names: exceptionNames, words: exceptionWords };
  }
})
