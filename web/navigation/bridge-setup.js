// The bootstrap every WebViewJavascriptBridge page copies, plus a promise helper for the built-in handlers.
function setupWebViewJavascriptBridge(callback) {
  if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
  if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
  window.WVJBCallbacks = [callback];
  var WVJBIframe = document.createElement('iframe');
  WVJBIframe.style.display = 'none';
  WVJBIframe.src = 'https://__bridge_loaded__';
  document.documentElement.appendChild(WVJBIframe);
  setTimeout(function () { document.documentElement.removeChild(WVJBIframe); }, 0);
}

// native('router.open', {url: ...}) -> Promise of the answer.
function native(name, data) {
  return new Promise(function (resolve) {
    setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler(name, data, resolve); });
  });
}
