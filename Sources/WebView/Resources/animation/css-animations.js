(function (require, native, env) {
  'use strict';
  // CSS transitions and CSS animations (CSS Transitions 1, CSS Animations 1): their events on the runtime's clock,
  // from the css layer's computed style, and their effects (env.motion, animation/animation.js), so that
  // getComputedStyle gives the interpolated value while they run. Style change events compare the cascade's values
  // (env.css.value), never interpolated ones.
  //
  // Style change events: a task after a change of an element's class, style or id attribute, or an insertion, and
  // any style read (getComputedStyle, geometry) in between, as a forced style update in browsers. Each compares an
  // element's computed values with those of the previous style change event: an element seen for the first time
  // starts its animations but no transition, as in browsers.
  // Installed lazily: until the sheets or a style attribute mention a transition or an animation, a change costs
  // one text test of the sheets, and nothing else runs.
  // Timers are internal (native.timer): finite transitions and animations keep the page busy until their end,
  // infinite animations only for the task that announces them (their animationstart, without a delay).
  var g = globalThis, doc = env.document, css = env.css, motion = env.motion, active = false;
  var states = new Map();        // element -> { values, transitions, animations } since its last style change event
  var pending = new Set(), updateTimer = 0, updating = false;
  // The properties compared for `transition-property: all` (and any property a transition names).
  var ANIMATABLE = ('opacity transform transform-origin color background-color background-position background-size ' +
    'width height min-width min-height max-width max-height top right bottom left z-index visibility ' +
    'margin-top margin-right margin-bottom margin-left padding-top padding-right padding-bottom padding-left ' +
    'border-top-width border-right-width border-bottom-width border-left-width border-top-color border-right-color ' +
    'border-bottom-color border-left-color border-top-left-radius border-top-right-radius border-bottom-right-radius ' +
    'border-bottom-left-radius outline-color outline-width outline-offset box-shadow text-shadow filter clip-path ' +
    'font-size font-weight letter-spacing word-spacing line-height text-indent flex-grow flex-shrink flex-basis ' +
    'row-gap column-gap fill stroke').split(' ');

  var previousHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    if (previousHandler) previousHandler(m);
    if (m.type === 2 || m.type === 3) {           // ATTR, REMOVE_ATTR
      var name = m.attr && m.attr.localName;
      if ((name === 'class' || name === 'style' || name === 'id') && (active || activate(m.target, false))) changed(m.target);
    } else if ((m.type === 6 || m.type === 5) && m.node && m.node.nodeType === 1) {   // INSERT, MOVE
      if (active) changed(m.node);
      else if (m.node.localName === 'style') native.timer(function () { if (!active) activate(null, false); }, 0, true);
    } else if (active && m.type === 4 && m.node) {                            // REMOVE: no style any more
      states.forEach(function (state, el) { if (el === m.node || m.node.contains(el)) forget(el, state); });
    }
  });
  // The first styles: at DOMContentLoaded (before its listeners run, as a page's first frame is before its later
  // changes), or at the load of a sheet or the insertion of a <style>, whichever first has a transition or an
  // animation. Activated by a change itself, the styles before it are gone: that change starts no transition.
  var domContentLoaded = env.domContentLoaded;
  env.domContentLoaded = function () {
    if (!active) activate(null, true);
    return domContentLoaded.apply(this, arguments);
  };
  doc.addEventListener('load', function (event) {
    if (!active && event.target && event.target.localName === 'link') activate(null, true);
  }, true);

  function activate(el, now) {
    if (!css.mayAnimate(el)) return false;
    active = true;
    env.styleRead = function () { if (pending.size && !updating) update(); };
    if (doc.documentElement) changed(doc.documentElement);
    if (now) update();
    return true;
  }
  function changed(el) {
    pending.add(el);
    if (!updateTimer) updateTimer = native.timer(update, 0, true);
  }

  // --- style change events
  function update() {
    if (updateTimer) { native.clearTimer(updateTimer); updateTimer = 0; }
    var roots = Array.from(pending), seen = new Set();
    pending.clear();
    updating = true;
    try {
      roots.forEach(function (root) {
        if (!connected(root)) return;
        seen.add(root);
        var all = root.querySelectorAll('*');
        for (var i = 0; i < all.length; i++) seen.add(all[i]);
      });
      seen.forEach(styleChanged);
    } finally { updating = false; }
  }
  function connected(el) { return el.ownerDocument === doc && !!doc.documentElement && doc.documentElement.contains(el); }
  function rendered(el) {
    for (var e = el; e && e.nodeType === 1; e = e.parentNode) if (css.value(e, 'display') === 'none') return false;
    return true;
  }
  function list(el, name) {   // a comma-separated list, split at top-level commas (not those of cubic-bezier())
    var text = String(css.value(el, name) || ''), parts = [], depth = 0, current = '';
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
      if (c === ',' && depth === 0) { parts.push(current.trim()); current = ''; } else current += c;
    }
    parts.push(current.trim());
    return parts;
  }
  // A timing function; a malformed one counts as `ease`, the initial value.
  function easingOf(text) { return motion.easing(text) || motion.easing('ease'); }
  function time(text) {
    var m = /^(-?(?:\d+\.?\d*|\.\d+))(ms|s)$/i.exec(String(text).trim());
    return m ? Number(m[1]) * (m[2].toLowerCase() === 's' ? 1000 : 1) : 0;   // malformed: the initial 0s
  }
  function styleChanged(el) {
    var state = states.get(el);
    if (!rendered(el)) { if (state) forget(el, state); return; }
    var first = !state;
    if (first) states.set(el, state = { values: null, transitions: Object.create(null), animations: Object.create(null) });
    var covered = transitionsOf(el), values = Object.create(null);
    ANIMATABLE.concat(Object.keys(covered)).forEach(function (p) { values[p] = css.value(el, p); });
    if (!first) updateTransitions(el, state, covered, values);
    state.values = values;
    updateAnimations(el, state);
  }

  // --- transitions
  function transitionsOf(el) {
    var properties = list(el, 'transition-property'), durations = list(el, 'transition-duration'), delays = list(el, 'transition-delay');
    var easings = list(el, 'transition-timing-function'), covered = Object.create(null);
    properties.forEach(function (name, i) {
      name = name.trim().toLowerCase();
      if (!name || name === 'none') return;
      var timing = { duration: Math.max(0, time(durations[i % durations.length])), delay: time(delays[i % delays.length]),
                     easing: easingOf(easings[i % easings.length]) };
      (name === 'all' ? ANIMATABLE : css.longhands(name) || [name]).forEach(function (p) { covered[p] = timing; });
    });
    return covered;
  }
  // Values interpolate when they differ only in their numbers (lengths, colours, transforms of one shape), or one
  // side is `none` for the list-valued properties, or for visibility; `auto`, keywords and the like do not.
  function transitionable(property, from, to) {
    if (from === undefined || to === undefined || from === '' || to === '') return false;
    if (property === 'visibility') return true;
    if (property === 'transform') return true;   // any two transforms interpolate (as matrices when they must)
    if (/^(filter|box-shadow|text-shadow)$/.test(property) && (from === 'none' || to === 'none')) return true;
    var shape = function (v) {
      return String(v).replace(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g, '0').replace(/rgba?\(0, 0, 0(?:, 0)?\)/g, 'C');
    };
    return shape(from) === shape(to) && /\d/.test(String(from));
  }
  // A transition interrupted by a new value is cancelled; the new one starts from the value it had reached, and
  // when it goes back to where the old one started, it is shortened by how far the old one had got (CSS
  // Transitions 1 §3, the reversing shortening factor).
  function updateTransitions(el, state, covered, values) {
    var interrupted = Object.create(null);
    Object.keys(state.transitions).forEach(function (p) {
      var t = state.transitions[p], c = covered[p];
      if (!c || c.duration + c.delay <= 0 || t.to !== values[p]) {
        var now = motion.sample(t.effect, p, t.to), progress = motion.progress(t.effect.timing, local(t));
        if (c && now !== undefined && progress !== null) interrupted[p] = { value: now, progress: progress, t: t };
        cancel(t, 'transitioncancel');
      }
    });
    Object.keys(covered).forEach(function (p) {
      var c = covered[p], from = state.values[p], to = values[p], old = interrupted[p], reversing = null;
      if (state.transitions[p] || c.duration + c.delay <= 0) return;
      if (old) {
        from = old.value;
        if (old.t.reversingStart === to) {
          var factor = Math.max(0, Math.min(1, Math.abs(old.progress * old.t.factor + 1 - old.t.factor)));
          reversing = { start: old.t.to, factor: factor };
          c = { duration: c.duration * factor, delay: c.delay < 0 ? c.delay * factor : c.delay, easing: c.easing };
        }
      }
      if (from === to || !transitionable(p, from, to)) return;
      startTransition(el, state, p, from, to, c, reversing);
    });
  }
  function startTransition(el, state, property, from, to, c, reversing) {
    var t = state.transitions[property] = { el: el, name: property, to: to, begin: performance.now(), hold: null, delay: c.delay,
      duration: c.duration, timer: 0, step: null, announced: false, ended: false, state: state, kind: 'transition',
      reversingStart: reversing ? reversing.start : from, factor: reversing ? reversing.factor : 1 };
    // A transition fills backwards: during its delay it gives the start value.
    var frames = Object.create(null);
    frames[property] = [{ offset: 0, value: from, easing: null }, { offset: 1, value: to, easing: null }];
    t.effect = { target: el, kind: 'transition', frames: frames, time: function () { return local(t); },
      timing: { delay: c.delay, duration: c.duration, iterations: 1, direction: 'normal', fill: 'backwards', easing: c.easing } };
    motion.add(t.effect);
    var started = function () { fire(t, 'transitionstart', Math.min(Math.max(0, -t.delay), t.duration)); };
    at(t, 0, true, function () {
      t.announced = true;
      fire(t, 'transitionrun', Math.min(Math.max(0, -t.delay), t.duration));
      if (t.delay <= 0) started();
      if (t.delay > 0) at(t, t.delay, true, function () { started(); ending(); });
      else ending();
    });
    function ending() {
      at(t, t.delay + t.duration, true, function () {
        t.ended = true;
        delete state.transitions[property];
        motion.remove(t.effect);
        settle(t, true);
        fire(t, 'transitionend', t.duration);
      });
    }
  }

  // --- animations
  function updateAnimations(el, state) {
    var names = list(el, 'animation-name'), durations = list(el, 'animation-duration'), delays = list(el, 'animation-delay');
    var counts = list(el, 'animation-iteration-count'), playStates = list(el, 'animation-play-state');
    var directions = list(el, 'animation-direction'), fills = list(el, 'animation-fill-mode'), easings = list(el, 'animation-timing-function');
    var wanted = Object.create(null);
    names.forEach(function (raw, i) {
      var name = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
      if (!name || name === 'none' || !css.keyframes(name)) return;
      var count = String(counts[i % counts.length]).trim().toLowerCase();
      var iterations = count === 'infinite' ? Infinity : /^(\d+\.?\d*|\.\d+)$/.test(count) ? Number(count) : 1;
      var direction = String(directions[i % directions.length]).trim().toLowerCase(), fill = String(fills[i % fills.length]).trim().toLowerCase();
      wanted[name] = { duration: Math.max(0, time(durations[i % durations.length])), delay: time(delays[i % delays.length]), iterations: iterations,
        direction: /^(normal|reverse|alternate|alternate-reverse)$/.test(direction) ? direction : 'normal',   // malformed: the initial value
        fill: /^(none|forwards|backwards|both)$/.test(fill) ? fill : 'none', easing: easings[i % easings.length],
        paused: String(playStates[i % playStates.length]).trim().toLowerCase() === 'paused' };
    });
    Object.keys(state.animations).forEach(function (name) { if (!wanted[name]) cancel(state.animations[name], 'animationcancel'); });
    Object.keys(wanted).forEach(function (name) {
      var a = state.animations[name], w = wanted[name];
      if (!a) a = startAnimation(el, state, name, w);
      else {   // a running (or ended) animation takes its new direction, fill mode and timing function
        a.effect.timing.direction = w.direction;
        a.effect.timing.fill = w.fill;
        if (a.easingText !== w.easing) a.effect.frames = keyframeEffect(name, a.easingText = w.easing);
        if (a.ended && (a.cancelled || (w.fill !== 'forwards' && w.fill !== 'both'))) motion.remove(a.effect);
        else if (a.ended) motion.add(a.effect);
      }
      if (!a.playOverride) paused(a, w.paused);   // after pause() or play(), animation-play-state no longer applies
    });
  }
  // The effect of @keyframes `name`: per longhand, its keyframes by offset (the last of an offset wins), each with
  // its own animation-timing-function or the animation's; missing 0% and 100% keyframes take the underlying value.
  function keyframeEffect(name, easingText) {
    var rule = css.keyframeRule(name) || [], frames = Object.create(null), fallback = easingOf(easingText);
    rule.forEach(function (frame) {
      var ease = frame.easing === null ? fallback : easingOf(frame.easing);
      frame.offsets.forEach(function (offset) {
        frame.declarations.forEach(function (d) {
          var list = frames[d[0]] || (frames[d[0]] = []);
          for (var i = 0; i < list.length; i++) if (list[i].offset === offset) { list.splice(i, 1); break; }
          list.push({ offset: offset, raw: d[1], easing: ease });
        });
      });
    });
    Object.keys(frames).forEach(function (p) {
      var list = frames[p].sort(function (x, y) { return x.offset - y.offset; });
      if (list[0].offset > 0) list.unshift({ offset: 0, value: null, easing: fallback });
      if (list[list.length - 1].offset < 1) list.push({ offset: 1, value: null, easing: fallback });
    });
    return frames;
  }
  function startAnimation(el, state, name, timing) {
    var a = state.animations[name] = { el: el, name: name, begin: performance.now(), hold: null, delay: timing.delay, duration: timing.duration,
      iterations: timing.iterations, timer: 0, step: null, announced: false, ended: false, state: state, kind: 'animation', easingText: timing.easing };
    a.effect = { target: el, kind: 'animation', frames: keyframeEffect(name, timing.easing), time: function () { return local(a); },
      timing: { delay: a.delay, duration: a.duration, iterations: a.iterations, iterationStart: 0, direction: timing.direction, fill: timing.fill, easing: null } };
    motion.add(a.effect);
    var span = a.duration * a.iterations;
    if (isNaN(span)) span = 0;                  // 0s × infinite
    var finite = span !== Infinity, iteration = 1;
    function next() {
      if (iteration < a.iterations && a.duration > 0 && (a.delay + iteration * a.duration) < a.delay + span) {
        at(a, a.delay + iteration * a.duration, finite, function () { fire(a, 'animationiteration', iteration * a.duration); iteration++; next(); });
      } else if (finite) {
        at(a, a.delay + span, true, function () {
          a.ended = true;   // kept until its name goes, so that a later style change does not start it again
          if (a.effect.timing.fill !== 'forwards' && a.effect.timing.fill !== 'both') motion.remove(a.effect);
          settle(a, true);
          fire(a, 'animationend', span);
        });
      }
    }
    at(a, 0, true, function () {   // the first task keeps the page busy even for an infinite animation, as any task
      a.announced = true;
      var started = function () { fire(a, 'animationstart', Math.min(Math.max(0, -a.delay), span)); };
      if (a.delay > 0) at(a, a.delay, finite, function () { started(); next(); });
      else {
        started();
        while (a.duration > 0 && iteration < a.iterations && a.delay + iteration * a.duration <= 0) iteration++;   // a negative delay skips iterations
        next();
      }
    });
    return a;
  }

  // --- shared: timers on the animation's own timeline (its local time stands still while it is paused),
  // pausing, cancellation, events
  // x.rate is the playback rate (1 until set; not negative): `begin` is when the local time was 0 at that rate, and
  // at rate 0 the local time stands at `frozen` (still running, as in browsers, but keeping no page busy).
  function rateOf(x) { return x.rate === undefined ? 1 : x.rate; }
  function local(x) {
    if (x.hold !== null) return x.hold;
    return rateOf(x) === 0 ? x.frozen : (performance.now() - x.begin) * rateOf(x);
  }
  function setLocal(x, time) {   // a running record's local time
    if (rateOf(x) === 0) x.frozen = time; else x.begin = performance.now() - time / rateOf(x);
  }
  function at(x, offset, busy, f) {
    x.step = { offset: offset, busy: busy, f: f };
    var due = offset - local(x);
    if ((x.hold !== null || rateOf(x) === 0) && due > 0) return;   // paused or at rate 0: the step waits
    if (due > 0) due /= rateOf(x);
    x.timer = native.timer(function () { x.timer = 0; x.step = null; f(); }, Math.max(0, due), busy);
  }
  function paused(x, pause) {
    if (pause === (x.hold !== null)) return;
    if (pause) {
      x.hold = local(x);
      if (x.timer && x.step && x.step.offset > x.hold) { native.clearTimer(x.timer); x.timer = 0; }
    } else {
      setLocal(x, x.hold);
      x.hold = null;
      if (!x.timer && x.step) at(x, x.step.offset, x.step.busy, x.step.f);
    }
  }
  function cancel(x, type) {
    if (x.timer) { native.clearTimer(x.timer); x.timer = 0; }
    x.step = null;
    motion.remove(x.effect);
    if (x.kind === 'transition') delete x.state.transitions[x.name]; else delete x.state.animations[x.name];
    if (!x.ended) settle(x, false);
    if (!x.announced || x.ended) return;
    var elapsed = Math.max(0, Math.min(local(x) - x.delay, x.kind === 'transition' ? x.duration : x.duration * x.iterations));
    native.timer(function () { fire(x, type, elapsed); }, 0, true);
  }
  function forget(el, state) {
    states.delete(el);
    Object.keys(state.transitions).forEach(function (p) { cancel(state.transitions[p], 'transitioncancel'); });
    Object.keys(state.animations).forEach(function (n) { cancel(state.animations[n], 'animationcancel'); });
  }

  // --- CSSTransition and CSSAnimation objects for getAnimations(): made on first request, over the records above
  motion.cssAnimationsOf = function (el) {
    var transitions = [], animations = [];
    states.forEach(function (state, e) {
      if (el && e !== el) return;
      Object.keys(state.transitions).forEach(function (p) { transitions.push(objectOf(state.transitions[p])); });
      Object.keys(state.animations).forEach(function (n) {
        var a = state.animations[n], fill = a.effect.timing.fill;
        if (!a.ended || (!a.cancelled && (fill === 'forwards' || fill === 'both'))) animations.push(objectOf(a));
      });
    });
    return transitions.concat(animations);
  };
  var prototypes = null;
  ['CSSTransition', 'CSSAnimation'].forEach(function (name) {   // the classes, made on first use
    Object.defineProperty(g, name, { configurable: true, enumerable: false,
      get: function () { if (!prototypes) prototypes = makePrototypes(); return g[name]; },
      set: function (value) { Object.defineProperty(g, name, { value: value, writable: true, configurable: true }); } });
  });
  function objectOf(x) {
    if (x.api) return x.api;
    if (!prototypes) prototypes = makePrototypes();
    var api = Object.create(x.kind === 'transition' ? prototypes.transition : prototypes.animation);
    Object.defineProperty(api, '_s', { value: { listeners: Object.create(null) } });
    Object.defineProperty(api, '_x', { value: x });
    api.id = '';
    api.onfinish = api.oncancel = api.onremove = null;
    return (x.api = api);
  }
  function settle(x, done) {   // the end or the cancellation of a record, for its object's `finished` and events
    var api = x.api;
    if (!api || !api._s.finished) return;
    if (done) api._s.finished.resolve(api); else { api._s.finished.reject(new g.DOMException('The user aborted a request.', 'AbortError')); api._s.finished = null; }
    // an AnimationPlaybackEvent, as WebKit's (animation/animation.js): a cancelled animation has no current time
    var event = new g.AnimationPlaybackEvent(done ? 'finish' : 'cancel',
      { currentTime: done ? api.currentTime : null, timelineTime: g.document.timeline.currentTime });
    native.timer(function () { api.dispatchEvent(event); }, 0, true);
  }
  function makePrototypes() {
    var base = Object.create(g.Animation.prototype);
    function define(object, name, value) { Object.defineProperty(object, name, { value: value, writable: true, configurable: true }); }
    function getter(object, name, get, set) { Object.defineProperty(object, name, { get: get, set: set, configurable: true, enumerable: true }); }
    function end(x) { return x.kind === 'transition' ? x.delay + x.duration : x.delay + x.duration * x.iterations; }
    function seek(x, time) {   // events due before `time` fire at once, in order
      if (x.hold !== null) x.hold = time; else setLocal(x, time);
      if (x.timer) { native.clearTimer(x.timer); x.timer = 0; }
      if (x.step) at(x, x.step.offset, x.step.busy, x.step.f);
    }
    function unsupported(name) {
      return function () { throw new g.DOMException(name + ' is not modelled for CSS transitions and animations', 'NotSupportedError'); };
    }
    // A playback rate of 0 or more: the local time goes on from where it is at the new rate, its pending event with it.
    function setRate(x, value) {
      var rate = Number(value), time = local(x);
      if (!isFinite(rate)) throw new TypeError("Failed to set 'playbackRate' on 'Animation': The provided double value is non-finite.");
      if (rate < 0) unsupported('A negative playbackRate')();
      x.rate = rate;
      if (x.hold === null) setLocal(x, time);
      if (x.timer) { native.clearTimer(x.timer); x.timer = 0; }
      if (x.step) at(x, x.step.offset, x.step.busy, x.step.f);
    }
    getter(base, 'currentTime', function () {
      var x = this._x;
      return x.cancelled || (!x.ended && !(x.state.transitions[x.name] === x || x.state.animations[x.name] === x)) ? null : x.ended ? end(x) : local(x);
    }, function (value) {
      var time = Number(value), x = this._x;
      if (value === null || isNaN(time)) throw new TypeError("Failed to set 'currentTime' on 'Animation': a number is required.");
      if (this.currentTime !== null && !x.ended) seek(x, time);
    });
    getter(base, 'startTime', function () { var x = this._x; return x.hold !== null || this.currentTime === null ? null : x.begin; });
    getter(base, 'playbackRate', function () { return rateOf(this._x); }, function (value) { setRate(this._x, value); });
    define(base, 'updatePlaybackRate', function updatePlaybackRate(value) { setRate(this._x, value); });
    define(base, 'reverse', unsupported('reverse'));
    getter(base, 'pending', function () { return false; });
    getter(base, 'playState', function () {
      var x = this._x;
      if (this.currentTime === null) return 'idle';
      return x.ended ? 'finished' : x.hold !== null ? 'paused' : 'running';
    });
    getter(base, 'effect', function () {
      var x = this._x;
      return { target: x.el, getTiming: function () {
        var t = x.effect.timing;
        return { delay: t.delay, endDelay: 0, fill: t.fill, iterationStart: 0, iterations: t.iterations, duration: t.duration, direction: t.direction, easing: 'linear' };
      }, getKeyframes: function () { return []; } };
    });
    getter(base, 'finished', function () {
      var s = this._s, x = this._x;
      if (!s.finished) {
        var resolve, reject, promise = new Promise(function (res, rej) { resolve = res; reject = rej; });
        promise.catch(function () {});
        s.finished = { promise: promise, resolve: resolve, reject: reject };
        if (x.ended && !x.cancelled) resolve(this);
      }
      return s.finished.promise;
    });
    getter(base, 'ready', function () { return Promise.resolve(this); });
    define(base, 'pause', function () { this._x.playOverride = true; if (!this._x.ended) paused(this._x, true); });
    define(base, 'play', function () { this._x.playOverride = true; if (!this._x.ended) paused(this._x, false); });
    define(base, 'finish', function () {
      var x = this._x;
      if (end(x) === Infinity) throw new g.DOMException("Failed to execute 'finish' on 'Animation': Cannot finish Animation with an infinite target effect end.", 'InvalidStateError');
      if (!x.ended && this.currentTime !== null) { paused(x, false); seek(x, end(x)); }
    });
    define(base, 'cancel', function () {
      var x = this._x;
      if (this.currentTime === null) return;
      cancel(x, x.kind === 'transition' ? 'transitioncancel' : 'animationcancel');
      if (x.kind === 'animation') {   // stays cancelled until its animation-name goes
        x.ended = x.cancelled = true;
        x.state.animations[x.name] = x;
      }
    });
    function CSSTransition() { throw new TypeError('Illegal constructor'); }
    function CSSAnimation() { throw new TypeError('Illegal constructor'); }
    CSSTransition.prototype = Object.create(base);
    CSSAnimation.prototype = Object.create(base);
    getter(CSSTransition.prototype, 'transitionProperty', function () { return this._x.name; });
    getter(CSSAnimation.prototype, 'animationName', function () { return this._x.name; });
    define(CSSTransition.prototype, Symbol.toStringTag, 'CSSTransition');
    define(CSSAnimation.prototype, Symbol.toStringTag, 'CSSAnimation');
    define(CSSTransition.prototype, 'constructor', CSSTransition);
    define(CSSAnimation.prototype, 'constructor', CSSAnimation);
    define(g, 'CSSTransition', CSSTransition);
    define(g, 'CSSAnimation', CSSAnimation);
    return { transition: CSSTransition.prototype, animation: CSSAnimation.prototype };
  }

  function make(x, type, elapsed) {
    var init = { bubbles: true, cancelable: false, elapsedTime: elapsed / 1000, pseudoElement: '' };
    if (x.kind === 'transition') { init.propertyName = x.name; return new g.TransitionEvent(type, init); }
    init.animationName = x.name;
    return new g.AnimationEvent(type, init);
  }
  function fire(x, type, elapsed) {
    try { x.el.dispatchEvent(make(x, type, elapsed)); } catch (e) { native.reportError(e); }
  }
  return env;
})
