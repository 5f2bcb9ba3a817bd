(function (now, epoch, reportError, virtualClock) {
  'use strict';
  Object.defineProperty(globalThis, 'queueMicrotask', {
    value: function queueMicrotask(callback) {
      if (typeof callback !== 'function') throw new TypeError('queueMicrotask: the callback must be a function');
      Promise.resolve().then(() => {
        try { callback(); } catch (error) { reportError(error); }
      });
    },
    writable: true, configurable: true
  });
  const performance = typeof globalThis.performance === 'object' && globalThis.performance !== null ? globalThis.performance : {};
  performance.now = now;
  if (globalThis.performance !== performance) {
    Object.defineProperty(globalThis, 'performance', { value: performance, writable: true, configurable: true });
  }
  if (virtualClock) {
    const RealDate = Date;
    const VirtualDate = function Date(...args) {
      if (!new.target) return new RealDate(epoch()).toString();
      return args.length === 0 ? new RealDate(epoch()) : new RealDate(...args);
    };
    VirtualDate.prototype = RealDate.prototype;
    VirtualDate.now = epoch;
    VirtualDate.parse = RealDate.parse;
    VirtualDate.UTC = RealDate.UTC;
    Object.defineProperty(RealDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true });
    Object.defineProperty(globalThis, 'Date', { value: VirtualDate, writable: true, configurable: true });
  }
})
