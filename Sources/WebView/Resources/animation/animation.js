(function (require, native, env) {
  'use strict';
  // The Web Animations API's timing model: Element.animate returns an Animation on the document timeline
  // (performance.now(), the runtime's clock). No effect is applied to styles (nothing is rendered): the
  // computed style stays what the cascade gives, during the animation and after it (fill included).
  // A finite running animation holds a one-shot timer for its end, so it keeps the page busy until then;
  // an infinite one holds none.
  // Set up on first use: until then, stubs that install the real members and call them.
  var g = globalThis, impl = env.impl, installed = false;
  function define(object, name, value) {
    Object.defineProperty(object, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function getter(object, name, get, set) {
    Object.defineProperty(object, name, { get: get, set: set, configurable: true, enumerable: true });
  }
  function stub(object, name) {
    define(object, name, function () { install(); return object[name].apply(this, arguments); });
  }
  stub(impl.Element.prototype, 'animate');
  stub(impl.Element.prototype, 'getAnimations');
  stub(impl.Document.prototype, 'getAnimations');
  Object.defineProperty(g, 'Animation', {
    get: function () { install(); return g.Animation; },
    set: function (value) { install(); define(g, 'Animation', value); },
    configurable: true, enumerable: false
  });
  Object.defineProperty(env.document, 'timeline', { get: function () { install(); return env.document.timeline; }, configurable: true });
  return env;

  function install() {
    if (installed) return;
    installed = true;
    var animations = [];   // the animations that are not idle, in creation order

    function timing(options) {
      var t = { delay: 0, endDelay: 0, fill: 'auto', iterationStart: 0, iterations: 1, duration: 'auto', direction: 'normal', easing: 'linear' };
      if (typeof options === 'number') options = { duration: options };
      if (options !== undefined && options !== null) {
        if (typeof options !== 'object') throw new TypeError("Failed to execute 'animate' on 'Element': The provided options are not an object or a number.");
        ['delay', 'endDelay', 'iterations', 'iterationStart'].forEach(function (name) {
          if (options[name] !== undefined) t[name] = Number(options[name]);
        });
        if (options.duration !== undefined && options.duration !== 'auto') t.duration = Number(options.duration);
        ['fill', 'direction', 'easing'].forEach(function (name) { if (options[name] !== undefined) t[name] = String(options[name]); });
      }
      if (!isFinite(t.delay) || !isFinite(t.endDelay)) throw new TypeError("Failed to execute 'animate' on 'Element': delays must be finite numbers.");
      if (t.duration !== 'auto' && (isNaN(t.duration) || t.duration < 0)) throw new TypeError("Failed to execute 'animate' on 'Element': duration must be a non-negative number.");
      if (isNaN(t.iterations) || t.iterations < 0) throw new TypeError("Failed to execute 'animate' on 'Element': iterations must be a non-negative number.");
      if (['auto', 'none', 'forwards', 'backwards', 'both'].indexOf(t.fill) < 0) throw new TypeError("Failed to execute 'animate' on 'Element': unknown fill '" + t.fill + "'.");
      return t;
    }
    function keyframesOf(keyframes) {
      if (keyframes === null || keyframes === undefined) return [];
      if (typeof keyframes !== 'object') throw new TypeError("Failed to execute 'animate' on 'Element': The provided keyframes are not an object.");
      if (Array.isArray(keyframes)) return keyframes.map(function (frame) {
        if (frame === null || typeof frame !== 'object') throw new TypeError("Failed to execute 'animate' on 'Element': a keyframe is not an object.");
        return Object.assign({}, frame);
      });
      return [Object.assign({}, keyframes)];
    }

    function Animation() { throw new TypeError('Illegal constructor: use Element.animate'); }
    var proto = Animation.prototype;
    function make(target, keyframes, options) {
      var a = Object.create(proto);
      var t = timing(options), frames = keyframesOf(keyframes);
      var duration = t.duration === 'auto' ? 0 : t.duration;
      a._s = { start: null, hold: null, paused: false, timer: 0, listeners: Object.create(null), finished: null, ready: null,
               end: Math.max(0, t.delay + duration * t.iterations + t.endDelay), timing: t };
      a.id = options && typeof options === 'object' && options.id !== undefined ? String(options.id) : '';
      a.onfinish = null;
      a.oncancel = null;
      a.onremove = null;
      a.effect = {
        target: target,
        getTiming: function () { return Object.assign({}, t); },
        getKeyframes: function () { return frames.map(function (frame) { return Object.assign({}, frame); }); }
      };
      return a;
    }
    function now() { return performance.now(); }
    function current(a) {
      var s = a._s;
      if (s.hold !== null) return s.hold;
      return s.start === null ? null : now() - s.start;
    }
    function settled(result) {
      var resolve, reject;
      var promise = new Promise(function (res, rej) { resolve = res; reject = rej; });
      promise.catch(function () {});   // a cancelled animation's rejection is not an unhandled one
      return { promise: promise, resolve: resolve, reject: reject, result: result };
    }
    function finishedOf(a) { return a._s.finished || (a._s.finished = settled()); }
    function fire(a, type) {
      var event = new g.Event(type);
      Object.defineProperty(event, 'currentTime', { value: current(a), enumerable: true });
      Object.defineProperty(event, 'timelineTime', { value: now(), enumerable: true });
      setTimeout(function () { a.dispatchEvent(event); }, 0);
    }
    function unschedule(a) { if (a._s.timer) { clearTimeout(a._s.timer); a._s.timer = 0; } }
    function schedule(a) {
      unschedule(a);
      var s = a._s, time = current(a);
      if (s.paused || time === null || s.end === Infinity) return;
      if (time >= s.end) { finishNow(a); return; }
      s.timer = setTimeout(function () { s.timer = 0; schedule(a); }, s.end - time);
    }
    function finishNow(a) {
      var s = a._s;
      unschedule(a);
      s.hold = s.end;
      s.start = null;
      s.paused = false;
      finishedOf(a).resolve(a);
      fire(a, 'finish');
    }
    function track(a) { if (animations.indexOf(a) < 0) animations.push(a); }

    define(proto, 'play', function play() {
      var s = this._s, time = current(this);
      if (s.paused) {
        s.start = now() - (time || 0);
      } else if (time === null || time >= s.end) {
        if (time !== null && s.finished && s.hold !== null) s.finished = null;   // a new run, a new promise
        s.start = now();
      } else return;
      s.hold = null;
      s.paused = false;
      track(this);
      schedule(this);
    });
    define(proto, 'pause', function pause() {
      var s = this._s;
      if (s.paused) return;
      s.hold = current(this) === null ? 0 : Math.min(current(this), s.end);
      s.start = null;
      s.paused = true;
      track(this);
      unschedule(this);
    });
    define(proto, 'finish', function finish() {
      if (this._s.end === Infinity) throw new g.DOMException("Failed to execute 'finish' on 'Animation': Cannot finish Animation with an infinite target effect end.", 'InvalidStateError');
      track(this);
      finishNow(this);
    });
    define(proto, 'cancel', function cancel() {
      var s = this._s;
      if (s.start === null && s.hold === null) return;
      unschedule(this);
      s.start = null;
      s.hold = null;
      s.paused = false;
      finishedOf(this).reject(new g.DOMException('The user aborted a request.', 'AbortError'));
      s.finished = null;
      var index = animations.indexOf(this);
      if (index >= 0) animations.splice(index, 1);
      fire(this, 'cancel');
    });
    define(proto, 'addEventListener', function addEventListener(type, listener) {
      if (typeof listener !== 'function' && !(listener && typeof listener.handleEvent === 'function')) return;
      var list = this._s.listeners[type] || (this._s.listeners[type] = []);
      if (list.indexOf(listener) < 0) list.push(listener);
    });
    define(proto, 'removeEventListener', function removeEventListener(type, listener) {
      var list = this._s.listeners[type];
      if (list && list.indexOf(listener) >= 0) list.splice(list.indexOf(listener), 1);
    });
    define(proto, 'dispatchEvent', function dispatchEvent(event) {
      var self = this, handler = this['on' + event.type];
      try { Object.defineProperty(event, 'target', { value: this, configurable: true }); } catch (e) { /* keep domino's */ }
      function call(f) {
        try { if (typeof f === 'function') f.call(self, event); else f.handleEvent(event); } catch (error) { native.reportError(error); }
      }
      if (typeof handler === 'function') call(handler);
      (this._s.listeners[event.type] || []).slice().forEach(call);
      return !event.defaultPrevented;
    });
    getter(proto, 'currentTime', function () { return current(this); }, function (value) {
      var s = this._s, time = Number(value);
      if (value === null || isNaN(time)) throw new TypeError("Failed to set 'currentTime' on 'Animation': a number is required.");
      if (s.paused || (s.start === null && s.hold === null)) {   // paused or idle: the animation is (now) paused there
        s.hold = time;
        s.start = null;
        s.paused = true;
      } else {
        s.start = now() - time;
        s.hold = null;
      }
      track(this);
      schedule(this);
    });
    getter(proto, 'startTime', function () { return this._s.start; });
    getter(proto, 'playbackRate', function () { return 1; });
    getter(proto, 'pending', function () { return false; });
    getter(proto, 'timeline', function () { return env.document.timeline; });
    getter(proto, 'playState', function () {
      var s = this._s, time = current(this);
      if (time === null) return 'idle';
      if (s.paused) return 'paused';
      return time >= s.end ? 'finished' : 'running';
    });
    getter(proto, 'finished', function () { return finishedOf(this).promise; });
    getter(proto, 'ready', function () { return Promise.resolve(this); });
    define(proto, Symbol.toStringTag, 'Animation');
    define(g, 'Animation', Animation);

    function relevant(a) {
      var state = a.playState, fill = a._s.timing.fill;
      return state === 'running' || state === 'paused' || (state === 'finished' && (fill === 'forwards' || fill === 'both'));
    }
    define(impl.Element.prototype, 'animate', function animate(keyframes, options) {
      var a = make(this, keyframes, options);
      a.play();
      return a;
    });
    define(impl.Element.prototype, 'getAnimations', function getAnimations() {
      var self = this;
      return animations.filter(function (a) { return a.effect.target === self && relevant(a); });
    });
    define(impl.Document.prototype, 'getAnimations', function getAnimations() {
      var doc = this;
      return animations.filter(function (a) { return a.effect.target.ownerDocument === doc && relevant(a); });
    });
    var timeline = Object.create(Object.prototype, { currentTime: { get: now, enumerable: true } });
    Object.defineProperty(env.document, 'timeline', { value: timeline, configurable: true });
  }
})
