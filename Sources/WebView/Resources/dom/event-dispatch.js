(function (require, native, env) {
  'use strict';
  // Event listeners and the DOM standard's dispatch algorithm over domino's nodes: `addEventListener`
  // options (`capture`, `once`, `passive`, `signal`), capture and bubble phases with capture listeners first at
  // the target, the window at the end of a document's path, `composedPath()`, `window.event`, activation
  // behaviour (domino's `_pre_click_activation_steps`, `_post_click_activation_steps(event)` and
  // `_cancelled_activation_steps` hooks, run by the dispatch of a `click` MouseEvent on the target or its nearest
  // ancestor that has them, as the standard says; domino's `click()` runs the target's own around its dispatch),
  // and a listener's error reported without stopping the dispatch.
  //
  // For shadow trees the algorithm is the standard's: a node's `_getTheParent(event)` gives the next item of
  // the path (override it on a shadow root or a slotted node), and a shadow root is a document fragment with a
  // `host` and a `mode`; targets are retargeted and closed trees hidden from `composedPath()` accordingly.
  var g = globalThis, impl = env.impl;
  var ET = require('domino/lib/EventTarget');
  var Event = g.Event;

  function define(proto, name, f) {
    Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function internal(proto, name, f) {
    Object.defineProperty(proto, name, { value: f, writable: true, configurable: true });
  }
  // domino's EventTarget.prototype is a plain object: its internals (`_dispatchEvent`, `_doClick`, ...) were listed by
  // `for...in` over every node and event target; WebKit has none.
  Object.keys(ET.prototype).forEach(function (name) {
    if (name.charCodeAt(0) === 95) Object.defineProperty(ET.prototype, name, { enumerable: false });
  });
  function flatten(options) {
    return typeof options === 'object' && options !== null ? !!options.capture : !!options;
  }
  function checkCallback(callback, method) {
    if (callback !== null && callback !== undefined && typeof callback !== 'function' && typeof callback !== 'object') {
      throw new TypeError("Failed to execute '" + method + "' on 'EventTarget': parameter 2 is not of type 'Object'.");
    }
  }
  // HTML's default passive value: touch and wheel listeners on the window, document, html and body.
  var passiveByDefault = { touchstart: 1, touchmove: 1, wheel: 1, mousewheel: 1 };
  function defaultPassive(target, type) {
    if (!passiveByDefault[type]) return false;
    if (target === g || target.nodeType === 9) return true;
    var doc = target.ownerDocument;
    return !!doc && (target === doc.documentElement || target === doc.body);
  }

  function listenersOf(target, type, create) {
    var all = target._listeners;
    if (!all) {
      if (!create) return null;
      all = Object.create(null);   // not enumerable: pages list a node's or the window's own keys (lodash, mocha)
      Object.defineProperty(target, '_listeners', { value: all, writable: true, configurable: true });
    }
    return all[type] || (create ? (all[type] = []) : null);
  }
  function removeEntry(target, type, entry) {
    var list = listenersOf(target, type, false);
    var i = list ? list.indexOf(entry) : -1;
    entry.removed = true;
    if (i >= 0) list.splice(i, 1);
  }

  define(ET.prototype, 'addEventListener', function addEventListener(type, callback, options) {
    if (arguments.length < 2) throw new TypeError('Not enough arguments');
    checkCallback(callback, 'addEventListener');
    type = String(type);
    var capture = flatten(options), once = false, passive = null, signal = null;
    if (typeof options === 'object' && options !== null) {
      once = !!options.once;
      if (options.passive !== undefined) passive = !!options.passive;
      if (options.signal !== undefined) {
        signal = options.signal;
        if (typeof AbortSignal !== 'function' || !(signal instanceof AbortSignal)) {
          throw new TypeError("Failed to execute 'addEventListener' on 'EventTarget': Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'.");
        }
      }
    }
    if (signal && signal.aborted) return;
    if (callback === null || callback === undefined) return;
    var target = this == null ? g : this;
    var list = listenersOf(target, type, true);
    for (var i = 0; i < list.length; i++) {
      if (list[i].listener === callback && list[i].capture === capture && !list[i].handler) return;
    }
    var entry = { listener: callback, capture: capture, once: once,
                  passive: passive === null ? defaultPassive(target, type) : passive, removed: false };
    list.push(entry);
    if (signal) signal.addEventListener('abort', function () { removeEntry(target, type, entry); });
  });

  define(ET.prototype, 'removeEventListener', function removeEventListener(type, callback, options) {
    if (arguments.length < 2) throw new TypeError('Not enough arguments');
    checkCallback(callback, 'removeEventListener');
    var target = this == null ? g : this, capture = flatten(options);
    var list = listenersOf(target, String(type), false);
    if (!list) return;
    for (var i = 0; i < list.length; i++) {
      if (list[i].listener === callback && list[i].capture === capture && !list[i].handler) {
        removeEntry(target, String(type), list[i]);
        return;
      }
    }
  });

  define(ET.prototype, 'dispatchEvent', function dispatchEvent(event) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    if (!(event instanceof Event)) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
    return dispatch(this == null ? g : this, event, false);
  });
  internal(ET.prototype, '_dispatchEvent', function _dispatchEvent(event, trusted) {
    return dispatch(this == null ? g : this, event, trusted === true);
  });

  // --- the path: "get the parent" of the DOM standard
  internal(ET.prototype, '_getTheParent', function () { return null; });
  internal(impl.Node.prototype, '_getTheParent', function () { return this.parentNode; });
  internal(impl.Document.prototype, '_getTheParent', function (event) {
    return event.type === 'load' ? null : this.defaultView || null;
  });
  function parentOf(item, event) {
    var f = item._getTheParent;
    return typeof f === 'function' ? f.call(item, event) : null;
  }
  function isNode(n) { return n instanceof impl.Node; }
  function isShadowRoot(n) { return !!n && n.nodeType === 11 && !!n.host && typeof n.mode === 'string'; }
  function rootOf(n) { while (n.parentNode) n = n.parentNode; return n; }
  function hostOf(n) { return isShadowRoot(n) ? n.host : null; }
  function isShadowIncludingAncestor(a, b) {   // a is a shadow-including inclusive ancestor of b
    for (var n = b; n; n = n.parentNode || hostOf(n)) if (n === a) return true;
    return false;
  }
  function retarget(a, b) {
    for (;;) {
      if (!isNode(a)) return a;
      var root = rootOf(a);
      if (!isShadowRoot(root) || (isNode(b) && isShadowIncludingAncestor(root, b))) return a;
      a = root.host;
    }
  }
  function inShadowTree(n) { return isNode(n) && isShadowRoot(rootOf(n)); }

  var currentEvent;
  function dispatch(target, event, trusted) {
    if (event._dispatching || event._initialized === false) {
      throw new DOMException("Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched or was not initialized.", 'InvalidStateError');
    }
    event.isTrusted = trusted;
    event._dispatching = true;
    var isActivation = event.type === 'click' && event instanceof env.eventClass('MouseEvent');
    // domino's click() runs the element's own activation steps around its dispatch; an ancestor's are ours.
    var ownStepsRunByClick = isActivation && !!target._click_in_progress && !trusted;
    if (ownStepsRunByClick) event.composed = true;   // click() events are composed; domino's init leaves it false
    var activationTarget = isActivation && target._post_click_activation_steps && !ownStepsRunByClick ? target : null;
    var hasRelated = event.relatedTarget !== undefined && event.relatedTarget !== null;
    var relatedTarget = hasRelated ? retarget(event.relatedTarget, target) : null;
    var path = [], canceled;
    try {
      if (target !== relatedTarget || target === event.relatedTarget) {
        path.push({ item: target, target: target, related: relatedTarget, inShadow: inShadowTree(target), closedRoot: false, closedSlot: false });
        event._path = path;   // a shadow root's _getTheParent(event) compares its tree with the target's
        var eventTarget = target, targetRoot = isNode(target) ? rootOf(target) : target, slotInClosed = false;
        for (var child = target, parent = parentOf(target, event); parent; child = parent, parent = parentOf(parent, event)) {
          if (isNode(child) && child.parentNode !== parent && parent.localName === 'slot') {
            var slotRoot = rootOf(parent);
            slotInClosed = isShadowRoot(slotRoot) && slotRoot.mode === 'closed';
          }
          var related = hasRelated ? retarget(event.relatedTarget, parent) : null;
          var struct = { item: parent, target: null, related: related, inShadow: inShadowTree(parent),
                         closedRoot: isShadowRoot(parent) && parent.mode === 'closed', closedSlot: slotInClosed };
          slotInClosed = false;
          if (parent === g || (isNode(parent) && (!isShadowRoot(targetRoot) || isShadowIncludingAncestor(targetRoot, parent)))) {
            if (isActivation && event.bubbles && !activationTarget && !(ownStepsRunByClick && target._post_click_activation_steps) &&
                parent._post_click_activation_steps) activationTarget = parent;
          } else if (parent === related) {
            break;
          } else {
            eventTarget = parent;
            targetRoot = rootOf(parent);
            struct.target = parent;
            if (isActivation && !activationTarget && parent._post_click_activation_steps) activationTarget = parent;
          }
          path.push(struct);
        }
        event._path = path;
        if (activationTarget && activationTarget._pre_click_activation_steps) activationTarget._pre_click_activation_steps(event);
        for (var i = path.length - 1; i >= 0; i--) {
          event.eventPhase = path[i].target !== null ? 2 : 1;
          invoke(path, i, event, 'capturing', hasRelated);
        }
        for (i = 0; i < path.length; i++) {
          if (path[i].target !== null) event.eventPhase = 2;
          else if (!event.bubbles) continue;
          else event.eventPhase = 3;
          invoke(path, i, event, 'bubbling', hasRelated);
        }
      }
    } finally {
      var last = path[path.length - 1];
      event.eventPhase = 0;
      event.currentTarget = null;
      event._path = [];
      event._dispatching = false;
      event._propagationStopped = event._immediatePropagationStopped = false;
      canceled = event.defaultPrevented;
      if (last && (inShadowTree(targetOf(path, path.length - 1)) || inShadowTree(last.related))) {
        event.target = null;
        if (hasRelated) event.relatedTarget = null;
      }
    }
    if (activationTarget) {
      if (!canceled) { if (activationTarget._post_click_activation_steps) activationTarget._post_click_activation_steps(event); }
      else if (activationTarget._cancelled_activation_steps) activationTarget._cancelled_activation_steps(event);
    }
    return !canceled;
  }
  function targetOf(path, index) {
    for (var j = index; j >= 0; j--) if (path[j].target !== null) return path[j].target;
    return null;
  }

  function invoke(path, index, event, phase, hasRelated) {
    var struct = path[index];
    event.target = targetOf(path, index);
    if (hasRelated) event.relatedTarget = struct.related;
    if (event._propagationStopped) return;
    var item = struct.item;
    event.currentTarget = item;
    var list = listenersOf(item, event.type, false);
    if (!list || !list.length) return;
    list = list.slice();
    for (var i = 0; i < list.length; i++) {
      var entry = list[i];
      if (entry.removed || (phase === 'capturing' && !entry.capture) || (phase === 'bubbling' && entry.capture)) continue;
      if (entry.once) removeEntry(item, event.type, entry);
      var saved = currentEvent;
      if (!struct.inShadow) currentEvent = event;
      if (entry.passive) event._inPassiveListener = true;
      try {
        if (entry.handler) runHandler(item, entry.handler, event);
        else if (typeof entry.listener === 'function') entry.listener.call(item, event);
        else {
          var handleEvent = entry.listener.handleEvent;
          if (typeof handleEvent !== 'function') throw new TypeError("'handleEvent' property of the event listener is not callable.");
          handleEvent.call(entry.listener, event);
        }
      } catch (error) {
        native.reportError(error);
      } finally {
        event._inPassiveListener = false;
        currentEvent = saved;
      }
      if (event._immediatePropagationStopped) return;
    }
  }

  // --- composedPath(): the path as the current target sees it (closed shadow trees hidden)
  env.composedPath = function (event) {
    var path = event._path, currentTarget = event.currentTarget;
    if (!path || !path.length || currentTarget === null) return [];
    var composed = [currentTarget], index = path.length - 1, currentIndex = 0, level = 0;
    for (; index >= 0; index--) {
      if (path[index].closedRoot) level++;
      if (path[index].item === currentTarget) { currentIndex = index; break; }
      if (path[index].closedSlot) level--;
    }
    var current = level, max = level;
    for (index = currentIndex - 1; index >= 0; index--) {
      if (path[index].closedRoot) current++;
      if (current <= max) composed.unshift(path[index].item);
      if (path[index].closedSlot) { current--; if (current < max) max = current; }
    }
    current = max = level;
    for (index = currentIndex + 1; index < path.length; index++) {
      if (path[index].closedSlot) current++;
      if (current <= max) composed.push(path[index].item);
      if (path[index].closedRoot) { current--; if (current < max) max = current; }
    }
    return composed;
  };

  // --- window.event: the event being dispatched, [Replaceable]
  Object.defineProperty(g, 'event', {
    get: function () { return currentEvent; },
    set: function (v) { Object.defineProperty(g, 'event', { value: v, writable: true, configurable: true, enumerable: true }); },
    configurable: true, enumerable: true
  });

  // --- event handlers: a handler is a listener registered when first set, removed when set to null
  function runHandler(target, type, event) {
    var handler = target._handlers && target._handlers[type];
    if (typeof handler !== 'function') return;
    var result = handler.call(target, event);
    if (result === false) event.preventDefault();
  }
  internal(ET.prototype, '_setEventHandler', function _setEventHandler(type, value) {
    var target = this == null ? g : this;
    var handlers = target._handlers || (target._handlers = Object.create(null));
    if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) value = null;
    var had = handlers[type] !== undefined && handlers[type] !== null;
    handlers[type] = value;
    var list = listenersOf(target, type, value !== null);
    if (value !== null && !had) list.push({ listener: null, handler: type, capture: false, once: false, passive: false, removed: false });
    if (value === null && had && list) {
      for (var i = 0; i < list.length; i++) if (list[i].handler === type) { removeEntry(target, type, list[i]); break; }
    }
  });
  internal(ET.prototype, '_getEventHandler', function _getEventHandler(type) {
    var target = this == null ? g : this;
    return (target._handlers && target._handlers[type]) || null;
  });

  env.dispatch = dispatch;

  // --- EventTarget, the interface: constructible as in WebKit (`new EventTarget()`, `class Bus extends EventTarget`,
  // with the listeners and dispatch above); its prototype is domino's, so nodes and documents are instances. The
  // window (the global object, whose prototype cannot change) and the platform's targets (XMLHttpRequest,
  // AbortSignal, WebSocket, ...: they share the platform's one `dispatchEvent`, platform/base.js) are instances
  // too, through Symbol.hasInstance, as a worker's scope does (workers/scope.js).
  function EventTarget() {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
  }
  EventTarget.prototype = ET.prototype;
  internal(ET.prototype, 'constructor', EventTarget);
  var platformDispatch;
  Object.defineProperty(EventTarget, Symbol.hasInstance, { configurable: true, value: function (value) {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (this !== EventTarget || value === null) return false;
    if (typeof value !== 'object' && typeof value !== 'function') return false;
    if (value === g) return true;
    if (!platformDispatch) {
      var signal = g.AbortSignal && Object.getOwnPropertyDescriptor(g.AbortSignal.prototype, 'dispatchEvent');
      platformDispatch = signal && signal.value;
    }
    for (var p = Object.getPrototypeOf(value); p && platformDispatch; p = Object.getPrototypeOf(p)) {
      var own = Object.getOwnPropertyDescriptor(p, 'dispatchEvent');
      if (own && own.value === platformDispatch) return true;
    }
    return false;
  } });
  Object.defineProperty(g, 'EventTarget', { value: EventTarget, writable: true, configurable: true });
  return env;
})
