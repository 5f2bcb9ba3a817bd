// A minimal WeChat JS-SDK (`wx`) for HybridRuntime's examples and tests, written from the protocol: the part of the API
// of jweixin-1.6.0.js that pages use (wx.config, ready, error, checkJsApi, and APIs with success, fail, cancel and
// complete), over the container's WeixinJSBridge.invoke as jweixin does it. Pages in WeChat load
// https://res.wx.qq.com/open/js/jweixin-1.6.0.js instead; the container answers both the same way. To run such a page
// offline, serve your copy of jweixin under that URL (see the Containers article) or point the script at a local copy.
(function () {
  if (window.wx) { return; }
  // wx names whose native API has another name; results are named after the wx name again.
  var nativeNames = { config: 'preVerifyJSAPI', chooseWXPay: 'getBrandWCPayRequest',
                      onMenuShareTimeline: 'menu:share:timeline', onMenuShareAppMessage: 'menu:share:appmessage',
                      onMenuShareQQ: 'menu:share:qq', onMenuShareWeibo: 'menu:share:weiboApp',
                      onMenuShareQZone: 'menu:share:QZone' };
  var wxNames = {};
  Object.keys(nativeNames).forEach(function (name) { wxNames[nativeNames[name]] = name; });
  var settings = {};
  var configState = 0;          // 0: not answered yet, 1: answered (ready runs), and failed or not
  var configFailure = null;
  var readyQueue = [];
  var onError = null;

  function toNative(list) { return (list || []).map(function (name) { return nativeNames[name] || name; }); }

  function whenBridge(run) {
    if (window.WeixinJSBridge) { run(); } else { document.addEventListener('WeixinJSBridgeReady', run, false); }
  }

  // What jweixin adds to every call: the page's signature from wx.config.
  function signed(params) {
    params = params || {};
    params.verifyJsApiList = toNative(settings.jsApiList);
    params.verifyAppId = settings.appId;
    params.verifySignType = 'sha1';
    params.verifyTimestamp = settings.timestamp === undefined ? undefined : String(settings.timestamp);
    params.verifyNonceStr = settings.nonceStr;
    params.verifySignature = settings.signature;
    return params;
  }

  // "<native api>:<status>" from WeChat becomes "<wx name>:<status>", the status in jweixin's words.
  function errMsg(api, raw) {
    var name = wxNames[api] || api;
    var status = 'ok';
    if (raw) {
      status = raw.slice(raw.indexOf(':') + 1);
      if (status === 'confirm') { status = 'ok'; }
      if (status === 'failed') { status = 'fail'; }
      status = status.replace(/^failed_/, '').replace(/^fail_/, '').replace(/_/g, ' ').toLowerCase();
      if (status === 'access denied' || status === 'no permission to execute') { status = 'permission denied'; }
      if (name === 'config' && status === 'function not exist') { status = 'ok'; }
      if (status === '') { status = 'fail'; }
    }
    return name + ':' + status;
  }

  function invoke(api, params, handlers) {
    handlers = handlers || {};
    if (!window.WeixinJSBridge) { return; }  // as jweixin: nothing happens before WeChat's bridge is there
    WeixinJSBridge.invoke(api, signed(params), function (result) { settle(api, result, handlers); });
  }

  // A result of WeChat's for `api` to the page's callbacks, with errMsg in the JS-SDK's words.
  function settle(api, result, handlers) {
    result = result || {};
    if (!result.errMsg) { result.errMsg = errMsg(api, result.err_msg); }
    delete result.err_msg; delete result.err_code; delete result.err_desc; delete result.err_detail;
    if (handlers._complete) { handlers._complete(result); }
    var status = result.errMsg.slice(result.errMsg.indexOf(':') + 1);
    if (status === 'ok') { if (handlers.success) { handlers.success(result); } }
    else if (status === 'cancel') { if (handlers.cancel) { handlers.cancel(result); } }
    else if (handlers.fail) { handlers.fail(result); }
    if (handlers.complete) { handlers.complete(result); }
  }

  // An event WeChat fires (the user chose "share to timeline" in the menu): the page's trigger runs first, then, for a
  // share menu, the share API with the page's share data, whose result runs success, cancel or fail. As jweixin, the
  // listener is set on WeixinJSBridge.on, one per event.
  function listen(event, options, then) {
    if (!window.WeixinJSBridge) { return; }
    WeixinJSBridge.on(event, function (params) {
      if (options.trigger) { options.trigger(params || {}); }
      then(params || {});
    });
  }

  function share(event, api, data) {
    return function (options) {
      options = options || {};
      listen(event, options, function () { invoke(api, data(options), options); });
    };
  }

  function withoutCallbacks(options) {
    var params = {};
    Object.keys(options || {}).forEach(function (key) {
      if (['success', 'fail', 'cancel', 'complete', 'trigger'].indexOf(key) === -1) { params[key] = options[key]; }
    });
    return params;
  }

  var wx = window.wx = window.jWeixin = {
    config: function (options) {
      settings = options || {};
      whenBridge(function () {
        invoke('preVerifyJSAPI', { verifyJsApiList: toNative(settings.jsApiList), verifyOpenTagList: settings.openTagList || [] }, {
          fail: function (result) {
            configFailure = result;
            if (onError) { onError(result); }
          },
          complete: function () {
            configState = 1;
            readyQueue.splice(0).forEach(function (run) { run(); });
          }
        });
      });
    },
    ready: function (run) { if (configState) { run(); } else { readyQueue.push(run); } },
    error: function (run) { if (configFailure) { run(configFailure); } else { onError = run; } },
    checkJsApi: function (options) {
      invoke('checkJsApi', { jsApiList: toNative(options.jsApiList) }, {
        _complete: function (result) {
          var found = typeof result.checkResult === 'string' ? JSON.parse(result.checkResult) : result.checkResult || {};
          var named = {};
          Object.keys(found).forEach(function (key) { named[wxNames[key] || key] = found[key]; });
          result.checkResult = named;
        },
        success: options.success, fail: options.fail, cancel: options.cancel, complete: options.complete
      });
    },
    chooseWXPay: function (options) {
      invoke('getBrandWCPayRequest', { timeStamp: String(options.timestamp), nonceStr: options.nonceStr, package: options.package,
                                       paySign: options.paySign, signType: options.signType || 'SHA1' }, options);
    }
  };
  var title = document.title;
  wx.onMenuShareTimeline = share('menu:share:timeline', 'shareTimeline', function (o) {
    return { title: o.title || title, desc: o.title || title, img_url: o.imgUrl || '', link: o.link || location.href };
  });
  wx.onMenuShareAppMessage = share('menu:share:appmessage', 'sendAppMessage', function (o) {
    return { title: o.title || title, desc: o.desc || '', img_url: o.imgUrl || '', link: o.link || location.href,
             type: o.type || 'link', data_url: o.dataUrl || '' };
  });
  wx.onMenuShareQQ = share('menu:share:qq', 'shareQQ', function (o) {
    return { title: o.title || title, desc: o.desc || '', img_url: o.imgUrl || '', link: o.link || location.href };
  });
  ['onVoiceRecordEnd', 'onVoicePlayEnd'].forEach(function (name) {
    // The event's own result goes to the page's callbacks.
    wx[name] = function (options) {
      options = options || {};
      listen(name, {}, function (params) { settle(name, params, options); });
    };
  });
  ['chooseImage', 'previewImage', 'getLocation', 'openLocation', 'scanQRCode', 'getNetworkType', 'closeWindow',
   'updateAppMessageShareData', 'updateTimelineShareData', 'hideMenuItems', 'showMenuItems'].forEach(function (name) {
    wx[name] = function (options) { invoke(name, withoutCallbacks(options), options); };
  });
})();
