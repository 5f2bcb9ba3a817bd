(function (require, native, env) {
  'use strict';
  // The Web Animations API: Element.animate returns an Animation on the document timeline (performance.now(), the
  // runtime's clock) whose keyframe effect getComputedStyle applies (env.motion below): the value interpolated at
  // the current time, and after the end as its `fill` says.
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
  env.motion = motionRegistry();
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
      if (['normal', 'reverse', 'alternate', 'alternate-reverse'].indexOf(t.direction) < 0) throw new TypeError("Failed to execute 'animate' on 'Element': unknown direction '" + t.direction + "'.");
      easingOrThrow(t.easing);
      return t;
    }
    function easingOrThrow(text) {
      var f = env.motion.easing(text);
      if (!f) throw new TypeError("Failed to execute 'animate' on 'Element': '" + text + "' is not a valid value for easing");
      return f;
    }
    // Keyframes as a list of objects, or property-indexed ({ opacity: [0, 1] }, spaced evenly).
    function keyframesOf(keyframes) {
      if (keyframes === null || keyframes === undefined) return [];
      if (typeof keyframes !== 'object') throw new TypeError("Failed to execute 'animate' on 'Element': The provided keyframes are not an object.");
      if (Array.isArray(keyframes)) return keyframes.map(function (frame) {
        if (frame === null || typeof frame !== 'object') throw new TypeError("Failed to execute 'animate' on 'Element': a keyframe is not an object.");
        return Object.assign({}, frame);
      });
      var frames = [];
      Object.keys(keyframes).forEach(function (name) {
        if (name === 'offset' || name === 'easing' || name === 'composite') return;
        var values = Array.isArray(keyframes[name]) ? keyframes[name] : [keyframes[name]];
        values.forEach(function (value, i) {
          var offset = values.length === 1 ? 1 : i / (values.length - 1);
          var frame = frames.filter(function (f) { return f.offset === offset; })[0];
          if (!frame) frames.push(frame = { offset: offset });
          frame[name] = value;
        });
      });
      if (keyframes.easing !== undefined) frames.forEach(function (f) { f.easing = keyframes.easing; });
      return frames.sort(function (x, y) { return x.offset - y.offset; });
    }
    // The effect's keyframes per longhand (computed offsets, Web Animations 1 §5.3.4), missing ends the underlying value.
    function framesOf(frames) {
      var offsets = frames.map(function (f) {
        if (f.offset === undefined || f.offset === null) return null;
        var o = Number(f.offset);
        if (!(o >= 0 && o <= 1)) throw new TypeError("Failed to execute 'animate' on 'Element': Offsets must be null or in the range [0,1].");
        return o;
      });
      for (var i = 1; i < offsets.length; i++) {
        if (offsets[i] !== null && offsets.slice(0, i).some(function (o) { return o !== null && o > offsets[i]; })) {
          throw new TypeError("Failed to execute 'animate' on 'Element': Offsets must be monotonically non-decreasing.");
        }
      }
      if (offsets.length > 1 && offsets[0] === null) offsets[0] = 0;
      if (offsets.length && offsets[offsets.length - 1] === null) offsets[offsets.length - 1] = offsets.length === 1 ? 1 : 1;
      for (var a = 0; a < offsets.length; a++) {   // the ones in between: spaced evenly between their neighbours
        if (offsets[a] !== null) continue;
        var b = a;
        while (offsets[b] === null) b++;
        for (var k = a; k < b; k++) offsets[k] = offsets[a - 1] + (offsets[b] - offsets[a - 1]) * (k - a + 1) / (b - a + 1);
        a = b;
      }
      var byProperty = Object.create(null);
      frames.forEach(function (f, index) {
        var ease = f.easing === undefined ? null : easingOrThrow(String(f.easing));
        Object.keys(f).forEach(function (key) {
          if (key === 'offset' || key === 'easing' || key === 'composite') return;
          var name = key === 'cssFloat' ? 'float' : key.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); });
          env.css.expand(name, String(f[key])).forEach(function (p) {
            var list = byProperty[p[0]] || (byProperty[p[0]] = []);
            list.push({ offset: offsets[index], raw: p[1], easing: ease });
          });
        });
      });
      Object.keys(byProperty).forEach(function (p) {
        var list = byProperty[p];
        if (list[0].offset > 0) list.unshift({ offset: 0, value: null, easing: null });
        if (list[list.length - 1].offset < 1) list.push({ offset: 1, value: null, easing: null });
      });
      return byProperty;
    }

    function Animation() { throw new TypeError('Illegal constructor: use Element.animate'); }
    var proto = Animation.prototype;
    function make(target, keyframes, options) {
      var a = Object.create(proto);
      var t = timing(options), frames = keyframesOf(keyframes);
      var duration = t.duration === 'auto' ? 0 : t.duration;
      var end = Math.max(0, t.delay + duration * t.iterations + t.endDelay);
      a._s = { start: null, offset: 0, rate: 1, hold: null, paused: false, timer: 0, listeners: Object.create(null), finished: null, ready: null,
               end: isNaN(end) ? 0 : end, timing: t };
      a._s.effect = { target: target, kind: 'script', frames: framesOf(frames), time: function () { return current(a); },
        timing: { delay: t.delay, duration: duration, iterations: t.iterations, iterationStart: t.iterationStart, direction: t.direction,
                  fill: t.fill === 'auto' ? 'none' : t.fill, easing: env.motion.easing(t.easing) } };
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
    // The current time: held (paused, finished), or `offset` plus the time since `start` at the playback rate.
    function current(a) {
      var s = a._s;
      if (s.hold !== null) return s.hold;
      return s.start === null ? null : s.offset + (now() - s.start) * s.rate;
    }
    function atEnd(a, time) { return a._s.rate < 0 ? time <= 0 : time >= a._s.end; }
    function run(a, time) { a._s.offset = time; a._s.start = now(); a._s.hold = null; }
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
      if (s.paused || s.start === null || s.rate === 0 || (s.end === Infinity && s.rate > 0)) return;   // only while playing
      if (atEnd(a, time)) { finishNow(a); return; }
      s.timer = setTimeout(function () { s.timer = 0; schedule(a); }, s.rate > 0 ? (s.end - time) / s.rate : time / -s.rate);
    }
    function finishNow(a) {
      var s = a._s;
      unschedule(a);
      s.hold = s.rate < 0 ? 0 : s.end;
      s.start = null;
      s.paused = false;
      if (s.effect.timing.fill === 'none' || s.effect.timing.fill === 'backwards') env.motion.remove(s.effect);
      finishedOf(a).resolve(a);
      fire(a, 'finish');
    }
    function track(a) {
      if (animations.indexOf(a) < 0) animations.push(a);
      env.motion.add(a._s.effect);
    }

    define(proto, 'play', function play() {
      var s = this._s, time = current(this);
      if (s.paused) {
        run(this, time || 0);
      } else if (time === null || atEnd(this, time)) {
        if (time !== null && s.finished && s.hold !== null) s.finished = null;   // a new run, a new promise
        if (s.rate < 0 && s.end === Infinity) throw new g.DOMException("Failed to execute 'play' on 'Animation': Cannot play reversed Animation with infinite target effect end.", 'InvalidStateError');
        run(this, s.rate < 0 ? s.end : 0);
      } else if (s.start === null) {
        run(this, time);   // held at an end it is no longer at (its rate changed sign): on from there
      } else return;
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
      env.motion.remove(s.effect);
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
        if (s.hold !== null && !atEnd(this, time) && s.finished) s.finished = null;   // out of finished: a new promise
        run(this, time);
      }
      track(this);
      schedule(this);
    });
    getter(proto, 'startTime', function () {
      var s = this._s;
      return s.start === null || s.rate === 0 ? null : s.start - s.offset / s.rate;
    });
    // The playback rate: the current time is kept and goes on at the new rate (negative: backwards, to 0).
    function setRate(a, value) {
      var s = a._s, rate = Number(value), time = current(a);
      if (!isFinite(rate)) throw new TypeError("Failed to set 'playbackRate' on 'Animation': The provided double value is non-finite.");
      s.rate = rate;
      if (s.start !== null) run(a, time);
      schedule(a);
    }
    getter(proto, 'playbackRate', function () { return this._s.rate; }, function (value) { setRate(this, value); });
    define(proto, 'updatePlaybackRate', function updatePlaybackRate(value) { setRate(this, value); });
    define(proto, 'reverse', function reverse() {
      var s = this._s, time = current(this);
      if (s.rate > 0 && s.end === Infinity && (time === null || time === 0)) throw new g.DOMException("Failed to execute 'reverse' on 'Animation': Cannot play reversed Animation with infinite target effect end.", 'InvalidStateError');
      var stopped = time === null || s.start === null || s.paused;
      setRate(this, -s.rate);
      if (stopped) this.play();
    });
    getter(proto, 'pending', function () { return false; });
    getter(proto, 'timeline', function () { return env.document.timeline; });
    getter(proto, 'playState', function () {
      var s = this._s, time = current(this);
      if (time === null) return 'idle';
      if (s.paused) return 'paused';
      return atEnd(this, time) ? 'finished' : 'running';
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
    // CSS transitions, then CSS animations (css-animations.js), then script animations: their composite order.
    function cssAnimations(el) { return env.motion.cssAnimationsOf ? env.motion.cssAnimationsOf(el) : []; }
    define(impl.Element.prototype, 'getAnimations', function getAnimations() {
      var self = this;
      return cssAnimations(this).concat(animations.filter(function (a) { return a.effect.target === self && relevant(a); }));
    });
    define(impl.Document.prototype, 'getAnimations', function getAnimations() {
      var doc = this;
      return (doc === env.document ? cssAnimations(null) : []).concat(animations.filter(function (a) { return a.effect.target.ownerDocument === doc && relevant(a); }));
    });
    var timeline = Object.create(Object.prototype, { currentTime: { get: now, enumerable: true } });
    Object.defineProperty(env.document, 'timeline', { value: timeline, configurable: true });
  }

  // --- effects: the interpolated values getComputedStyle gives while transitions and animations run (Web Animations
  // 1 timing model, CSS Easing 1, CSS Values 4 interpolation). Shared with css-animations.js through env.motion;
  // cssom.js asks env.animated only for elements that have an effect, and only once one exists.
  // An effect: { target, kind ('transition' < 'animation' < 'script': composite order), frames: { longhand:
  // [{ offset, value (computed text, or null for the underlying value), raw (text to compute), easing }] },
  // timing: { delay, duration, iterations, iterationStart, direction, fill, easing }, time(): its local time or null }.
  function motionRegistry() {
    var byElement = new Map(), seq = 0, ORDER = { transition: 0, animation: 1, script: 2 };
    var api = {
      add: function (effect) {
        var list = byElement.get(effect.target);
        if (!list) byElement.set(effect.target, list = []);
        if (list.indexOf(effect) >= 0) return;
        effect.seq = ++seq;
        list.push(effect);
        list.sort(function (a, b) { return ORDER[a.kind] - ORDER[b.kind] || a.seq - b.seq; });
        env.animated = api;
      },
      remove: function (effect) {
        var list = byElement.get(effect.target), index = list ? list.indexOf(effect) : -1;
        if (index < 0) return;
        list.splice(index, 1);
        if (!list.length) byElement.delete(effect.target);
      },
      has: function (el) { return byElement.has(el); },
      value: function (el, name, base) {
        var list = byElement.get(el), value = base;
        for (var i = 0; list && i < list.length; i++) {
          var v = sample(list[i], name, value);
          if (v !== undefined) value = v;
        }
        return value;
      },
      // One effect's value of `name` now (undefined when it is not in effect), over `underlying`.
      sample: function (effect, name, underlying) { return sample(effect, name, underlying); },
      easing: easing, progress: progress
    };
    return api;
  }
  function sample(effect, name, underlying) {
    var frames = effect.frames[name];
    if (!frames) return undefined;
    var p = progress(effect.timing, effect.time());
    if (p === null) return undefined;
    var i = 0;
    while (i < frames.length - 2 && frames[i + 1].offset <= p) i++;
    var a = frames[i], b = frames[i + 1], span = b.offset - a.offset;
    var local = span === 0 ? (p >= b.offset ? 1 : 0) : (p - a.offset) / span;
    if (a.easing) local = a.easing(local);
    return interpolate(name, frameValue(effect, name, a, underlying), frameValue(effect, name, b, underlying), local);
  }
  function frameValue(effect, name, frame, underlying) {
    if (frame.raw === undefined) return frame.value === null ? underlying : frame.value;
    var v = env.css.computeAs(effect.target, name, frame.raw);
    return v === undefined || v === '' ? underlying : v;
  }
  // The transformed progress of an iteration at local time `t` (Web Animations 1 §4.8), or null when not in effect.
  function progress(timing, t) {
    if (t === null || t === undefined) return null;
    var d = timing.duration, n = timing.iterations, active = d * n;
    if (isNaN(active)) active = 0;
    var fill = timing.fill, activeTime;
    if (t < timing.delay) {
      if (fill !== 'backwards' && fill !== 'both') return null;
      activeTime = 0;
    } else if (t >= timing.delay + active) {
      if (fill !== 'forwards' && fill !== 'both') return null;
      activeTime = active;
    } else activeTime = t - timing.delay;
    var after = t >= timing.delay + active;
    var start = timing.iterationStart || 0;
    var overall = d === 0 ? (t < timing.delay ? start : start + n) : activeTime / d + start;
    var simple = overall === Infinity ? start % 1 : overall % 1;
    if (simple === 0 && (after || activeTime === active) && n !== 0 && overall !== 0) simple = 1;
    var iteration = after && n === Infinity ? Infinity : simple === 1 ? Math.floor(overall) - 1 : Math.floor(overall);
    var forwards = timing.direction === 'normal' || timing.direction === 'alternate' && iteration % 2 !== 1 ||
      timing.direction === 'alternate-reverse' && iteration % 2 === 1 || iteration === Infinity && timing.direction !== 'reverse';
    var directed = forwards ? simple : 1 - simple;
    return timing.easing ? timing.easing(directed) : directed;
  }

  // --- timing functions (CSS Easing 1): a function of the input progress, or null for a malformed one
  // (Declarations only below: this part of the file runs after `return env`, so it holds no `var` initialisers.)
  function linear(p) { return p; }
  function easing(text) {
    var BEZIERS = { ease: [0.25, 0.1, 0.25, 1], 'ease-in': [0.42, 0, 1, 1], 'ease-out': [0, 0, 0.58, 1], 'ease-in-out': [0.42, 0, 0.58, 1] };
    var s = String(text).trim().toLowerCase(), m;
    if (s === 'linear') return linear;
    if (BEZIERS[s]) return bezier.apply(null, BEZIERS[s]);
    if (s === 'step-start') return steps(1, 'jump-start');
    if (s === 'step-end') return steps(1, 'jump-end');
    var number = '\\s*(-?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?)\\s*';
    if ((m = new RegExp('^cubic-bezier\\(' + [number, number, number, number].join(',') + '\\)$').exec(s))) {
      var x1 = Number(m[1]), x2 = Number(m[3]);
      return x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 ? bezier(x1, Number(m[2]), x2, Number(m[4])) : null;
    }
    if ((m = /^steps\(\s*(\d+)\s*(?:,\s*(jump-start|jump-end|jump-none|jump-both|start|end)\s*)?\)$/.exec(s))) {
      var count = Number(m[1]), position = m[2] || 'jump-end';
      return count >= 1 && !(position === 'jump-none' && count < 2) ? steps(count, position) : null;
    }
    return null;
  }
  function steps(count, position) {
    var jumps = position === 'jump-none' ? count - 1 : position === 'jump-both' ? count + 1 : count;
    var atStart = position === 'jump-start' || position === 'start' || position === 'jump-both';
    return function (p) {
      var step = Math.floor(p * count) + (atStart ? 1 : 0);
      if (p >= 0 && step < 0) step = 0;
      if (p <= 1 && step > jumps) step = jumps;
      return step / jumps;
    };
  }
  function bezier(x1, y1, x2, y2) {   // as WebKit's UnitBezier: Newton's method, then bisection
    var cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx, cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
    function x(t) { return ((ax * t + bx) * t + cx) * t; }
    function y(t) { return ((ay * t + by) * t + cy) * t; }
    function dx(t) { return (3 * ax * t + 2 * bx) * t + cx; }
    function solve(p) {
      var t = p, i;
      for (i = 0; i < 8; i++) {
        var e = x(t) - p;
        if (Math.abs(e) < 1e-7) return t;
        var d = dx(t);
        if (Math.abs(d) < 1e-6) break;
        t -= e / d;
      }
      var lo = 0, hi = 1;
      t = p;
      while (lo < hi && i++ < 60) {
        var v = x(t);
        if (Math.abs(v - p) < 1e-7) return t;
        if (p > v) lo = t; else hi = t;
        t = (lo + hi) / 2;
      }
      return t;
    }
    return function (p) {
      if (p <= 0) return x1 > 0 ? y1 / x1 * p : y2 === 0 && x2 > 0 ? 0 : p === 0 ? 0 : p;   // extrapolated as a line
      if (p >= 1) return x2 < 1 ? 1 + (y2 - 1) / (x2 - 1) * (p - 1) : 1;
      return y(solve(p));
    };
  }

  // --- interpolation of computed values: numbers with the same text around them (lengths, lists, transforms of
  // one function list), colours (premultiplied rgba), `none` against a transform; anything else is discrete (the
  // start value before 50%, the end value from it), as CSS Values 4 says.
  function parts(value) {
    var TOKEN = /(rgba?\([^)]*\))|(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/gi;
    var out = [], shape = '', last = 0, m;
    while ((m = TOKEN.exec(value))) {
      var text = value.slice(last, m.index);
      out.push(text);
      shape += text;
      if (m[1]) {
        var c = m[1].replace(/^rgba?\(|\)$/g, '').split(/\s*[,/]\s*|\s+/).map(Number);
        if (c.length === 3) c.push(1);
        if (c.length !== 4 || c.some(isNaN)) return null;
        out.push({ color: c });
        shape += '\u0001';
      } else {
        out.push(Number(m[2]));
        shape += '\u0002';
      }
      last = TOKEN.lastIndex;
    }
    out.push(value.slice(last));
    return { list: out, shape: shape + value.slice(last) };
  }
  function format(n) { var s = String(Math.round(n * 1e6) / 1e6); return s === '-0' ? '0' : s; }
  function mix(a, b, p) { return a + (b - a) * p; }
  function color(a, b, p) {
    var alpha = Math.max(0, Math.min(1, mix(a[3], b[3], p)));
    var rgb = [0, 1, 2].map(function (i) {
      var v = alpha === 0 ? 0 : mix(a[i] * a[3], b[i] * b[3], p) / alpha;
      return Math.round(Math.max(0, Math.min(255, v)));
    });
    return alpha === 1 ? 'rgb(' + rgb.join(', ') + ')' : 'rgba(' + rgb.join(', ') + ', ' + format(alpha) + ')';
  }
  function identityTransform(list) {   // `none` as the identity of each function of `list`
    return list.replace(/([a-z0-9]+)\(([^)]*)\)/gi, function (all, fn, args) {
      var lower = fn.toLowerCase();
      if (lower === 'matrix') return 'matrix(1, 0, 0, 1, 0, 0)';
      if (lower === 'matrix3d') return 'matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)';
      var one = /^scale/.test(lower);
      return fn + '(' + args.replace(/-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi, one ? '1' : '0') + ')';
    });
  }
  function interpolate(name, from, to, p) {
    from = String(from);
    to = String(to);
    if (from === to) return p < 0.5 ? from : to;
    if (name === 'visibility' && (from === 'visible' || to === 'visible')) return p <= 0 ? from : p >= 1 ? to : 'visible';
    if (name === 'transform' && from === 'none' && to !== 'none') from = identityTransform(to);
    else if (name === 'transform' && to === 'none' && from !== 'none') to = identityTransform(from);
    var a = parts(from), b = parts(to);
    if (!a || !b || a.shape !== b.shape || a.list.length < 3) return p < 0.5 ? from : to;
    var out = '';
    for (var i = 0; i < a.list.length; i++) {
      var x = a.list[i], y = b.list[i];
      if (typeof x === 'string') out += x;
      else if (typeof x === 'number') {
        var v = mix(x, y, p);
        if (name === 'opacity') v = Math.max(0, Math.min(1, v));
        else if (name === 'z-index') v = Math.round(v);
        out += format(v);
      } else out += color(x.color, y.color, p);
    }
    return out;
  }
})
