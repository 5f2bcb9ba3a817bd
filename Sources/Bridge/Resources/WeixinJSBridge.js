// The page side of WeChat's WeixinJSBridge, written for HybridRuntime from the protocol pages use: what the WeChat
// container puts into the page once it has loaded. `WeixinJSBridge.invoke(api, params, callback)`, `call(api, params?,
// callback?)`, `on(event, callback)` (one listener per event, the last one set) and the `WeixinJSBridgeReady` document
// event. Calls leave through the container's `post(json)` as `{__msg_type: 'call', func, params, __callback_id}`;
// answers and events come back through `_handleMessageFromWeixin({__msg_type: 'callback' | 'event', __callback_id |
// __event_id, __params})`, which is what this script returns to the container. `hooks` is the container's own object
// (the page never sees it): `hooks.listening()` names the events the page listens for.
(function (post, hooks) {
  if (window.WeixinJSBridge) { return null; }
  var callbacks = {};
  var listeners = {};
  var nextId = 0;

  function send(kind, api, params, callback) {
    if (typeof api !== 'string' || api === '') {
      console.warn('WeixinJSBridge.' + kind + ': the API name must be a non-empty string, not ' + String(api) + '; ignored');
      return;
    }
    var message = { __msg_type: 'call', func: api, params: params === undefined || params === null ? {} : params };
    if (typeof callback === 'function') {
      message.__callback_id = String(++nextId);
      callbacks[message.__callback_id] = callback;
    }
    var text;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      delete callbacks[message.__callback_id];
      console.warn('WeixinJSBridge.' + kind + '(' + api + '): the params cannot be sent (' + String(error) + '); ignored');
      return;
    }
    post(text);
  }

  function handleMessageFromWeixin(message) {
    if (!message || typeof message !== 'object') { return false; }
    if (message.__msg_type === 'callback') {
      var callback = callbacks[message.__callback_id];
      if (!callback) { return false; }
      delete callbacks[message.__callback_id];
      callback(message.__params);
      return true;
    }
    if (message.__msg_type === 'event') {
      var listener = listeners[message.__event_id];
      if (!listener) { return false; }
      listener(message.__params);
      return true;
    }
    return false;
  }

  window.WeixinJSBridge = {
    invoke: function (api, params, callback) { send('invoke', api, params, callback); },
    call: function (api, params, callback) {
      if (typeof params === 'function') { callback = params; params = {}; }
      send('call', api, params, callback);
    },
    on: function (event, callback) { if (typeof callback === 'function') { listeners[event] = callback; } },
    log: function (text) { console.log(text); },
    _handleMessageFromWeixin: handleMessageFromWeixin
  };
  if (hooks) { hooks.listening = function () { return Object.keys(listeners); }; }
  var ready = document.createEvent('Events');
  ready.initEvent('WeixinJSBridgeReady', false, false);
  document.dispatchEvent(ready);
  return handleMessageFromWeixin;
})
