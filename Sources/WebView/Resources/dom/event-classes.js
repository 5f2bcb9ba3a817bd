(function (require, native, env) {
  'use strict';
  // The event interfaces with their init dictionaries (DOM, UI Events, HTML, Touch Events, Pointer Events).
  // They replace domino's `Event`, `UIEvent`, `MouseEvent` and `CustomEvent`, whose methods are read-only
  // (AngularJS's jqLite assigns `event.stopImmediatePropagation`) and whose constructors copy any member of
  // the dictionary. Constructors check their arguments and read only their dictionary's members; methods are
  // writable and configurable, as WebIDL makes them.
  var g = globalThis, impl = env.impl;
  var BaseEvent = require('domino/lib/Event');

  function method(proto, name, f) {
    Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function accessor(proto, name, get, set) {
    Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true });
  }
  function constant(target, name, value) {
    Object.defineProperty(target, name, { value: value, enumerable: true });
  }

  // WebIDL conversions of dictionary members
  function toBoolean(v) { return !!v; }
  function toDouble(v) {
    var n = Number(v);
    if (!isFinite(n)) throw new TypeError('The provided double value is non-finite.');
    return n;
  }
  function toUnrestricted(v) { return Number(v); }
  function toLong(v) { var n = Number(v); return isFinite(n) ? n | 0 : 0; }
  function toUnsigned(v) { var n = Number(v); return isFinite(n) ? n >>> 0 : 0; }
  function toShort(v) { return (toLong(v) << 16) >> 16; }
  function toString(v) { return String(v); }
  function toNullableString(v) { return v === null ? null : String(v); }
  function toAny(v) { return v; }
  function toTarget(member) {
    return function (v) {
      if (v === null || v instanceof require('domino/lib/EventTarget') || v === g) return v;
      throw new TypeError('Type error');   // WebKit's words for a member of the wrong interface (WebKitGTK 2.50)
    };
  }
  function toView(v) {
    if (v === null || v === g) return v;
    throw new TypeError('Type error');
  }
  // MessageEvent's `source`: a window (this one or a frame's, whose proxy may refuse reads) or a MessagePort (an object
  // with `postMessage`).
  function toSource(v) {
    if (v === null || v === g) return v;
    if (typeof v === 'object') {
      var windowOrPort;
      try { windowOrPort = v.window === v || typeof v.postMessage === 'function'; } catch (e) { windowOrPort = true; }
      if (windowOrPort) return v;
    }
    throw new TypeError('Type error');
  }
  function isPort(x) { return x !== null && typeof x === 'object' && typeof x.postMessage === 'function'; }
  // A sequence member of items that `isItem` accepts; WebKit's words for a value that is not a sequence differ by
  // member (WebKitGTK 2.50: "Value is not a sequence" for MessageEvent's `ports`, "Type error" for TouchEvent's lists).
  function toList(notSequence, isItem) {
    return function (v) {
      if (v === null || typeof v !== 'object' || typeof v[Symbol.iterator] !== 'function') throw new TypeError(notSequence);
      return Array.prototype.map.call(Array.from(v), function (x) {
        if (isItem && !isItem(x)) throw new TypeError('Type error');
        return x;
      });
    };
  }

  // Each class lists its own members: [name, default, conversion]. Members whose name starts with
  // `modifier` are not attributes: they only answer getModifierState().
  var modifiers = [['ctrlKey', false, toBoolean], ['shiftKey', false, toBoolean], ['altKey', false, toBoolean],
    ['metaKey', false, toBoolean]].concat(['AltGraph', 'CapsLock', 'Fn', 'FnLock', 'Hyper', 'NumLock', 'ScrollLock',
    'Super', 'Symbol', 'SymbolLock'].map(function (k) { return ['modifier' + k, false, toBoolean]; }));

  // An event's state lives where pages cannot list it, as a browser's does (WebKitGTK 2.50: `Object.keys(event)` and
  // `JSON.stringify(event)` give only `isTrusted`, its one own property; every attribute is an accessor of a prototype,
  // which `for...in` lists). Each event gets a private field (invisible to `Object.keys`, `for...in`, `JSON.stringify`
  // and `Object.getOwnPropertySymbols`) holding a plain object, read and written by the prototypes' accessors.
  // Pages and analytics code stringify events and log their keys: with domino's own properties they met the event's
  // target and its tree (a cyclic structure), which a phone does not.
  var Stamp = class { constructor(o) { return o; } };
  var State = class extends Stamp {
    #state;
    constructor(o, state) { super(o); this.#state = state; }
    static of(o) { return o !== null && typeof o === 'object' && #state in o ? o.#state : undefined; }
  };
  // The state of an event made before any of ours touched it (domino's own events, `Object.create`d ones).
  function defaults() {
    return { type: '', target: null, currentTarget: null, eventPhase: 0, bubbles: false, cancelable: false, composed: false,
      defaultPrevented: false, timeStamp: 0, _propagationStopped: false, _immediatePropagationStopped: false,
      _initialized: true, _dispatching: false, _path: undefined, _inPassiveListener: false, _modifiers: undefined };
  }
  function stateOf(event) { return State.of(event) || (new State(event, defaults()), State.of(event)); }
  // An attribute (enumerable, as WebIDL makes them) or an internal slot (not enumerable) over the state. Reading an
  // attribute of an object that is not an event throws WebKit's words; internal code writes attributes through the setter.
  function slot(proto, interfaceName, name, enumerable) {
    Object.defineProperty(proto, name, {
      get: function () {
        var state = State.of(this);
        if (state === undefined) {
          if (!enumerable) return undefined;
          throw new TypeError('The ' + interfaceName + '.' + name + ' getter can only be used on instances of ' + interfaceName);
        }
        return state[name];
      },
      set: function (v) { stateOf(this)[name] = v; },
      enumerable: enumerable, configurable: true
    });
  }
  env.eventState = stateOf;

  function construct(event, C, type, init) {
    var state = defaults();
    state.type = type;
    if (typeof performance === 'object' && performance && typeof performance.now === 'function') state.timeStamp = performance.now();
    new State(event, state);
    event.isTrusted = false;   // WebKit's one own property of an event ([LegacyUnforgeable])
    var chain = [];
    for (var c = C; c && c.__members; c = Object.getPrototypeOf(c.prototype).constructor) chain.unshift(c.__members);
    chain.forEach(function (members) {
      members.forEach(function (m) {
        var v = init[m[0]];
        v = v === undefined ? (typeof m[1] === 'function' ? m[1]() : m[1]) : m[2](v);
        if (m[3]) state[m[3]] = v;
        else if (m[0].indexOf('modifier') === 0) (state._modifiers || (state._modifiers = {}))[m[0].slice(8)] = v;
        else state[m[0]] = v;
      });
    });
  }

  var classes = {};
  // `layout`: `order`, the attributes in WebKit's order on the prototype (for...in lists them so: WebKitGTK 2.50),
  // `slots`, attributes that are state but no constructor member, and `internals`, internal slots.
  function defineClass(name, Parent, members, proto, required, layout) {
    layout = layout || {};
    var C = function (type, init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      // WebKit's words (WebKitGTK 2.50): an init dictionary with a required member is a required argument.
      if (arguments.length < (required ? 2 : 1)) throw new TypeError('Not enough arguments');
      if (init === undefined || init === null) init = {};
      else if (typeof init !== 'object' && typeof init !== 'function') throw new TypeError('Type error');
      (required || []).forEach(function (member) {
        if (init[member[0]] === undefined) {
          throw new TypeError('Member ' + name + 'Init.' + member[0] + ' is required and must be an instance of ' + member[1]);
        }
      });
      construct(this, C, String(type), init);
    };
    Object.defineProperty(C, 'name', { value: name });
    Object.defineProperty(C, 'length', { value: required ? 2 : 1 });
    C.__members = members;
    C.prototype = Object.create(Parent ? Parent.prototype : Object.prototype);
    if (Parent) Object.setPrototypeOf(C, Parent);
    Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, configurable: true });
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true });
    proto = proto || {};
    var order = layout.order || [], attributes = (layout.slots || []).slice();
    members.forEach(function (m) { if (!m[3] && m[0].indexOf('modifier') !== 0 && attributes.indexOf(m[0]) < 0) attributes.push(m[0]); });
    Object.keys(proto).forEach(function (key) { if (Object.getOwnPropertyDescriptor(proto, key).get && attributes.indexOf(key) < 0) attributes.push(key); });
    function rank(key) { var i = order.indexOf(key); return i < 0 ? order.length + attributes.indexOf(key) : i; }
    attributes.sort(function (a, b) { return rank(a) - rank(b); });
    attributes.forEach(function (key) {
      var d = Object.getOwnPropertyDescriptor(proto, key);
      if (d) accessor(C.prototype, key, d.get, d.set); else slot(C.prototype, name, key, true);
    });
    members.forEach(function (m) { if (m[3]) slot(C.prototype, name, m[3], false); });
    (layout.internals || []).forEach(function (key) { slot(C.prototype, name, key, false); });
    Object.keys(proto).forEach(function (key) {
      var d = Object.getOwnPropertyDescriptor(proto, key);
      if (!d.get) method(C.prototype, key, d.value);
    });
    classes[name] = C;
    return C;
  }

  // --- Event
  var phases = { NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 };
  var Event = defineClass('Event', null, [['bubbles', false, toBoolean], ['cancelable', false, toBoolean], ['composed', false, toBoolean]], {
    composedPath: function composedPath() { return env.composedPath ? env.composedPath(this) : []; },
    stopPropagation: function stopPropagation() { this._propagationStopped = true; },
    stopImmediatePropagation: function stopImmediatePropagation() { this._propagationStopped = this._immediatePropagationStopped = true; },
    preventDefault: function preventDefault() { if (this.cancelable && !this._inPassiveListener) this.defaultPrevented = true; },
    initEvent: function initEvent(type, bubbles, cancelable) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      if (this._dispatching) return;
      this._initialized = true;
      this._propagationStopped = this._immediatePropagationStopped = false;
      this.defaultPrevented = false;
      this.isTrusted = false;
      this.target = null;
      this.type = String(type);
      this.bubbles = !!bubbles;
      this.cancelable = !!cancelable;
    },
    get srcElement() { return this.target; },
    get returnValue() { return !this.defaultPrevented; },
    set returnValue(v) { if (!v) this.preventDefault(); },
    get cancelBubble() { return !!this._propagationStopped; },
    set cancelBubble(v) { if (v) this._propagationStopped = true; }
  }, null, { order: ['type', 'target', 'currentTarget', 'eventPhase', 'cancelBubble', 'bubbles', 'cancelable', 'defaultPrevented',
    'composed', 'timeStamp', 'srcElement', 'returnValue'],
  slots: ['type', 'target', 'currentTarget', 'eventPhase', 'defaultPrevented', 'timeStamp'],
  internals: ['_propagationStopped', '_immediatePropagationStopped', '_initialized', '_dispatching', '_path', '_inPassiveListener',
    '_modifiers'] });
  Object.keys(phases).forEach(function (k) { constant(Event, k, phases[k]); constant(Event.prototype, k, phases[k]); });

  // Events that domino still makes itself (`document.close()`) are Events too.
  Object.setPrototypeOf(BaseEvent.prototype, Event.prototype);
  impl.Event = Event;
  Object.defineProperty(g, 'Event', { value: Event, writable: true, configurable: true });

  // The other classes are made on first use: a page pays for them only when it touches one.
  var lazyNames = ['CustomEvent', 'UIEvent', 'MouseEvent', 'PointerEvent', 'WheelEvent', 'DragEvent', 'KeyboardEvent',
    'InputEvent', 'FocusEvent', 'CompositionEvent', 'Touch', 'TouchList', 'TouchEvent', 'SubmitEvent', 'FormDataEvent',
    'PopStateEvent', 'HashChangeEvent', 'PageTransitionEvent', 'ErrorEvent', 'PromiseRejectionEvent', 'ProgressEvent',
    'MessageEvent', 'StorageEvent', 'BeforeUnloadEvent', 'AnimationEvent', 'TransitionEvent'];
  var built = false;
  function build() {
    if (built) return classes;
    built = true;
    defineClass('CustomEvent', Event, [['detail', null, toAny]], {
      initCustomEvent: function initCustomEvent(type, bubbles, cancelable, detail) {
        if (this._dispatching) return;
        this.initEvent(type, bubbles, cancelable);
        this.detail = detail === undefined ? null : detail;
      }
    });

    function initUI(event, type, bubbles, cancelable, view, detail) {
      if (event._dispatching) return false;
      event.initEvent(type, bubbles, cancelable);
      event.view = view === undefined ? null : view;
      event.detail = toLong(detail);
      return true;
    }
    // A member with a fourth entry is kept under that name, behind an accessor of the prototype.
    var UIEvent = defineClass('UIEvent', Event, [['view', null, toView], ['detail', 0, toLong], ['which', 0, toUnsigned, '_which']], {
      initUIEvent: function initUIEvent(type, bubbles, cancelable, view, detail) { initUI(this, type, bubbles, cancelable, view, detail); },
      get which() { return this._which || 0; }
    });

    function getModifierState(key) {
      switch (String(key)) {
        case 'Alt': return !!this.altKey;
        case 'Control': return !!this.ctrlKey;
        case 'Shift': return !!this.shiftKey;
        case 'Meta': return !!this.metaKey;
        default: return !!(this._modifiers && this._modifiers[key]);
      }
    }
    var MouseEvent = defineClass('MouseEvent', UIEvent, modifiers.concat([
      ['screenX', 0, toDouble], ['screenY', 0, toDouble], ['clientX', 0, toDouble], ['clientY', 0, toDouble],
      ['button', 0, toShort], ['buttons', 0, toUnsigned], ['relatedTarget', null, toTarget('relatedTarget')],
      ['movementX', 0, toDouble], ['movementY', 0, toDouble]]), {
      getModifierState: getModifierState,
      initMouseEvent: function initMouseEvent(type, bubbles, cancelable, view, detail, screenX, screenY, clientX, clientY,
                                              ctrlKey, altKey, shiftKey, metaKey, button, relatedTarget) {
        if (!initUI(this, type, bubbles, cancelable, view, detail)) return;
        this.screenX = toLong(screenX); this.screenY = toLong(screenY);
        this.clientX = toLong(clientX); this.clientY = toLong(clientY);
        this.ctrlKey = !!ctrlKey; this.altKey = !!altKey; this.shiftKey = !!shiftKey; this.metaKey = !!metaKey;
        this.button = toShort(button);
        this.relatedTarget = relatedTarget === undefined ? null : relatedTarget;
      },
      // No layout: the page is not scrolled and every target sits at the viewport's origin.
      get pageX() { return this.clientX; }, get pageY() { return this.clientY; },
      get x() { return this.clientX; }, get y() { return this.clientY; },
      get offsetX() { return this.clientX; }, get offsetY() { return this.clientY; },
      get which() { return this.button + 1; },
      // WebKit's legacy names of where the pointer came from and went to (observed on WebKitGTK 2.50).
      get fromElement() { return this.type === 'mouseout' || this.type === 'mouseleave' ? this.target : this.relatedTarget; },
      get toElement() { return this.type === 'mouseout' || this.type === 'mouseleave' ? this.relatedTarget : this.target; }
    }, null, { order: ['screenX', 'screenY', 'clientX', 'clientY', 'ctrlKey', 'shiftKey', 'altKey', 'metaKey', 'button', 'buttons',
      'relatedTarget', 'movementX', 'movementY', 'offsetX', 'offsetY', 'x', 'y'] });

    defineClass('PointerEvent', MouseEvent, [['pointerId', 0, toLong], ['width', 1, toDouble], ['height', 1, toDouble],
      ['pressure', 0, toUnrestricted], ['tangentialPressure', 0, toUnrestricted], ['tiltX', 0, toLong], ['tiltY', 0, toLong],
      ['twist', 0, toLong], ['altitudeAngle', Math.PI / 2, toDouble], ['azimuthAngle', 0, toDouble],
      ['pointerType', '', toString], ['isPrimary', false, toBoolean]], {
      getCoalescedEvents: function getCoalescedEvents() { return []; },
      getPredictedEvents: function getPredictedEvents() { return []; }
    });
    var WheelEvent = defineClass('WheelEvent', MouseEvent, [['deltaX', 0, toDouble], ['deltaY', 0, toDouble],
      ['deltaZ', 0, toDouble], ['deltaMode', 0, toUnsigned]]);
    ['DOM_DELTA_PIXEL', 'DOM_DELTA_LINE', 'DOM_DELTA_PAGE'].forEach(function (k, i) { constant(WheelEvent, k, i); constant(WheelEvent.prototype, k, i); });
    defineClass('DragEvent', MouseEvent, [['dataTransfer', null, toAny]]);

    var KeyboardEvent = defineClass('KeyboardEvent', UIEvent, modifiers.concat([
      ['key', '', toString], ['code', '', toString], ['location', 0, toUnsigned], ['repeat', false, toBoolean],
      ['isComposing', false, toBoolean], ['charCode', 0, toUnsigned], ['keyCode', 0, toUnsigned]]), {
      getModifierState: getModifierState,
      initKeyboardEvent: function initKeyboardEvent(type, bubbles, cancelable, view, key, location, ctrlKey, altKey, shiftKey, metaKey) {
        if (!initUI(this, type, bubbles, cancelable, view, 0)) return;
        this.key = key === undefined ? '' : String(key);
        this.location = toUnsigned(location);
        this.ctrlKey = !!ctrlKey; this.altKey = !!altKey; this.shiftKey = !!shiftKey; this.metaKey = !!metaKey;
      },
      // WebKit and Blink: `which` of a key event is its legacy key code.
      get which() { return this.keyCode || this.charCode; }
    }, null, { order: ['key', 'code', 'location', 'ctrlKey', 'shiftKey', 'altKey', 'metaKey', 'repeat', 'isComposing', 'charCode', 'keyCode'] });
    ['DOM_KEY_LOCATION_STANDARD', 'DOM_KEY_LOCATION_LEFT', 'DOM_KEY_LOCATION_RIGHT', 'DOM_KEY_LOCATION_NUMPAD'].forEach(function (k, i) {
      constant(KeyboardEvent, k, i); constant(KeyboardEvent.prototype, k, i);
    });

    defineClass('InputEvent', UIEvent, [['data', null, toNullableString], ['isComposing', false, toBoolean],
      ['inputType', '', toString], ['dataTransfer', null, toAny]], {
      getTargetRanges: function getTargetRanges() { return []; }
    });
    defineClass('FocusEvent', UIEvent, [['relatedTarget', null, toTarget('relatedTarget')]]);
    defineClass('CompositionEvent', UIEvent, [['data', '', toString]], {
      initCompositionEvent: function initCompositionEvent(type, bubbles, cancelable, view, data) {
        if (initUI(this, type, bubbles, cancelable, view, 0)) this.data = data === undefined ? '' : String(data);
      }
    });

    // --- touches: Touch objects and the TouchList that holds them
    function Touch(init) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (init === null || typeof init !== 'object') throw new TypeError("Failed to construct 'Touch': 1 argument required, but only 0 present.");
      if (init.identifier === undefined) throw new TypeError("Failed to construct 'Touch': required member identifier is undefined.");
      if (init.target === undefined) throw new TypeError("Failed to construct 'Touch': required member target is undefined.");
      var state = {};
      touchMembers.forEach(function (m) { state[m[0]] = init[m[0]] === undefined ? m[1] : m[2](init[m[0]]); });
      new State(this, state);
    }
    // A Touch's members are attributes of its prototype, as in WebKit (`Object.keys(touch)` is empty on WebKitGTK 2.50).
    var touchMembers = [['identifier', 0, toLong], ['target', null, toTarget('target')], ['clientX', 0, toDouble], ['clientY', 0, toDouble],
      ['screenX', 0, toDouble], ['screenY', 0, toDouble], ['pageX', 0, toDouble], ['pageY', 0, toDouble],
      ['radiusX', 0, toDouble], ['radiusY', 0, toDouble], ['rotationAngle', 0, toDouble], ['force', 0, toDouble],
      ['altitudeAngle', 0, toDouble], ['azimuthAngle', 0, toDouble], ['touchType', 'direct', toString]];
    touchMembers.forEach(function (m) { slot(Touch.prototype, 'Touch', m[0], true); });
    Object.defineProperty(Touch.prototype, Symbol.toStringTag, { value: 'Touch', configurable: true });
    function TouchList() { throw new TypeError('Illegal constructor'); }
    method(TouchList.prototype, 'item', function item(i) { return this[i >>> 0] || null; });
    Object.defineProperty(TouchList.prototype, Symbol.toStringTag, { value: 'TouchList', configurable: true });
    TouchList.prototype[Symbol.iterator] = Array.prototype[Symbol.iterator];
    function touchList(v) {
      var list = Object.create(TouchList.prototype), touches = toList('Type error', function (x) { return x instanceof Touch; })(v);
      touches.forEach(function (t, i) { Object.defineProperty(list, i, { value: t, enumerable: true }); });
      Object.defineProperty(list, 'length', { value: touches.length });
      return list;
    }
    function emptyTouchList() { return touchList([]); }
    defineClass('TouchEvent', UIEvent, modifiers.slice(0, 4).concat([['touches', emptyTouchList, touchList],
      ['targetTouches', emptyTouchList, touchList], ['changedTouches', emptyTouchList, touchList]]), {
      getModifierState: getModifierState
    });

    // --- HTML's events
    defineClass('SubmitEvent', Event, [['submitter', null, toAny]]);
    defineClass('FormDataEvent', Event, [['formData', null, toAny]], null, [['formData', 'FormData']]);
    defineClass('PopStateEvent', Event, [['state', null, toAny], ['hasUAVisualTransition', false, toBoolean]]);
    defineClass('HashChangeEvent', Event, [['oldURL', '', toString], ['newURL', '', toString]]);
    defineClass('PageTransitionEvent', Event, [['persisted', false, toBoolean]]);
    defineClass('ErrorEvent', Event, [['message', '', toString], ['filename', '', toString], ['lineno', 0, toUnsigned],
      ['colno', 0, toUnsigned], ['error', null, toAny]]);
    defineClass('PromiseRejectionEvent', Event, [['promise', null, toAny], ['reason', undefined, toAny]], null, [['promise', 'Promise']]);
    defineClass('ProgressEvent', Event, [['lengthComputable', false, toBoolean], ['loaded', 0, toUnrestricted], ['total', 0, toUnrestricted]]);
    defineClass('MessageEvent', Event, [['data', null, toAny], ['origin', '', toString], ['lastEventId', '', toString],
      ['source', null, toSource], ['ports', function () { return Object.freeze([]); },
        function (v) { return Object.freeze(toList('Value is not a sequence', isPort)(v)); }]], {
      initMessageEvent: function initMessageEvent(type, bubbles, cancelable, data, origin, lastEventId, source, ports) {
        if (this._dispatching) return;
        this.initEvent(type, bubbles, cancelable);
        this.data = data === undefined ? null : data;
        this.origin = origin === undefined ? '' : String(origin);
        this.lastEventId = lastEventId === undefined ? '' : String(lastEventId);
        this.source = source === undefined ? null : source;
        this.ports = Object.freeze(ports ? Array.from(ports) : []);
      }
    }, null, { order: ['origin', 'lastEventId', 'source', 'data', 'ports'] });
    defineClass('StorageEvent', Event, [['key', null, toNullableString], ['oldValue', null, toNullableString],
      ['newValue', null, toNullableString], ['url', '', toString], ['storageArea', null, toAny]], {
      initStorageEvent: function initStorageEvent(type, bubbles, cancelable, key, oldValue, newValue, url, storageArea) {
        if (this._dispatching) return;
        this.initEvent(type, bubbles, cancelable);
        this.key = key === undefined ? null : key;
        this.oldValue = oldValue === undefined ? null : oldValue;
        this.newValue = newValue === undefined ? null : newValue;
        this.url = url === undefined ? '' : String(url);
        this.storageArea = storageArea === undefined ? null : storageArea;
      }
    });
    defineClass('BeforeUnloadEvent', Event, []);
    defineClass('AnimationEvent', Event, [['animationName', '', toString], ['elapsedTime', 0, toDouble], ['pseudoElement', '', toString]]);
    defineClass('TransitionEvent', Event, [['propertyName', '', toString], ['elapsedTime', 0, toDouble], ['pseudoElement', '', toString]]);

    [['UIEvent', require('domino/lib/UIEvent')], ['MouseEvent', require('domino/lib/MouseEvent')],
     ['CustomEvent', require('domino/lib/CustomEvent')]].forEach(function (pair) {
      Object.setPrototypeOf(pair[1].prototype, classes[pair[0]].prototype);
    });
    classes.Touch = Touch;
    classes.TouchList = TouchList;
    lazyNames.forEach(function (name) {
      impl[name] = classes[name];
      Object.defineProperty(g, name, { value: classes[name], writable: true, configurable: true });
    });
    return classes;
  }
  lazyNames.forEach(function (name) {
    Object.defineProperty(g, name, {
      configurable: true,
      get: function () { return build()[name]; },
      set: function (v) { build(); Object.defineProperty(g, name, { value: v, writable: true, configurable: true }); }
    });
  });

  // --- document.createEvent: the legacy interface names of the DOM standard
  var legacy = { beforeunloadevent: 'BeforeUnloadEvent', compositionevent: 'CompositionEvent', customevent: 'CustomEvent',
    dragevent: 'DragEvent', event: 'Event', events: 'Event', focusevent: 'FocusEvent', hashchangeevent: 'HashChangeEvent',
    htmlevents: 'Event', keyboardevent: 'KeyboardEvent', keyboardevents: 'KeyboardEvent', messageevent: 'MessageEvent',
    mouseevent: 'MouseEvent', mouseevents: 'MouseEvent', storageevent: 'StorageEvent', svgevents: 'Event',
    touchevent: 'TouchEvent', uievent: 'UIEvent', uievents: 'UIEvent' };
  env.documentMember('createEvent', { value: createEvent });
  function createEvent(name) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var C = build()[legacy[String(name).toLowerCase()]];
    if (!C) throw new DOMException("Failed to execute 'createEvent' on 'Document': The provided event type ('" + name + "') is invalid.", 'NotSupportedError');
    var event = Object.create(C.prototype);
    construct(event, C, '', {});
    event._initialized = false;
    return event;
  }

  env.eventClass = function (name) { return build()[name]; };
  // An event class of another layer (css/cssom.js's MediaQueryListEvent): `members` as defineClass's, `order` WebKit's
  // order of its attributes.
  env.defineEventClass = function (name, members, order) { return defineClass(name, Event, members, null, null, { order: order }); };
  return env;
})
