(function (require, native, env) {
  'use strict';
  var g = globalThis, doc = env.document, impl = require('domino').impl;
  env.impl = impl;
  env.task = function (f) { setTimeout(f, 0); };
  var documentMember = env.documentMember;
  documentMember('currentScript', { get: function () { return this === doc && env.currentScript || null; } });

  // --- dialogs
  g.alert = function alert(message) { native.dialog('alert', message === undefined ? '' : String(message), null); };
  g.confirm = function confirm(message) { return !!native.dialog('confirm', message === undefined ? '' : String(message), null); };
  g.prompt = function prompt(message, value) {
    var answer = native.dialog('prompt', message === undefined ? '' : String(message), value === undefined ? '' : String(value));
    return answer === null || answer === undefined ? null : String(answer);
  };

  // --- requestAnimationFrame: 60 Hz frames on the runtime's clock (a virtual clock included). Every callback
  // of a frame gets the frame's time; callbacks requested during a frame run in the next one. A frame is an
  // internal one-shot timer (native.timer: no page timer id, so a page clearing or counting its timers never
  // sees it) that keeps the page busy, until a loop has gone on for env.animationSettle ms: its later frames
  // are armed as timers that do not keep the page busy. A request from outside a frame (an event, a timer, a
  // message) restarts that settle time.
  var FRAME = 1000 / 60, settle = typeof env.animationSettle === 'number' ? env.animationSettle : 1000;
  var frames = [], running = null, nextFrame = 1, frameTimer = 0, frameCounted = false, inFrame = false, loopStart = 0;
  function armFrame() {
    var now = performance.now();
    var delay = (Math.floor(now / FRAME + 1e-9) + 1) * FRAME - now;
    frameCounted = now - loopStart < settle;
    frameTimer = native.timer(runFrame, delay, frameCounted);
  }
  function runFrame() {
    frameTimer = 0;
    var due = running = frames; frames = [];
    var time = Math.floor(performance.now() / FRAME + 1e-9) * FRAME;
    inFrame = true;
    try {
      for (var i = 0; i < due.length; i++) {
        if (due[i].cancelled) continue;
        try { due[i].callback.call(g, time); } catch (e) { native.reportError(e); }
      }
    } finally { inFrame = false; running = null; }
    if (frames.length) armFrame();
  }
  g.requestAnimationFrame = function requestAnimationFrame(callback) {
    if (typeof callback !== 'function') throw new TypeError('requestAnimationFrame: the callback must be a function');
    frames.push({ id: nextFrame, callback: callback, cancelled: false });
    if (!inFrame) {
      loopStart = performance.now();
      if (frameTimer && !frameCounted) { native.clearTimer(frameTimer); frameTimer = 0; }
      if (!frameTimer) armFrame();
    }
    return nextFrame++;
  };
  g.cancelAnimationFrame = function cancelAnimationFrame(id) {
    function drop(list) { for (var i = 0; i < list.length; i++) if (list[i].id === id) list[i].cancelled = true; }
    drop(frames);
    if (running) drop(running);
    frames = frames.filter(function (f) { return !f.cancelled; });
    if (!frames.length && frameTimer && !inFrame) { native.clearTimer(frameTimer); frameTimer = 0; }
  };

  // --- visibility
  // (A document without a browsing context is hidden and has no focus, as on WebKit.)
  documentMember('visibilityState', { get: function () { return this === doc && env.visible ? 'visible' : 'hidden'; } });
  documentMember('hidden', { get: function () { return !(this === doc && env.visible); } });
  env.setVisible = function (visible) {
    if (env.visible === visible) return;
    env.visible = visible;
    doc._dispatchEvent(new impl.Event('visibilitychange', { bubbles: true }), true);
  };
  documentMember('hasFocus', { value: function hasFocus() { return this === doc && env.visible; } });

  // --- window.webkit.messageHandlers
  var handlerObjects = Object.create(null);
  var messageHandlers = new Proxy({}, {
    get: function (target, name) {
      if (typeof name !== 'string' || !native.hasHandler(name)) return undefined;
      return handlerObjects[name] || (handlerObjects[name] = {
        postMessage: function postMessage(body) {
          if (arguments.length === 0) throw new TypeError('Not enough arguments');
          if (native.wantsReply(name)) {
            var id = env.nextReply++;
            var promise = new Promise(function (resolve, reject) { env.replies[id] = { resolve: resolve, reject: reject }; });
            try { native.postMessage(name, body, id); } catch (e) { delete env.replies[id]; throw e; }
            return promise;
          }
          native.postMessage(name, body, 0);
        }
      });
    },
    has: function (target, name) { return typeof name === 'string' && native.hasHandler(name); }
  });
  Object.defineProperty(g, 'webkit', { value: { messageHandlers: messageHandlers }, writable: true, configurable: true });
  env.settleReply = function (id, ok, value) {
    var pending = env.replies[id];
    if (!pending) return;
    delete env.replies[id];
    if (ok) pending.resolve(value); else pending.reject(new Error(value));
  };

  // --- error, unhandledrejection
  env.dispatchError = function (error, message, source, line, column) {
    var canceled = false;
    if (typeof g.onerror === 'function') {
      try { canceled = g.onerror.call(g, message, source, line, column, error) === true; } catch (e) { /* reported as the original */ }
    }
    var event = new g.ErrorEvent('error', { cancelable: true, message: message, filename: source, lineno: line, colno: column, error: error });
    g._dispatchEvent(event, true);
    return canceled || event.defaultPrevented;
  };
  env.dispatchRejection = function (promise, reason) {
    var event = new g.PromiseRejectionEvent('unhandledrejection', { cancelable: true, promise: promise, reason: reason });
    g._dispatchEvent(event, true);
    return event.defaultPrevented;
  };

  // --- navigation hooks: links, forms, iframes
  // domino's own link activation assigns `location = href` after the click listeners ran; a
  // document listener remembers the anchor so that assignment is reported as a link click.
  // Forms submit from dom/form-submission.js, through env.navigate(url, 'formSubmitted').
  doc.addEventListener('click', function (event) {
    var el = event.target;
    while (el && el.nodeType === 1 && el.localName !== 'a') el = el.parentNode;
    env.clickAnchor = el && el.nodeType === 1 ? el : null;
  });
  env.navigateFrom = function (url, type) {
    var anchor = env.clickAnchor;
    env.clickAnchor = null;
    if (type === 'location' && anchor && anchor.href === String(url)) type = 'linkActivated';
    env.navigate(url, type);
  };
  // iframes: dom/frames.js (env.frameInserted, env.frameAttributeChanged, env.framesRemoved).
  doc._setMutationHandler(function (m) {
    if (m.type === 6) {            // INSERT: the node and its subtree
      var node = m.node;
      if (!node || node.nodeType !== 1) return;
      var list = [node].concat(Array.prototype.slice.call(node.querySelectorAll('script, iframe')));
      list.forEach(function (el) {
        if (el.localName === 'iframe') env.frameInserted(el);
        else if (el.localName === 'script' && el.namespaceURI === 'http://www.w3.org/1999/xhtml') {
          if (env.parsing) env.parsed.push(el);
          else if (!el.__hybridStarted) native.scriptInserted(el);
        }
      });
    } else if (m.type === 2) {     // ATTR: a real change (domino skips setting the same value)
      var el = m.target;
      if (el && el.localName === 'iframe' && m.attr && (m.attr.localName === 'src' || m.attr.localName === 'srcdoc')) {
        env.frameAttributeChanged(el, m.attr.localName);
      }
    } else if (m.type === 4) {     // REMOVE: before the node leaves
      env.framesRemoved(m.node);
    }
  });

  // --- incremental parsing: Swift feeds chunks that end after `</script>`
  env.parsed = [];
  env.feed = function (chunk, end) {
    // domino's parser dispatches a synchronous (and broken) `load` on the window when it stops:
    // detach the window meanwhile; the page core dispatches `load` itself, as a task.
    var view = doc.defaultView;
    env.parsing = true;
    if (end) doc.defaultView = null;
    try {
      if (end) env.parser.end(chunk); else env.parser.write(chunk);
      while (env.parser.process(function () { return false; })) {}
    } finally { env.parsing = false; doc.defaultView = view; }
    var scripts = env.parsed; env.parsed = [];
    return scripts;
  };
  // document.write/writeln: the page's document asks its loader (DocumentLoader.write), which inserts the text at
  // the parser's insertion point while a parser script runs and parses it at once (unless a written external script
  // blocks the parser), and ignores it from an external script run after parsing, as WebKit does. A document without
  // a browsing context (createHTMLDocument's, DOMParser's) is written as WebKit writes it: after its open(), what is
  // written replaces it; without one, the text goes at the end of its body; an XML document refuses both.
  var invalidState = function () { return new DOMException('The object is in an invalid state.', 'InvalidStateError'); };
  function writeText(d, text) {
    if (d === doc) return native.documentWrite(text);
    if (!d.isHTML) throw invalidState();
    if (opened.has(d)) return writeOpened(d, text);
    var at = d.body || d.documentElement;
    if (at) at.insertAdjacentHTML('beforeend', text);
  }
  documentMember('write', { value: function write() { writeText(this, Array.prototype.join.call(arguments, '')); } });
  documentMember('writeln', { value: function writeln() { writeText(this, Array.prototype.join.call(arguments, '') + '\n'); } });
  // document.open's steps once the document is parsed (a write without an insertion point, from an inline script or
  // a task, or open()): its nodes go, and what is written until close() becomes its content, as on WebKit, where a
  // write after `load` replaces the page. The text is parsed by a fresh parser (domino's cannot restart on this
  // document) and its nodes imported; each write parses the whole text again and replaces them, its scripts running
  // once, as inserted scripts (a document without a browsing context runs none).
  var opened = new WeakMap();   // document -> { text, scripts } from its open() until its close()
  function openDocument(d) {
    while (d.firstChild) d.removeChild(d.firstChild);
    opened.set(d, { text: '', scripts: 0 });
  }
  function writeOpened(d, text) {
    if (!opened.has(d)) openDocument(d);
    var state = opened.get(d);
    state.text += text;
    var fresh = require('domino').createDocument(state.text, true), scripts = 0;
    while (d.firstChild) d.removeChild(d.firstChild);
    for (var node = fresh.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 10) continue;   // a written doctype is not kept
      var copy = d.importNode(node, true);
      Array.prototype.forEach.call(copy.nodeType === 1 ? copy.getElementsByTagName('script') : [], function (el) {
        if (scripts++ < state.scripts) el.__hybridStarted = true;   // ran when an earlier write put it in
      });
      d.appendChild(copy);
    }
    state.scripts = scripts;
  }
  env.writeOpened = function (text) { writeOpened(doc, text); };
  documentMember('open', { value: function open() {
    if (this === doc) {
      if (native.documentOpen()) openDocument(doc);
      return doc;
    }
    if (!this.isHTML) throw invalidState();
    openDocument(this);
    this.readyState = 'loading';
    return this;
  } });
  documentMember('close', { value: function close() {
    if (this !== doc && !this.isHTML) throw invalidState();
    opened.delete(this);
    if (this !== doc) this.readyState = 'complete';
  } });
  // The document's members domino leaves unimplemented (its getters throw "NotYetImplemented"), as WebKit gives them
  // (observed on WebKitGTK 2.50): the element collections (live HTMLCollections, the same object on every read),
  // `domain` (the page's host, for every document of the page), `referrer` (the page that navigated here, as its
  // referrer policy gives it: WebViewCore.load; empty for another document), `lastModified` (the load's time, as for
  // a page served without Last-Modified) and `designMode`. The collections are queried on each use (domino's
  // getElementsByTagName lists do not follow later changes).
  var collections = new WeakMap();   // document -> its collections by name
  function filtered(name, selector) {
    documentMember(name, { get: function () {
      var d = this, made = collections.get(d);
      if (!made) collections.set(d, made = Object.create(null));
      return made[name] || (made[name] = env.liveCollection(function () { return Array.prototype.slice.call(d.querySelectorAll(selector)); }, null));
    } });
  }
  filtered('scripts', 'script');
  filtered('images', 'img');
  filtered('embeds', 'embed');
  filtered('plugins', 'embed');
  filtered('links', 'a[href], area[href]');
  filtered('anchors', 'a[name]');
  filtered('applets', 'applet');
  documentMember('domain', { get: function () { return new URL(doc.URL).hostname; }, set: function (value) {
    if (this !== doc) throw new DOMException('A browsing context is required to set a domain.', 'SecurityError');
    if (String(value) !== new URL(doc.URL).hostname) throw new DOMException('The operation is insecure.', 'SecurityError');
  } });
  documentMember('referrer', { get: function () { return this === doc ? native.referrer() : ''; } });
  var loadedAt = new Date();
  function two(n) { return (n < 10 ? '0' : '') + n; }
  documentMember('lastModified', { get: function () {
    var d = this === doc ? loadedAt : new Date();
    return two(d.getMonth() + 1) + '/' + two(d.getDate()) + '/' + d.getFullYear() + ' ' + two(d.getHours()) + ':' + two(d.getMinutes()) + ':' + two(d.getSeconds());
  } });
  var designModes = new WeakMap();
  documentMember('designMode', { get: function () { return designModes.get(this) || 'off'; }, set: function (value) {
    value = String(value).toLowerCase();
    if (value === 'on' || value === 'off') designModes.set(this, value);
  } });
  // The editing commands (`execCommand` and the `queryCommand*` family), which copy buttons (clipboard.js) and rich
  // text editors feature-test, as WebKit answers a script (observed on WebKitGTK 2.50): the commands WebKit knows are
  // supported, case-insensitively; copy, cut and paste without a user's gesture are refused (false, no event), as is
  // every editing command here (the headless view has no editing); `selectAll` selects the focused text field's text,
  // or else the body's contents. A document without a browsing context supports none.
  var editingCommands = ('backcolor bold copy createlink cut defaultparagraphseparator delete fontname fontsize forecolor ' +
    'formatblock forwarddelete hilitecolor indent inserthorizontalrule inserthtml insertimage insertlinebreak ' +
    'insertorderedlist insertparagraph inserttext insertunorderedlist italic justifycenter justifyfull justifyleft ' +
    'justifynone justifyright outdent paste pasteandmatchstyle print redo removeformat selectall strikethrough ' +
    'stylewithcss subscript superscript transpose underline undo unlink unselect usecss').split(' ');
  var stateCommands = ['bold', 'italic', 'underline', 'strikethrough', 'subscript', 'superscript'];
  function editingCommand(d, name, args) {
    if (args.length < 1) throw new TypeError('Not enough arguments');
    var command = String(name).toLowerCase();
    return d === doc && editingCommands.indexOf(command) >= 0 ? command : null;
  }
  documentMember('execCommand', { value: function execCommand(commandId) {
    if (editingCommand(this, commandId, arguments) !== 'selectall' || !doc.body) return false;
    var active = doc.activeElement;
    if (active && (active.localName === 'input' || active.localName === 'textarea') && typeof active.select === 'function') active.select();
    else g.getSelection().selectAllChildren(doc.body);
    return true;
  } });
  documentMember('queryCommandSupported', { value: function queryCommandSupported(commandId) { return editingCommand(this, commandId, arguments) !== null; } });
  documentMember('queryCommandEnabled', { value: function queryCommandEnabled(commandId) { return editingCommand(this, commandId, arguments) === 'selectall'; } });
  documentMember('queryCommandState', { value: function queryCommandState(commandId) { editingCommand(this, commandId, arguments); return false; } });
  documentMember('queryCommandIndeterm', { value: function queryCommandIndeterm(commandId) { editingCommand(this, commandId, arguments); return false; } });
  documentMember('queryCommandValue', { value: function queryCommandValue(commandId) {
    return stateCommands.indexOf(editingCommand(this, commandId, arguments)) >= 0 ? 'false' : '';
  } });
  env.scriptKind = function (el) {
    var type = el.getAttribute('type'), language = el.getAttribute('language');
    type = type === null ? (language === null || language === '' ? '' : 'text/' + language) : type.trim().toLowerCase();
    if (type === 'module') return 'module';
    if (type === 'importmap') return 'importmap';
    if (type === '' || /^(text|application)\/(x-)?(java|ecma)script(1\.[0-5])?$/.test(type) || type === 'text/jscript' || type === 'text/livescript') {
      return el.hasAttribute('nomodule') ? 'skip' : 'classic';  // browsers with modules skip nomodule scripts
    }
    return 'skip';
  };
  env.modulePreload = function (link) { native.modulePreload(link, link.href); };
  env.setReadyState = function (state) {
    doc.readyState = state;
    doc._dispatchEvent(new impl.Event('readystatechange'), true);
  };
  env.fire = function (target, type, bubbles, Class, init) {
    var options = { bubbles: !!bubbles, cancelable: false };
    if (init) Object.keys(init).forEach(function (key) { options[key] = init[key]; });
    var event = new (Class || impl.Event)(type, options);
    target._dispatchEvent(event, true);
    return event;
  };
  env.domContentLoaded = function () { env.fire(doc, 'DOMContentLoaded', true); };  // bubbles on to the window
  // `load`, then `pageshow` (not persisted: a page from the back-forward cache gets `restore` instead), as WebKit
  // fires them when a document has loaded.
  env.loaded = function () {
    env.fire(g, 'load', false);
    env.fire(g, 'pageshow', false, g.PageTransitionEvent, { persisted: false });
  };
  // Leaving the page for another document, as WebKit does it (observed on WebKitGTK 2.50): `beforeunload`
  // (cancelable; a WKWebView has no public panel to ask the user, so the navigation goes on), `pagehide`, the
  // document hidden (`visibilitychange`), and `unload` only when the page is not kept in the back-forward cache.
  // A page kept there must have finished loading.
  env.leave = function (persisted) {
    persisted = persisted && doc.readyState === 'complete';
    env.fire(g, 'beforeunload', false, g.BeforeUnloadEvent, { cancelable: true });
    env.fire(g, 'pagehide', false, g.PageTransitionEvent, { persisted: persisted });
    env.setVisible(false);
    if (!persisted) env.fire(g, 'unload', false);
    return persisted;
  };
  // Coming back from the back-forward cache (HeadlessWebViewCore+BackForwardCache.swift), once visible again:
  // `pageshow` persisted, as WebKit fires it (observed on WebKitGTK 2.50).
  env.restore = function () { env.fire(g, 'pageshow', false, g.PageTransitionEvent, { persisted: true }); };

  // --- window members WebKit has that pages call or feature-detect (values observed on WebKitGTK 2.50), enumerable
  // as WebKit lists them in Object.keys(window).
  function member(name, value) {
    Object.defineProperty(g, name, { value: value, writable: true, enumerable: true, configurable: true });
  }
  function replaceable(name, get) {   // [Replaceable]: a page may assign its own value
    Object.defineProperty(g, name, { get: get, set: function (v) { member(name, v); },
                                     enumerable: true, configurable: true });
  }
  replaceable('origin', function () { return env.origin; });
  replaceable('clientInformation', function () { return g.navigator; });
  // reportError(e): reported as an uncaught exception is (an `error` ErrorEvent at the window, then the host's log).
  member('reportError', function reportError(e) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    native.reportError(e);
  });
  // A headless page has no window to print, focus, blur or close (WebKit does not close a window that a script did
  // not open) and no popups: open() returns null, as a WKWebView without a UI delegate's createWebView does.
  member('print', function print() {});
  member('focus', function focus() {});
  member('blur', function blur() {});
  member('close', function close() {});
  member('stop', function stop() {});
  member('open', function open() { return null; });
  var status = '';
  Object.defineProperty(g, 'status', { get: function () { return status; }, set: function (v) { status = String(v); },
                                       enumerable: true, configurable: true });
  // URL's legacy alias, not enumerable as interfaces are; the platform's URL is installed after this script.
  Object.defineProperty(g, 'webkitURL', { get: function () { return g.URL; }, set: function (v) {
    Object.defineProperty(g, 'webkitURL', { value: v, writable: true, configurable: true });
  }, configurable: true });
  // WebKit's prefixed frame functions are functions of their own, not requestAnimationFrame itself.
  member('webkitRequestAnimationFrame', function webkitRequestAnimationFrame(callback) {
    return g.requestAnimationFrame(callback);
  });
  function cancelFrame(id) { return g.cancelAnimationFrame(id); }
  member('webkitCancelAnimationFrame', function webkitCancelAnimationFrame(id) { return cancelFrame(id); });
  member('webkitCancelRequestAnimationFrame', function webkitCancelRequestAnimationFrame(id) { return cancelFrame(id); });
  function BarProp() { throw new TypeError('Illegal constructor'); }
  Object.defineProperty(BarProp.prototype, 'visible', { get: function () { return true; },
                                                        enumerable: true, configurable: true });
  Object.defineProperty(BarProp.prototype, Symbol.toStringTag, { value: 'BarProp', configurable: true });
  Object.defineProperty(g, 'BarProp', { value: BarProp, writable: true, configurable: true });
  ['locationbar', 'menubar', 'personalbar', 'scrollbars', 'statusbar', 'toolbar'].forEach(function (name) {
    var bar = Object.create(BarProp.prototype);
    replaceable(name, function () { return bar; });
  });
  return env;
})
