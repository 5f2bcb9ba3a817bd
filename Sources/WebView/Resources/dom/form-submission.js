(function (require, native, env) {
  'use strict';
  // Activation behaviour and form submission, after dom/form-controls.js: checkbox and radio activation through
  // domino's hooks (`_pre_click_activation_steps`, `_post_click_activation_steps(event)`,
  // `_cancelled_activation_steps`, which the click dispatch runs), `<label>` activation, submit and reset
  // buttons, implicit submission, `submit()`/`requestSubmit()`, `SubmitEvent.submitter`, `FormData` and the
  // constraint validation API. A non-cancelled submission is a `formSubmitted` navigation request.
  var g = globalThis, impl = env.impl, forms = env.forms, doc = env.document;
  var accessor = forms.accessor, method = forms.method, is = forms.is, domException = forms.domException;
  var Input = forms.proto('HTMLInputElement'), Button = forms.proto('HTMLButtonElement');
  var Form = forms.proto('HTMLFormElement'), Label = forms.proto('HTMLLabelElement');

  function hook(proto, name, f) { Object.defineProperty(proto, name, { value: f, writable: true, configurable: true }); }
  function connected(node) {   // shadow-including: a control inside a shadow tree of the document is connected
    for (var root = forms.rootOf(node); root.nodeType === 11 && root.host && typeof root.mode === 'string'; root = forms.rootOf(root.host)) {}
    return root.nodeType === 9;
  }
  function makeEvent(Class, type, init) {
    return typeof g[Class] === 'function' ? new g[Class](type, init) : new impl.Event(type, init);
  }
  function fire(target, type, Class, init) { return target._dispatchEvent(makeEvent(Class, type, init), true); }
  forms.fire = fire;

  // --- checkbox and radio: checkedness changes before the listeners run, and is restored if the click is cancelled
  hook(Input, '_pre_click_activation_steps', function () {
    var type = this.type;
    this._hybridActivation = null;
    if (type === 'checkbox') {
      this._hybridActivation = { checked: this.checked, indeterminate: this.indeterminate };
      forms.setCheckedness(this, !this.checked);
      this.indeterminate = false;
    } else if (type === 'radio') {
      var previous = forms.radioGroup(this).filter(function (el) { return el.type === 'radio' && el.checked; })[0] || null;
      this._hybridActivation = { checked: this.checked, previous: previous };
      forms.setCheckedness(this, true);
    }
  });
  hook(Input, '_cancelled_activation_steps', function () {
    var saved = this._hybridActivation;
    this._hybridActivation = null;
    if (!saved) return;
    if (this.type === 'checkbox') {
      forms.setCheckedness(this, saved.checked);
      this.indeterminate = saved.indeterminate;
    } else if (this.type === 'radio') {
      if (saved.previous && saved.previous !== this && forms.radioGroup(this).indexOf(saved.previous) >= 0) forms.setCheckedness(saved.previous, true);
      else forms.setCheckedness(this, saved.checked);
    }
  });
  hook(Input, '_post_click_activation_steps', function () {
    var saved = this._hybridActivation, type = this.type;
    this._hybridActivation = null;
    if (type === 'checkbox' || type === 'radio') {
      if (!connected(this) || (type === 'radio' && saved && saved.checked)) return;
      fire(this, 'input', 'Event', { bubbles: true, composed: true });   // a plain Event, as in browsers
      fire(this, 'change', 'Event', { bubbles: true });
      return;
    }
    if (forms.disabled(this)) return;
    var form = this.form;
    if (!form) return;
    if (type === 'submit' || type === 'image') submit(form, this, false);
    else if (type === 'reset') form.reset();
  });
  hook(Button, '_post_click_activation_steps', function () {
    if (forms.disabled(this)) return;
    var form = this.form, type = this.type;
    if (!form) return;
    if (type === 'submit') submit(form, this, false);
    else if (type === 'reset') form.reset();
  });

  // --- <label>: a click on the label (not on its control or in interactive content inside it) activates the control
  var INTERACTIVE = ' a button details embed iframe input label select textarea ';
  hook(Label, '_post_click_activation_steps', function (event) {
    var control = this.control, target = event && event.target;
    if (!control) return;
    for (var n = target; n && n !== this; n = n.parentNode) {
      if (n === control || (is(n, INTERACTIVE) && !(n.localName === 'input' && n.type === 'hidden'))) return;
    }
    if (typeof control.focus === 'function') control.focus();   // as WebKit: focus the control, then click it
    control.click();
  });

  // --- without the events layer (dom/event-dispatch.js, installed before this script when present), domino's
  // dispatch runs no activation behaviour for dispatched clicks and its click() only the element's own
  if (!env.dispatch) {
    var ET = require('domino/lib/EventTarget'), dominoDispatch = ET.prototype.dispatchEvent;
    var activated = function (target, event, run) {
      var a = null;
      if (event.type === 'click' && event instanceof impl.MouseEvent) {
        for (var n = target; n && n.nodeType === 1; n = event.bubbles ? n.parentNode : null) if (n._post_click_activation_steps) { a = n; break; }
      }
      if (a && a._pre_click_activation_steps) a._pre_click_activation_steps(event);
      var ok = run();
      if (a && ok) a._post_click_activation_steps(event);
      else if (a && a._cancelled_activation_steps) a._cancelled_activation_steps(event);
      return ok;
    };
    hook(ET.prototype, 'dispatchEvent', function dispatchEvent(event) {
      var target = this;
      return activated(target, event, function () { return dominoDispatch.call(target, event); });
    });
    forms.method(forms.proto('HTMLElement'), 'click', function click() {
      if (this._click_in_progress || forms.disabled(this)) return;
      this._click_in_progress = true;
      var target = this, event = this.ownerDocument.createEvent('MouseEvent');
      event.initMouseEvent('click', true, true, g, 1, 0, 0, 0, 0, false, false, false, false, 0, null);
      try { activated(target, event, function () { return target._dispatchEvent(event, false); }); } finally { this._click_in_progress = false; }
    });
  } else {
    // with the events layer, domino's click() steps (the element's own activation around the dispatch), with
    // WebKit's event: a PointerEvent (pointerId -1, isPrimary, detail 0; observed on WebKitGTK 2.50) where domino's
    // is a MouseEvent with detail 1. A disabled form control's does nothing (HTML).
    forms.method(forms.proto('HTMLElement'), 'click', function click() {
      if (this._click_in_progress || forms.disabled(this)) return;
      this._click_in_progress = true;
      try {
        if (this._pre_click_activation_steps) this._pre_click_activation_steps();
        var PointerEvent = env.eventClass('PointerEvent');
        var event = new PointerEvent('click', { bubbles: true, cancelable: true, composed: true,
                                                view: this.ownerDocument.defaultView, pointerId: -1, isPrimary: true });
        if (this.dispatchEvent(event)) {
          if (this._post_click_activation_steps) this._post_click_activation_steps(event);
        } else if (this._cancelled_activation_steps) {
          this._cancelled_activation_steps();
        }
      } finally {
        this._click_in_progress = false;
      }
    });
  }

  // --- submit buttons
  function isSubmitButton(el) {
    return (is(el, ' button ') && el.type === 'submit') || (is(el, ' input ') && (el.type === 'submit' || el.type === 'image'));
  }

  // --- the entry list (HTML's "constructing the entry list")
  function normalize(s) { return String(s).replace(/\r\n|\r|\n/g, '\r\n'); }   // at serialization, as the standard says
  function entryList(form, submitter) {
    if (form._hybridConstructing) return null;
    form._hybridConstructing = true;
    try {
      var entries = [];
      forms.listedOf(form).forEach(function (el) {
        if (!is(el, forms.SUBMITTABLE) || el.localName === 'object') return;
        for (var p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) if (p.localName === 'datalist') return;
        if (forms.disabled(el)) return;
        var type = el.localName === 'input' ? el.type : el.localName === 'button' ? el.type : el.localName;
        if ((el.localName === 'button' || type === 'submit' || type === 'image' || type === 'reset' || type === 'button') && el !== submitter) return;
        if ((type === 'checkbox' || type === 'radio') && !el.checked) return;
        var name = el.getAttribute('name');
        if (type === 'image') {
          var prefix = name ? name + '.' : '';
          entries.push([prefix + 'x', '0'], [prefix + 'y', '0']);
          return;
        }
        if (!name) return;
        if (el.localName === 'select') {
          forms.selectedOf(el).forEach(function (o) { if (!forms.disabled(o)) entries.push([name, o.value]); });
        } else if (type === 'file') {
          var files = el._hybridFiles || [];   // dom/form-controls.js; none: an empty, untyped file without a name
          if (!files.length) entries.push([name, new g.File([], '', { type: 'application/octet-stream' })]);
          files.forEach(function (file) { entries.push([name, file]); });
        } else if (type === 'hidden' && name.toLowerCase() === '_charset_') {
          entries.push([name, 'UTF-8']);
        } else if (el.localName === 'textarea') {
          entries.push([name, el.value]);
        } else {
          entries.push([name, el.value]);
        }
        var dirname = el.getAttribute('dirname');
        if (dirname && (el.localName === 'textarea' || type === 'text' || type === 'search')) entries.push([dirname, 'ltr']);
      });
      var data = Object.create(FormData.prototype);
      Object.defineProperty(data, '_hybridEntries', { value: entries });
      var event = makeEvent('FormDataEvent', 'formdata', { bubbles: true, formData: data });
      if (!('formData' in event)) event.formData = data;
      form._dispatchEvent(event, true);
      return data;
    } finally { form._hybridConstructing = false; }
  }

  // --- FormData's constructor, which takes a form (and a submitter) in a page
  var FormData = function FormData(form, submitter) {
    if (!(this instanceof FormData)) throw new TypeError("Constructor requires 'new' operator");
    var entries = [];
    if (form !== undefined) {
      if (!is(form, ' form ')) throw new TypeError("Argument 1 ('form') to the FormData constructor must be an instance of HTMLFormElement");
      if (submitter !== undefined && submitter !== null) {
        if (!isSubmitButton(submitter)) throw new TypeError('The specified element is not a submit button.');
        if (submitter.form !== form) throw domException('The specified element is not owned by this form element.', 'NotFoundError');
      }
      var data = entryList(form, submitter || null);
      if (!data) throw domException('The form is already constructing an entry list.', 'InvalidStateError');
      entries = data._hybridEntries;
    }
    Object.defineProperty(this, '_hybridEntries', { value: entries });
  };
  // Its methods, entries (strings and Files) and multipart body are the platform's (platform/formdata.js), which a
  // worker's FormData shares.
  Object.defineProperty(g, 'FormData', { value: FormData, writable: true, configurable: true });

  // application/x-www-form-urlencoded, as URLSearchParams serializes
  function urlencoded(entries) {
    function encode(s) {
      return encodeURIComponent(s).replace(/[!'()~]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); }).replace(/%20/g, '+');
    }
    return entries.map(function (e) { return encode(normalize(e[0])) + '=' + encode(normalize(typeof e[1] === 'string' ? e[1] : e[1].name)); }).join('&');
  }
  forms.urlencoded = urlencoded;

  // --- submission (HTML's "submit" algorithm)
  function submit(form, submitter, fromMethod) {
    if (!connected(form) || form._hybridFiring) return;
    if (!fromMethod) {
      var novalidate = form.hasAttribute('novalidate') || (!!submitter && submitter !== form && submitter.hasAttribute('formnovalidate'));
      if (!novalidate && !forms.interactivelyValidate(form)) return;
      form._hybridFiring = true;
      var event;
      try {
        event = makeEvent('SubmitEvent', 'submit', { bubbles: true, cancelable: true, submitter: submitter === form ? null : submitter });
        if (!('submitter' in event)) event.submitter = submitter === form ? null : submitter;
        form._dispatchEvent(event, true);
      } finally { form._hybridFiring = false; }
      if (event.defaultPrevented || !connected(form)) return;
    }
    var data = entryList(form, submitter === form ? null : submitter);
    if (!data) return;
    var button = submitter && submitter !== form ? submitter : null;
    var action = button && button.hasAttribute('formaction') ? button.getAttribute('formaction') : form.getAttribute('action');
    if (action === null || action === '') action = g.location.href;
    var methodName = ((button && button.getAttribute('formmethod')) || form.getAttribute('method') || 'get').toLowerCase();
    if (methodName === 'dialog') return;
    if (methodName !== 'post') {
      var url = new (require('domino/lib/URL'))(g.location.href).resolve(action);
      var hash = url.indexOf('#'), fragment = hash >= 0 ? url.slice(hash) : '';
      if (hash >= 0) url = url.slice(0, hash);
      var query = url.indexOf('?');
      if (query >= 0) url = url.slice(0, query);
      action = url + '?' + urlencoded(data._hybridEntries) + fragment;
    }
    env.navigate(action, 'formSubmitted', false, form);   // the form: its rel=noreferrer (dom/referrer.js)
  }
  forms.submit = submit;
  method(Form, 'submit', function submitMethod() { submit(this, this, true); });
  method(Form, 'requestSubmit', function requestSubmit(submitter) {
    if (submitter !== undefined && submitter !== null) {
      if (!isSubmitButton(submitter)) throw new TypeError("Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not a submit button.");
      if (submitter.form !== this) throw domException("Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not owned by this form element.", 'NotFoundError');
    } else submitter = this;
    submit(this, submitter, false);
  });

  // --- implicit submission: Enter in a text field submits its form through the default button. Only a
  // trusted keydown (the host's key press) does, as in browsers: a page's dispatched KeyboardEvent submits nothing.
  var IMPLICIT = { text: 1, search: 1, url: 1, tel: 1, email: 1, password: 1, date: 1, month: 1, week: 1, time: 1,
                   'datetime-local': 1, number: 1 };
  doc.addEventListener('keydown', function (event) {
    if (!event.isTrusted || event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    var el = event.target;
    if (!is(el, ' input ') || !IMPLICIT[el.type] || forms.disabled(el) || el.readOnly) return;
    Promise.resolve().then(run);   // the default action, after every listener of the keydown
    function run() {
      if (event.defaultPrevented) return;
      var form = el.form;
      if (!form) return;
      var controls = forms.listedOf(form), button = null;
      for (var i = 0; i < controls.length; i++) if (isSubmitButton(controls[i])) { button = controls[i]; break; }
      if (button) { if (!forms.disabled(button)) button.click(); return; }
      var blocking = controls.filter(function (c) { return c.localName === 'input' && IMPLICIT[c.type]; }).length;
      if (blocking > 1) return;
      submit(form, form, false);
    }
  }, true);
  return env;
})
