(function (global, native, internals) {
  'use strict';
  var define = internals.define;
  function AbortSignal() { throw new TypeError('Illegal constructor'); }
  internals.mixinEventTarget(AbortSignal.prototype);
  internals.eventHandlers(AbortSignal.prototype, ['abort']);
  function createSignal() {
    var signal = Object.create(AbortSignal.prototype);
    define(signal, '_aborted', false);
    define(signal, '_reason', undefined);
    return signal;
  }
  function signalAbort(signal, reason) {
    if (signal._aborted) return;
    signal._aborted = true;
    signal._reason = reason === undefined ? new DOMException('signal is aborted without reason', 'AbortError') : reason;
    internals.dispatch(signal, internals.makeEvent('abort'));
  }
  Object.defineProperty(AbortSignal.prototype, 'aborted', { get: function () { return this._aborted; }, configurable: true });
  Object.defineProperty(AbortSignal.prototype, 'reason', { get: function () { return this._reason; }, configurable: true });
  define(AbortSignal.prototype, 'throwIfAborted', function throwIfAborted() { if (this._aborted) throw this._reason; });
  define(AbortSignal, 'abort', function abort(reason) {
    var signal = createSignal();
    signalAbort(signal, reason);
    return signal;
  });
  define(AbortSignal, 'timeout', function timeout(milliseconds) {
    var signal = createSignal();
    setTimeout(function () { signalAbort(signal, new DOMException('signal timed out', 'TimeoutError')); }, milliseconds);
    return signal;
  });

  function AbortController() {
    if (!(this instanceof AbortController)) throw new TypeError("Constructor requires 'new' operator");
    define(this, '_signal', createSignal());
  }
  Object.defineProperty(AbortController.prototype, 'signal', { get: function () { return this._signal; }, configurable: true });
  define(AbortController.prototype, 'abort', function abort(reason) { signalAbort(this._signal, reason); });

  if (typeof global.AbortController !== 'function') {
    internals.tag(AbortController);
    internals.tag(AbortSignal);
    define(global, 'AbortController', AbortController);
    define(global, 'AbortSignal', AbortSignal);
  }
})
