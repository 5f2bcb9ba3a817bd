// The page side of a Cordova iOS app (cordova-ios 6 and later, WKWebView), written for HybridRuntime from the
// protocol: what the app's cordova.js gives the page. `window.cordova` with exec, callbacks, callbackId,
// callbackStatus, callbackFromNative, fireDocumentEvent, fireWindowEvent, platformId, define and require
// ('cordova/exec', 'cordova/channel'); `deviceready` as cordova.js's sticky channel (a listener added after it fired
// runs at once). exec posts [callbackId, service, action, args] to webkit.messageHandlers.cordova; native answers
// with cordova.require('cordova/exec').nativeCallback(callbackId, status, message, keepCallback).
(function (native) {
  var win = window;
  if (win.cordova && win.cordova.exec) { return null; }

  // A channel as cordova.js has them: subscribers in order; a sticky one, once fired, runs later subscribers at once.
  function Channel(type, sticky) {
    this.type = type;
    this.sticky = sticky;
    this.fired = false;
    this.fireArgs = null;
    this.handlers = [];
  }
  Channel.prototype.subscribe = function (handler) {
    if (typeof handler !== 'function' && !(handler && typeof handler.handleEvent === 'function')) { return; }
    if (this.sticky && this.fired) { call(handler, this.fireArgs); return; }
    if (this.handlers.indexOf(handler) < 0) { this.handlers.push(handler); }
  };
  Channel.prototype.unsubscribe = function (handler) {
    var index = this.handlers.indexOf(handler);
    if (index >= 0) { this.handlers.splice(index, 1); }
  };
  Channel.prototype.fire = function () {
    var args = Array.prototype.slice.call(arguments);
    if (this.sticky) {
      this.fired = true;
      this.fireArgs = args;
    }
    var handlers = this.handlers.slice();
    if (this.sticky) { this.handlers = []; }
    for (var i = 0; i < handlers.length; i++) { call(handlers[i], args); }
  };
  function call(handler, args) {
    if (typeof handler === 'function') { handler.apply(win, args); } else { handler.handleEvent.apply(handler, args); }
  }

  var channels = {
    onDOMContentLoaded: new Channel('onDOMContentLoaded', true),
    onNativeReady: new Channel('onNativeReady', true),
    onCordovaReady: new Channel('onCordovaReady', true),
    onPluginsReady: new Channel('onPluginsReady', true),
    onDeviceReady: new Channel('onDeviceReady', true),
    onPause: new Channel('onPause', false),
    onResume: new Channel('onResume', false)
  };
  channels.create = function (type) { return (channels[type] = new Channel(type, false)); };
  channels.createSticky = function (type) { return (channels[type] = new Channel(type, true)); };

  var documentEventHandlers = { deviceready: channels.onDeviceReady, pause: channels.onPause, resume: channels.onResume };
  var windowEventHandlers = {};

  var addDocumentListener = document.addEventListener;
  var removeDocumentListener = document.removeEventListener;
  document.addEventListener = function (type, handler, capture) {
    var e = String(type).toLowerCase();
    if (documentEventHandlers[e] !== undefined) { documentEventHandlers[e].subscribe(handler); return; }
    return addDocumentListener.call(document, type, handler, capture);
  };
  document.removeEventListener = function (type, handler, capture) {
    var e = String(type).toLowerCase();
    if (documentEventHandlers[e] !== undefined) { documentEventHandlers[e].unsubscribe(handler); return; }
    return removeDocumentListener.call(document, type, handler, capture);
  };

  function createEvent(type, data) {
    var event = document.createEvent('Events');
    event.initEvent(type, false, false);
    if (data) { for (var key in data) { if (Object.prototype.hasOwnProperty.call(data, key)) { event[key] = data[key]; } } }
    return event;
  }

  var cordova = {
    version: native.version,
    platformVersion: native.version,
    platformId: native.platform,
    callbackId: Math.floor(Math.random() * 2000000000),
    callbacks: {},
    callbackStatus: {
      NO_RESULT: 0, OK: 1, CLASS_NOT_FOUND_EXCEPTION: 2, ILLEGAL_ACCESS_EXCEPTION: 3, INSTANTIATION_EXCEPTION: 4,
      MALFORMED_URL_EXCEPTION: 5, IO_EXCEPTION: 6, INVALID_ACTION: 7, JSON_EXCEPTION: 8, ERROR: 9
    },
    addDocumentEventHandler: function (type) { return (documentEventHandlers[type] = new Channel(type, false)); },
    addStickyDocumentEventHandler: function (type) { return (documentEventHandlers[type] = new Channel(type, true)); },
    addWindowEventHandler: function (type) { return (windowEventHandlers[type] = new Channel(type, false)); },
    fireDocumentEvent: function (type, data, bNoDetach) {
      var event = createEvent(type, data);
      var handler = documentEventHandlers[type];
      if (handler === undefined) { document.dispatchEvent(event); return; }
      if (bNoDetach) { handler.fire(event); return; }
      setTimeout(function () {
        if (type === 'deviceready') { document.dispatchEvent(event); }
        handler.fire(event);
      }, 0);
    },
    fireWindowEvent: function (type, data) {
      var event = createEvent(type, data);
      if (windowEventHandlers[type] !== undefined) {
        setTimeout(function () { windowEventHandlers[type].fire(event); }, 0);
      } else {
        win.dispatchEvent(event);
      }
    },
    callbackSuccess: function (callbackId, args) {
      cordova.callbackFromNative(callbackId, true, args.status, [args.message], args.keepCallback);
    },
    callbackError: function (callbackId, args) {
      cordova.callbackFromNative(callbackId, false, args.status, [args.message], args.keepCallback);
    },
    callbackFromNative: function (callbackId, isSuccess, status, args, keepCallback) {
      try {
        var callback = cordova.callbacks[callbackId];
        if (callback) {
          if (isSuccess && status === cordova.callbackStatus.OK) {
            if (callback.success) { callback.success.apply(null, args); }
          } else if (!isSuccess) {
            if (callback.fail) { callback.fail.apply(null, args); }
          }
          if (!keepCallback) { delete cordova.callbacks[callbackId]; }
        }
      } catch (err) {
        var message = 'Error in ' + (isSuccess ? 'Success' : 'Error') + ' callbackId: ' + callbackId + ' : ' + err;
        cordova.fireWindowEvent('cordovacallbackerror', { message: message, error: err });
        throw err;
      }
    }
  };

  function exec(successCallback, failCallback, service, action, actionArgs) {
    var callbackId = 'INVALID';
    actionArgs = actionArgs || [];
    if (successCallback || failCallback) {
      callbackId = service + cordova.callbackId++;
      cordova.callbacks[callbackId] = { success: successCallback, fail: failCallback };
    }
    // As cordova.js: a copy through JSON, which drops functions (a DataCloneError otherwise).
    var command = [callbackId, service, action, JSON.parse(JSON.stringify(actionArgs))];
    win.webkit.messageHandlers.cordova.postMessage(command);
  }
  exec.nativeCallback = function (callbackId, status, message, keepCallback, debug) {
    var success = status === 0 || status === 1;
    Promise.resolve().then(function () {
      cordova.callbackFromNative(callbackId, success, status, [message], keepCallback);
    });
  };
  cordova.exec = exec;

  var modules = { 'cordova/exec': exec, 'cordova/channel': channels, 'cordova': cordova };
  var factories = {};
  cordova.define = function (id, factory) {
    if (modules[id] !== undefined || factories[id] !== undefined) { throw new Error('module ' + id + ' already defined'); }
    factories[id] = factory;
  };
  cordova.require = function (id) {
    if (modules[id] !== undefined) { return modules[id]; }
    var factory = factories[id];
    if (!factory) { throw new Error('module ' + id + ' not found'); }
    var module = { exports: {}, id: id };
    modules[id] = module.exports;
    factory(cordova.require, module.exports, module);
    modules[id] = module.exports;
    return module.exports;
  };
  win.cordova = cordova;

  // cordova.js's start: deviceready once the DOM is loaded, native is ready and the plugins are loaded, through
  // fireDocumentEvent (a timer later). The container calls the returned function in the task after DOMContentLoaded,
  // when the plugin list has loaded; true when it started deviceready, false when it had already.
  channels.onNativeReady.fire();
  channels.onCordovaReady.fire();
  var started = false;
  return function deviceReady() {
    if (started) { return false; }
    started = true;
    channels.onDOMContentLoaded.fire();
    channels.onPluginsReady.fire();
    cordova.fireDocumentEvent('deviceready');
    return true;
  };
})
