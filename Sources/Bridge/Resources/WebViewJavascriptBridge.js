(function (native) {
  var root = typeof window !== 'undefined' ? window : globalThis;
  if (root.WebViewJavascriptBridge) { return null; }
  if (!root.onerror) {
    root.onerror = function (msg, url, line) {
      console.log("WebViewJavascriptBridge: ERROR:" + msg + "@" + url + ":" + line);
    };
  }
  var messagingIframe;
  var sendMessageQueue = [];
  // Names are keys of maps without a prototype, so `toString` or `__proto__` is only a name.
  var messageHandlers = Object.create(null);
  var CUSTOM_PROTOCOL_SCHEME = 'https';
  var QUEUE_HAS_MESSAGE = '__wvjb_queue_message__';
  var responseCallbacks = Object.create(null);
  var uniqueId = 1;
  var dispatchMessagesWithTimeoutSafety = true;
  var signalled = false;
  // On the phone the app injects the bridge after its navigation-delegate round trip: it is not there
  // while the document loads or its DOMContentLoaded listeners run. Calls made then throw on iOS.
  var deviceHasBridge = native.contentLoaded || typeof document === 'undefined' || !document || document.readyState === 'complete' ||
    (document.readyState === 'interactive' && _contentLoadedStarted());
  var insideBridgeTask = 0;
  if (!deviceHasBridge) {
    document.addEventListener('DOMContentLoaded', function () {
      setTimeout(function () { deviceHasBridge = true; }, 0);
    });
  }

  var bridge = root.WebViewJavascriptBridge = {
    registerHandler: registerHandler,
    callHandler: callHandler,
    disableJavscriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,
    _fetchQueue: _fetchQueue,
    _handleMessageFromObjC: _handleMessageFromObjC,
    call: call
  };

  function registerHandler(handlerName, handler) {
    messageHandlers[handlerName] = handler;
  }

  function callHandler(handlerName, data, responseCallback) {
    if (arguments.length == 2 && typeof data == 'function') {
      responseCallback = data;
      data = null;
    }
    _checkBridgeExists(handlerName);
    _doSend({ handlerName: handlerName, data: data }, responseCallback);
  }

  // Between the end of parsing ('interactive') and the DOMContentLoaded dispatch, only the navigation timing tells.
  function _contentLoadedStarted() {
    try {
      var timing = root.performance && root.performance.timing;
      return !timing || typeof timing.domContentLoadedEventStart !== 'number' || timing.domContentLoadedEventStart > 0;
    } catch (unavailable) {
      return true;
    }
  }

  function _checkBridgeExists(handlerName) {
    if (deviceHasBridge || insideBridgeTask > 0) { return; }
    native.diverge('call_before_bridge', 'callHandler ' + JSON.stringify(String(handlerName)) + ' before the bridge exists: ' +
      'on iOS window.WebViewJavascriptBridge is injected only after the DOMContentLoaded listeners have run, ' +
      'so a direct call throws TypeError there (and a setupWebViewJavascriptBridge callback runs only later)');
  }

  // Promise API: resolves with the answer, rejects with an Error carrying `.code`.
  function call(handlerName, data, options) {
    _checkBridgeExists(handlerName);
    return new Promise(function (resolve, reject) {
      var entry = { resolve: resolve, reject: reject, timer: undefined };
      var callbackId = _doSend({ handlerName: handlerName, data: data }, entry);
      var timeout = options && options.timeout;
      if (typeof timeout === 'number' && isFinite(timeout) && timeout >= 0) {
        entry.timer = setTimeout(function () {
          if (responseCallbacks[callbackId] !== entry) { return; }
          delete responseCallbacks[callbackId];
          reject(_error('timeout', 'no answer from native handler "' + handlerName + '" within ' + timeout + ' ms'));
        }, timeout);
      }
    });
  }

  function disableJavscriptAlertBoxSafetyTimeout() {
    dispatchMessagesWithTimeoutSafety = false;
  }

  function _error(code, message) {
    var error = new Error(message);
    error.code = code;
    return error;
  }

  function _doSend(message, responseCallback) {
    var callbackId;
    if (responseCallback) {
      callbackId = 'cb_' + (uniqueId++) + '_' + new Date().getTime();
      responseCallbacks[callbackId] = responseCallback;
      message['callbackId'] = callbackId;
    }
    sendMessageQueue.push(message);
    if (!signalled) {
      signalled = true;
      native.signal();
    }
    return callbackId;
  }

  function _fetchQueue() {
    var queue = sendMessageQueue;
    sendMessageQueue = [];
    signalled = false;
    try {
      return JSON.stringify(queue);
    } catch (error) {
      // One message that JSON cannot hold (a cycle, a BigInt) must not block the others.
      var parts = [];
      for (var i = 0; i < queue.length; i++) {
        try {
          parts.push(JSON.stringify(queue[i]));
        } catch (bad) {
          var entry = queue[i].callbackId && responseCallbacks[queue[i].callbackId];
          if (entry) { delete responseCallbacks[queue[i].callbackId]; }
          if (entry && typeof entry !== 'function') {
            if (entry.timer !== undefined) { clearTimeout(entry.timer); }
            entry.reject(bad);
          } else {
            native.report(bad);
          }
        }
      }
      return '[' + parts.join(',') + ']';
    }
  }

  function _dispatchMessageFromObjC(messageJSON) {
    if (dispatchMessagesWithTimeoutSafety) {
      native.defer(messageJSON);
    } else {
      _doDispatchMessageFromObjC(messageJSON);
    }
  }

  // Whatever native's message makes the page do happens after the bridge exists, on the phone too.
  function _doDispatchMessageFromObjC(messageJSON) {
    insideBridgeTask++;
    try {
      _dispatchMessage(messageJSON);
    } finally {
      insideBridgeTask--;
    }
  }

  function _dispatchMessage(messageJSON) {
    var message = JSON.parse(messageJSON);
    if (message.responseId) {
      var callback = responseCallbacks[message.responseId];
      if (!callback) {
        // Answered already, timed out, or never asked: the reference ignores it silently; say so once.
        console.log('WebViewJavascriptBridge: WARNING: response with unknown or repeated responseId ' + message.responseId + '; ignored');
        return;
      }
      delete responseCallbacks[message.responseId];
      _guarded(function () {
        if (typeof callback === 'function') {
          // Old-style callbacks never see errors, as in the reference.
          if (!message.error) { callback(message.responseData); }
        } else {
          if (callback.timer !== undefined) { clearTimeout(callback.timer); }
          if (message.error) {
            callback.reject(_error(message.error.code, message.error.message));
          } else {
            callback.resolve(message.responseData);
          }
        }
      }, native.report);
      return;
    }
    var callbackId = message.callbackId;
    var calls = 0;
    var responseCallback;
    if (callbackId) {
      responseCallback = function (responseData) {
        calls++;
        if (calls == 2) {
          native.diverge('response_callback_called_twice', 'responseCallback called twice for ' + callbackId +
            ' (handler ' + JSON.stringify(String(message.handlerName)) + '); on iOS the second answer reaches native and the app crashes (nil block)');
        }
        if (calls > 1 && native.lenient) {
          if (calls == 2) {
            console.log('WebViewJavascriptBridge: WARNING: response callback for "' + message.handlerName + '" called more than once; ignored');
          }
          return;
        }
        _doSend({ handlerName: message.handlerName, responseId: callbackId, responseData: responseData });
      };
    }
    function fail(error) {
      if (!callbackId || calls++ > 0) { return; }
      var code = error && typeof error.code === 'string' ? error.code : 'handler_failed';
      var text = error && error.message !== undefined ? String(error.message) : String(error);
      _doSend({ handlerName: message.handlerName, responseId: callbackId, error: { code: code, message: text } });
    }
    var handler = messageHandlers[message.handlerName];
    if (!handler) {
      console.log("WebViewJavascriptBridge: WARNING: no handler for message from ObjC:", message);
      if (callbackId) {
        calls++;
        _doSend({ handlerName: message.handlerName, responseId: callbackId,
                  error: { code: 'handler_not_found', message: 'no JavaScript handler named "' + message.handlerName + '"' } });
      }
      return;
    }
    var threw = true;
    var result = _guarded(function () {
      var value = handler(message.data, responseCallback);
      threw = false;
      return value;
    }, function (error) {
      fail(error);
      native.report(error);
    });
    if (threw) { return; }
    if (result === undefined || !callbackId) { return; }
    if (result !== null && (typeof result === 'object' || typeof result === 'function') && typeof result.then === 'function') {
      result.then(function (value) {
        if (calls == 0) { responseCallback(value); }
      }, fail);
    } else if (calls == 0) {
      responseCallback(result);
    }
  }

  function _handleMessageFromObjC(messageJSON) {
    _dispatchMessageFromObjC(messageJSON);
  }

  // Runs the page's code `run` and returns what it returns; if it throws, `handle(error)` runs and it returns
  // undefined. On a real engine (WebKit gives `native.escape`), unless lenient, the exception instead leaves the
  // task through `finally`, as on the device, where the reference has no try/catch here: the engine reports the line
  // that threw (a catch and rethrow would name the rethrow's line), and `native.escape(handle)` calls `handle` with
  // the error when the engine's error event comes.
  function _guarded(run, handle) {
    if (!native.escape || native.lenient) {
      try {
        return run();
      } catch (error) {
        handle(error);
        return undefined;
      }
    }
    var finished = false;
    try {
      var value = run();
      finished = true;
      return value;
    } finally {
      if (!finished) { native.escape(handle); }
    }
  }

  function _callWVJBCallbacks() {
    var callbacks = root.WVJBCallbacks;
    delete root.WVJBCallbacks;
    if (!callbacks) { return; }
    insideBridgeTask++;
    try {
      for (var i = 0; i < callbacks.length; i++) {
        var threw = true;
        _guarded(function () {
          callbacks[i](bridge);
          threw = false;
        }, function (error) {
          native.report(error);
          var remaining = callbacks.slice(i + 1);
          if (remaining.length > 0) {
            native.diverge('setup_callback_threw', _describeSetupFailure(i, error, remaining));
          }
        });
        // The reference's loop has no try/catch: on the device the first exception ends it.
        if (threw && !native.lenient) { return; }
      }
    } finally {
      insideBridgeTask--;
    }
  }

  // "setup callback 1 threw TypeError: ...; on iOS the remaining 1 setup callback never runs, so handler X is never registered"
  function _describeSetupFailure(index, error, remaining) {
    var text;
    try {
      text = error && error.name !== undefined ? error.name + ': ' + error.message : String(error);
    } catch (unreadable) {
      text = 'an exception';
    }
    // JavaScriptCore appends "(In '...')" with the whole expression: the first part says it.
    var cut = text.indexOf('. (In \'');
    if (cut >= 0) { text = text.slice(0, cut); }
    var names = [];
    for (var i = 0; i < remaining.length; i++) {
      var source = '';
      try { source = Function.prototype.toString.call(remaining[i]); } catch (notAFunction) { }
      var pattern = /registerHandler\s*\(\s*(['"])((?:(?!\1)[^\\])*)\1/g;
      var match;
      while ((match = pattern.exec(source)) !== null) { names.push(match[2]); }
    }
    var count = remaining.length;
    var lost = names.length == 0 ? 'so whatever they would register is never registered'
      : 'so handler' + (names.length > 1 ? 's ' : ' ') + names.join(', ') + (names.length > 1 ? ' are' : ' is') + ' never registered';
    return 'setup callback ' + (index + 1) + ' threw ' + text + '; on iOS the remaining ' + count + ' setup callback' +
      (count > 1 ? 's never run, ' : ' never runs, ') + lost;
  }

  if (typeof document !== 'undefined' && document && document.documentElement) {
    try {
      messagingIframe = document.createElement('iframe');
      messagingIframe.style.display = 'none';
      messagingIframe.src = CUSTOM_PROTOCOL_SCHEME + '://' + QUEUE_HAS_MESSAGE;
      document.documentElement.appendChild(messagingIframe);
    } catch (error) {
      native.report(error);
    }
  }

  registerHandler("_disableJavascriptAlertBoxSafetyTimeout", disableJavscriptAlertBoxSafetyTimeout);

  // `queued()`: how many messages wait in the queue for native's `_fetchQueue()` (the WebKit engine's idle check).
  function _queuedMessages() { return sendMessageQueue.length; }

  return { dispatch: _doDispatchMessageFromObjC, runCallbacks: _callWVJBCallbacks, queued: _queuedMessages };
})
