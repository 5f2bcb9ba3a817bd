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
    // with the events layer domino's click() runs the activation; a disabled form control's does nothing (HTML)
    var HTMLElement = forms.proto('HTMLElement'), dominoClick = HTMLElement.click;
    forms.method(HTMLElement, 'click', function click() {
      if (!forms.disabled(this)) dominoClick.call(this);
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

  // --- FormData (string and File values)
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
  function requireArgs(name, args, n) {
    if (args.length < n) throw new TypeError('Not enough arguments');
  }
  // HTML's "create an entry": a Blob becomes a File (named 'blob' unless a filename is given), other values strings.
  function isBlob(value) { return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, '_hybridBlobData'); }
  function entryValue(method, args) {
    var value = args[1];
    if (!isBlob(value)) {
      if (args.length > 2) throw new TypeError("Failed to execute '" + method + "' on 'FormData': parameter 2 is not of type 'Blob'.");
      return String(value);
    }
    var file = value._hybridBlobData.name !== undefined;
    if (file && args.length < 3) return value;
    var name = args.length > 2 && args[2] !== undefined ? String(args[2]) : file ? value.name : 'blob';
    return new g.File([value], name, { type: value.type, lastModified: file ? value.lastModified : undefined });
  }
  method(FormData.prototype, 'append', function append(name, value) {
    requireArgs('append', arguments, 2);
    this._hybridEntries.push([String(name), entryValue('append', arguments)]);
  });
  method(FormData.prototype, 'delete', function (name) {
    requireArgs('delete', arguments, 1);
    name = String(name);
    var list = this._hybridEntries;
    for (var i = list.length - 1; i >= 0; i--) if (list[i][0] === name) list.splice(i, 1);
  });
  method(FormData.prototype, 'get', function get(name) {
    requireArgs('get', arguments, 1);
    name = String(name);
    var list = this._hybridEntries;
    for (var i = 0; i < list.length; i++) if (list[i][0] === name) return list[i][1];
    return null;
  });
  method(FormData.prototype, 'getAll', function getAll(name) {
    requireArgs('getAll', arguments, 1);
    name = String(name);
    return this._hybridEntries.filter(function (e) { return e[0] === name; }).map(function (e) { return e[1]; });
  });
  method(FormData.prototype, 'has', function has(name) {
    requireArgs('has', arguments, 1);
    name = String(name);
    return this._hybridEntries.some(function (e) { return e[0] === name; });
  });
  method(FormData.prototype, 'set', function set(name, value) {
    requireArgs('set', arguments, 2);
    name = String(name);
    var list = this._hybridEntries, entry = [name, entryValue('set', arguments)], found = false;
    for (var i = 0; i < list.length; i++) {
      if (list[i][0] !== name) continue;
      if (found) { list.splice(i, 1); i--; } else { list[i] = entry; found = true; }
    }
    if (!found) list.push(entry);
  });
  function iterator(data, pick) {
    var index = 0;
    var it = {
      next: function () {
        var list = data._hybridEntries;
        if (index >= list.length) return { value: undefined, done: true };
        return { value: pick(list[index++]), done: false };
      }
    };
    it[Symbol.iterator] = function () { return it; };
    return it;
  }
  method(FormData.prototype, 'entries', function entries() { return iterator(this, function (e) { return [e[0], e[1]]; }); });
  method(FormData.prototype, 'keys', function keys() { return iterator(this, function (e) { return e[0]; }); });
  method(FormData.prototype, 'values', function values() { return iterator(this, function (e) { return e[1]; }); });
  method(FormData.prototype, 'forEach', function forEach(callback, thisArg) {
    if (typeof callback !== 'function') throw new TypeError("Failed to execute 'forEach' on 'FormData': The callback provided as parameter 1 is not a function.");
    for (var i = 0; i < this._hybridEntries.length; i++) callback.call(thisArg, this._hybridEntries[i][1], this._hybridEntries[i][0], this);
  });
  // multipart/form-data, for XMLHttpRequest.send(formData) (platform/xmlhttprequest-send.js)
  var boundaries = 0;
  Object.defineProperty(FormData.prototype, '_hybridMultipart', { value: function () {
    var boundary = '----HybridFormBoundary' + Date.now().toString(16) + (++boundaries).toString(16) + Math.random().toString(16).slice(2);
    function escape(s) { return s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22'); }
    // Text parts as one string; with files, the body is bytes: each file's own between the UTF-8 of the text around it.
    var chunks = [], text = '';
    this._hybridEntries.forEach(function (e) {
      text += '--' + boundary + '\r\nContent-Disposition: form-data; name="' + escape(normalize(e[0])) + '"';
      if (!isBlob(e[1])) { text += '\r\n\r\n' + normalize(e[1]) + '\r\n'; return; }
      text += '; filename="' + escape(e[1].name) + '"\r\nContent-Type: ' + (e[1].type || 'application/octet-stream') + '\r\n\r\n';
      chunks.push(text, e[1]._hybridBlobData.bytes);
      text = '\r\n';
    });
    text += '--' + boundary + '--\r\n';
    var type = 'multipart/form-data; boundary=' + boundary;
    if (!chunks.length) return { body: text, type: type };
    chunks.push(text);
    var encoder = new g.TextEncoder(), parts = chunks.map(function (c) { return typeof c === 'string' ? encoder.encode(c) : c; });
    var body = new Uint8Array(parts.reduce(function (n, p) { return n + p.byteLength; }, 0)), offset = 0;
    parts.forEach(function (p) { body.set(p, offset); offset += p.byteLength; });
    return { body: body, type: type };
  } });
  Object.defineProperty(FormData.prototype, Symbol.iterator, { value: FormData.prototype.entries, writable: true, configurable: true });
  Object.defineProperty(FormData.prototype, Symbol.toStringTag, { value: 'FormData', configurable: true });
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
    env.navigate(action, 'formSubmitted');
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
