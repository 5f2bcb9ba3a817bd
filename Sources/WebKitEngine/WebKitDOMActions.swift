/// The user's actions on a page in real WebKit, as JavaScript in its DOM: the element's own `click()`, `focus()` and
/// value, and the events a user's input fires (`keydown`, `beforeinput`, `input`, `keyup`, `change`). Shared by
/// `hybrid run --engine webkit`'s steps (`--click`, `--fill`, ...) and the page verbs of `hybrid test --engine webkit`
/// (`page.click`, `page.fill`, ...), which run it in the frame of the page a test opened.
package enum WebKitDOMActions {
    /// One function per verb; each returns null or the reason it failed (the headless engine's words where they meet).
    package static let library = """
        {
          find: function (selector) {
            var el;
            try { el = document.querySelector(selector); } catch (e) { return 'invalid selector \\'' + selector + '\\': ' + e.message; }
            return el || "no element matches '" + selector + "'";
          },
          textTypes: /^(text|search|url|tel|email|password|number|date|month|week|time|datetime-local|color)$/,
          describe: function (el) {
            return '<' + el.localName + (el.localName === 'input' ? ' type=' + el.type : '') + '>';
          },
          click: function (selector) {
            var el = this.find(selector);
            if (typeof el === 'string') return el;
            if (el.focus) el.focus();
            el.click();
            return null;
          },
          key: function (el, type, key) {
            return el.dispatchEvent(new KeyboardEvent(type, {key: key, bubbles: true, cancelable: true, composed: true}));
          },
          watchChange: function (el) {
            if (el.__hybridChangeWatch) return;
            el.__hybridChangeWatch = true;
            el.__hybridStart = el.value;
            el.addEventListener('blur', function () {
              if (el.value !== el.__hybridStart) el.dispatchEvent(new Event('change', {bubbles: true}));
              el.__hybridStart = el.value;
            });
          },
          type: function (el, ch) {
            if (!this.key(el, 'keydown', ch)) return;
            this.key(el, 'keypress', ch);
            if (el.dispatchEvent(new InputEvent('beforeinput', {inputType: 'insertText', data: ch, bubbles: true, cancelable: true}))) {
              if (!(el.maxLength >= 0 && el.value.length >= el.maxLength)) {
                el.value += ch;
                el.dispatchEvent(new InputEvent('input', {inputType: 'insertText', data: ch, bubbles: true}));
              }
            }
            this.key(el, 'keyup', ch);
          },
          fill: function (selector, text) {
            var el = this.find(selector);
            if (typeof el === 'string') return el;
            if (!(el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && this.textTypes.test(el.type)))) {
              return "the element matching '" + selector + "' is not a text field (it is " + this.describe(el) + ')';
            }
            if (el.disabled || el.readOnly) return "the field matching '" + selector + "' is " + (el.disabled ? 'disabled' : 'read-only');
            el.focus();
            this.watchChange(el);
            if (el.value) {
              el.value = '';
              el.dispatchEvent(new InputEvent('input', {inputType: 'deleteContentBackward', bubbles: true}));
            }
            for (var ch of text) this.type(el, ch);
            return null;
          },
          select: function (selector, value) {
            var el = this.find(selector);
            if (typeof el === 'string') return el;
            if (!(el instanceof HTMLSelectElement)) return "the element matching '" + selector + "' is not a <select> (it is " + this.describe(el) + ')';
            if (el.disabled) return "the <select> matching '" + selector + "' is disabled";
            var options = Array.prototype.slice.call(el.options);
            var option = options.find(function (o) { return o.value === value; }) ||
              options.find(function (o) { return o.label === value; });
            if (!option) return "no option with the value or label '" + value + "' in '" + selector + "'";
            if (option.disabled) return "the option '" + value + "' in '" + selector + "' is disabled";
            el.focus();
            option.selected = true;
            el.dispatchEvent(new Event('input', {bubbles: true}));
            el.dispatchEvent(new Event('change', {bubbles: true}));
            return null;
          },
          press: function (key) {
            var el = document.activeElement || document.body;
            var name = key === 'Space' ? ' ' : key;
            var field = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
            if (name.length === 1 && field) { this.type(el, name); return null; }
            if (!this.key(el, 'keydown', name)) { this.key(el, 'keyup', name); return null; }
            if (name === 'Enter') this.key(el, 'keypress', name);
            if (name === 'Backspace' && field && el.value) {
              el.value = el.value.slice(0, -1);
              el.dispatchEvent(new InputEvent('input', {inputType: 'deleteContentBackward', bubbles: true}));
            } else if (name === 'Enter' && el instanceof HTMLInputElement && el.form) {
              el.form.requestSubmit();
            } else if ((name === 'Enter' || name === ' ') && (el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement
                       || (name === ' ' && el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type)))) {
              el.click();
            } else if (name === 'Tab') {
              var all = Array.prototype.filter.call(document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]'),
                function (e) { return !e.disabled && e.tabIndex >= 0; });
              var next = all[(all.indexOf(el) + 1) % all.length];
              if (next) next.focus();
            }
            this.key(el, 'keyup', name);
            return null;
          },
          check: function (selector, checked) {
            var el = this.find(selector);
            if (typeof el === 'string') return el;
            if (!(el instanceof HTMLInputElement) || !/^(checkbox|radio)$/.test(el.type)) {
              return "the element matching '" + selector + "' is not a checkbox or radio button (it is " + this.describe(el) + ')';
            }
            if (el.disabled) return 'the ' + el.type + " matching '" + selector + "' is disabled";
            if (!checked && el.type === 'radio' && el.checked) {
              return "a radio button cannot be unchecked ('" + selector + "'): check another of its group";
            }
            if (el.checked !== checked) el.click();
            return null;
          }
        }
        """
}
