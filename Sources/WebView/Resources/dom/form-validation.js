(function (require, native, env) {
  'use strict';
  // Constraint validation, after dom/form-controls.js: `willValidate`, `validity` (a `ValidityState`),
  // `validationMessage` (WebKit's English messages), `checkValidity`, `reportValidity`, `setCustomValidity` and
  // the `invalid` event on every listed element, the form's `checkValidity`/`reportValidity`, and the
  // interactive validation a submission runs (`forms.interactivelyValidate`).
  var g = globalThis, impl = env.impl, forms = env.forms;
  var accessor = forms.accessor, method = forms.method, is = forms.is;

  var BARRED_INPUT = { hidden: 1, reset: 1, button: 1 };
  function willValidate(el) {
    if (!is(el, ' button input select textarea ')) return false;
    if (el.localName === 'button' && el.type !== 'submit') return false;
    if (el.localName === 'input' && BARRED_INPUT[el.type]) return false;
    if ((el.localName === 'input' || el.localName === 'textarea') && el.hasAttribute('readonly') && !/^(checkbox|radio|file|submit|image|color|range)$/.test(el.type)) return false;
    if (forms.disabled(el)) return false;
    for (var p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) if (p.localName === 'datalist') return false;
    return true;
  }

  var TEXT = /^(text|search|url|tel|email|password)$/;
  var email = /^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
  function emails(el) {
    var v = el.value;
    return el.hasAttribute('multiple') ? (v === '' ? [] : v.split(',')) : [v];
  }
  function validURL(v) {
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v)) return false;
    try { new g.URL(v); return true; } catch (e) { return false; }
  }
  function numeric(el) { return el.type === 'number' || el.type === 'range'; }
  var ORDERED = /^(date|month|week|time|datetime-local)$/;
  function bound(el, name) {
    var s = el.getAttribute(name);
    if (s === null) return null;
    if (numeric(el)) { var n = forms.parseNumber(s); return isNaN(n) ? null : n; }
    return s;
  }
  function current(el) { return numeric(el) ? forms.parseNumber(el.value) : el.value; }
  function comparable(el) { return el.value !== '' && (numeric(el) || ORDERED.test(el.type)); }

  // The failures of one element, as ValidityState flags.
  function failures(el) {
    var f = {};
    if (!willValidate(el)) return f;
    if (el._hybridCustomValidity) f.customError = true;
    var tag = el.localName, type = el.type, value = el.value;
    if (tag === 'button') return f;
    if (el.hasAttribute('required')) {
      if (tag === 'select') {
        var selected = forms.selectedOf(el), options = forms.optionsOf(el);
        var placeholder = !el.hasAttribute('multiple') && (parseInt(el.getAttribute('size'), 10) || 1) === 1 &&
          options.length > 0 && options[0].value === '' && options[0].parentNode === el;
        f.valueMissing = selected.length === 0 || (placeholder && selected[0] === options[0]);
      } else if (type === 'checkbox') f.valueMissing = !el.checked;
      else if (type === 'radio') f.valueMissing = !forms.radioGroup(el).some(function (r) { return r.type === 'radio' && r.checked; });
      else if (type === 'file') f.valueMissing = !(el._hybridFiles && el._hybridFiles.length);
      else if (type !== 'range' && type !== 'color') f.valueMissing = value === '';
    } else if (type === 'radio' && forms.radioGroup(el).some(function (r) { return r.type === 'radio' && r.hasAttribute('required'); })) {
      f.valueMissing = !forms.radioGroup(el).some(function (r) { return r.type === 'radio' && r.checked; });
    }
    if (tag === 'input' && value !== '') {
      if (type === 'email') f.typeMismatch = !emails(el).every(function (v) { return email.test(v); });
      if (type === 'url') f.typeMismatch = !validURL(value);
      var pattern = el.getAttribute('pattern');
      if (pattern !== null && TEXT.test(type)) {
        var re = null;
        try { re = new RegExp('^(?:' + pattern + ')$', 'u'); } catch (e) { re = null; }   // an invalid pattern is ignored
        if (re) f.patternMismatch = !(type === 'email' ? emails(el) : [value]).every(function (v) { return re.test(v); });
      }
    }
    if ((tag === 'input' && TEXT.test(type) || tag === 'textarea') && el._hybridUserEdit) {
      var max = parseInt(el.getAttribute('maxlength'), 10), min = parseInt(el.getAttribute('minlength'), 10);
      if (max >= 0 && value.length > max) f.tooLong = true;
      if (min >= 0 && value.length > 0 && value.length < min) f.tooShort = true;
    }
    if (tag === 'input' && comparable(el)) {
      var v = current(el), lo = bound(el, 'min'), hi = bound(el, 'max');
      if (lo !== null && v < lo) f.rangeUnderflow = true;
      if (hi !== null && v > hi) f.rangeOverflow = true;
      if (numeric(el)) {
        var stepAttr = el.getAttribute('step'), step = stepAttr === null ? 1 : forms.parseNumber(stepAttr);
        if (stepAttr !== null && stepAttr.toLowerCase() === 'any') step = NaN;
        else if (!(step > 0)) step = 1;
        if (!isNaN(step)) {
          var base = lo !== null ? lo : (forms.parseNumber(el.getAttribute('value') || '') || 0);
          var steps = (v - base) / step;
          if (Math.abs(steps - Math.round(steps)) > 1e-7) f.stepMismatch = true;
        }
      }
    }
    return f;
  }

  var FLAGS = ['valueMissing', 'typeMismatch', 'patternMismatch', 'tooLong', 'tooShort', 'rangeUnderflow',
               'rangeOverflow', 'stepMismatch', 'badInput', 'customError'];
  var ValidityState = function ValidityState() { throw new TypeError('Illegal constructor'); };
  FLAGS.forEach(function (flag) {
    accessor(ValidityState.prototype, flag, function () { return !!failures(this._hybridElement)[flag]; });
  });
  accessor(ValidityState.prototype, 'valid', function () { return valid(this._hybridElement); });
  Object.defineProperty(ValidityState.prototype, Symbol.toStringTag, { value: 'ValidityState', configurable: true });
  Object.defineProperty(g, 'ValidityState', { value: ValidityState, writable: true, configurable: true });
  function valid(el) {
    var f = failures(el);
    return !FLAGS.some(function (flag) { return f[flag]; });
  }

  function message(el) {
    if (!willValidate(el)) return '';
    var f = failures(el), type = el.type;
    if (f.customError) return el._hybridCustomValidity;
    if (f.valueMissing) {
      if (type === 'checkbox') return 'Select this checkbox';
      if (type === 'radio') return 'Select one of these options';
      if (type === 'file') return 'Select a file';
      if (el.localName === 'select') return 'Select an item in the list';
      return 'Fill out this field';
    }
    if (f.typeMismatch) return type === 'email' ? 'Enter an email address' : 'Enter a URL';
    if (f.patternMismatch) return el.getAttribute('title') ? 'Match the requested format: ' + el.getAttribute('title') : 'Match the requested format';
    if (f.tooLong) return 'Use no more than ' + el.getAttribute('maxlength') + ' characters';
    if (f.tooShort) return 'Use at least ' + el.getAttribute('minlength') + ' characters';
    if (f.rangeUnderflow) return 'Value must be greater than or equal to ' + el.getAttribute('min');
    if (f.rangeOverflow) return 'Value must be less than or equal to ' + el.getAttribute('max');
    if (f.stepMismatch) return 'Enter a valid value';
    return '';
  }

  // checkValidity: an invalid candidate fires a cancelable `invalid` event; the result says whether it was valid
  function check(el) {
    if (!willValidate(el) || valid(el)) return { valid: true, reported: false };
    var notCanceled = forms.fire(el, 'invalid', 'Event', { cancelable: true });
    return { valid: false, reported: notCanceled };
  }
  function focusFirst(results) {
    for (var i = 0; i < results.length; i++) {
      if (results[i].reported) { if (typeof results[i].el.focus === 'function') results[i].el.focus(); return; }
    }
  }
  function formResults(form) {
    return forms.listedOf(form).map(function (el) { var r = check(el); r.el = el; return r; });
  }
  forms.interactivelyValidate = function (form) {
    var results = formResults(form);
    if (results.every(function (r) { return r.valid; })) return true;
    focusFirst(results);
    return false;
  };

  ['HTMLInputElement', 'HTMLButtonElement', 'HTMLSelectElement', 'HTMLTextAreaElement', 'HTMLFieldSetElement',
   'HTMLOutputElement', 'HTMLObjectElement'].forEach(function (name) {
    if (!impl[name]) return;
    var proto = forms.proto(name);
    accessor(proto, 'willValidate', function () { return willValidate(this); });
    accessor(proto, 'validity', function () {
      if (!this._hybridValidity) {
        this._hybridValidity = Object.create(ValidityState.prototype);
        Object.defineProperty(this._hybridValidity, '_hybridElement', { value: this });
      }
      return this._hybridValidity;
    });
    accessor(proto, 'validationMessage', function () { return message(this); });
    method(proto, 'setCustomValidity', function setCustomValidity(error) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      this._hybridCustomValidity = String(error);
    });
    if (name === 'HTMLFieldSetElement') {
      method(proto, 'checkValidity', function checkValidity() {
        var fieldset = this;
        return forms.descendants(this, 'button, input, select, textarea').filter(function (el) { return el !== fieldset; })
          .map(check).every(function (r) { return r.valid; });
      });
      method(proto, 'reportValidity', function reportValidity() { return this.checkValidity(); });
      return;
    }
    method(proto, 'checkValidity', function checkValidity() { return check(this).valid; });
    method(proto, 'reportValidity', function reportValidity() {
      var r = check(this);
      if (!r.valid && r.reported && typeof this.focus === 'function') this.focus();
      return r.valid;
    });
  });
  if (impl.HTMLFieldSetElement) {
    accessor(forms.proto('HTMLFieldSetElement'), 'elements', function () {
      var fieldset = this;
      return forms.liveCollection(g.HTMLFormControlsCollection.prototype, function () {
        return forms.descendants(fieldset, 'button, fieldset, input, object, output, select, textarea').filter(function (el) { return el !== fieldset; });
      }, function (name) {
        return forms.descendants(fieldset, '[name], [id]').filter(function (el) { return el !== fieldset && (el.id === name || el.getAttribute('name') === name); })[0] || null;
      });
    });
    accessor(forms.proto('HTMLFieldSetElement'), 'type', function () { return 'fieldset'; });
  }
  // --- the form pseudo-classes in domino's selector engine (its own read willValidate as validity, and
  // ignore disabled fieldsets and indeterminate checkboxes)
  var pseudo = require('domino/lib/select').selectors;
  function containerValid(el) {
    return forms.descendants(el, 'button, input, select, textarea').every(function (c) { return c === el || !willValidate(c) || valid(c); });
  }
  pseudo[':valid'] = function (el) {
    if (is(el, ' form fieldset ')) return containerValid(el);
    return willValidate(el) && valid(el);
  };
  pseudo[':invalid'] = function (el) {
    if (is(el, ' form fieldset ')) return !containerValid(el);
    return willValidate(el) && !valid(el);
  };
  function ranged(el) {
    return is(el, ' input ') && (numeric(el) || ORDERED.test(el.type)) && (el.hasAttribute('min') || el.hasAttribute('max'));
  }
  pseudo[':in-range'] = function (el) { var f = failures(el); return ranged(el) && willValidate(el) && !f.rangeUnderflow && !f.rangeOverflow; };
  pseudo[':out-of-range'] = function (el) { var f = failures(el); return ranged(el) && willValidate(el) && !!(f.rangeUnderflow || f.rangeOverflow); };
  pseudo[':required'] = function (el) { return is(el, ' input select textarea ') && el.hasAttribute('required'); };
  pseudo[':optional'] = function (el) { return is(el, ' input select textarea ') && !el.hasAttribute('required'); };
  var CAN_DISABLE = ' button input select textarea optgroup option fieldset ';
  pseudo[':disabled'] = function (el) { return is(el, CAN_DISABLE) && forms.disabled(el); };
  pseudo[':enabled'] = function (el) { return is(el, CAN_DISABLE) && !forms.disabled(el); };
  pseudo[':checked'] = function (el) {
    if (is(el, ' input ')) return (el.type === 'checkbox' || el.type === 'radio') && el.checked;
    return is(el, ' option ') && el.selected;
  };
  // An input or textarea showing its placeholder: one that has a non-empty placeholder and an empty value.
  var PLACEHOLDER_TYPES = ' text search url tel email password number ';
  pseudo[':placeholder-shown'] = function (el) {
    var shows = is(el, ' textarea ') || (is(el, ' input ') && PLACEHOLDER_TYPES.indexOf(' ' + el.type + ' ') >= 0);
    return shows && !!el.getAttribute('placeholder') && el.value === '';
  };
  pseudo[':indeterminate'] = function (el) {
    if (!is(el, ' input ')) return false;
    if (el.type === 'checkbox') return el.indeterminate;
    return el.type === 'radio' && !forms.radioGroup(el).some(function (r) { return r.type === 'radio' && r.checked; });
  };

  var Form = forms.proto('HTMLFormElement');
  method(Form, 'checkValidity', function checkValidity() { return formResults(this).every(function (r) { return r.valid; }); });
  method(Form, 'reportValidity', function reportValidity() { return forms.interactivelyValidate(this); });
  return env;
})
