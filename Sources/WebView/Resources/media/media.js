// <audio> and <video> (HTMLMediaElement) without decoding: a source is requested once (the first two bytes, as
// Safari's first range request) to tell a reachable resource from a missing one; its metadata are then taken as
// known with the configured duration (native.mediaDuration, 0 by default: playback reaches the end at once).
// Playback is a clock, not frames: currentTime runs on the runtime's clock and the end is a timer that does not
// keep the page busy, so media never hold idle. Audible playback needs a user gesture under the configured
// autoplay policy (native.mediaGesturePolicy: 1 audio, 2 video, as WKAudiovisualMediaTypes), as in WKWebView.
(function (global, native, internals) {
  'use strict';
  var env = native.domEnv;
  var Media = global.HTMLMediaElement;
  if (!env || typeof Media !== 'function') return;
  var doc = env.document, HTML = 'http://www.w3.org/1999/xhtml';
  var proto = Media.prototype;
  var NETWORK = { NETWORK_EMPTY: 0, NETWORK_IDLE: 1, NETWORK_LOADING: 2, NETWORK_NO_SOURCE: 3 };
  var READY = { HAVE_NOTHING: 0, HAVE_METADATA: 1, HAVE_CURRENT_DATA: 2, HAVE_FUTURE_DATA: 3, HAVE_ENOUGH_DATA: 4 };

  function hidden(target, name, value) {
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function accessor(name, get, set) {
    Object.defineProperty(proto, name, { get: get, set: set, configurable: true, enumerable: true });
  }
  function isMedia(el) {
    return !!el && el.nodeType === 1 && el.namespaceURI === HTML && (el.localName === 'audio' || el.localName === 'video');
  }
  function task(fn) { native.taskTimer(fn, 0, true); }
  function fire(el, type) { env.fire(el, type, false); }
  function domError(message, name) { return new global.DOMException(message, name); }

  function MediaError(code, message) { hidden(this, '_code', code); hidden(this, '_message', message); }
  ['MEDIA_ERR_ABORTED', 'MEDIA_ERR_NETWORK', 'MEDIA_ERR_DECODE', 'MEDIA_ERR_SRC_NOT_SUPPORTED'].forEach(function (name, i) {
    Object.defineProperty(MediaError, name, { value: i + 1, enumerable: true });
    Object.defineProperty(MediaError.prototype, name, { value: i + 1, enumerable: true });
  });
  Object.defineProperty(MediaError.prototype, 'code', { get: function () { return this._code; }, configurable: true });
  Object.defineProperty(MediaError.prototype, 'message', { get: function () { return this._message; }, configurable: true });
  Object.defineProperty(global, 'MediaError', { value: MediaError, writable: true, configurable: true });
  Object.keys(NETWORK).concat(Object.keys(READY)).forEach(function (name) {
    var value = name in NETWORK ? NETWORK[name] : READY[name];
    Object.defineProperty(Media, name, { value: value, enumerable: true });
    Object.defineProperty(proto, name, { value: value, enumerable: true });
  });

  function state(el) {
    if (!el.__media) {
      hidden(el, '__media', {
        generation: 0, id: 0, network: 0, ready: 0, paused: true, ended: false, error: null, duration: NaN,
        position: 0, startedAt: 0, endTimer: 0, playQueued: false, volume: 1, muted: null, currentSrc: '', pending: []
      });
    }
    return el.__media;
  }
  function now() { return global.performance.now(); }
  function position(s) {
    if (s.paused || !isFinite(s.duration)) return s.position;
    return Math.min(s.duration, s.position + (now() - s.startedAt) / 1000);
  }
  function isMuted(el) { var s = state(el); return s.muted === null ? el.hasAttribute('muted') : s.muted; }
  function settle(s, error) {
    var pending = s.pending;
    s.pending = [];
    pending.forEach(function (p) { if (error) p.reject(error); else p.resolve(); });
  }

  // The source: the src attribute, else the first <source> child with a src.
  function source(el) {
    if (el.hasAttribute('src')) return el.getAttribute('src');
    for (var node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 1 && node.localName === 'source' && node.hasAttribute('src')) return node.getAttribute('src');
    }
    return null;
  }

  // HTML's media element load algorithm, simplified (see the file's header).
  function load(el) {
    var s = state(el);
    var generation = ++s.generation;
    if (s.id) { native.abort(s.id); s.id = 0; }
    if (s.endTimer) { native.cancelTaskTimer(s.endTimer); s.endTimer = 0; }
    var wasActive = s.network !== NETWORK.NETWORK_EMPTY;
    if (s.pending.length) settle(s, domError('The play() request was interrupted by a new load request.', 'AbortError'));
    s.playQueued = false; s.ready = READY.HAVE_NOTHING; s.position = 0; s.duration = NaN; s.ended = false; s.error = null;
    if (!s.paused) { s.paused = true; task(function () { if (generation === s.generation) fire(el, 'pause'); }); }
    if (wasActive) task(function () { if (generation === s.generation) fire(el, 'emptied'); });
    var raw = source(el);
    if (raw === null) { s.network = NETWORK.NETWORK_EMPTY; s.currentSrc = ''; return; }
    s.network = NETWORK.NETWORK_LOADING;
    var url = null;
    if (/^\s*data:/i.test(raw)) url = raw.trim();
    else if (raw.trim() !== '') { try { url = native.resolveURL(raw); } catch (e) { url = null; } }
    s.currentSrc = url || '';
    function current() { return generation === s.generation; }
    function fail() {
      if (!current()) return;
      s.id = 0;
      s.network = NETWORK.NETWORK_NO_SOURCE;
      s.error = new MediaError(MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED, 'cannot load ' + (url || raw));
      fire(el, 'error');
      settle(s, domError('The element has no supported sources.', 'NotSupportedError'));
    }
    function loaded() {
      if (!current()) return;
      s.id = 0;
      s.network = NETWORK.NETWORK_IDLE;
      s.duration = Math.max(0, Number(native.mediaDuration) || 0);
      s.ready = READY.HAVE_METADATA;
      fire(el, 'durationchange');
      if (current()) fire(el, 'loadedmetadata');
      if (!current()) return;
      s.ready = READY.HAVE_ENOUGH_DATA;
      ['loadeddata', 'canplay', 'canplaythrough'].forEach(function (type) { if (current()) fire(el, type); });
      if (!current()) return;
      if (!s.paused && !s.playQueued) startClock(el, s);
      else if (el.hasAttribute('autoplay') && allowed(el, false)) el.play().catch(function () {});
    }
    task(function () {
      if (!current()) return;
      fire(el, 'loadstart');
      if (!current()) return;
      if (url === null || !/^(https?|file|data):/i.test(url)) { fail(); return; }
      if (/^data:/i.test(url)) { if (native.decodeDataURL(url)) loaded(); else fail(); return; }
      s.id = native.send('GET', url, [['Range', 'bytes=0-1']], null, 0, function (result) {
        if (result.error || result.status >= 400) fail(); else loaded();
      });
      if (!s.id) fail();
    });
  }

  // Playback of the modelled resource: `playing` now, the end after the remaining duration on the runtime's clock.
  function startClock(el, s) {
    if (s.ready < READY.HAVE_FUTURE_DATA || s.paused) return;
    var generation = s.generation;
    s.startedAt = now();
    fire(el, 'playing');
    settle(s, null);
    if (s.endTimer) native.cancelTaskTimer(s.endTimer);
    var remaining = Math.max(0, (s.duration - s.position) * 1000);
    // Does not keep the page busy: a long media file must not hold idle.
    s.endTimer = native.taskTimer(function () {
      s.endTimer = 0;
      if (generation !== s.generation || s.paused) return;
      if (el.loop) { s.position = 0; s.startedAt = now(); fire(el, 'timeupdate'); startClock(el, s); return; }
      s.position = s.duration; s.paused = true; s.ended = true;
      fire(el, 'timeupdate');
      fire(el, 'pause');
      fire(el, 'ended');
    }, remaining, remaining === 0);
  }

  // The autoplay policy: audible media of a type in the policy need a user gesture (the host's click, or a trusted
  // user input event being dispatched). Muted or silent media may always play.
  function allowed(el, gesture) {
    var audible = !isMuted(el) && state(el).volume > 0;
    if (!audible || gesture) return true;
    var policy = Number(native.mediaGesturePolicy) || 0;
    return !((policy & 1) || ((policy & 2) && el.localName === 'video'));
  }

  hidden(proto, 'play', function play() {
    var el = this, s = state(el);
    if (!allowed(el, internals.inUserGesture())) {
      return Promise.reject(domError('The request is not allowed by the user agent or the platform in the current context, possibly because the user denied permission.', 'NotAllowedError'));
    }
    if (s.error && s.error.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) {
      return Promise.reject(domError('The element has no supported sources.', 'NotSupportedError'));
    }
    if (s.network === NETWORK.NETWORK_EMPTY) load(el);
    if (s.ended || (isFinite(s.duration) && s.position >= s.duration && !el.loop)) { s.position = 0; s.ended = false; }
    var promise = new Promise(function (resolve, reject) { s.pending.push({ resolve: resolve, reject: reject }); });
    if (s.paused) {
      s.paused = false;
      s.playQueued = true;
      var generation = s.generation;
      task(function () {
        if (generation !== s.generation) return;
        s.playQueued = false;
        if (s.paused) return;
        fire(el, 'play');
        startClock(el, s);
      });
    } else if (s.ready >= READY.HAVE_FUTURE_DATA) {
      task(function () { settle(s, null); });
    }
    return promise;
  });
  hidden(proto, 'pause', function pause() {
    var el = this, s = state(el);
    if (s.network === NETWORK.NETWORK_EMPTY && source(el) !== null) load(el);
    if (s.paused) return;
    s.position = position(s);
    s.paused = true;
    if (s.endTimer) { native.cancelTaskTimer(s.endTimer); s.endTimer = 0; }
    var generation = s.generation;
    task(function () {
      if (generation !== s.generation) return;
      fire(el, 'timeupdate');
      fire(el, 'pause');
      settle(s, domError('The play() request was interrupted by a call to pause().', 'AbortError'));
    });
  });
  hidden(proto, 'load', function () { load(this); });
  hidden(proto, 'canPlayType', function canPlayType(type) {
    // WebKit on iOS: MP4/H.264/AAC/MP3/WAV/HLS are playable, Ogg and WebM are not (from WebKit's supported types
    // as documented, not re-checked on a device; see SupportedAPIs.md). Supported codecs make a type "probably".
    var t = String(type).toLowerCase().trim();
    var mime = t.split(';')[0].trim(), codecs = /;\s*codecs\s*=/.test(t);
    var known = ['video/mp4', 'audio/mp4', 'audio/x-m4a', 'video/quicktime', 'audio/mpeg', 'audio/mp3', 'audio/aac',
                 'audio/wav', 'audio/x-wav', 'audio/wave', 'application/vnd.apple.mpegurl', 'application/x-mpegurl',
                 'video/x-m4v', 'audio/aiff', 'audio/x-aiff'];
    if (known.indexOf(mime) < 0) return '';
    if (!codecs) return 'maybe';
    return /avc1|mp4a|hvc1|hev1|mp3|aac|alac/.test(t) ? 'probably' : '';
  });

  accessor('paused', function () { return state(this).paused; });
  accessor('ended', function () { return state(this).ended; });
  accessor('error', function () { return state(this).error; });
  accessor('readyState', function () { return state(this).ready; });
  accessor('networkState', function () { return state(this).network; });
  accessor('duration', function () { return state(this).duration; });
  accessor('currentSrc', function () { return state(this).currentSrc; });
  accessor('seeking', function () { return false; });
  accessor('playbackRate', function () { return 1; }, function () {});
  accessor('defaultPlaybackRate', function () { return 1; }, function () {});
  accessor('currentTime', function () { return position(state(this)); }, function (value) {
    var s = state(this), t = Number(value);
    if (!isFinite(t)) throw new TypeError("Failed to set the 'currentTime' property on 'HTMLMediaElement': The provided double value is non-finite.");
    t = Math.max(0, isFinite(s.duration) ? Math.min(t, s.duration) : t);
    s.position = t; s.startedAt = now(); s.ended = false;
    var el = this, generation = s.generation;
    if (!s.paused && s.endTimer) startClock(el, s);
    task(function () { if (generation === s.generation) { fire(el, 'seeking'); fire(el, 'timeupdate'); fire(el, 'seeked'); } });
  });
  accessor('volume', function () { return state(this).volume; }, function (value) {
    var v = Number(value);
    if (!(v >= 0 && v <= 1)) throw domError("Failed to set the 'volume' property on 'HTMLMediaElement': The volume provided (" + value + ') is outside the range [0, 1].', 'IndexSizeError');
    var s = state(this), el = this;
    if (s.volume === v) return;
    s.volume = v;
    task(function () { fire(el, 'volumechange'); });
  });
  accessor('muted', function () { return isMuted(this); }, function (value) {
    var s = state(this), el = this, muted = !!value;
    if (isMuted(el) === muted) { s.muted = muted; return; }
    s.muted = muted;
    task(function () { fire(el, 'volumechange'); });
  });

  env.attributeHooks.push(function (element, attr) {
    if (attr.namespaceURI !== null || attr.localName !== 'src' || element.ownerDocument !== doc) return;
    if (isMedia(element)) load(element);
  });
  // An <audio autoplay>/<video autoplay> or a media element with <source> children parsed from the HTML loads once
  // inserted (the src attribute alone starts the load as soon as it is set).
  var previousHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    if (previousHandler) previousHandler(m);
    if (m.type !== 6 || !m.node || m.node.nodeType !== 1) return;
    var node = m.node, parent = node.parentNode;
    if (node.localName === 'source' && isMedia(parent) && state(parent).network === NETWORK.NETWORK_EMPTY) load(parent);
  });

  // new Audio(src)
  function Audio(src) {
    if (!(this instanceof Audio)) throw new TypeError("Constructor requires 'new' operator");
    var el = doc.createElement('audio');
    el.setAttribute('preload', 'auto');
    if (src !== undefined) el.setAttribute('src', String(src));
    return el;
  }
  Audio.prototype = global.HTMLAudioElement.prototype;
  Object.defineProperty(global, 'Audio', { value: Audio, writable: true, configurable: true });
})
