// The page side of a Capacitor app (Capacitor 3 and later), written for HybridRuntime from the protocol: what the
// native bridge script sets up at document start, with what @capacitor/core adds on a native platform.
// `window.Capacitor` with getPlatform, isNativePlatform, isPluginAvailable, PluginHeaders, Plugins, registerPlugin,
// Exception, toNative, nativeCallback, nativePromise, fromNative, addListener, removeListener and triggerEvent.
// Calls leave as {callbackId, pluginId, methodName, options} through webkit.messageHandlers.bridge (iOS) or
// androidBridge.postMessage(JSON) (Android); native answers with Capacitor.fromNative({callbackId, success,
// data | error, save}).
(function (native) {
  var win = window;
  var cap = win.Capacitor || {};
  var platform = native.platform;
  var callbacks = new Map();
  // Random start, as on the device, so an answer meant for an earlier page is not taken for a new call.
  var callbackIdCount = Math.floor(Math.random() * 134217728);

  function CapacitorException(message, code, data) {
    var error = new Error(message);
    Object.setPrototypeOf(error, CapacitorException.prototype);
    error.message = message;
    error.code = code;
    error.data = data;
    return error;
  }
  CapacitorException.prototype = Object.create(Error.prototype, {
    constructor: { value: CapacitorException, writable: true, configurable: true },
    name: { value: 'Error', writable: true, configurable: true }
  });

  function postToNative(data) {
    try {
      if (platform === 'android') {
        win.androidBridge.postMessage(JSON.stringify(data));
      } else {
        data.type = data.type ? data.type : 'message';
        win.webkit.messageHandlers.bridge.postMessage(data);
      }
    } catch (e) {
      win.console.error(e);
    }
  }

  cap.getPlatform = function () { return platform; };
  cap.isNativePlatform = function () { return true; };
  cap.isPluginAvailable = function (name) { return Object.prototype.hasOwnProperty.call(cap.Plugins, name); };
  cap.getServerUrl = function () { return win.location.origin; };
  cap.convertFileSrc = function (filePath) { return filePath; };
  cap.Exception = CapacitorException;
  cap.PluginHeaders = native.headers;
  cap.DEBUG = !!cap.DEBUG;
  cap.isLoggingEnabled = !!cap.isLoggingEnabled;

  cap.toNative = function (pluginName, methodName, options, storedCallback) {
    var callbackId = '-1';
    if (storedCallback && (typeof storedCallback.callback === 'function' || typeof storedCallback.resolve === 'function')) {
      callbackId = String(++callbackIdCount);
      callbacks.set(callbackId, storedCallback);
    }
    postToNative({ callbackId: callbackId, pluginId: pluginName, methodName: methodName, options: options || {} });
    return callbackId;
  };

  cap.fromNative = function (result) {
    try {
      var stored = callbacks.get(result.callbackId);
      if (stored) {
        if (result.error) {
          var source = result.error;
          result.error = Object.keys(source).reduce(function (error, key) { error[key] = source[key]; return error; },
                                                    new CapacitorException(''));
        }
        if (typeof stored.callback === 'function') {
          if (result.success) { stored.callback(result.data); } else { stored.callback(null, result.error); }
        } else if (typeof stored.resolve === 'function') {
          if (result.success) { stored.resolve(result.data); } else { stored.reject(result.error); }
          callbacks.delete(result.callbackId);
        }
      } else if (!result.success && result.error) {
        win.console.warn(result.error);
      }
      if (result.save === false) { callbacks.delete(result.callbackId); }
    } catch (e) {
      win.console.error(e);
    }
    delete result.data;
    delete result.error;
  };

  cap.nativeCallback = function (pluginName, methodName, options, callback) {
    if (typeof options === 'function') { callback = options; options = null; }
    return cap.toNative(pluginName, methodName, options, { callback: callback });
  };

  cap.nativePromise = function (pluginName, methodName, options) {
    return new Promise(function (resolve, reject) {
      cap.toNative(pluginName, methodName, options, { resolve: resolve, reject: reject });
    });
  };

  cap.addListener = function (pluginName, eventName, callback) {
    var callbackId = cap.nativeCallback(pluginName, 'addListener', { eventName: eventName }, callback);
    return { remove: function () { cap.removeListener(pluginName, callbackId, eventName, callback); return Promise.resolve(); } };
  };

  cap.removeListener = function (pluginName, callbackId, eventName, callback) {
    cap.nativeCallback(pluginName, 'removeListener', { callbackId: callbackId, eventName: eventName }, callback);
  };

  cap.createEvent = function (eventName, eventData) {
    var event = document.createEvent('Events');
    event.initEvent(eventName, false, false);
    if (eventData && typeof eventData === 'object') {
      for (var key in eventData) { if (Object.prototype.hasOwnProperty.call(eventData, key)) { event[key] = eventData[key]; } }
    }
    return event;
  };

  cap.triggerEvent = function (eventName, target, eventData) {
    var event = cap.createEvent(eventName, eventData || {});
    if (target === 'document') {
      if (win.cordova && win.cordova.fireDocumentEvent) { win.cordova.fireDocumentEvent(eventName, eventData || {}); return true; }
      return document.dispatchEvent(event);
    }
    if (target === 'window') { return win.dispatchEvent(event); }
    var element = document.querySelector(target);
    return element ? element.dispatchEvent(event) : false;
  };

  // @capacitor/core's registerPlugin on a native platform: methods the native plugin lists in PluginHeaders go to
  // native (promise or callback), others to the web implementation given, else "not implemented".
  var Plugins = cap.Plugins = cap.Plugins || {};
  var registered = new Map();
  cap.registerPlugin = function (pluginName, implementations) {
    implementations = implementations || {};
    var known = registered.get(pluginName);
    if (known) {
      win.console.warn('Capacitor plugin "' + pluginName + '" already registered. Cannot register plugins twice.');
      return known;
    }
    var header = (cap.PluginHeaders || []).find(function (h) { return h.name === pluginName; });
    var webImplementation;
    function loadImplementation() {
      if (webImplementation !== undefined) { return Promise.resolve(webImplementation); }
      var make = implementations[platform] || (header ? undefined : implementations.web);
      return Promise.resolve(typeof make === 'function' ? make() : make).then(function (impl) {
        webImplementation = impl || null;
        return webImplementation;
      });
    }
    function method(impl, prop) {
      if (header) {
        var methodHeader = header.methods.find(function (m) { return m.name === prop; });
        if (methodHeader) {
          if (methodHeader.rtype === 'promise') { return function (options) { return cap.nativePromise(pluginName, prop, options); }; }
          return function (options, callback) { return cap.nativeCallback(pluginName, prop, options, callback); };
        }
        return impl && impl[prop] ? impl[prop].bind(impl) : undefined;
      }
      if (impl) { return impl[prop] ? impl[prop].bind(impl) : undefined; }
      throw new CapacitorException('"' + pluginName + '" plugin is not implemented on ' + platform, 'UNIMPLEMENTED');
    }
    function wrapper(prop) {
      var remove;
      var fn = function () {
        var args = arguments;
        var promise = loadImplementation().then(function (impl) {
          var f = method(impl, prop);
          if (!f) { throw new CapacitorException('"' + pluginName + '.' + prop + '()" is not implemented on ' + platform, 'UNIMPLEMENTED'); }
          var result = f.apply(null, args);
          remove = result && result.remove;
          return result;
        });
        if (prop === 'addListener') { promise.remove = function () { return Promise.resolve(remove && remove()); }; }
        return promise;
      };
      fn.toString = function () { return prop + '() { [capacitor code] }'; };
      Object.defineProperty(fn, 'name', { value: prop, writable: false, configurable: false });
      return fn;
    }
    var addListener = wrapper('addListener');
    var removeListener = wrapper('removeListener');
    function addListenerNative(eventName, callback) {
      var call = addListener({ eventName: eventName }, callback);
      var remove = function () {
        return call.then(function (callbackId) { removeListener({ eventName: eventName, callbackId: callbackId }, callback); });
      };
      var promise = new Promise(function (resolve) { call.then(function () { resolve({ remove: remove }); }, function () { resolve({ remove: remove }); }); });
      promise.remove = function () { return remove(); };
      return promise;
    }
    var proxy = new Proxy({}, {
      get: function (target, prop) {
        switch (prop) {
          case '$$typeof': return undefined;
          case 'then': return undefined;
          case 'toJSON': return function () { return {}; };
          case 'addListener': return header ? addListenerNative : addListener;
          case 'removeListener': return removeListener;
          default: return typeof prop === 'string' ? wrapper(prop) : undefined;
        }
      }
    });
    Plugins[pluginName] = proxy;
    registered.set(pluginName, proxy);
    return proxy;
  };
  // As the iOS and Android apps export each native plugin at document start: a plain object in Capacitor.Plugins whose
  // methods call native (registerPlugin later replaces it with its proxy).
  (cap.PluginHeaders || []).forEach(function (header) {
    var plugin = Plugins[header.name] = {};
    header.methods.forEach(function (method) {
      if (method.name === 'addListener') {
        plugin.addListener = function (eventName, callback) { return cap.addListener(header.name, eventName, callback); };
      } else if (method.name === 'removeListener') {
        // Removed through the handle addListener returns.
      } else if (method.rtype === 'callback') {
        plugin[method.name] = function (options, callback) { return cap.nativeCallback(header.name, method.name, options, callback); };
      } else {
        plugin[method.name] = function (options) { return cap.nativePromise(header.name, method.name, options); };
      }
    });
  });

  cap.platform = platform;
  cap.isNative = true;
  win.Capacitor = cap;
})
