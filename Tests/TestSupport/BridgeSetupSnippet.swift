/// The usual `setupWebViewJavascriptBridge` function of a bridge page (WebViewJavascriptBridge's README snippet,
/// with the `https://__bridge_loaded__` signal), for test pages.
public let bridgeSetupFunction = """
    function setupWebViewJavascriptBridge(callback) {
      if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
      if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
      window.WVJBCallbacks = [callback];
      var f = document.createElement('iframe'); f.style.display = 'none'; f.src = 'https://__bridge_loaded__';
      document.documentElement.appendChild(f);
      setTimeout(function () { document.documentElement.removeChild(f); }, 0);
    }
    """
