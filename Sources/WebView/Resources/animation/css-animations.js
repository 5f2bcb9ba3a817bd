(function (require, native, env) {
  'use strict';
  // CSS transitions and CSS animations (CSS Transitions 1, CSS Animations 1): their events on the runtime's clock,
  // from the css layer's computed style. Nothing is rendered, so no value is interpolated: during a transition or
  // an animation the computed style is already the end value (the cascade's).
  //
  // Style change events: a task after a change of an element's class, style or id attribute, or an insertion, and
  // any style read (getComputedStyle, geometry) in between, as a forced style update in browsers. Each compares an
  // element's computed values with those of the previous style change event: an element seen for the first time
  // starts its animations but no transition, as in browsers.
  // Installed lazily: until the sheets or a style attribute mention a transition or an animation, a change costs
  // one text test of the sheets, and nothing else runs.
  // Timers are internal (native.timer): finite transitions and animations keep the page busy until their end,
  // infinite animations only for the task that announces them (their animationstart, without a delay).
  var g = globalThis, doc = env.document, css = env.css, active = false;
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
  function list(el, name) { return String(css.value(el, name) || '').split(/\s*,\s*/); }
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
    var covered = Object.create(null);
    properties.forEach(function (name, i) {
      name = name.trim().toLowerCase();
      if (!name || name === 'none') return;
      var timing = { duration: Math.max(0, time(durations[i % durations.length])), delay: time(delays[i % delays.length]) };
      (name === 'all' ? ANIMATABLE : css.longhands(name) || [name]).forEach(function (p) { covered[p] = timing; });
    });
    return covered;
  }
  // Values interpolate when they differ only in their numbers (lengths, colours, transforms of one shape), or one
  // side is `none` for the list-valued properties, or for visibility; `auto`, keywords and the like do not.
  function transitionable(property, from, to) {
    if (from === undefined || to === undefined || from === '' || to === '') return false;
    if (property === 'visibility') return true;
    if (/^(transform|filter|box-shadow|text-shadow)$/.test(property) && (from === 'none' || to === 'none')) return true;
    var shape = function (v) {
      return String(v).replace(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g, '0').replace(/rgba?\(0, 0, 0(?:, 0)?\)/g, 'C');
    };
    return shape(from) === shape(to) && /\d/.test(String(from));
  }
  function updateTransitions(el, state, covered, values) {
    Object.keys(state.transitions).forEach(function (p) {
      var t = state.transitions[p], c = covered[p];
      if (!c || c.duration + c.delay <= 0 || t.to !== values[p]) cancel(t, 'transitioncancel');
    });
    Object.keys(covered).forEach(function (p) {
      var c = covered[p], from = state.values[p], to = values[p];
      if (state.transitions[p] || from === to || c.duration + c.delay <= 0 || !transitionable(p, from, to)) return;
      startTransition(el, state, p, to, c);
    });
  }
  function startTransition(el, state, property, to, c) {
    var t = state.transitions[property] = { el: el, name: property, to: to, begin: performance.now(), delay: c.delay,
      duration: c.duration, timer: 0, announced: false, ended: false, state: state, kind: 'transition' };
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
        fire(t, 'transitionend', t.duration);
      });
    }
  }

  // --- animations
  function updateAnimations(el, state) {
    var names = list(el, 'animation-name'), durations = list(el, 'animation-duration'), delays = list(el, 'animation-delay');
    var counts = list(el, 'animation-iteration-count'), playStates = list(el, 'animation-play-state');
    var wanted = Object.create(null);
    names.forEach(function (raw, i) {
      var name = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
      if (!name || name === 'none' || !css.keyframes(name)) return;
      if (String(playStates[i % playStates.length]).trim() === 'paused') return;
      var count = String(counts[i % counts.length]).trim().toLowerCase();
      var iterations = count === 'infinite' ? Infinity : /^(\d+\.?\d*|\.\d+)$/.test(count) ? Number(count) : 1;
      wanted[name] = { duration: Math.max(0, time(durations[i % durations.length])), delay: time(delays[i % delays.length]), iterations: iterations };
    });
    Object.keys(state.animations).forEach(function (name) { if (!wanted[name]) cancel(state.animations[name], 'animationcancel'); });
    Object.keys(wanted).forEach(function (name) { if (!state.animations[name]) startAnimation(el, state, name, wanted[name]); });
  }
  function startAnimation(el, state, name, timing) {
    var a = state.animations[name] = { el: el, name: name, begin: performance.now(), delay: timing.delay, duration: timing.duration,
      iterations: timing.iterations, timer: 0, announced: false, ended: false, state: state, kind: 'animation' };
    var span = a.duration * a.iterations;
    if (isNaN(span)) span = 0;                  // 0s × infinite
    var finite = span !== Infinity, iteration = 1;
    function next() {
      if (iteration < a.iterations && a.duration > 0 && (a.delay + iteration * a.duration) < a.delay + span) {
        at(a, a.delay + iteration * a.duration, finite, function () { fire(a, 'animationiteration', iteration * a.duration); iteration++; next(); });
      } else if (finite) {
        at(a, a.delay + span, true, function () {
          a.ended = true;
          delete state.animations[name];
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
  }

  // --- shared: timers on the animation's own timeline, cancellation, events
  function at(x, offset, busy, f) {
    var delay = Math.max(0, x.begin + offset - performance.now());
    x.timer = native.timer(function () { x.timer = 0; f(); }, delay, busy);
  }
  function cancel(x, type) {
    if (x.timer) { native.clearTimer(x.timer); x.timer = 0; }
    if (x.kind === 'transition') delete x.state.transitions[x.name]; else delete x.state.animations[x.name];
    if (!x.announced || x.ended) return;
    var elapsed = Math.max(0, Math.min(performance.now() - x.begin - x.delay, x.kind === 'transition' ? x.duration : x.duration * x.iterations));
    native.timer(function () { fire(x, type, elapsed); }, 0, true);
  }
  function forget(el, state) {
    states.delete(el);
    Object.keys(state.transitions).forEach(function (p) { cancel(state.transitions[p], 'transitioncancel'); });
    Object.keys(state.animations).forEach(function (n) { cancel(state.animations[n], 'animationcancel'); });
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
