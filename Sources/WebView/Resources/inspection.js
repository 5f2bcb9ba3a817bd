(function (env) {
  'use strict';
  var doc = env.document;
  function find(selector) {
    var el;
    try { el = doc.querySelector(selector); } catch (e) { throw new SyntaxError('invalid selector \'' + selector + '\': ' + e.message); }
    if (!el) throw new Error('no element matches the selector \'' + selector + '\'');
    return el;
  }
  env.inspect = {
    // The host's click is a user's tap: a user gesture while it runs (media.js lets audible media play in one).
    click: function (selector) {
      var el = find(selector);
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
