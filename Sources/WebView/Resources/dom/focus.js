(function (require, native, env) {
  'use strict';
  // Focus: `focus()`, `blur()`, `document.activeElement` (the body when nothing is focused), `tabIndex` and the
  // focusability rules (disabled, `hidden`, `display: none` in inline styles and detached elements cannot be
  // focused), `focus`/`blur` (not bubbling) then `focusout`/`focusin` (bubbling) as browsers order them, and
  // `autofocus` once the document is parsed, `:focus` and `:focus-within` in selectors.
  var g = globalThis, impl = env.impl, doc = env.document, forms = env.forms;
  var accessor = forms.accessor, method = forms.method, is = forms.is;

  function makeFocusEvent(type, related) {
    var init = { bubbles: type === 'focusin' || type === 'focusout', composed: true, relatedTarget: related, view: g };
    if (typeof g.FocusEvent === 'function') return new g.FocusEvent(type, init);
    var event = new impl.Event(type, init);
    event.relatedTarget = related;
    return event;
  }
  function fire(target, type, related) { target._dispatchEvent(makeFocusEvent(type, related), true); }

  // --- focusability
  var FOCUSABLE_BY_DEFAULT = ' button input select textarea iframe object summary ';
  function tabIndexAttribute(el) {
    var s = el.getAttribute('tabindex');
    if (s === null || !/^\s*[-+]?\d+\s*$/.test(s)) return null;
    return parseInt(s, 10);
  }
  function focusableByDefault(el) {
    if (is(el, FOCUSABLE_BY_DEFAULT)) return !(el.localName === 'input' && el.type === 'hidden');
    if (is(el, ' a area ')) return el.hasAttribute('href');
    var editable = el.getAttribute && el.getAttribute('contenteditable');
    return editable !== null && editable !== undefined && editable.toLowerCase() !== 'false';
  }
  function rendered(el) {
    for (var n = el; n && n.nodeType === 1; n = n.parentNode) {
      if (n.hasAttribute('hidden')) return false;
      var style = n.getAttribute('style');
      if (style && /(^|;)\s*display\s*:\s*none\b/i.test(style)) return false;
      if (n === el && style && /(^|;)\s*visibility\s*:\s*hidden\b/i.test(style)) return false;
    }
    return true;
  }
  function focusable(el) {
    if (!el || el.nodeType !== 1 || el.ownerDocument !== doc || forms.rootOf(el) !== doc) return false;
    if (forms.disabled(el)) return false;
    if (!focusableByDefault(el) && tabIndexAttribute(el) === null) return false;
    return rendered(el);
  }
  env.focusable = focusable;
  accessor(forms.proto('HTMLElement'), 'tabIndex', function () {
    var n = tabIndexAttribute(this);
    if (n !== null) return n;
    return is(this, ' a area button frame iframe input object select textarea summary ') ? 0 : -1;
  }, function (v) { this.setAttribute('tabindex', String(v | 0)); });

  // --- the focused element
  var focused = null;
  function current() {
    if (focused && forms.rootOf(focused) !== doc) focused = null;   // removed from the document: nothing focused
    return focused;
  }
  // The focused element, else the body (null without one), as WebKit's Document::activeElement: a document without
  // a browsing context has no focused element.
  env.documentMember('activeElement', { get: function () {
    return (this === doc && current()) || this.body || null;
  } });
  // `:focus` and `:focus-within` follow `focused`: the style layer restyles on each change (css/cssom.js).
  function restyle() { if (env.styleStateChanged) env.styleStateChanged(); }
  function focusElement(el) {
    var old = current();
    if (old === el) return;
    if (old) {
      focused = null;
      restyle();
      fire(old, 'blur', el);
      fire(old, 'focusout', el);
    }
    if (!focusable(el) || current()) return;   // a blur listener moved focus or removed the element
    focused = el;
    restyle();
    fire(el, 'focus', old);
    if (focused === el) fire(el, 'focusin', old);
  }
  function blurElement(el) {
    if (current() !== el) return;
    focused = null;
    restyle();
    fire(el, 'blur', null);
    fire(el, 'focusout', null);
  }
  method(forms.proto('HTMLElement'), 'focus', function focus() { if (focusable(this)) focusElement(this); });
  method(forms.proto('HTMLElement'), 'blur', function blur() { blurElement(this); });
  if (impl.SVGElement && !Object.prototype.hasOwnProperty.call(impl.SVGElement.prototype, 'focus')) {
    method(impl.SVGElement.prototype, 'focus', function focus() { if (focusable(this)) focusElement(this); });
    method(impl.SVGElement.prototype, 'blur', function blur() { blurElement(this); });
  }

  // --- :focus and :focus-within in domino's selector engine (its own :focus would match the body when nothing is)
  var pseudo = require('domino/lib/select').selectors;
  pseudo[':focus'] = function (el) { return el === current(); };
  pseudo[':focus-within'] = function (el) { var f = current(); return !!f && (el === f || el.contains(f)); };

  // --- autofocus: the first focusable [autofocus] element, in a task after DOMContentLoaded
  var contentLoaded = env.domContentLoaded;
  env.domContentLoaded = function () {
    var result = contentLoaded.apply(this, arguments);
    env.task(function () {
      if (current()) return;
      var candidates = doc.querySelectorAll('[autofocus]');
      for (var i = 0; i < candidates.length; i++) {
        if (focusable(candidates[i])) { focusElement(candidates[i]); return; }
      }
    });
    return result;
  };
  accessor(forms.proto('HTMLElement'), 'autofocus', function () { return this.hasAttribute('autofocus'); },
           function (v) { if (v) this.setAttribute('autofocus', ''); else this.removeAttribute('autofocus'); });
  return env;
})
