// The page side of Alipay's AlipayJSBridge, written for HybridRuntime from the protocol pages use: what the Alipay
// container puts into the page once it has loaded. `AlipayJSBridge.call(api, params?, callback?)` and the
// `AlipayJSBridgeReady` document event. Calls leave through the container's `post(json)` as WebViewJavascriptBridge-
// shaped messages `{handlerName, data, callbackId}`; answers come back through `_invokeJS({responseId, responseData,
// keepCallback})` (a callback with `keepCallback` stays for the next answer: streams), and native events as
// `{handlerName, data, cancelable}` become document events with `event.data` (`resume`, `back`, ...); when the page
// calls `preventDefault()` on a cancelable one (`back`), the message gets `defaultPrevented: true` for the container.
// It returns `_invokeJS`.
(function (post) {
  if (window.AlipayJSBridge) { return null; }
  var callbacks = {};
  var nextId = 0;

  function call(api, params, callback) {
    if (typeof params === 'function') { callback = params; params = {}; }
    if (typeof api !== 'string' || api === '') {
      console.warn('AlipayJSBridge.call: the API name must be a non-empty string, not ' + String(api) + '; ignored');
      return;
    }
    var message = { handlerName: api, data: params === undefined || params === null ? {} : params };
    if (typeof callback === 'function') {
      message.callbackId = 'cb_' + (++nextId) + '_' + new Date().getTime();
      callbacks[message.callbackId] = callback;
    }
    var text;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      delete callbacks[message.callbackId];
      console.warn('AlipayJSBridge.call(' + api + '): the params cannot be sent (' + String(error) + '); ignored');
      return;
    }
    post(text);
  }

  function invokeJS(message) {
    if (!message || typeof message !== 'object') { return false; }
    if (message.responseId !== undefined) {
      var callback = callbacks[message.responseId];
      if (!callback) { return false; }
      if (!message.keepCallback) { delete callbacks[message.responseId]; }
      callback(message.responseData);
      return true;
    }
    if (typeof message.handlerName === 'string') {
      var event = document.createEvent('Events');
      event.initEvent(message.handlerName, false, message.cancelable === true);
      event.data = message.data;
      if (!document.dispatchEvent(event)) { message.defaultPrevented = true; }
      return true;
    }
    return false;
  }

  window.AlipayJSBridge = { call: call, _invokeJS: invokeJS };
  var ready = document.createEvent('Events');
  ready.initEvent('AlipayJSBridgeReady', false, false);
  document.dispatchEvent(ready);
  return invokeJS;
})
