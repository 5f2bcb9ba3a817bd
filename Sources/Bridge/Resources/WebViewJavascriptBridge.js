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
    _doSend({ handlerName: handlerName, data: data }, responseCallback);
  }

  // Promise API: resolves with the answer, rejects with an Error carrying `.code`.
  function call(handlerName, data, options) {
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

  function _doDispatchMessageFromObjC(messageJSON) {
    var message = JSON.parse(messageJSON);
    if (message.responseId) {
      var callback = responseCallbacks[message.responseId];
      if (!callback) {
        // Answered already, timed out, or never asked: the reference ignores it silently; say so once.
        console.log('WebViewJavascriptBridge: WARNING: response with unknown or repeated responseId ' + message.responseId + '; ignored');
        return;
      }
      delete responseCallbacks[message.responseId];
      try {
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
      } catch (error) {
        native.report(error);
      }
      return;
    }
    var callbackId = message.callbackId;
    var calls = 0;
    var responseCallback;
    if (callbackId) {
      responseCallback = function (responseData) {
        calls++;
        if (calls > 1) {
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
    var result;
    try {
      result = handler(message.data, responseCallback);
    } catch (error) {
      fail(error);
      native.report(error);
      return;
    }
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

  function _callWVJBCallbacks() {
    var callbacks = root.WVJBCallbacks;
    delete root.WVJBCallbacks;
    if (!callbacks) { return; }
    for (var i = 0; i < callbacks.length; i++) {
      // One bad setup callback does not stop the others.
      try {
        callbacks[i](bridge);
      } catch (error) {
        native.report(error);
      }
    }
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

  return { dispatch: _doDispatchMessageFromObjC, runCallbacks: _callWVJBCallbacks };
})
