(function (env) {
  'use strict';
  var doc = env.document;
  function find(selector) {
    var el;
    try { el = doc.querySelector(selector); } catch (e) { throw new SyntaxError('invalid selector \'' + selector + '\': ' + e.message); }
    if (!el) throw new Error('no element matches the selector \'' + selector + '\'');
    return el;
  }
  var TEXT_TYPES = /^(text|search|url|tel|email|password|number|date|month|week|time|datetime-local|color)$/;
  function editable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (el.localName === 'textarea') return true;
    if (el.localName === 'input') return TEXT_TYPES.test(el.type);
    return el.isContentEditable === true ||
      (el.getAttribute('contenteditable') !== null && String(el.getAttribute('contenteditable')).toLowerCase() !== 'false');
  }
  function isField(el) { return el.localName === 'input' || el.localName === 'textarea'; }
  function fieldValue(el) { return isField(el) ? String(el.value) : el.textContent; }
  function setFieldValue(el, v) {
    if (isField(el)) { el.value = v; el._hybridUserEdit = true; } else el.textContent = v;
  }
  function describe(el) {
    return '<' + el.localName + (el.localName === 'input' ? ' type=' + el.type : '') + '>';
  }
  // `change` when a field edited by the host loses focus (browsers fire it on blur after a user edit).
  function watchChange(el) {
    el._hybridEditStart = fieldValue(el);
    if (el._hybridChangeWatch) return;
    el._hybridChangeWatch = true;
    el.addEventListener('blur', function () {
      var start = el._hybridEditStart;
      el._hybridEditStart = undefined;
      if (start !== undefined && isField(el) && fieldValue(el) !== start) {
        el._dispatchEvent(new env.impl.Event('change', { bubbles: true }), true);
      }
    });
  }
  function focusForEditing(el) {
    if (doc.activeElement !== el) el.focus();
    if (el._hybridEditStart === undefined) watchChange(el);
  }
  function tapFocus(el) {
    if (typeof env.focusable !== 'function') return;   // a document without the focus model (dom/focus.js)
    var target = el;
    while (target && target.nodeType === 1 && !(env.focusable(target) &&
      (editable(target) || target.localName === 'select' || target.localName === 'iframe' || target.getAttribute('tabindex') !== null))) {
      target = target.parentNode;
    }
    var active = doc.activeElement;
    if (target && target.nodeType === 1) { if (active !== target) target.focus(); }
    else if (active && active !== doc.body && active !== doc.documentElement && active.blur) active.blur();
  }
  function inputEvent(type, inputType, data) {
    var g = doc.defaultView, init = { bubbles: true, cancelable: type === 'beforeinput', composed: true, inputType: inputType, data: data };
    if (typeof g.InputEvent === 'function') return new g.InputEvent(type, init);
    var e = new env.impl.Event(type, init);
    e.inputType = inputType; e.data = data;
    return e;
  }
  // beforeinput (cancelable), the change, input.
  function edit(el, inputType, data, change) {
    var before = inputEvent('beforeinput', inputType, data);
    el._dispatchEvent(before, true);
    if (before.defaultPrevented) return false;
    change();
    el._dispatchEvent(inputEvent('input', inputType, data), true);
    return true;
  }
  var NAMED_KEYS = { Enter: [13, 'Enter', '\r'], Tab: [9, 'Tab', null], Backspace: [8, 'Backspace', null], Escape: [27, 'Escape', null],
    Delete: [46, 'Delete', null], ArrowLeft: [37, 'ArrowLeft', null], ArrowUp: [38, 'ArrowUp', null], ArrowRight: [39, 'ArrowRight', null],
    ArrowDown: [40, 'ArrowDown', null], Home: [36, 'Home', null], End: [35, 'End', null], PageUp: [33, 'PageUp', null],
    PageDown: [34, 'PageDown', null], Space: [32, 'Space', ' '], ' ': [32, 'Space', ' '] };
  function keyInfo(key) {
    key = String(key);
    var named = NAMED_KEYS[key];
    if (named) return { key: key === 'Space' ? ' ' : key, code: named[1], keyCode: named[0], character: key === 'Enter' ? null : named[2] };
    var chars = Array.from(key);
    if (chars.length !== 1) return null;
    var ch = chars[0], upper = ch.toUpperCase(), code = '';
    if (/^[a-z]$/i.test(ch)) code = 'Key' + upper;
    else if (/^[0-9]$/.test(ch)) code = 'Digit' + ch;
    var keyCode = /^[a-z0-9]$/i.test(ch) ? upper.charCodeAt(0) : 0;
    return { key: ch, code: code, keyCode: keyCode, character: ch };
  }
  function keyEvent(type, info, target) {
    var g = doc.defaultView, charCode = type === 'keypress' ? (info.key === 'Enter' ? 13 : info.character.codePointAt(0)) : 0;
    var init = { key: info.key, code: info.code, bubbles: true, cancelable: true, composed: true, view: g,
                 keyCode: type === 'keypress' ? charCode : info.keyCode, charCode: charCode };
    var e = new g.KeyboardEvent(type, init);
    target._dispatchEvent(e, true);
    return e;
  }
  function typeCharacter(el, ch) {
    var info = keyInfo(ch) || { key: ch, code: '', keyCode: 0, character: ch };
    var down = keyEvent('keydown', info, el);
    if (!down.defaultPrevented) {
      var press = keyEvent('keypress', info, el);
      var max = isField(el) && el.maxLength >= 0 ? el.maxLength : -1;
      if (!press.defaultPrevented && !(max >= 0 && Array.from(fieldValue(el)).length >= max)) {
        if (el._hybridEditStart === undefined) watchChange(el);
        edit(el, 'insertText', ch, function () { setFieldValue(el, fieldValue(el) + ch); });
      }
    }
    keyEvent('keyup', info, el);
  }
  function moveFocus(from) {
    var all = Array.from(doc.querySelectorAll('*')).filter(function (el) { return env.focusable(el) && el.tabIndex >= 0; });
    var positive = all.filter(function (el) { return el.tabIndex > 0; }).sort(function (a, b) { return a.tabIndex - b.tabIndex; });
    var order = positive.concat(all.filter(function (el) { return el.tabIndex === 0; }));
    var next = order[order.indexOf(from) + 1];
    if (next) next.focus(); else if (from && from.blur) from.blur();
  }
  env.inspect = {
    // The host's click is a user's tap: a user gesture while it runs (media.js lets audible media play in one).
    // Focus moves as a tap moves it in WebKit: to the nearest text field, select or [tabindex] element around the
    // target, else away from the focused element (buttons, links and boxes do not take focus on a tap), which
    // fires `change` on a field edited since it was focused.
    click: function (selector) {
      var el = find(selector);
      tapFocus(el);
      env.userGesture = (env.userGesture || 0) + 1;
      try { el.click(); } finally { env.userGesture--; }
    },
    // A user typing `text` into a text field: focus, the old value selected and deleted, then per character
    // keydown, keypress, beforeinput, the insertion, input and keyup (a cancelled keydown or beforeinput inserts
    // nothing; maxlength stops insertions). `change` fires when the field loses focus.
    fill: function (selector, text) {
      var el = find(selector);
      if (!editable(el)) throw new TypeError('the element matching \'' + selector + '\' is not a text field (it is ' + describe(el) + ')');
      if (env.forms.disabled(el)) throw new Error('the field matching \'' + selector + '\' is disabled');
      if (el.readOnly) throw new Error('the field matching \'' + selector + '\' is read-only');
      focusForEditing(el);
      if (fieldValue(el) !== '') edit(el, 'deleteContentBackward', null, function () { setFieldValue(el, ''); });
      Array.from(String(text)).forEach(function (ch) { typeCharacter(el, ch); });
    },
    // A user choosing the option whose value (else label) is `value` in a <select>: input then change.
    select: function (selector, value) {
      var el = find(selector);
      if (el.localName !== 'select') throw new TypeError('the element matching \'' + selector + '\' is not a <select> (it is ' + describe(el) + ')');
      if (env.forms.disabled(el)) throw new Error('the <select> matching \'' + selector + '\' is disabled');
      var options = Array.from(el.options), option = options.filter(function (o) { return o.value === value; })[0] ||
        options.filter(function (o) { return o.label === value || o.textContent.trim() === value; })[0];
      if (!option) throw new Error('no option with the value or label \'' + value + '\' in \'' + selector + '\'');
      if (option.disabled || (option.parentNode && option.parentNode.localName === 'optgroup' && option.parentNode.disabled)) {
        throw new Error('the option \'' + value + '\' in \'' + selector + '\' is disabled');
      }
      tapFocus(el);
      options.forEach(function (o) { o.selected = o === option; });
      el._dispatchEvent(new env.impl.Event('input', { bubbles: true, composed: true }), true);
      el._dispatchEvent(new env.impl.Event('change', { bubbles: true }), true);
    },
    // A key pressed on the focused element (the body when none): keydown, keypress for a character or Enter,
    // keyup, with the default actions: a character typed into a text field, Backspace deleting one, Enter
    // submitting a form (dom/form-submission.js) or clicking a focused button or link, Space clicking a focused
    // button or box, Tab moving focus to the next focusable element.
    press: function (key) {
      var info = keyInfo(key), target = doc.activeElement || doc.body || doc.documentElement;
      if (!info) throw new Error('unknown key \'' + key + '\' (a character, or a key name such as Enter, Tab, Backspace, Escape, ArrowDown)');
      if (info.character !== null && editable(target) && !env.forms.disabled(target) && !target.readOnly) { typeCharacter(target, info.character); return; }
      var down = keyEvent('keydown', info, target);
      if (!down.defaultPrevented && (info.character !== null || info.key === 'Enter')) keyEvent('keypress', info, target);
      if (!down.defaultPrevented) {
        if (info.key === 'Backspace' && editable(target) && !env.forms.disabled(target) && !target.readOnly && fieldValue(target) !== '') {
          edit(target, 'deleteContentBackward', null, function () { setFieldValue(target, fieldValue(target).slice(0, -1)); });
        } else if (info.key === 'Enter' && env.forms.is(target, ' button a ') && !editable(target)) {
          target.click();
        } else if (info.key === ' ' && (env.forms.is(target, ' button ') || (target.localName === 'input' && /^(checkbox|radio|button|submit|reset)$/.test(target.type)))) {
          target.click();
        } else if (info.key === 'Tab') {
          moveFocus(target);
        }
      }
      keyEvent('keyup', info, doc.activeElement || target);
    },
    // Checks (`on` true) or unchecks a checkbox or radio button by clicking it when its state differs.
    check: function (selector, on) {
      var el = find(selector);
      if (el.localName !== 'input' || (el.type !== 'checkbox' && el.type !== 'radio')) {
        throw new TypeError('the element matching \'' + selector + '\' is not a checkbox or radio button (it is ' + describe(el) + ')');
      }
      if (env.forms.disabled(el)) throw new Error('the ' + el.type + ' matching \'' + selector + '\' is disabled');
      if (!on && el.type === 'radio' && el.checked) throw new Error('a radio button cannot be unchecked (\'' + selector + '\'): check another of its group');
      if (el.checked === !!on) return;
      env.userGesture = (env.userGesture || 0) + 1;
      try { el.click(); } finally { env.userGesture--; }
    },
    setValue: function (selector, value) {
      var el = find(selector);
      el.value = value;
      el._hybridUserEdit = true;   // as typed: minlength/maxlength apply (dom/form-validation.js)
      el._dispatchEvent(new env.impl.Event('input', { bubbles: true }), true);
      el._dispatchEvent(new env.impl.Event('change', { bubbles: true }), true);
    },
    // The host's file chooser: `files` is JSON, [{name, type, lastModified, base64}], made into the page's Files.
    setFiles: function (selector, files) {
      var el = find(selector);
      if (el.localName !== 'input' || el.type !== 'file') throw new TypeError('the element matching \'' + selector + '\' is not an <input type=file>');
      if (el.disabled) throw new Error('the file input matching \'' + selector + '\' is disabled');
      var g = doc.defaultView, list = JSON.parse(files);
      if (list.length > 1 && !el.multiple) throw new Error('the file input matching \'' + selector + '\' takes one file (it has no multiple attribute)');
      env.forms.selectFiles(el, list.map(function (f) {
        var binary = g.atob(f.base64), bytes = new Uint8Array(binary.length);
        for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        return new g.File([bytes], f.name, { type: f.type, lastModified: f.lastModified });
      }));
      el._dispatchEvent(new env.impl.Event('input', { bubbles: true, composed: true }), true);
      el._dispatchEvent(new env.impl.Event('change', { bubbles: true }), true);
    },
    text: function (selector) { return find(selector).textContent; },
    value: function (selector) {
      var el = find(selector);
      return el.value === undefined ? null : String(el.value);
    },
    attribute: function (name, selector) { return find(selector).getAttribute(name); },
    html: function () {
      var doctype = doc.doctype ? '<!DOCTYPE ' + doc.doctype.name + '>\n' : '';
      return doctype + (doc.documentElement ? doc.documentElement.outerHTML : '');
    },
    count: function (selector) {
      try { return doc.querySelectorAll(selector).length; } catch (e) { throw new SyntaxError('invalid selector \'' + selector + '\': ' + e.message); }
    }
  };
  return env;
})
