// A DSBridge v3 page library for HybridRuntime's examples and tests, written from the protocol: the API of wendux's
// dsbridge.js (dsBridge.call, register, registerAsyn, hasNativeMethod, disableJavascriptDialogBlock) on the same
// wire (`_dsbridge.call(method, argJSON)` on Android, `prompt("_dsbridge=" + method, argJSON)` on iOS). Apps ship
// wendux's dsbridge.js instead; the container answers both the same way.
(function () {
  if (window._dsf) { return; }
  var bridge = {
    default: window,
    call: function (method, args, callback) {
      if (typeof args === 'function') { callback = args; args = {}; }
      var argument = { data: args === undefined ? null : args };
      if (typeof callback === 'function') {
        var stub = 'dscb' + window.dscb++;
        window[stub] = callback;
        argument._dscbstub = stub;
      }
      var text = JSON.stringify(argument);
      var answer = '';
      if (window._dsbridge) {
        answer = window._dsbridge.call(method, text);
      } else if (window._dswk || navigator.userAgent.indexOf('_dsbridge') !== -1) {
        answer = prompt('_dsbridge=' + method, text);
      }
      return JSON.parse(answer || '{}').data;
    },
    register: function (name, handler, isAsync) {
      var table = isAsync ? window._dsaf : window._dsf;
      if (!window._dsInit) {
        window._dsInit = true;
        setTimeout(function () { bridge.call('_dsb.dsinit'); }, 0);
      }
      if (typeof handler === 'object') { table._obs[name] = handler; } else { table[name] = handler; }
    },
    registerAsyn: function (name, handler) { this.register(name, handler, true); },
    hasNativeMethod: function (name, type) { return this.call('_dsb.hasNativeMethod', { name: name, type: type || 'all' }); },
    disableJavascriptDialogBlock: function (disable) { this.call('_dsb.disableJavascriptDialogBlock', { disable: disable !== false }); }
  };

  function lookup(tables, method) {
    if (tables[method]) { return { fn: tables[method], owner: tables }; }
    var parts = method.split('.');
    if (parts.length < 2) { return null; }
    var name = parts.pop();
    var owner = tables._obs[parts.join('.')];
    return owner && typeof owner[name] === 'function' ? { fn: owner[name], owner: owner } : null;
  }

  var globals = {
    _dsf: { _obs: {} },
    _dsaf: { _obs: {} },
    dscb: 0,
    dsBridge: bridge,
    close: function () { bridge.call('_dsb.closePage'); },
    _handleMessageFromNative: function (info) {
      var args = JSON.parse(info.data);
      var answer = { id: info.callbackId, complete: true };
      var sync = lookup(window._dsf, info.method);
      if (sync) {
        answer.data = sync.fn.apply(sync.owner, args);
        bridge.call('_dsb.returnValue', answer);
        return;
      }
      var async = lookup(window._dsaf, info.method);
      if (async) {
        args.push(function (data, complete) {
          answer.data = data;
          answer.complete = complete !== false;
          bridge.call('_dsb.returnValue', answer);
        });
        async.fn.apply(async.owner, args);
      }
    }
  };
  for (var key in globals) { window[key] = globals[key]; }
  bridge.register('_hasJavascriptMethod', function (method) {
    return !!(lookup(window._dsf, method) || lookup(window._dsaf, method));
  });
})();
