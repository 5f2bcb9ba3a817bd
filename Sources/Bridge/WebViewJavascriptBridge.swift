// The Bridge module: see WebViewJavascriptBridge.swift once implemented.
