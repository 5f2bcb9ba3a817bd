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
  ['Animation', 'KeyframeEffect', 'AnimationEffect', 'AnimationTimeline', 'DocumentTimeline', 'AnimationPlaybackEvent'].forEach(function (name) {
    Object.defineProperty(g, name, {
      get: function () { install(); return g[name]; },
      set: function (value) { install(); define(g, name, value); },
      configurable: true, enumerable: false
    });
  });
  // document.timeline: the page's, on the runtime's clock; a document without a browsing context has one of its own
  // whose time is null, as on WebKit.
  var timelines = new WeakMap(), timelineOf = null;
  env.documentMember('timeline', { get: function () {
    install();
    var timeline = timelines.get(this);
    if (!timeline) timelines.set(this, timeline = timelineOf(this));
    return timeline;
  } });
  env.motion = motionRegistry();
  return env;

  function install() {
    if (installed) return;
    installed = true;
    var animations = [];   // the animations that are not idle, in creation order

    function timing(options, base) {
      var t = base ? Object.assign({}, base) :
        { delay: 0, endDelay: 0, fill: 'auto', iterationStart: 0, iterations: 1, duration: 'auto', direction: 'normal', easing: 'linear' };
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
      if (isNaN(t.iterationStart) || t.iterationStart < 0 || !isFinite(t.iterationStart)) throw new TypeError("Failed to execute 'animate' on 'Element': iterationStart must be a non-negative number.");
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
          if (!frame) frames.push(frame = { offset: offset, indexed: true });
          frame[name] = value;
        });
      });
      ['easing', 'composite'].forEach(function (key) {
        if (keyframes[key] !== undefined) frames.forEach(function (f) { f[key] = keyframes[key]; });
      });
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
        var composite = f.composite === undefined || f.composite === null ? 'auto' : compositeOrThrow(f.composite, true);
        Object.keys(f).forEach(function (key) {
          if (key === 'offset' || key === 'easing' || key === 'composite' || key === 'indexed') return;
          var name = key === 'cssFloat' ? 'float' : key.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); });
          env.css.expand(name, String(f[key])).forEach(function (p) {
            var list = byProperty[p[0]] || (byProperty[p[0]] = []);
            list.push({ offset: offsets[index], raw: p[1], easing: ease, composite: composite });
          });
        });
      });
      Object.keys(byProperty).forEach(function (p) {
        var list = byProperty[p];
        if (list[0].offset > 0) list.unshift({ offset: 0, value: null, easing: null });
        if (list[list.length - 1].offset < 1) list.push({ offset: 1, value: null, easing: null });
      });
      return { byProperty: byProperty, offsets: offsets };
    }
    function compositeOrThrow(value, auto) {
      var v = String(value);
      if (v === 'replace' || v === 'add' || v === 'accumulate' || (auto && v === 'auto')) return v;
      throw new TypeError("Failed to read the 'composite' property: The provided value '" + v + "' is not a valid enum value of type CompositeOperation.");
    }

    // --- KeyframeEffect: its target, keyframes and timing, and the record env.motion samples (`record.time()` is the
    // local time of the animation it belongs to, null without one).
    function AnimationEffect() { throw new TypeError('Illegal constructor'); }
    function KeyframeEffect(target, keyframes, options) {
      if (!(this instanceof KeyframeEffect)) throw new TypeError("Constructor requires 'new' operator");
      var source = target instanceof KeyframeEffect ? target._e : null;
      if (source) { target = source.target; keyframes = source.keyframes; options = source.timing; }
      if (target === undefined) target = null;
      if (target !== null && !(target instanceof impl.Element)) throw new TypeError("Failed to construct 'KeyframeEffect': parameter 1 is not of type 'Element'.");
      var t = timing(options), composite = 'replace';
      if (source) composite = source.record.composite;
      else if (options && typeof options === 'object' && options.composite !== undefined) composite = compositeOrThrow(options.composite);
      var e = { target: target, keyframes: [], timing: t, animation: null };
      e.record = { target: target, kind: 'script', frames: Object.create(null), composite: composite, timing: null,
        time: function () { return e.animation ? current(e.animation) : null; } };
      define(this, '_e', e);
      resolveTiming(e);
      this.setKeyframes(keyframes);
    }
    KeyframeEffect.prototype = Object.create(AnimationEffect.prototype);
    var effectProto = KeyframeEffect.prototype;
    function resolveTiming(e) {   // the timing env.motion samples with: auto duration 0, auto fill none
      var t = e.timing;
      e.record.timing = { delay: t.delay, endDelay: t.endDelay, duration: t.duration === 'auto' ? 0 : t.duration, iterations: t.iterations,
        iterationStart: t.iterationStart, direction: t.direction, fill: t.fill === 'auto' ? 'none' : t.fill, easing: env.motion.easing(t.easing) };
    }
    function endOf(a) {   // the associated effect end: max(delay + active duration + end delay, 0)
      var e = a._s.effect;
      if (!e) return 0;
      var t = e._e.record.timing, end = Math.max(0, t.delay + t.duration * t.iterations + t.endDelay);
      return isNaN(end) ? 0 : end;
    }
    getter(effectProto, 'target', function () { return this._e.target; }, function (value) {
      if (value !== null && !(value instanceof impl.Element)) throw new TypeError("Failed to set the 'target' property on 'KeyframeEffect': The provided value is not of type 'Element'.");
      var e = this._e, a = e.animation;
      env.motion.remove(e.record);
      e.target = e.record.target = value;
      if (a && (a._s.start !== null || a._s.hold !== null)) track(a);
    });
    getter(effectProto, 'pseudoElement', function () { return null; });
    getter(effectProto, 'composite', function () { return this._e.record.composite; }, function (value) {
      if (value === 'replace' || value === 'add' || value === 'accumulate') this._e.record.composite = value;   // else ignored (an enum attribute)
    });
    getter(effectProto, 'iterationComposite', function () { return 'replace'; });
    define(effectProto, 'getTiming', function getTiming() { return Object.assign({}, this._e.timing); });
    define(effectProto, 'updateTiming', function updateTiming(changes) {
      if (changes !== undefined && changes !== null && typeof changes !== 'object') throw new TypeError("Failed to execute 'updateTiming' on 'AnimationEffect': parameter 1 is not an object.");
      var e = this._e;
      e.timing = timing(changes || {}, e.timing);
      resolveTiming(e);
      if (e.animation) retime(e.animation);
    });
    define(effectProto, 'getComputedTiming', function getComputedTiming() {
      var e = this._e, r = e.record.timing, time = e.record.time(), at = time === null ? null : env.motion.phase(r, time);
      var active = r.duration * r.iterations;
      return { delay: r.delay, endDelay: r.endDelay, fill: r.fill, iterationStart: r.iterationStart, iterations: r.iterations,
        duration: r.duration, direction: r.direction, easing: e.timing.easing, activeDuration: isNaN(active) ? 0 : active,
        endTime: Math.max(0, r.delay + (isNaN(active) ? 0 : active) + r.endDelay), localTime: time,
        progress: at ? at.progress : null, currentIteration: at ? at.iteration : null };
    });
    // Keyframes as the specification's computed keyframes: offset (null when not given), computedOffset, easing,
    // composite and the property values as strings.
    define(effectProto, 'getKeyframes', function getKeyframes() {
      var e = this._e;
      return e.keyframes.map(function (frame, i) {
        var out = { offset: frame.indexed || frame.offset === undefined ? null : Number(frame.offset), computedOffset: e.offsets[i],
          easing: frame.easing === undefined ? 'linear' : String(frame.easing), composite: frame.composite === undefined ? 'auto' : String(frame.composite) };
        Object.keys(frame).forEach(function (key) {
          if (!/^(offset|easing|composite|indexed)$/.test(key)) out[key] = String(frame[key]);
        });
        return out;
      });
    });
    define(effectProto, 'setKeyframes', function setKeyframes(keyframes) {
      var frames = keyframesOf(keyframes), processed = framesOf(frames), e = this._e;   // may throw: nothing changes then
      e.keyframes = frames;
      e.offsets = processed.offsets;
      e.record.frames = processed.byProperty;
    });
    define(effectProto, Symbol.toStringTag, 'KeyframeEffect');
    define(effectProto, 'constructor', KeyframeEffect);
    define(g, 'AnimationEffect', AnimationEffect);
    define(g, 'KeyframeEffect', KeyframeEffect);

    // --- Animation
    function Animation(effect, timeline) {
      if (!(this instanceof Animation)) throw new TypeError("Constructor requires 'new' operator");
      if (effect !== undefined && effect !== null && !(effect instanceof KeyframeEffect)) throw new TypeError("Failed to construct 'Animation': parameter 1 is not of type 'AnimationEffect'.");
      if (timeline !== undefined && timeline !== null && !(timeline instanceof AnimationTimeline)) throw new TypeError("Failed to construct 'Animation': parameter 2 is not of type 'AnimationTimeline'.");
      define(this, '_s', { start: null, offset: 0, rate: 1, hold: null, paused: false, timer: 0, listeners: Object.create(null), finished: null,
               effect: null, replaceState: 'active', timeline: timeline === undefined ? env.document.timeline : timeline });
      this.id = '';
      this.onfinish = null;
      this.oncancel = null;
      this.onremove = null;
      setEffect(this, effect || null);
    }
    var proto = Animation.prototype;
    function setEffect(a, effect) {
      var s = a._s, old = s.effect;
      if (old === effect) return;
      if (old) { env.motion.remove(old._e.record); old._e.animation = null; }
      if (effect && effect._e.animation) setEffect(effect._e.animation, null);   // an effect belongs to one animation
      s.effect = effect;
      if (effect) effect._e.animation = a;
      if (s.start !== null || s.hold !== null) { track(a); schedule(a); }
    }
    function retime(a) {   // the effect's end moved: a finished animation before its new end runs on from there
      var s = a._s;
      if (s.hold !== null && !s.paused && !atEnd(a, s.hold)) { if (s.finished) s.finished = null; run(a, s.hold); }
      track(a);
      schedule(a);
    }
    // The effect record env.motion samples: a script animation's, or a CSSTransition's or CSSAnimation's (`_x`).
    function record(a) { return a._x ? a._x.effect : a._s.effect ? a._s.effect._e.record : null; }
    function now() { return performance.now(); }
    // The current time: held (paused, finished), or `offset` plus the time since `start` at the playback rate.
    function current(a) {
      var s = a._s;
      if (s.hold !== null) return s.hold;
      return s.start === null ? null : s.offset + (now() - s.start) * s.rate;
    }
    function atEnd(a, time) { return a._s.rate < 0 ? time <= 0 : time >= endOf(a); }
    function run(a, time) {   // on from `time`; without a timeline, held there (running, but time never moves)
      if (a._s.timeline === null) { a._s.hold = time; a._s.start = null; return; }
      a._s.offset = time; a._s.start = now(); a._s.hold = null;
    }
    function settled(result) {
      var resolve, reject;
      var promise = new Promise(function (res, rej) { resolve = res; reject = rej; });
      promise.catch(function () {});   // a cancelled animation's rejection is not an unhandled one
      return { promise: promise, resolve: resolve, reject: reject, result: result };
    }
    function finishedOf(a) { return a._s.finished || (a._s.finished = settled()); }
    // An animation's `finish`, `cancel` and `remove` events: `currentTime` and `timelineTime` are attributes of the
    // prototype, as WebKit's (WebKitGTK 2.50: `Object.keys(event)` is `isTrusted` only).
    function nullableDouble(v) { return v === null ? null : Number(v); }
    var PlaybackEvent = env.defineEventClass('AnimationPlaybackEvent',
      [['currentTime', null, nullableDouble], ['timelineTime', null, nullableDouble]]);
    define(g, 'AnimationPlaybackEvent', PlaybackEvent);
    function fire(a, type) {
      var event = new PlaybackEvent(type, { currentTime: current(a), timelineTime: now() });
      setTimeout(function () { a.dispatchEvent(event); }, 0);
    }
    function unschedule(a) { if (a._s.timer) { clearTimeout(a._s.timer); a._s.timer = 0; } }
    function schedule(a) {
      unschedule(a);
      var s = a._s, time = current(a);
      if (s.paused || s.start === null || s.rate === 0 || (endOf(a) === Infinity && s.rate > 0)) return;   // only while playing
      if (atEnd(a, time)) { finishNow(a); return; }
      s.timer = setTimeout(function () { s.timer = 0; schedule(a); }, s.rate > 0 ? (endOf(a) - time) / s.rate : time / -s.rate);
    }
    function finishNow(a) {
      var s = a._s;
      unschedule(a);
      s.hold = s.rate < 0 ? 0 : endOf(a);
      s.start = null;
      s.paused = false;
      var r = record(a);
      if (r && (r.timing.fill === 'none' || r.timing.fill === 'backwards')) env.motion.remove(r);
      finishedOf(a).resolve(a);
      fire(a, 'finish');
      setTimeout(function () { removeReplaced(a); }, 0);   // at the next update, as browsers do: not within finish()
    }
    function track(a) {
      if (animations.indexOf(a) < 0) animations.push(a);
      var r = record(a);
      if (r && r.target && a._s.replaceState !== 'removed') env.motion.add(r);
    }

    define(proto, 'play', function play() {
      var s = this._s, time = current(this);
      if (s.paused) {
        run(this, time || 0);
      } else if (time === null || atEnd(this, time)) {
        if (time !== null && s.finished && s.hold !== null) s.finished = null;   // a new run, a new promise
        if (s.rate < 0 && endOf(this) === Infinity) throw new g.DOMException("Failed to execute 'play' on 'Animation': Cannot play reversed Animation with infinite target effect end.", 'InvalidStateError');
        run(this, s.rate < 0 ? endOf(this) : 0);
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
      s.hold = current(this) === null ? 0 : Math.min(current(this), endOf(this));
      s.start = null;
      s.paused = true;
      track(this);
      unschedule(this);
    });
    define(proto, 'finish', function finish() {
      if (endOf(this) === Infinity) throw new g.DOMException("Failed to execute 'finish' on 'Animation': Cannot finish Animation with an infinite target effect end.", 'InvalidStateError');
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
      if (record(this)) env.motion.remove(record(this));
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
      try { event.target = this; } catch (e) { /* a read-only target: keep it */ }   // an event's accessor: for...in still lists it
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
      if (s.rate > 0 && endOf(this) === Infinity && (time === null || time === 0)) throw new g.DOMException("Failed to execute 'reverse' on 'Animation': Cannot play reversed Animation with infinite target effect end.", 'InvalidStateError');
      var stopped = time === null || s.start === null || s.paused;
      setRate(this, -s.rate);
      if (stopped) this.play();
    });
    getter(proto, 'pending', function () { return false; });
    getter(proto, 'timeline', function () { return this._s.timeline === undefined ? env.document.timeline : this._s.timeline; });
    getter(proto, 'effect', function () { return this._s.effect; }, function (value) {
      if (value !== null && !(value instanceof KeyframeEffect)) throw new TypeError("Failed to set the 'effect' property on 'Animation': The provided value is not of type 'AnimationEffect'.");
      setEffect(this, value);
    });
    getter(proto, 'replaceState', function () { return this._s.replaceState || 'active'; });
    define(proto, 'persist', function persist() {
      var s = this._s, removed = s.replaceState === 'removed';
      s.replaceState = 'persisted';
      if (removed && relevant(this)) track(this);
    });
    // Writes the effect's current values (over those of the effects below it) into the target's style attribute.
    define(proto, 'commitStyles', function commitStyles() {
      var r = record(this), el = r && r.target;
      if (!el || !el.style) throw new g.DOMException("Failed to execute 'commitStyles' on 'Animation': Animation effect has no target element.", 'NoModificationAllowedError');
      if (env.styleRead) env.styleRead();
      if (!rendered(el)) throw new g.DOMException("Failed to execute 'commitStyles' on 'Animation': Target element is not rendered.", 'InvalidStateError');
      Object.keys(r.frames).forEach(function (name) {
        var value = env.motion.valueThrough(el, name, env.css.value(el, name), r);
        if (value !== undefined && value !== null) el.style.setProperty(name, String(value));
      });
    });
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
      var state = a.playState, r = record(a), fill = r && r.timing.fill;
      if (!r || a._s.replaceState === 'removed') return false;
      return state === 'running' || state === 'paused' || (state === 'finished' && (fill === 'forwards' || fill === 'both'));
    }
    function rendered(el) {
      if (!el.ownerDocument || !el.ownerDocument.documentElement || !el.ownerDocument.documentElement.contains(el)) return false;
      for (var e = el; e && e.nodeType === 1; e = e.parentNode) if (env.css.value(e, 'display') === 'none') return false;
      return true;
    }
    // Removing replaced animations (Web Animations 1 §5.5): a finished, filling script animation whose every
    // property a later finished, filling one of the same target also animates is removed, with a `remove` event,
    // unless persist() was called.
    function removeReplaced(latest) {
      var r = record(latest), target = r && r.target;
      if (!target) return;
      var replaceable = animations.filter(function (a) {
        var ar = record(a), fill = ar && ar.timing.fill;
        return ar && ar.target === target && a._s.replaceState === 'active' && a._s.timeline === env.document.timeline &&
          a.playState === 'finished' && (fill === 'forwards' || fill === 'both');
      });
      replaceable.forEach(function (a, i) {
        var later = replaceable.slice(i + 1);
        if (!later.length) return;
        var covered = Object.keys(record(a).frames).every(function (name) { return later.some(function (b) { return !!record(b).frames[name]; }); });
        if (!covered) return;
        a._s.replaceState = 'removed';
        env.motion.remove(record(a));
        fire(a, 'remove');
      });
    }
    define(impl.Element.prototype, 'animate', function animate(keyframes, options) {
      var a = new Animation(new KeyframeEffect(this, keyframes, options), env.document.timeline);
      if (options && typeof options === 'object' && options.id !== undefined) a.id = String(options.id);
      a.play();
      return a;
    });
    // CSS transitions, then CSS animations (css-animations.js), then script animations: their composite order.
    function cssAnimations(el) { return env.motion.cssAnimationsOf ? env.motion.cssAnimationsOf(el) : []; }
    define(impl.Element.prototype, 'getAnimations', function getAnimations() {
      var self = this;
      return cssAnimations(this).concat(animations.filter(function (a) { return relevant(a) && a._s.effect._e.target === self; }));
    });
    define(impl.Document.prototype, 'getAnimations', function getAnimations() {
      var doc = this;
      return (doc === env.document ? cssAnimations(null) : []).concat(animations.filter(function (a) { return relevant(a) && !!a._s.effect._e.target && a._s.effect._e.target.ownerDocument === doc; }));
    });
    // Timelines: the document's is the runtime's clock (performance.now()); a DocumentTimeline is that clock less its
    // originTime.
    function AnimationTimeline() { throw new TypeError('Illegal constructor'); }
    function DocumentTimeline(options) {
      if (!(this instanceof DocumentTimeline)) throw new TypeError("Constructor requires 'new' operator");
      var origin = options && typeof options === 'object' && options.originTime !== undefined ? Number(options.originTime) : 0;
      if (!isFinite(origin)) throw new TypeError("Failed to construct 'DocumentTimeline': originTime is not a finite number.");
      define(this, '_origin', origin);
    }
    DocumentTimeline.prototype = Object.create(AnimationTimeline.prototype);
    getter(AnimationTimeline.prototype, 'currentTime', function () { return this._inert ? null : now() - (this._origin || 0); });
    define(DocumentTimeline.prototype, 'constructor', DocumentTimeline);
    define(DocumentTimeline.prototype, Symbol.toStringTag, 'DocumentTimeline');
    define(g, 'AnimationTimeline', AnimationTimeline);
    define(g, 'DocumentTimeline', DocumentTimeline);
    timelineOf = function (d) {
      var timeline = Object.create(DocumentTimeline.prototype);
      define(timeline, '_origin', 0);
      if (d !== env.document) define(timeline, '_inert', true);
      return timeline;
    };
  }

  // --- effects: the interpolated values getComputedStyle gives while transitions and animations run (Web Animations
  // 1 timing model, CSS Easing 1, CSS Values 4 interpolation). Shared with css-animations.js through env.motion;
  // cssom.js asks env.animated only for elements that have an effect, and only once one exists.
  // An effect: { target, kind ('transition' < 'animation' < 'script': composite order), frames: { longhand:
  // [{ offset, value (computed text, or null for the underlying value), raw (text to compute), easing }] },
  // timing: { delay, duration, iterations, iterationStart, direction, fill, easing }, time(): its local time or null }.
  function motionRegistry() {
    var byElement = new Map(), seq = 0, ORDER = { transition: 0, animation: 1, script: 2 };
    var LAYOUT = /^(width|height|min-|max-|top$|right$|bottom$|left$|margin|padding|border-.*width|font-size|line-height|letter-spacing|word-spacing|flex|gap|row-gap|column-gap)/;
    var api = {
      add: function (effect) {
        var list = byElement.get(effect.target);
        if (!list) byElement.set(effect.target, list = []);
        if (list.indexOf(effect) >= 0) return;
        if (!effect.seq) effect.seq = ++seq;   // its place in the composite order stays when it comes back
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
      // The time while an effect animates a property that moves or sizes boxes ('' otherwise): part of the layout's
      // cache key, so that geometry follows such animations and pages without them keep their cached layout.
      layoutTime: function () {
        var moving = false;
        byElement.forEach(function (list) {
          for (var i = 0; !moving && i < list.length; i++) moving = Object.keys(list[i].frames).some(function (p) { return LAYOUT.test(p); });
        });
        return moving ? performance.now() : '';
      },
      value: function (el, name, base) {
        var list = byElement.get(el), value = base;
        for (var i = 0; list && i < list.length; i++) {
          var v = sample(list[i], name, value);
          if (v !== undefined) value = v;
        }
        return value;
      },
      // The value of `name` with the effects up to `effect` in composite order (it included, even when removed).
      valueThrough: function (el, name, base, effect) {
        var list = byElement.get(el) || [], value = base;
        for (var i = 0; i < list.length && list[i] !== effect && (ORDER[list[i].kind] - ORDER[effect.kind] || list[i].seq - (effect.seq || Infinity)) < 0; i++) {
          var v = sample(list[i], name, value);
          if (v !== undefined) value = v;
        }
        var own = sample(effect, name, value);
        return own === undefined ? value : own;
      },
      // One effect's value of `name` now (undefined when it is not in effect), over `underlying`.
      sample: function (effect, name, underlying) { return sample(effect, name, underlying); },
      easing: easing, progress: progress, phase: phase, resolvedTransform: resolvedTransform, transformMatrix: transformMatrix
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
  // A keyframe's value: the underlying value for a neutral one, else its own, composited with the underlying value
  // as its `composite` (or its effect's) says.
  function frameValue(effect, name, frame, underlying) {
    if (frame.raw === undefined) return frame.value === null ? underlying : frame.value;
    var v = env.css.computeAs(effect.target, name, frame.raw);
    if (v === undefined || v === '') return underlying;
    var op = frame.composite && frame.composite !== 'auto' ? frame.composite : effect.composite;
    return op === 'add' || op === 'accumulate' ? composite(name, String(underlying), String(v), op) : v;
  }
  // The transformed progress of an iteration at local time `t` (Web Animations 1 §4.8), or null when not in effect.
  function progress(timing, t) {
    var at = phase(timing, t);
    return at && at.progress;
  }
  // { progress (transformed), iteration (the current iteration) } at local time `t`, or null when not in effect.
  function phase(timing, t) {
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
    return { progress: timing.easing ? timing.easing(directed) : directed, iteration: iteration };
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
    if ((m = /^linear\((.*)\)$/.exec(s))) return linearPoints(m[1]);
    if ((m = /^steps\(\s*(\d+)\s*(?:,\s*(jump-start|jump-end|jump-none|jump-both|start|end)\s*)?\)$/.exec(s))) {
      var count = Number(m[1]), position = m[2] || 'jump-end';
      return count >= 1 && !(position === 'jump-none' && count < 2) ? steps(count, position) : null;
    }
    return null;
  }
  // linear(<number> && <percentage>{0,2} #) (CSS Easing 2 §2.1): points joined by lines, or null when malformed.
  function linearPoints(text) {
    var stops = text.split(','), points = [], largest = -Infinity, NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/;
    if (stops.length < 2) return null;
    for (var i = 0; i < stops.length; i++) {
      var tokens = stops[i].trim().split(/\s+/), output = null, inputs = [];
      for (var k = 0; k < tokens.length; k++) {
        var t = tokens[k];
        if (NUMBER.test(t) && output === null) output = Number(t);
        else if (/%$/.test(t) && NUMBER.test(t.slice(0, -1)) && inputs.length < 2) inputs.push(Number(t.slice(0, -1)) / 100);
        else return null;
      }
      if (output === null) return null;
      if (!inputs.length) points.push({ output: output, input: null });
      inputs.forEach(function (input) {   // an input below an earlier one is raised to it
        largest = Math.max(input, largest);
        points.push({ output: output, input: largest });
      });
    }
    if (points[0].input === null) points[0].input = 0;
    if (points[points.length - 1].input === null) points[points.length - 1].input = Math.max(largest, 1);
    for (var a = 1; a < points.length; a++) {   // runs without an input: spaced evenly between their neighbours
      if (points[a].input !== null) continue;
      var b = a;
      while (points[b].input === null) b++;
      for (var j = a; j < b; j++) points[j].input = points[a - 1].input + (points[b].input - points[a - 1].input) * (j - a + 1) / (b - a + 1);
      a = b;
    }
    return function (p) {
      var index = 0;
      for (var n = 0; n < points.length; n++) if (points[n].input <= p) index = n;
      if (index === points.length - 1) index--;
      var from = points[index], to = points[index + 1];
      if (from.input === to.input) return to.output;
      return from.output + (p - from.input) / (to.input - from.input) * (to.output - from.output);
    };
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
    if (name === 'transform') return interpolateTransform(from, to, p);
    var v = interpolateText(name, from, to, p);
    return v === null ? (p < 0.5 ? from : to) : v;
  }
  // Values with the same text around their numbers, number by number (colours as colours); null when they differ.
  function interpolateText(name, from, to, p) {
    var a = parts(from), b = parts(to);
    if (!a || !b || a.shape !== b.shape || a.list.length < 3) return null;
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

  // --- composition (Web Animations 1 §5.4.4, CSS Values 4 §3.2): `add` sums numbers and colours of the same
  // shape and appends transform lists; `accumulate` sums the arguments of like transform lists (scales as
  // factors: 1 + (a - 1) + (b - 1)) and is `add` otherwise. Values that do not add give the keyframe's own value.
  function composite(name, under, value, op) {
    if (name === 'transform') {
      if (under === 'none') return value;
      if (value === 'none') return under;
      var pair = op === 'accumulate' ? paddedTransforms(under, value) : null;
      var a = pair && transformFunctions(pair[0]), b = pair && transformFunctions(pair[1]);
      if (!a || !b) return under + ' ' + value;
      return a.map(function (f, i) {
        var scale = /^scale/.test(f.name);
        return f.fn + '(' + f.args.map(function (v, k) { return format(scale ? v.n + b[i].args[k].n - 1 : v.n + b[i].args[k].n) + v.unit; }).join(', ') + ')';
      }).join(' ');
    }
    var x = parts(under), y = parts(value);
    if (!x || !y || x.shape !== y.shape || x.list.length < 3) return value;
    return x.list.map(function (p, i) {
      if (typeof p === 'string') return p;
      if (typeof p === 'number') return format(p + y.list[i]);
      var c = [0, 1, 2, 3].map(function (k) { return Math.min(k === 3 ? 1 : 255, p.color[k] + y.list[i].color[k]); });
      return c[3] === 1 ? 'rgb(' + c.slice(0, 3).join(', ') + ')' : 'rgba(' + c.slice(0, 3).join(', ') + ', ' + format(c[3]) + ')';
    }).join('');
  }

  // --- transforms (CSS Transforms 1 §9 "Interpolation of transforms"): lists of the same functions interpolate
  // function by function (the shorter list padded with the identity functions of the longer one's tail); other
  // lists, and lists against `none` that do not match, interpolate as 2D matrices, decomposed (translation, scale,
  // rotation, the remaining 2x2 matrix) and recomposed as the spec's "Decomposing a 2D matrix" says. 3D functions
  // (but flat ones: translateZ(0), translate3d(x, y, 0), scale3d(x, y, 1)) and percentages (which need the box) have
  // no matrix here: such pairs are discrete.
  function transformFunctions(text) {   // [{ name, args: [{ n, unit }] }] of a computed transform list, or null
    var out = [], re = /\s*([a-z0-9]+)\(([^)]*)\)/gi, last = 0, m;
    text = String(text).trim();
    if (text === 'none') return out;
    while ((m = re.exec(text))) {
      if (m.index !== last) return null;
      last = re.lastIndex;
      var args = m[2].trim() === '' ? [] : m[2].split(',').map(function (a) {
        var v = /^\s*(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)\s*$/i.exec(a);
        return v ? { n: Number(v[1]), unit: v[2].toLowerCase() } : null;
      });
      if (args.some(function (a) { return a === null; })) return null;
      out.push({ name: m[1].toLowerCase(), fn: m[1], args: args });
    }
    return last === text.length && out.length ? out : null;
  }
  function angle(a) {   // radians, or null
    if (!a) return 0;
    var k = { deg: Math.PI / 180, rad: 1, grad: Math.PI / 200, turn: 2 * Math.PI, '': a.n === 0 ? 1 : NaN }[a.unit];
    return k === undefined || isNaN(k) ? null : a.n * k;
  }
  function pxOf(a) { return !a ? 0 : a.unit === 'px' || (a.unit === '' && a.n === 0) ? a.n : null; }
  function numberOf(a) { return !a ? null : a.unit === '' ? a.n : a.unit === '%' ? a.n / 100 : null; }
  // A function as a 2D matrix [a, b, c, d, e, f] (x' = a x + c y + e, y' = b x + d y + f), or null.
  function functionMatrix(f) {
    var x = f.args[0], y = f.args[1], t, s, n;
    switch (f.name) {
      case 'matrix': return f.args.length === 6 && f.args.every(function (v) { return v.unit === ''; }) ? f.args.map(function (v) { return v.n; }) : null;
      case 'translate': t = [pxOf(x), pxOf(y)]; break;
      case 'translate3d': t = f.args.length === 3 && pxOf(f.args[2]) === 0 ? [pxOf(x), pxOf(y)] : [null, null]; break;   // flat ones only
      case 'translatez': t = pxOf(x) === 0 ? [0, 0] : [null, null]; break;
      case 'scale3d': s = f.args.length === 3 && numberOf(f.args[2]) === 1 ? [numberOf(x), numberOf(y)] : [null, null]; break;
      case 'scalez': s = numberOf(x) === 1 ? [1, 1] : [null, null]; break;
      case 'translatex': t = [pxOf(x), 0]; break;
      case 'translatey': t = [0, pxOf(x)]; break;
      case 'scale': s = [numberOf(x), y ? numberOf(y) : numberOf(x)]; break;
      case 'scalex': s = [numberOf(x), 1]; break;
      case 'scaley': s = [1, numberOf(x)]; break;
      case 'rotate': case 'rotatez':
        n = angle(x);
        return n === null ? null : [Math.cos(n), Math.sin(n), -Math.sin(n), Math.cos(n), 0, 0];
      case 'skew': case 'skewx': case 'skewy':
        var ax = f.name === 'skewy' ? 0 : angle(x), ay = f.name === 'skewy' ? angle(x) : f.name === 'skew' ? angle(y) : 0;
        return ax === null || ay === null ? null : [1, Math.tan(ay), Math.tan(ax), 1, 0, 0];
      default: return null;
    }
    if (t) return t[0] === null || t[1] === null || (f.args.length > 2 && f.name !== 'translate3d') ? null : [1, 0, 0, 1, t[0], t[1]];
    return s[0] === null || s[1] === null || (f.args.length > 2 && f.name !== 'scale3d') ? null : [s[0], 0, 0, s[1], 0, 0];
  }
  function multiply(m, n) {   // m then... m × n as CSS composes a list: the left function is the outer one
    return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
            m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  }
  function listMatrix(list) {   // the product of a list of functions, or null
    var m = [1, 0, 0, 1, 0, 0];
    for (var i = 0; i < list.length; i++) {
      var f = functionMatrix(list[i]);
      if (!f || f.some(function (v) { return !isFinite(v); })) return null;
      m = multiply(m, f);
    }
    return m;
  }
  // The 2D matrix of a transform list on a box of `width` x `height` (translate percentages resolved), or null.
  function transformMatrix(text, width, height) {
    var list = transformFunctions(text);
    if (!list) return null;
    list.forEach(function (f) {
      if (!/^translate[xy]?$/.test(f.name)) return;
      f.args = f.args.map(function (v, i) {
        var size = f.name === 'translatey' || i === 1 ? height : width;
        return v.unit === '%' ? { n: v.n * size / 100, unit: 'px' } : v;
      });
    });
    return listMatrix(list);
  }
  function matrixText(m) { return 'matrix(' + m.map(format).join(', ') + ')'; }
  // The resolved value of a computed transform, as browsers serialise it: `none` or matrix(a, b, c, d, e, f), its
  // percentages of a `width` x `height` box; a list with 3D functions, or percentages without a box, stays as it is.
  function resolvedTransform(text, width, height) {
    var list = transformFunctions(text), percent = String(text).indexOf('%') >= 0;
    var m = !list || !list.length || (percent && width === undefined) ? null : percent ? transformMatrix(text, width, height) : listMatrix(list);
    return m ? matrixText(m) : String(text);
  }
  function decompose(m) {   // CSS Transforms 1 "Decomposing a 2D matrix" (matrix[i][j] = m[2 i + j])
    var r0x = m[0], r0y = m[1], r1x = m[2], r1y = m[3];
    var scale = [Math.sqrt(r0x * r0x + r0y * r0y), Math.sqrt(r1x * r1x + r1y * r1y)];
    if (r0x * r1y - r0y * r1x < 0) { if (r0x < r1y) scale[0] = -scale[0]; else scale[1] = -scale[1]; }
    if (scale[0]) { r0x /= scale[0]; r0y /= scale[0]; }
    if (scale[1]) { r1x /= scale[1]; r1y /= scale[1]; }
    var a = Math.atan2(r0y, r0x);
    if (a) {
      var sn = -r0y, cs = r0x, m11 = r0x, m12 = r0y, m21 = r1x, m22 = r1y;
      r0x = cs * m11 + sn * m21; r0y = cs * m12 + sn * m22;
      r1x = -sn * m11 + cs * m21; r1y = -sn * m12 + cs * m22;
    }
    return { translate: [m[4], m[5]], scale: scale, angle: a * 180 / Math.PI, rest: [r0x, r0y, r1x, r1y] };
  }
  function recompose(d) {   // the spec's recomposition, in CSS's order of functions: translate, the rest, rotate, scale
    var a = d.angle * Math.PI / 180, cos = Math.cos(a), sin = Math.sin(a);
    var m = multiply(multiply([1, 0, 0, 1, d.translate[0], d.translate[1]], d.rest.concat([0, 0])), [cos, sin, -sin, cos, 0, 0]);
    return [m[0] * d.scale[0], m[1] * d.scale[0], m[2] * d.scale[1], m[3] * d.scale[1], m[4], m[5]];
  }
  function interpolateMatrices(from, to, p) {
    var a = decompose(from), b = decompose(to);
    if ((a.scale[0] < 0 && b.scale[1] < 0) || (a.scale[1] < 0 && b.scale[0] < 0)) {
      a.scale = [-a.scale[0], -a.scale[1]];
      a.angle += a.angle < 0 ? 180 : -180;
    }
    if (!a.angle) a.angle = 360;
    if (!b.angle) b.angle = 360;
    if (Math.abs(a.angle - b.angle) > 180) { if (a.angle > b.angle) a.angle -= 360; else b.angle -= 360; }
    function lerp(x, y) { return x.map(function (v, i) { return mix(v, y[i], p); }); }
    return recompose({ translate: lerp(a.translate, b.translate), scale: lerp(a.scale, b.scale), angle: mix(a.angle, b.angle, p),
                       rest: lerp(a.rest, b.rest) });
  }
  // `from` and `to` as lists of the same functions (the shorter padded with identities), or null when they do not
  // match (or hold matrix(), which interpolates decomposed).
  function paddedTransforms(from, to) {
    var a = transformFunctions(from), b = transformFunctions(to);
    if (!a || !b) return null;
    for (var i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i].name === b[i].name && a[i].args.length === b[i].args.length) continue;
      var x = primitive(a[i]), y = primitive(b[i]);   // translateX and translate(x, y) meet as translate(), ...
      if (!x || !y || x.name !== y.name) return null;
      a[i] = x;
      b[i] = y;
    }
    if (a.concat(b).some(function (f) { return f.name === 'matrix'; })) return null;
    function text(list) {
      return list.map(function (f) { return f.fn + '(' + f.args.map(function (v) { return format(v.n) + v.unit; }).join(', ') + ')'; }).join(' ');
    }
    function padded(list, other) { return text(list) + (list.length < other.length ? (list.length ? ' ' : '') + identityTransform(text(other.slice(list.length))) : ''); }
    return [padded(a, b), padded(b, a)];
  }
  // A 2D function as its shared primitive (CSS Transforms 2 §"Interpolation of primitives and derived transform
  // functions"): translate(x, y), scale(x, y), rotate(a), skew(x, y); null for the others.
  function primitive(f) {
    var x = f.args[0], y = f.args[1], zero = function (unit) { return { n: 0, unit: unit }; }, one = { n: 1, unit: '' };
    function make(name, args) { return { name: name, fn: name, args: args }; }
    switch (f.name) {
      case 'translate': return f.args.length <= 2 ? make('translate', [x, y || zero('px')]) : null;
      case 'translatex': return make('translate', [x, zero('px')]);
      case 'translatey': return make('translate', [zero('px'), x]);
      case 'scale': return f.args.length <= 2 ? make('scale', [x, y || x]) : null;
      case 'scalex': return make('scale', [x, one]);
      case 'scaley': return make('scale', [one, x]);
      case 'rotate': case 'rotatez': return make('rotate', [x]);
      case 'skew': return f.args.length <= 2 ? make('skew', [x, y || zero('deg')]) : null;
      case 'skewx': return make('skew', [x, zero('deg')]);
      case 'skewy': return make('skew', [zero('deg'), x]);
      default: return null;
    }
  }
  function interpolateTransform(from, to, p) {
    var pair = paddedTransforms(from, to), v = pair && interpolateText('transform', pair[0], pair[1], p);
    if (v !== null && v !== undefined) return v;
    var a = transformFunctions(from), b = transformFunctions(to), ma = a && listMatrix(a), mb = b && listMatrix(b);
    if (ma && mb) return matrixText(interpolateMatrices(ma, mb, p));
    return p < 0.5 ? from : to;
  }
})
