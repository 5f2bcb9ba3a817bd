// The page side of lzyzsd's Android JsBridge (the classic iframe wire of its WebViewJavascriptBridge.js), written for
// HybridRuntime from the protocol: what the Android app loads into the page once it has finished loading.
// `window.WebViewJavascriptBridge` with init, send, registerHandler, removeHandler, callHandler, _fetchQueue and
// _handleMessageFromNative; messages leave through the `yy://__QUEUE_MESSAGE__/` signal and the
// `yy://return/_fetchQueue/<encodeURIComponent(JSON)>` iframe; the WebViewJavascriptBridgeReady document event.
(function () {
  if (window.WebViewJavascriptBridge) { return false; }
  var SCHEME = 'yy';
  var QUEUE_HAS_MESSAGE = '__QUEUE_MESSAGE__/';
  // The device throttles _fetchQueue: a second fetch within 20 ms waits for a timer.
  var FETCH_QUEUE_INTERVAL = 20;
  var sendMessageQueue = [];
  // Messages from native before init(): kept for the default handler, and (as on the device) dispatched at once too.
  var receiveMessageQueue = [];
  var messageHandlers = {};
  var responseCallbacks = {};
  var uniqueId = 1;
  var lastCallTime = 0;
  var fetchTimer = null;

  function hiddenIframe() {
    var frame = document.createElement('iframe');
    frame.style.display = 'none';
    document.documentElement.appendChild(frame);
    return frame;
  }
  var signalFrame = hiddenIframe();
  var returnFrame = hiddenIframe();
  // Each assignment of src navigates the frame, to the same URL too (HTML).
  function load(frame, url) { frame.src = url; }

  function init(defaultHandler) {
    if (bridge._messageHandler) { throw new Error('WebViewJavascriptBridge.init called twice'); }
    bridge._messageHandler = defaultHandler;
    var early = receiveMessageQueue;
    receiveMessageQueue = null;
    for (var i = 0; i < early.length; i++) { dispatchFromNative(early[i]); }
  }

  function send(data, responseCallback) { queue({ data: data }, responseCallback); }

  function registerHandler(handlerName, handler) { messageHandlers[handlerName] = handler; }

  function removeHandler(handlerName) { delete messageHandlers[handlerName]; }

  function callHandler(handlerName, data, responseCallback) {
    queue({ handlerName: handlerName, data: data }, responseCallback);
  }

  function queue(message, responseCallback) {
    if (responseCallback) {
      var callbackId = 'cb_' + (uniqueId++) + '_' + new Date().getTime();
      responseCallbacks[callbackId] = responseCallback;
      message.callbackId = callbackId;
    }
    sendMessageQueue.push(message);
    load(signalFrame, SCHEME + '://' + QUEUE_HAS_MESSAGE);
  }

  function fetchQueue() {
    if (sendMessageQueue.length === 0) { return; }
    var now = new Date().getTime();
    if (now - lastCallTime < FETCH_QUEUE_INTERVAL) {
      if (!fetchTimer) { fetchTimer = setTimeout(fetchQueue, FETCH_QUEUE_INTERVAL); }
      return;
    }
    lastCallTime = now;
    fetchTimer = null;
    var text = JSON.stringify(sendMessageQueue);
    sendMessageQueue = [];
    load(returnFrame, SCHEME + '://return/_fetchQueue/' + encodeURIComponent(text));
  }

  function dispatchFromNative(messageJSON) {
    setTimeout(function () {
      var message = JSON.parse(messageJSON);
      if (message.responseId) {
        var callback = responseCallbacks[message.responseId];
        if (!callback) { return; }
        callback(message.responseData);
        delete responseCallbacks[message.responseId];
        return;
      }
      var responseCallback;
      if (message.callbackId) {
        var responseId = message.callbackId;
        responseCallback = function (responseData) { queue({ responseId: responseId, responseData: responseData }); };
      }
      var handler = message.handlerName ? messageHandlers[message.handlerName] : bridge._messageHandler;
      try {
        handler(message.data, responseCallback);
      } catch (exception) {
        console.log('WebViewJavascriptBridge: WARNING: javascript handler threw.', JSON.stringify(message), String(exception));
      }
    });
  }

  function handleMessageFromNative(messageJSON) {
    if (receiveMessageQueue) { receiveMessageQueue.push(messageJSON); }
    dispatchFromNative(messageJSON);
  }

  var bridge = window.WebViewJavascriptBridge = {
    init: init,
    send: send,
    registerHandler: registerHandler,
    removeHandler: removeHandler,
    callHandler: callHandler,
    _fetchQueue: fetchQueue,
    _handleMessageFromNative: handleMessageFromNative
  };
  var ready = document.createEvent('Events');
  ready.initEvent('WebViewJavascriptBridgeReady');
  ready.bridge = bridge;
  document.dispatchEvent(ready);
  return true;
})()
