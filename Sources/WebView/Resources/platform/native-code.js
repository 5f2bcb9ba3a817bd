(function (global, native, internals) {
  'use strict';
  // The platform's functions read as WebKit's built-in ones: `Function.prototype.toString` of a DOM method, an
  // interface, an accessor of the window or a web API gives "function querySelectorAll() {\n    [native code]\n}",
  // as JavaScriptCore prints a native function (observed on WebKitGTK 2.50), not the JavaScript that implements it
  // here (domino, the polyfills, this platform's scripts). Pages decide by that text: jQuery's Sizzle uses
  // `querySelectorAll`, `matches`, `compareDocumentPosition` and `getElementsByClassName` only when they are native,
  // else its own selector engine; lodash's `_.isNative`, core-js and feature checks read it too. So a headless page
  // takes the device's path.
  //
  // Run last of the platform's scripts. Set-up records only the global's names (the platform's globals, before any
  // page script); the first call of `toString` walks them (interfaces, their prototypes and static members, the
  // window's objects such as `document` and `navigator`, and accessors) into a WeakMap, never reading an accessor,
  // so lazily made APIs stay unmade. APIs made later report themselves through `platformMade(object, names)`
  // (internals.lazy, the DOM's lazy installers); functions of page scripts, and the language's own, are left as the
  // engine prints them.
  var FunctionPrototype = Object.getPrototypeOf(function () {});
  var original = FunctionPrototype.toString;
  var language = internals.languageGlobals;
  var platformNames = Object.getOwnPropertyNames(global);   // before any page script
  var names = null;   // WeakMap: a platform function → the name its text shows; null until the first call
  var walked = null;   // the objects whose members are marked
  var accessors = [];   // the platform's global accessors when marking started: lazily made APIs among them
  var hasOwn = Object.prototype.hasOwnProperty;

  function nativeText(name) { return 'function ' + name + '() {\n    [native code]\n}'; }
  // JavaScriptCore prints an accessor by its property's name ("function firstChild()"), a symbol-keyed method by
  // the function's own name.
  function mark(f, name) {
    if (typeof f === 'function' && !names.has(f)) names.set(f, typeof name === 'string' ? name : String(f.name || ''));
  }
  function markMembers(object) {
    if (!object || (typeof object !== 'object' && typeof object !== 'function') || walked.has(object)) return;
    walked.add(object);
    var keys = Reflect.ownKeys(object);
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i];
      if (key === 'constructor' || key === 'prototype' || key === 'caller' || key === 'arguments') continue;
      var d = Object.getOwnPropertyDescriptor(object, key);
      if (!d) continue;
      var name = typeof key === 'string' ? key : null;
      if (d.get || d.set) {
        mark(d.get, name);
        mark(d.set, name);
      } else if (typeof d.value === 'function') {
        mark(d.value, name === null ? d.value.name : name);
      }
    }
  }
  // An object of the platform and its prototype chain, up to the language's prototypes.
  function markChain(object) {
    for (var o = object; o && o !== Object.prototype && o !== FunctionPrototype; o = Object.getPrototypeOf(o)) {
      if (walked.has(o)) return;
      markMembers(o);
    }
  }
  // Whether `object[name]` was a value (marked); false for an accessor, whose functions are marked but which is
  // never read: a lazily made API stays unmade until the page reads it.
  function markProperty(object, name) {
    var d = Object.getOwnPropertyDescriptor(object, name);
    if (!d) return true;
    if (d.get || d.set) {
      mark(d.get, name);
      mark(d.set, name);
      return false;
    }
    markValue(d.value, name);
    return true;
  }
  function markValue(value, name) {
    if (typeof value === 'function') {
      mark(value, name);   // a callback of the C API prints as "function CallbackObject()" without this
      markMembers(value);   // static members (URL.createObjectURL, Notification.requestPermission, ...)
      if (value.prototype && typeof value.prototype === 'object') markChain(value.prototype);
    } else if (value && typeof value === 'object' && value !== global) {
      markChain(value);   // navigator, CSS, ...
    }
  }
  // The window's objects behind accessors whose getters make nothing: their own members (location.assign, ...).
  var objects = ['document', 'location', 'history', 'navigator', 'screen', 'performance', 'visualViewport'];
  function activate() {
    names = new WeakMap();
    walked = new WeakSet();
    names.set(toString, 'toString');
    for (var i = 0; i < platformNames.length; i++) {
      var name = platformNames[i];
      if (!language.test(name) && !markProperty(global, name)) accessors.push(name);
    }
    platformNames = null;
    objects.forEach(function (name) {
      var d = Object.getOwnPropertyDescriptor(global, name);
      if (d && d.get) try { markValue(global[name], name); } catch (e) { /* not in this context */ }
    });
  }
  // An API made after set-up (on first use): its properties `keys` on `object` (once marking has started; until
  // then the first call's walk finds them).
  // A lazy installer may make more than the globals it stands for (custom elements make MutationObserver): the global
  // accessors of set-up that are values now are marked too.
  function platformMade(object, keys) {
    if (names === null || !object) return;
    for (var i = 0; i < keys.length; i++) if (hasOwn.call(object, keys[i])) markProperty(object, keys[i]);
    accessors = accessors.filter(function (name) { return !markProperty(global, name); });
  }
  internals.platformMade = platformMade;
  if (native.domEnv) native.domEnv.platformMade = platformMade;

  function toString() {
    if (names === null) activate();
    var name = names.get(this);
    return name === undefined ? original.call(this) : nativeText(name);
  }
  Object.defineProperty(FunctionPrototype, 'toString', { value: toString, writable: true, configurable: true, enumerable: false });
})
