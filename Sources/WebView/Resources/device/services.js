(function (global, native, internals) {
  'use strict';
  // What a page asks the device for (DeviceServices on the Swift side): `navigator.onLine` with `online`/`offline`,
  // `navigator.clipboard` and `ClipboardItem`, `navigator.geolocation`, `Notification`, `navigator.vibrate`,
  // `navigator.share`/`canShare`, `isSecureContext`. Each exists where WKWebView has it on the profile's system
  // (`native.system`); the functions behind them (`native.deviceServices()`) are made on first use.
  var define = internals.define;
  var navigator = global.navigator;
  var env = native.domEnv;
  var secure = !!native.secureContext;
  var system = native.system;
  var natives = null;
  function services() { return natives || (natives = native.deviceServices()); }
  function task(callback) { native.taskTimer(callback, 0, true); }
  function getter(object, name, get) { Object.defineProperty(object, name, { get: get, configurable: true, enumerable: true }); }
  var illegal = internals.illegalConstructor;
  function named(constructor, name) {
    Object.defineProperty(constructor.prototype, Symbol.toStringTag, { value: name, configurable: true });
    define(global, name, constructor);
    return constructor;
  }
  function notAllowed(what) {
    return new DOMException(what + ': the request is not allowed by the user agent or the platform in the current context, possibly because the user denied permission.', 'NotAllowedError');
  }
  if (!('isSecureContext' in global)) Object.defineProperty(global, 'isSecureContext', { value: secure, configurable: true, enumerable: true });
  if (!navigator) return;
  var listeners = {};   // Swift's changes: kind -> function (value)

  // --- navigator.onLine: `online`/`offline` on the window when the host changes it (HeadlessWebView.setOnline)
  var online = native.online !== false;
  getter(navigator, 'onLine', function () { return online; });
  listeners.online = function (value) {
    value = !!value;
    if (value === online) return;
    online = value;
    var event = new global.Event(value ? 'online' : 'offline');
    global.dispatchEvent(event);
  };

  // --- navigator.clipboard (secure contexts, as WebKit), reads and writes in a user gesture only
  if (secure) {
    var clipboard = null;
    getter(navigator, 'clipboard', function () { return clipboard || (clipboard = makeClipboard()); });
    internals.lazy(['ClipboardItem', 'Clipboard'], function () { makeClipboard(); });
  }
  var ClipboardItem = null;
  function makeClipboard() {
    if (clipboard) return clipboard;
    var ITEM = typeof Symbol === 'function' ? Symbol('items') : '__items';
    ClipboardItem = named(function ClipboardItem(items, options) {
      if (!(this instanceof ClipboardItem)) throw new TypeError("Constructor requires 'new' operator");
      if (!items || typeof items !== 'object') throw new TypeError("Failed to construct 'ClipboardItem': parameter 1 is not of type 'object'.");
      var types = Object.keys(items);
      if (!types.length) throw new TypeError("Failed to construct 'ClipboardItem': Empty dictionary argument");
      define(this, ITEM, types.map(function (type) { return { type: type, value: items[type] }; }));
      define(this, '_presentationStyle', options && options.presentationStyle || 'unspecified');
    }, 'ClipboardItem');
    getter(ClipboardItem.prototype, 'types', function () { return Object.freeze(this[ITEM].map(function (i) { return i.type; })); });
    getter(ClipboardItem.prototype, 'presentationStyle', function () { return this._presentationStyle; });
    define(ClipboardItem.prototype, 'getType', function getType(type) {
      type = String(type);
      var found = this[ITEM].filter(function (i) { return i.type === type; })[0];
      if (!found) return Promise.reject(new DOMException("Failed to execute 'getType' on 'ClipboardItem': The type was not found", 'NotFoundError'));
      return Promise.resolve(found.value).then(function (value) {
        return value instanceof global.Blob ? value : new global.Blob([String(value)], { type: type });
      });
    });
    define(ClipboardItem, 'supports', function supports(type) { return /^(text\/plain|text\/html|text\/uri-list|image\/png)$/.test(String(type)); });

    var Clipboard = named(illegal('Clipboard'), 'Clipboard');
    internals.mixinEventTarget(Clipboard.prototype);
    function gesture(method) {
      if (!internals.inUserGesture()) return Promise.reject(notAllowed("Clipboard." + method));
      return null;
    }
    function settle(work) {
      return new Promise(function (resolve, reject) {
        task(function () { try { resolve(work()); } catch (error) { reject(error); } });
      });
    }
    function encode(text) { return new global.TextEncoder().encode(text).buffer; }
    function decode(buffer) { return new global.TextDecoder().decode(buffer); }
    define(Clipboard.prototype, 'readText', function readText() {
      return gesture('readText') || settle(function () {
        var entry = services().readClipboard().filter(function (e) { return e.type === 'text/plain'; })[0];
        return entry ? decode(entry.data) : '';
      });
    });
    define(Clipboard.prototype, 'writeText', function writeText(text) {
      if (arguments.length < 1) return Promise.reject(new TypeError('Not enough arguments'));
      text = String(text);
      return gesture('writeText') || settle(function () { services().writeClipboard(['text/plain'], [encode(text)]); });
    });
    define(Clipboard.prototype, 'read', function read() {
      return gesture('read') || settle(function () {
        var entries = services().readClipboard();
        if (!entries.length) return [];
        var items = {};
        entries.forEach(function (e) { items[e.type] = new global.Blob([e.data], { type: e.type }); });
        return [new ClipboardItem(items)];
      });
    });
    define(Clipboard.prototype, 'write', function write(data) {
      var refused = gesture('write');
      if (refused) return refused;
      var items = Array.prototype.slice.call(data || []);
      if (items.length > 1) return Promise.reject(new DOMException("Failed to execute 'write' on 'Clipboard': Support for multiple ClipboardItems is not implemented.", 'NotAllowedError'));
      var item = items[0];
      if (item && !(item instanceof ClipboardItem)) return Promise.reject(new TypeError("Failed to execute 'write' on 'Clipboard': The provided value is not of type 'ClipboardItem'."));
      var types = item ? item.types.slice() : [];
      return Promise.all(types.map(function (type) {
        return item.getType(type).then(function (blob) { return blob.arrayBuffer(); });
      })).then(function (buffers) {
        return settle(function () { services().writeClipboard(types, buffers); });
      });
    });
    clipboard = Object.create(Clipboard.prototype);
    return clipboard;
  }

  // --- navigator.geolocation: the host's reading (DeviceServices.geolocation), each answer a task
  var geolocation = null;
  getter(navigator, 'geolocation', function () { return geolocation || (geolocation = makeGeolocation()); });
  internals.lazy(['Geolocation', 'GeolocationPosition', 'GeolocationCoordinates', 'GeolocationPositionError'], function () { makeGeolocation(); });
  var watchers = {}, nextWatch = 0, geolocationReady = false;
  listeners.geolocation = function (json) {
    if (!geolocationReady) return;
    var ids = Object.keys(watchers);
    if (!ids.length) return;
    var reading = JSON.parse(json);
    ids.forEach(function (id) { var w = watchers[id]; if (w) deliver(w, reading); });
  };
  var GeolocationPosition, GeolocationCoordinates, GeolocationPositionError;
  function deliver(watcher, reading) {
    task(function () {
      if (watcher.cleared) return;
      if (watcher.once) watcher.cleared = true;
      if (reading.error) {
        if (typeof watcher.error === 'function') {
          try { watcher.error.call(null, positionError(reading.error)); } catch (e) { native.report(e); }
        }
        return;
      }
      try { watcher.success.call(null, position(reading.position)); } catch (e) { native.report(e); }
    });
  }
  var DATA = typeof Symbol === 'function' ? Symbol('data') : '__data';
  function position(p) {
    var coords = Object.create(GeolocationCoordinates.prototype);
    define(coords, DATA, p);
    var result = Object.create(GeolocationPosition.prototype);
    define(result, DATA, { coords: coords, timestamp: Date.now() });
    return result;
  }
  var messages = { 1: 'User denied Geolocation', 2: 'Position unavailable', 3: 'Timeout expired' };
  function positionError(code) {
    var error = Object.create(GeolocationPositionError.prototype);
    define(error, DATA, { code: code, message: messages[code] || '' });
    return error;
  }
  function makeGeolocation() {
    if (geolocation) return geolocation;
    geolocationReady = true;
    function readOnly(Class, names) {
      names.forEach(function (name) { getter(Class.prototype, name, function () { return this[DATA][name]; }); });
      define(Class.prototype, 'toJSON', function toJSON() {
        var json = {}, self = this;
        names.forEach(function (name) { var v = self[name]; json[name] = v && typeof v.toJSON === 'function' ? v.toJSON() : v; });
        return json;
      });
    }
    GeolocationCoordinates = named(illegal('GeolocationCoordinates'), 'GeolocationCoordinates');
    readOnly(GeolocationCoordinates, ['latitude', 'longitude', 'altitude', 'accuracy', 'altitudeAccuracy', 'heading', 'speed']);
    GeolocationPosition = named(illegal('GeolocationPosition'), 'GeolocationPosition');
    readOnly(GeolocationPosition, ['coords', 'timestamp']);
    GeolocationPositionError = named(illegal('GeolocationPositionError'), 'GeolocationPositionError');
    getter(GeolocationPositionError.prototype, 'code', function () { return this[DATA].code; });
    getter(GeolocationPositionError.prototype, 'message', function () { return this[DATA].message; });
    [['PERMISSION_DENIED', 1], ['POSITION_UNAVAILABLE', 2], ['TIMEOUT', 3]].forEach(function (c) {
      define(GeolocationPositionError, c[0], c[1]);
      define(GeolocationPositionError.prototype, c[0], c[1]);
    });
    var Geolocation = named(illegal('Geolocation'), 'Geolocation');
    function request(success, error, options, once, method) {
      if (typeof success !== 'function') throw new TypeError("Failed to execute '" + method + "' on 'Geolocation': parameter 1 is not of type 'Function'.");
      var watcher = { success: success, error: error, once: once, cleared: false, id: ++nextWatch };
      // an insecure page is refused, as in WebKit; a zero timeout fails at once unless a fix is at hand
      var reading = !secure ? { error: 1 } : JSON.parse(services().geolocation());
      if (reading.position && options && options.timeout !== undefined && Number(options.timeout) <= 0) reading = { error: 3 };
      if (!once) watchers[watcher.id] = watcher;
      deliver(watcher, reading);
      return watcher.id;
    }
    define(Geolocation.prototype, 'getCurrentPosition', function getCurrentPosition(success, error, options) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');
      request(success, error, options, true, 'getCurrentPosition');
    });
    define(Geolocation.prototype, 'watchPosition', function watchPosition(success, error, options) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');
      return request(success, error, options, false, 'watchPosition');
    });
    define(Geolocation.prototype, 'clearWatch', function clearWatch(id) {
      var w = watchers[id];
      if (w) { w.cleared = true; delete watchers[id]; }
    });
    geolocation = Object.create(Geolocation.prototype);
    return geolocation;
  }

  // --- Notification: only when the app gives a permission (WKWebView has none)
  if (native.notificationPermission) {
    internals.lazy(['Notification'], function () {
      var Notification = named(function Notification(title, options) {
        if (!(this instanceof Notification)) throw new TypeError("Constructor requires 'new' operator");
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        options = options || {};
        var data = { title: String(title), body: options.body === undefined ? '' : String(options.body),
                     tag: options.tag === undefined ? '' : String(options.tag), dir: options.dir || 'auto',
                     lang: options.lang === undefined ? '' : String(options.lang), icon: options.icon === undefined ? '' : String(options.icon),
                     silent: options.silent === undefined ? null : !!options.silent, requireInteraction: !!options.requireInteraction,
                     data: options.data === undefined ? null : global.structuredClone(options.data) };
        define(this, DATA, data);
        var self = this, granted = services().currentNotificationPermission() === 'granted';
        if (granted) services().showNotification(data.title, data.body, data.tag);
        task(function () { internals.dispatch(self, internals.makeEvent(granted ? 'show' : 'error')); });
      }, 'Notification');
      internals.mixinEventTarget(Notification.prototype);
      internals.eventHandlers(Notification.prototype, ['show', 'click', 'close', 'error']);
      ['title', 'body', 'tag', 'dir', 'lang', 'icon', 'silent', 'requireInteraction', 'data'].forEach(function (name) {
        getter(Notification.prototype, name, function () { return this[DATA][name]; });
      });
      define(Notification.prototype, 'close', function close() {
        var self = this;
        if (self[DATA].closed) return;
        self[DATA].closed = true;
        task(function () { internals.dispatch(self, internals.makeEvent('close')); });
      });
      getter(Notification, 'permission', function () { return services().currentNotificationPermission(); });
      define(Notification, 'maxActions', 0);
      define(Notification, 'requestPermission', function requestPermission(callback) {
        // WebKit asks the user only from a user gesture; otherwise the answer is the current permission
        var answer = internals.inUserGesture() ? services().requestNotificationPermission() : services().currentNotificationPermission();
        return new Promise(function (resolve) {
          task(function () {
            if (typeof callback === 'function') { try { callback(answer); } catch (e) { native.report(e); } }
            resolve(answer);
          });
        });
      });
    });
  }

  // --- navigator.vibrate: Android and desktops (WebKit has none), in a user gesture
  if (system !== 'iOS') {
    define(navigator, 'vibrate', function vibrate(pattern) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      var list = typeof pattern === 'object' && pattern !== null ? Array.prototype.slice.call(pattern) : [pattern];
      list = list.map(function (n) { n = Math.floor(Number(n)); return isFinite(n) && n > 0 ? Math.min(n, 10000) : 0; });
      if (list.length > 10) list = list.slice(0, 10);
      if (list.length && list.length % 2 === 0) list.pop();   // a trailing pause does nothing
      if (!internals.inUserGesture()) return false;
      services().vibrate(list.every(function (n) { return n === 0; }) ? [] : list);
      return true;
    });
  }

  // --- navigator.share/canShare: iOS (WKWebView), secure contexts, in a user gesture
  if (system === 'iOS' && secure) {
    var sharing = false;
    function shareData(data, method) {
      if (!data || typeof data !== 'object') throw new TypeError("Failed to execute '" + method + "' on 'Navigator': No known share data fields supplied. If using only new fields (other than title, text and url), you must feature-detect them first.");
      var files = data.files === undefined ? [] : Array.prototype.slice.call(data.files);
      if (data.title === undefined && data.text === undefined && data.url === undefined && !files.length) {
        throw new TypeError("Failed to execute '" + method + "' on 'Navigator': No known share data fields supplied. If using only new fields (other than title, text and url), you must feature-detect them first.");
      }
      var url = null;
      if (data.url !== undefined) {
        try { url = native.resolveURL(String(data.url)); } catch (e) { throw new TypeError("Failed to execute '" + method + "' on 'Navigator': Invalid URL"); }
      }
      files.forEach(function (f) {
        if (!(global.File && f instanceof global.File)) throw new TypeError("Failed to execute '" + method + "' on 'Navigator': The provided value is not of type 'File'.");
      });
      return { title: data.title === undefined ? null : String(data.title), text: data.text === undefined ? null : String(data.text),
               url: url, files: files.map(function (f) { return f.name; }) };
    }
    define(navigator, 'canShare', function canShare(data) {
      try { shareData(data, 'canShare'); return true; } catch (e) { return false; }
    });
    define(navigator, 'share', function share(data) {
      var request;
      try { request = shareData(data, 'share'); } catch (error) { return Promise.reject(error); }
      if (!internals.inUserGesture()) return Promise.reject(notAllowed('navigator.share'));
      if (sharing) return Promise.reject(new DOMException('navigator.share: a share is already in progress.', 'InvalidStateError'));
      sharing = true;
      return new Promise(function (resolve, reject) {
        task(function () {
          sharing = false;
          var outcome = services().share(request.title, request.text, request.url, request.files);
          if (outcome === 'completed') resolve();
          else reject(new DOMException('Abort due to cancellation of share.', 'AbortError'));
        });
      });
    });
  }

  // Swift's changes to a live page (HeadlessWebView.setOnline, setGeolocation)
  if (env) {
    env.deviceService = function (kind, value) {
      var listener = listeners[kind];
      if (listener) listener(value);
    };
  }
})
