(function (require, native, env) {
  'use strict';
  // Form controls' state as the HTML standard keeps it, over domino's elements (which reflect `value` and
  // `checked` to their attributes): an input's value and checkedness with their dirty flags, `defaultValue` and
  // `defaultChecked` as the content attributes, radio groups, `<select>`/`<option>` selectedness, `<textarea>`,
  // the text selection APIs, form owners, `form.elements` (`HTMLFormControlsCollection`, `RadioNodeList`),
  // `form.reset()`, `label.control`, file inputs' `FileList` and `DataTransfer`. The accessors live on the
  // prototypes, so React's value tracker and Vue find them with
  // `Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')`.
  // Shared with dom/form-submission.js and dom/focus.js through `env.forms`.
  var g = globalThis, impl = env.impl;
  var forms = env.forms = {};

  function accessor(proto, name, get, set) {
    Object.defineProperty(proto, name, { get: get, set: set, enumerable: true, configurable: true });
  }
  function method(proto, name, f) {
    Object.defineProperty(proto, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  function domException(message, name) { return new g.DOMException(message, name); }
  function domString(v) {   // WebIDL's DOMString conversion: a Symbol throws (String(symbol) would not)
    if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
    return String(v);
  }
  forms.accessor = accessor; forms.method = method; forms.domException = domException;

  // The prototype of interface `name` (domino's, whose members are configurable: commonjs.js), where the members
  // below are changed in place, so the chain is WebKit's (HTMLInputElement.prototype, then HTMLElement.prototype,
  // then Element.prototype) and every element has them, whenever it was made.
  function proto(name) {
    var C = impl[name];
    return C ? C.prototype : null;
  }
  forms.proto = proto;

  var HTML = 'http://www.w3.org/1999/xhtml';
  function is(el, names) { return !!el && el.nodeType === 1 && el.namespaceURI === HTML && names.indexOf(' ' + el.localName + ' ') >= 0; }
  forms.is = is;
  var LISTED = ' button fieldset input object output select textarea ';
  var SUBMITTABLE = ' button input object select textarea ';
  var LABELABLE = ' button input meter output progress select textarea ';
  forms.LISTED = LISTED; forms.SUBMITTABLE = SUBMITTABLE;

  function rootOf(node) { while (node.parentNode) node = node.parentNode; return node; }
  function descendants(root, selector) {
    var list = root.querySelectorAll ? Array.prototype.slice.call(root.querySelectorAll(selector)) : [];
    if (root.nodeType === 1 && root.matches(selector)) list.unshift(root);
    return list;
  }
  forms.rootOf = rootOf; forms.descendants = descendants;

  // --- form owner: the `form` attribute's element in the same tree, else the nearest ancestor form
  function formOwner() {
    var id = this.getAttribute('form');
    if (id !== null) {
      var root = rootOf(this), found = root.nodeType === 9 ? root.getElementById(id)
        : descendants(root, 'form').filter(function (f) { return f.id === id; })[0];
      return found && found.localName === 'form' ? found : null;
    }
    for (var p = this.parentNode; p && p.nodeType === 1; p = p.parentNode) if (p.localName === 'form' && p.namespaceURI === HTML) return p;
    var parsed = this._form;   // the parser's form element pointer (a form that is not an ancestor, as in tables)
    return parsed && rootOf(parsed) === rootOf(this) ? parsed : null;
  }
  ['HTMLInputElement', 'HTMLButtonElement', 'HTMLSelectElement', 'HTMLTextAreaElement', 'HTMLFieldSetElement',
   'HTMLOutputElement', 'HTMLObjectElement'].forEach(function (name) {
    if (impl[name]) accessor(proto(name), 'form', formOwner);
  });
  function labelForm() { var c = this.control; return c ? c.form : null; }
  accessor(proto('HTMLLabelElement'), 'form', labelForm);
  accessor(proto('HTMLLegendElement'), 'form', function () {
    var p = this.parentNode;
    return p && p.localName === 'fieldset' ? p.form : null;
  });

  // --- disabled: the attribute, or a disabled fieldset ancestor (outside its first legend)
  function disabled(el) {
    if (!is(el, ' button input select textarea optgroup option fieldset output object ')) return false;
    if (el.hasAttribute('disabled') && el.localName !== 'output' && el.localName !== 'object') return true;
    if (el.localName === 'option') { var p = el.parentNode; return !!p && p.localName === 'optgroup' && p.hasAttribute('disabled'); }
    for (var child = el, a = el.parentNode; a && a.nodeType === 1; child = a, a = a.parentNode) {
      if (a.localName === 'fieldset' && a.hasAttribute('disabled')) {
        var legend = null;
        for (var c = a.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'legend') { legend = c; break; }
        if (!legend || child !== legend) return true;
      }
    }
    return false;
  }
  forms.disabled = disabled;

  // --- input value modes (HTML's "value", "default", "default/on", "filename")
  var TEXTLIKE = { text: 1, search: 1, tel: 1, url: 1, email: 1, password: 1 };
  function typeOf(input) { return input.type; }
  function valueMode(type) {
    if (type === 'hidden' || type === 'submit' || type === 'image' || type === 'reset' || type === 'button') return 'default';
    if (type === 'checkbox' || type === 'radio') return 'default/on';
    if (type === 'file') return 'filename';
    return 'value';
  }
  forms.valueMode = valueMode;
  var floatingPoint = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
  forms.parseNumber = function (s) {
    if (!floatingPoint.test(s) || /\.$/.test(s.split(/[eE]/)[0])) return NaN;
    var n = Number(s);
    return isFinite(n) ? n : NaN;
  };
  function rangeValue(input, s) {
    var min = forms.parseNumber(input.getAttribute('min') || ''), max = forms.parseNumber(input.getAttribute('max') || '');
    if (isNaN(min)) min = 0;
    if (isNaN(max)) max = 100;
    if (max < min) max = min;
    var n = forms.parseNumber(s);
    if (isNaN(n)) n = min + (max - min) / 2;
    return String(Math.min(max, Math.max(min, n)));
  }
  var datePatterns = {
    date: /^\d{4,}-\d\d-\d\d$/, month: /^\d{4,}-\d\d$/, week: /^\d{4,}-W\d\d$/,
    time: /^\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?$/, 'datetime-local': /^\d{4,}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?$/
  };
  function sanitize(input, s) {
    var type = typeOf(input);
    if (TEXTLIKE[type]) {
      s = s.replace(/[\r\n]/g, '');
      if (type === 'url') s = s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
      if (type === 'email') {
        s = input.hasAttribute('multiple')
          ? s.split(',').map(function (part) { return part.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, ''); }).join(',')
          : s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
      }
      return s;
    }
    if (type === 'number') return isNaN(forms.parseNumber(s)) ? '' : s;
    if (type === 'range') return rangeValue(input, s);
    if (type === 'color') return /^#[0-9a-fA-F]{6}$/.test(s) ? s.toLowerCase() : '#000000';
    if (datePatterns[type]) return datePatterns[type].test(s) ? (type === 'datetime-local' ? s.replace(' ', 'T') : s) : '';
    return s;
  }

  var Input = proto('HTMLInputElement');
  function inputValue() {
    var mode = valueMode(typeOf(this));
    if (mode === 'default') return this.getAttribute('value') || '';
    if (mode === 'default/on') { var v = this.getAttribute('value'); return v === null ? 'on' : v; }
    if (mode === 'filename') return this._hybridFiles && this._hybridFiles.length ? 'C:\\fakepath\\' + this._hybridFiles[0].name : '';
    return this._hybridDirtyValue ? sanitize(this, this._hybridValue) : sanitize(this, this.getAttribute('value') || '');
  }
  function setInputValue(v) {
    var s = v === null ? '' : domString(v);
    var mode = valueMode(typeOf(this));
    if (mode === 'filename') {
      if (s !== '') throw domException("Failed to set the 'value' property on 'HTMLInputElement': This input element accepts a filename, which may only be programmatically set to the empty string.", 'InvalidStateError');
      forms.selectFiles(this, []);   // empties the selection
      return;
    }
    if (mode !== 'value') { this.setAttribute('value', s); return; }
    var old = inputValue.call(this);
    this._hybridValue = s;
    this._hybridDirtyValue = true;
    var now = inputValue.call(this);
    if (now !== old) { this._hybridSelStart = this._hybridSelEnd = now.length; this._hybridSelDir = 'none'; stateChanged(); }
  }
  accessor(Input, 'value', inputValue, setInputValue);

  // --- <input type=file>: its selected files (set by the host: HeadlessWebView.setFiles) as a FileList
  var FileList = function FileList() { throw new TypeError('Illegal constructor'); };
  method(FileList.prototype, 'item', function item(index) { var f = this[index >>> 0]; return f === undefined ? null : f; });
  Object.defineProperty(FileList.prototype, Symbol.iterator, { value: Array.prototype.values, writable: true, configurable: true });
  Object.defineProperty(FileList.prototype, Symbol.toStringTag, { value: 'FileList', configurable: true });
  Object.defineProperty(g, 'FileList', { value: FileList, writable: true, configurable: true });
  // A FileList is live over its array of Files: a DataTransfer's list follows its items, and an input given that
  // list (`input.files = transfer.files`) shares it, so both see later changes, as in WebKit.
  function fileList(files) {
    var list = Object.create(FileList.prototype);
    Object.defineProperty(list, '_hybridArray', { value: files });
    syncFileList(list);
    return list;
  }
  function syncFileList(list) { syncIndexed(list, list._hybridArray); }
  // A list object's indexed properties and length made those of `values` (FileList, DataTransferItemList).
  function syncIndexed(list, values) {
    for (var i = values.length; i < (list.length || 0); i++) delete list[i];
    values.forEach(function (value, i) { Object.defineProperty(list, i, { value: value, enumerable: true, configurable: true }); });
    Object.defineProperty(list, 'length', { value: values.length, configurable: true });
  }
  // The selection a user would make: the files replace the element's (none, one, or more with `multiple`).
  forms.selectFiles = function (input, files) {
    input._hybridFiles = files.slice();
    input._hybridFileList = null;
  };
  accessor(Input, 'files', function () {
    if (typeOf(this) !== 'file') return null;
    if (!this._hybridFileList) this._hybridFileList = fileList(this._hybridFiles || []);
    return this._hybridFileList;
  }, function (list) {
    if (typeOf(this) !== 'file' || !(list instanceof FileList)) return;   // null and other values are ignored, as in browsers
    this._hybridFiles = list._hybridArray;   // shared: the list is live
    this._hybridFileList = list;
  });
  // --- DataTransfer, as pages and testing libraries make one to put files into an <input type=file>
  // (`input.files = transfer.files`) or to fill a drag or clipboard event. Outside a drag its effects stay "none".
  // Behaviour and error texts observed on WebKitGTK 2.50 (DataTransferTests).
  function illegal() { throw new TypeError('Illegal constructor'); }
  function tagged(C, name) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true });
    Object.defineProperty(g, name, { value: C, writable: true, configurable: true });
  }
  function DataTransferItemList() { illegal(); }
  function DataTransferItem() { illegal(); }
  function DataTransfer() {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    var items = Object.create(DataTransferItemList.prototype);
    Object.defineProperty(items, '_hybridOwner', { value: this });
    Object.defineProperties(this, {
      _hybridEntries: { value: [] },   // {kind, type, data, item} in the order they were added
      _hybridItems: { value: items },
      _hybridFiles: { value: fileList([]) },
    });
    transferChanged(this);
  }
  function transferChanged(transfer) {
    var entries = transfer._hybridEntries, files = transfer._hybridFiles._hybridArray;
    syncIndexed(transfer._hybridItems, entries.map(function (entry) { return entry.item; }));
    files.length = 0;   // in place: inputs given this list share the array
    entries.forEach(function (entry) { if (entry.kind === 'file') files.push(entry.data); });
    syncFileList(transfer._hybridFiles);
  }
  function transferFormat(format) {   // getData/setData/clearData's names: "text" and "url" are aliases
    var f = domString(format).toLowerCase();
    return f === 'text' ? 'text/plain' : f === 'url' ? 'text/uri-list' : f;
  }
  function stringEntry(transfer, type) {
    return transfer._hybridEntries.filter(function (e) { return e.kind === 'string' && e.type === type; })[0];
  }
  function addEntry(transfer, kind, type, data) {
    var item = Object.create(DataTransferItem.prototype), entry = { kind: kind, type: type, data: data, item: item };
    Object.defineProperty(item, '_hybridEntry', { value: entry });
    transfer._hybridEntries.push(entry);
    transferChanged(transfer);
    return item;
  }
  function removeEntries(transfer, keep) {
    var entries = transfer._hybridEntries, kept = entries.filter(keep);
    entries.length = 0;
    Array.prototype.push.apply(entries, kept);
    transferChanged(transfer);
  }
  // Set up on first use of one of the three globals (page set-up time).
  env.lazyProperties(g, ['DataTransfer', 'DataTransferItemList', 'DataTransferItem'], env.lazyInstaller(function () {
    var none = function () { return 'none'; }, ignored = function () {};
    accessor(DataTransfer.prototype, 'dropEffect', none, ignored);
    accessor(DataTransfer.prototype, 'effectAllowed', none, ignored);
    accessor(DataTransfer.prototype, 'items', function () { return this._hybridItems; });
    accessor(DataTransfer.prototype, 'files', function () { return this._hybridFiles; });
    // "Files" first, then the strings' types in sorted order (WebKit's order, not the order they were added).
    accessor(DataTransfer.prototype, 'types', function () {
      var strings = this._hybridEntries.filter(function (e) { return e.kind === 'string'; }).map(function (e) { return e.type; });
      return Object.freeze((this._hybridFiles.length ? ['Files'] : []).concat(strings.sort()));
    });
    method(DataTransfer.prototype, 'getData', function getData(format) {
      var entry = stringEntry(this, transferFormat(format));
      return entry ? entry.data : '';
    });
    method(DataTransfer.prototype, 'setData', function setData(format, data) {
      var type = transferFormat(format), entry = stringEntry(this, type);
      if (entry) entry.data = domString(data);
      else addEntry(this, 'string', type, domString(data));
    });
    method(DataTransfer.prototype, 'clearData', function clearData(format) {   // files stay
      var type = format === undefined ? null : transferFormat(format);
      removeEntries(this, function (e) { return e.kind !== 'string' || (type !== null && e.type !== type); });
    });
    method(DataTransfer.prototype, 'setDragImage', function setDragImage() {});
    method(DataTransferItemList.prototype, 'add', function add(data, type) {
      var transfer = this._hybridOwner;
      if (arguments.length >= 2) {
        var t = domString(type).toLowerCase();
        if (stringEntry(transfer, t)) throw domException('The operation is not supported.', 'NotSupportedError');
        return addEntry(transfer, 'string', t, domString(data));
      }
      if (!(data instanceof g.File)) throw new TypeError("Argument 1 ('file') to DataTransferItemList.add must be an instance of File");
      return addEntry(transfer, 'file', data.type, data);
    });
    method(DataTransferItemList.prototype, 'remove', function remove(index) {
      var entry = this._hybridOwner._hybridEntries[index >>> 0];
      removeEntries(this._hybridOwner, function (e) { return e !== entry; });
    });
    method(DataTransferItemList.prototype, 'clear', function clear() { removeEntries(this._hybridOwner, function () { return false; }); });
    accessor(DataTransferItem.prototype, 'kind', function () { return this._hybridEntry.kind; });
    accessor(DataTransferItem.prototype, 'type', function () { return this._hybridEntry.type; });
    method(DataTransferItem.prototype, 'getAsFile', function getAsFile() {
      return this._hybridEntry.kind === 'file' ? this._hybridEntry.data : null;
    });
    method(DataTransferItem.prototype, 'getAsString', function getAsString(callback) {
      var entry = this._hybridEntry;
      if (entry.kind === 'string' && typeof callback === 'function') g.setTimeout(function () { callback(entry.data); }, 0);
    });
    tagged(DataTransfer, 'DataTransfer');
    tagged(DataTransferItemList, 'DataTransferItemList');
    tagged(DataTransferItem, 'DataTransferItem');
  }));

  accessor(Input, 'defaultValue', function () { return this.getAttribute('value') || ''; },
           function (v) { this.setAttribute('value', v === null ? '' : domString(v)); });

  // valueAsNumber: number and range (the date types are left out)
  accessor(Input, 'valueAsNumber', function () {
    var type = typeOf(this);
    return type === 'number' || type === 'range' ? forms.parseNumber(this.value) : NaN;
  }, function (n) {
    var type = typeOf(this);
    if (type !== 'number' && type !== 'range') throw domException("Failed to set the 'valueAsNumber' property on 'HTMLInputElement': This input element does not support Number values.", 'InvalidStateError');
    n = Number(n);
    if (!isFinite(n) && !isNaN(n)) throw new TypeError("Failed to set the 'valueAsNumber' property on 'HTMLInputElement': The value provided is infinite.");
    this.value = isNaN(n) ? '' : String(n);
  });

  // --- checkedness and radio groups
  function radioGroup(input) {
    var name = input.getAttribute('name');
    if (!name) return [input];
    var form = input.form, root = rootOf(input);
    return descendants(root, 'input').filter(function (el) {
      return el === input || (el.type === 'radio' && el.getAttribute('name') === name && el.form === form);
    });
  }
  forms.radioGroup = radioGroup;
  function checkedness(input) {
    return input._hybridDirtyChecked ? !!input._hybridChecked : input.hasAttribute('checked');
  }
  // Selectors see checkedness, selectedness and values (`:checked`, `:valid`, `:placeholder-shown`) that no mutation
  // reports: the style layer (css/cssom.js, installed later) restyles on each change.
  function stateChanged() { if (env.styleStateChanged) env.styleStateChanged(); }
  forms.stateChanged = stateChanged;
  function setCheckedness(input, value) {
    var before = checkedness(input);
    input._hybridChecked = !!value;
    input._hybridDirtyChecked = true;
    if (value && input.type === 'radio') {
      radioGroup(input).forEach(function (el) {
        if (el !== input) { el._hybridChecked = false; el._hybridDirtyChecked = true; }
      });
    }
    if (before !== !!value) stateChanged();
  }
  forms.setCheckedness = setCheckedness;
  accessor(Input, 'checked', function () { return checkedness(this); }, function (v) { setCheckedness(this, v); });
  accessor(Input, 'defaultChecked', function () { return this.hasAttribute('checked'); },
           function (v) { if (v) this.setAttribute('checked', ''); else this.removeAttribute('checked'); });
  accessor(Input, 'indeterminate', function () { return !!this._hybridIndeterminate; },
           function (v) { if (!!v !== !!this._hybridIndeterminate) { this._hybridIndeterminate = !!v; stateChanged(); } });

  // --- labels
  function labelable(el) { return is(el, LABELABLE) && !(el.localName === 'input' && el.type === 'hidden'); }
  forms.labelable = labelable;
  var Label = proto('HTMLLabelElement');
  accessor(Label, 'control', function () {
    var id = this.getAttribute('for');
    if (id !== null) {
      var root = rootOf(this), el = root.getElementById ? root.getElementById(id)
        : descendants(root, '*').filter(function (e) { return e.id === id; })[0];
      return el && labelable(el) ? el : null;
    }
    var all = this.getElementsByTagName('*');
    for (var i = 0; i < all.length; i++) if (labelable(all[i])) return all[i];
    return null;
  });
  function labels() {
    if (!labelable(this)) return null;
    var self = this;
    return descendants(rootOf(this), 'label').filter(function (l) { return l.control === self; });
  }
  ['HTMLInputElement', 'HTMLButtonElement', 'HTMLSelectElement', 'HTMLTextAreaElement', 'HTMLOutputElement',
   'HTMLMeterElement', 'HTMLProgressElement'].forEach(function (name) {
    if (impl[name]) accessor(proto(name), 'labels', labels);
  });

  // --- live collections: an array-like Proxy over a function that lists the items
  function liveCollection(proto, list, named) {
    var target = Object.create(proto);
    Object.defineProperty(target, '_hybridList', { value: list });
    Object.defineProperty(target, '_hybridNamed', { value: named });
    return new Proxy(target, {
      get: function (t, key, receiver) {
        if (typeof key === 'string') {
          if (/^(0|[1-9]\d*)$/.test(key)) return list()[+key];
          if (!(key in t) && named) { var n = named(key); if (n !== null) return n; }
        }
        return Reflect.get(t, key, receiver);
      },
      has: function (t, key) {
        if (typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key)) return +key < list().length;
        return key in t || (typeof key === 'string' && !!named && named(key) !== null);
      },
      set: function (t, key, value, receiver) {
        if (typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key) && t.__hybridSetIndex) { t.__hybridSetIndex(+key, value); return true; }
        return Reflect.set(t, key, value, receiver);
      },
      ownKeys: function (t) {
        return list().map(function (x, i) { return String(i); }).concat(Reflect.ownKeys(t));
      },
      getOwnPropertyDescriptor: function (t, key) {
        if (typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key)) {
          var item = list()[+key];
          return item === undefined ? undefined : { value: item, writable: false, enumerable: true, configurable: true };
        }
        return Reflect.getOwnPropertyDescriptor(t, key);
      }
    });
  }
  function collectionClass(name, parent) {
    var C = function () { throw new TypeError('Illegal constructor'); };
    Object.defineProperty(C, 'name', { value: name });
    C.prototype = Object.create(parent ? parent.prototype : Object.prototype);
    Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, configurable: true });
    accessor(C.prototype, 'length', function () { return this._hybridList().length; });
    method(C.prototype, 'item', function item(i) { var x = this._hybridList()[i >>> 0]; return x === undefined ? null : x; });
    C.prototype[Symbol.iterator] = function () { return this._hybridList()[Symbol.iterator](); };
    Object.defineProperty(g, name, { value: C, writable: true, configurable: true });
    return C;
  }
  function byName(items, name) {
    for (var i = 0; i < items.length; i++) if (items[i].id === name || items[i].getAttribute('name') === name) return items[i];
    return null;
  }
  var HTMLCollectionBase = g.HTMLCollection && typeof g.HTMLCollection === 'function' ? g.HTMLCollection : null;
  var HTMLFormControlsCollection = collectionClass('HTMLFormControlsCollection', HTMLCollectionBase);
  var HTMLOptionsCollection = collectionClass('HTMLOptionsCollection', HTMLCollectionBase);
  var RadioNodeList = collectionClass('RadioNodeList', g.NodeList && typeof g.NodeList === 'function' ? g.NodeList : null);
  var SelectedOptions = collectionClass('HTMLCollection', null);   // for selectedOptions when domino has no HTMLCollection
  if (HTMLCollectionBase) { Object.defineProperty(g, 'HTMLCollection', { value: HTMLCollectionBase, writable: true, configurable: true }); SelectedOptions = HTMLCollectionBase; }
  [HTMLFormControlsCollection, HTMLOptionsCollection].forEach(function (C) {
    method(C.prototype, 'namedItem', function namedItem(name) { return this._hybridNamed(String(name)); });
  });
  forms.liveCollection = liveCollection;

  // RadioNodeList: the named items of form.elements when there are several
  accessor(RadioNodeList.prototype, 'value', function () {
    var items = this._hybridList();
    for (var i = 0; i < items.length; i++) {
      var el = items[i];
      if (el.localName === 'input' && el.type === 'radio' && el.checked) return el.value;
    }
    return '';
  }, function (v) {
    v = String(v);
    var items = this._hybridList();
    for (var i = 0; i < items.length; i++) {
      var el = items[i];
      if (el.localName === 'input' && el.type === 'radio' && el.value === v) { el.checked = true; return; }
    }
  });

  // --- form.elements
  var Form = proto('HTMLFormElement');
  function listedOf(form) {
    var root = rootOf(form);
    var candidates = form.ownerDocument && root === form.ownerDocument && form.ownerDocument.querySelector('[form]')
      ? descendants(root, 'button, fieldset, input, object, output, select, textarea')
      : descendants(form, 'button, fieldset, input, object, output, select, textarea');
    return candidates.filter(function (el) { return el.form === form && !(el.localName === 'input' && el.type === 'image'); });
  }
  forms.listedOf = listedOf;
  function namedControls(form, name) {
    if (name === '') return [];
    return listedOf(form).filter(function (el) { return el.id === name || el.getAttribute('name') === name; });
  }
  accessor(Form, 'elements', function () {
    if (this._hybridElements) return this._hybridElements;
    var form = this;
    return (this._hybridElements = liveCollection(HTMLFormControlsCollection.prototype,
      function () { return listedOf(form); },
      function (name) {
        var found = namedControls(form, name);
        if (found.length === 0) return null;
        if (found.length === 1) return found[0];
        return liveCollection(RadioNodeList.prototype, function () { return namedControls(form, name); }, null);
      }));
  });
  accessor(Form, 'length', function () { return listedOf(this).length; });

  // Named properties of a form (`form.username`): its controls and images by id or name. The form's prototype
  // is a Proxy over domino's that looks a name up when no member has it. Unlike browsers (HTMLFormElement is
  // [LegacyOverrideBuiltIns]), a control named like a member (`submit`, `action`) does not hide the member:
  // domino's own code reads those members on every form. Names starting with `_` (internal slots of domino,
  // React, Vue) are never looked up.
  impl.HTMLFormElement.prototype = new Proxy(Form, {
    get: function (target, key, receiver) {
      if (typeof key !== 'string' || key.charAt(0) === '_' || key in target || !receiver || receiver.nodeType !== 1) return Reflect.get(target, key, receiver);
      var found = receiver.elements.namedItem(key);
      if (found) return found;
      var images = receiver.getElementsByTagName('img');
      for (var i = 0; i < images.length; i++) if (images[i].id === key || images[i].getAttribute('name') === key) return images[i];
      return undefined;
    }
  });

  // Object.prototype.toString says "[object HTMLCollection]" of these (document.forms, selectedOptions), as WebKit does.
  if (!Object.prototype.hasOwnProperty.call(SelectedOptions.prototype, Symbol.toStringTag)) {
    Object.defineProperty(SelectedOptions.prototype, Symbol.toStringTag, { value: 'HTMLCollection', configurable: true });
  }
  env.liveCollection = function (list, named) { return liveCollection(SelectedOptions.prototype, list, named); };   // page.js

  // document.forms (domino's is not implemented): one live collection per document
  var documentForms = new WeakMap();
  env.documentMember('forms', { get: function () {
    var d = this, forms = documentForms.get(d);
    if (!forms) {
      documentForms.set(d, forms = liveCollection(SelectedOptions.prototype,
        function () { return Array.prototype.slice.call(d.getElementsByTagName('form')); },
        function (name) { return byName(Array.prototype.slice.call(d.getElementsByTagName('form')), name); }));
    }
    return forms;
  } });

  // --- <option>
  var Option = proto('HTMLOptionElement'), Select = proto('HTMLSelectElement');
  function selectOf(option) {
    var p = option.parentNode;
    if (p && p.localName === 'optgroup') p = p.parentNode;
    return p && p.localName === 'select' && p.namespaceURI === HTML ? p : null;
  }
  function optionsOf(select) {
    var list = [];
    for (var c = select.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName === 'option') list.push(c);
      else if (c.localName === 'optgroup') {
        for (var o = c.firstElementChild; o; o = o.nextElementSibling) if (o.localName === 'option') list.push(o);
      }
    }
    return list;
  }
  forms.optionsOf = optionsOf;
  function ownSelectedness(option) {
    return option._hybridDirtySelected ? !!option._hybridSelected : option.hasAttribute('selected');
  }
  function sameList(a, b) {
    if (!a || a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  function displaySize(select) {
    var size = parseInt(select.getAttribute('size'), 10);
    return size > 0 ? size : (select.hasAttribute('multiple') ? 4 : 1);
  }
  // The selected options: as the standard's selectedness setting algorithm leaves them (a single select
  // with a display size of 1 shows its first enabled option when nothing is selected, unless a script chose
  // none since the option list last changed).
  function selectedOf(select) {
    var options = optionsOf(select);
    var chosen = options.filter(ownSelectedness);
    if (select.hasAttribute('multiple')) return chosen;
    if (chosen.length > 1) chosen = [chosen[chosen.length - 1]];
    if (chosen.length === 0 && displaySize(select) === 1 && !sameList(select._hybridNone, options)) {
      for (var i = 0; i < options.length; i++) if (!disabled(options[i])) return [options[i]];
    }
    return chosen;
  }
  forms.selectedOf = selectedOf;
  function choose(select, option) {   // option null: none
    var options = optionsOf(select);
    options.forEach(function (o) { o._hybridSelected = o === option; o._hybridDirtySelected = true; });
    select._hybridNone = option ? null : options;
    stateChanged();
  }
  accessor(Option, 'selected', function () {
    var select = selectOf(this);
    return select ? selectedOf(select).indexOf(this) >= 0 : ownSelectedness(this);
  }, function (v) {
    var select = selectOf(this);
    if (v && select && !select.hasAttribute('multiple')) { choose(select, this); return; }
    this._hybridSelected = !!v;
    this._hybridDirtySelected = true;
    if (select && !v && !select.hasAttribute('multiple')) select._hybridNone = optionsOf(select);
    stateChanged();
  });
  accessor(Option, 'defaultSelected', function () { return this.hasAttribute('selected'); },
           function (v) { if (v) this.setAttribute('selected', ''); else this.removeAttribute('selected'); });
  accessor(Option, 'index', function () { var s = selectOf(this); return s ? optionsOf(s).indexOf(this) : 0; });
  accessor(Option, 'value', function () { var v = this.getAttribute('value'); return v === null ? this.text : v; },
           function (v) { this.setAttribute('value', String(v)); });
  accessor(Option, 'label', function () { var v = this.getAttribute('label'); return v === null ? this.text : v; },
           function (v) { this.setAttribute('label', String(v)); });
  accessor(Option, 'form', function () { var s = selectOf(this); return s ? s.form : null; });

  // new Option(text, value, defaultSelected, selected)
  var OptionCtor = function Option(text, value, defaultSelected, selected) {
    if (!(this instanceof OptionCtor)) throw new TypeError("Constructor requires 'new' operator");
    var option = g.document.createElement('option');
    if (text !== undefined && text !== '') option.textContent = String(text);
    if (value !== undefined) option.setAttribute('value', String(value));
    if (defaultSelected) option.setAttribute('selected', '');
    if (selected) { option._hybridSelected = true; option._hybridDirtySelected = true; }
    return option;
  };
  OptionCtor.prototype = Option;
  Object.defineProperty(g, 'Option', { value: OptionCtor, writable: true, configurable: true });

  // --- <select>
  accessor(Select, 'type', function () { return this.hasAttribute('multiple') ? 'select-multiple' : 'select-one'; });
  accessor(Select, 'options', function () {
    if (this._hybridOptions) return this._hybridOptions;
    var select = this, collection = liveCollection(HTMLOptionsCollection.prototype,
      function () { return optionsOf(select); }, function (name) { return byName(optionsOf(select), name); });
    Object.defineProperty(collection, '_hybridSelect', { value: select });
    return (this._hybridOptions = collection);
  });
  accessor(HTMLOptionsCollection.prototype, 'length', function () { return this._hybridList().length; },
           function (n) { this._hybridSelect.length = n; });
  accessor(HTMLOptionsCollection.prototype, 'selectedIndex', function () { return this._hybridSelect.selectedIndex; },
           function (n) { this._hybridSelect.selectedIndex = n; });
  method(HTMLOptionsCollection.prototype, 'add', function add(element, before) { return this._hybridSelect.add(element, before); });
  method(HTMLOptionsCollection.prototype, 'remove', function remove(index) { this._hybridSelect.remove(index); });
  Object.defineProperty(HTMLOptionsCollection.prototype, '__hybridSetIndex', { value: function (index, option) {
    var select = this._hybridSelect, options = optionsOf(select);
    if (option === null) { if (options[index]) options[index].remove(); return; }
    if (index < options.length) { options[index].parentNode.replaceChild(option, options[index]); return; }
    while (optionsOf(select).length < index) select.appendChild(select.ownerDocument.createElement('option'));
    select.appendChild(option);
  } });
  accessor(Select, 'length', function () { return optionsOf(this).length; }, function (n) {
    n = n >>> 0;
    var options = optionsOf(this);
    if (n > 100000) return;
    for (var i = options.length; i < n; i++) this.appendChild(this.ownerDocument.createElement('option'));
    for (i = options.length - 1; i >= n; i--) options[i].remove();
  });
  method(Select, 'item', function item(i) { return optionsOf(this)[i >>> 0] || null; });
  method(Select, 'namedItem', function namedItem(name) { return byName(optionsOf(this), String(name)); });
  method(Select, 'add', function add(element, before) {
    if (!is(element, ' option optgroup ')) throw new TypeError("Failed to execute 'add' on 'HTMLSelectElement': The provided value is not of type '(HTMLOptGroupElement or HTMLOptionElement)'.");
    if (element.contains(this)) throw domException("Failed to execute 'add' on 'HTMLSelectElement': The new child element contains the parent.", 'HierarchyRequestError');
    var reference = null;
    if (typeof before === 'number') reference = optionsOf(this)[before] || null;
    else if (before !== undefined && before !== null) {
      reference = before;
      if (!this.contains(reference)) throw domException("Failed to execute 'add' on 'HTMLSelectElement': The node before which the new node is to be inserted is not a child of this node.", 'NotFoundError');
    }
    if (reference === element) return;
    (reference ? reference.parentNode : this).insertBefore(element, reference);
  });
  var removeNode = impl.Element.prototype.remove || function () { if (this.parentNode) this.parentNode.removeChild(this); };
  method(Select, 'remove', function remove(index) {
    if (arguments.length === 0) { removeNode.call(this); return; }
    var option = optionsOf(this)[index >> 0];
    if (option && index >= 0) option.parentNode.removeChild(option);
  });
  accessor(Select, 'selectedIndex', function () {
    var selected = selectedOf(this);
    return selected.length ? optionsOf(this).indexOf(selected[0]) : -1;
  }, function (n) {
    var options = optionsOf(this);
    choose(this, options[n >> 0] || null);
  });
  accessor(Select, 'value', function () {
    var selected = selectedOf(this);
    return selected.length ? selected[0].value : '';
  }, function (v) {
    v = v === null ? '' : domString(v);
    var options = optionsOf(this), match = null;
    for (var i = 0; i < options.length; i++) if (options[i].value === v) { match = options[i]; break; }
    choose(this, match);
  });
  accessor(Select, 'selectedOptions', function () {
    if (this._hybridSelectedOptions) return this._hybridSelectedOptions;
    var select = this;
    return (this._hybridSelectedOptions = liveCollection(SelectedOptions.prototype,
      function () { return selectedOf(select); }, function (name) { return byName(selectedOf(select), name); }));
  });
  accessor(Select, 'size', function () { var n = parseInt(this.getAttribute('size'), 10); return n >= 0 ? n : 0; },
           function (n) { this.setAttribute('size', String(n >>> 0)); });

  // --- <textarea>
  var TextArea = proto('HTMLTextAreaElement');
  function normalizeNewlines(s) { return s.replace(/\r\n?/g, '\n'); }
  function textareaValue() { return this._hybridDirtyValue ? this._hybridValue : normalizeNewlines(this.textContent); }
  accessor(TextArea, 'value', textareaValue, function (v) {
    var old = textareaValue.call(this);
    this._hybridValue = normalizeNewlines(v === null ? '' : domString(v));
    this._hybridDirtyValue = true;
    if (this._hybridValue !== old) { this._hybridSelStart = this._hybridSelEnd = this._hybridValue.length; this._hybridSelDir = 'none'; stateChanged(); }
  });
  accessor(TextArea, 'textLength', function () { return this.value.length; });

  // --- text selection: input (text, search, url, tel, password) and textarea
  var SELECTABLE = { text: 1, search: 1, url: 1, tel: 1, password: 1, textarea: 1 };
  function selectable(el, what) {
    if (SELECTABLE[el.type]) return true;
    if (what) throw domException("Failed to " + what + ": The input element's type ('" + el.type + "') does not support selection.", 'InvalidStateError');
    return false;
  }
  function selection(el) {
    var length = el.value.length;
    var start = Math.min(el._hybridSelStart || 0, length);   // 0 until a script sets the value or the selection
    var end = Math.min(el._hybridSelEnd || 0, length);
    return { start: start, end: Math.max(start, end), dir: el._hybridSelDir || 'none' };
  }
  function setSelection(el, start, end, dir) {
    var length = el.value.length, before = selection(el);
    end = Math.min(end, length);
    start = Math.min(start, end);
    el._hybridSelStart = start; el._hybridSelEnd = end;
    el._hybridSelDir = dir === 'forward' || dir === 'backward' ? dir : 'none';
    if (before.start !== start || before.end !== end) {
      env.task(function () { el._dispatchEvent(new impl.Event('select', { bubbles: true }), true); });
    }
  }
  [Input, TextArea].forEach(function (proto) {
    accessor(proto, 'selectionStart', function () { return selectable(this) ? selection(this).start : null; }, function (v) {
      selectable(this, "set the 'selectionStart' property");
      var s = selection(this);
      setSelection(this, v >>> 0, Math.max(v >>> 0, s.end), s.dir);
    });
    accessor(proto, 'selectionEnd', function () { return selectable(this) ? selection(this).end : null; }, function (v) {
      selectable(this, "set the 'selectionEnd' property");
      var s = selection(this);
      setSelection(this, s.start, v >>> 0, s.dir);
    });
    accessor(proto, 'selectionDirection', function () { return selectable(this) ? selection(this).dir : null; }, function (v) {
      selectable(this, "set the 'selectionDirection' property");
      var s = selection(this);
      setSelection(this, s.start, s.end, String(v));
    });
    method(proto, 'setSelectionRange', function setSelectionRange(start, end, direction) {
      selectable(this, "execute 'setSelectionRange'");
      setSelection(this, start >>> 0, end >>> 0, direction);
    });
    method(proto, 'select', function select() {
      if (this.localName === 'input' && !SELECTABLE[this.type] && valueMode(this.type) !== 'value') return;
      if (!SELECTABLE[this.type]) return;
      setSelection(this, 0, this.value.length, 'none');
    });
    method(proto, 'setRangeText', function setRangeText(replacement, start, end, selectMode) {
      selectable(this, "execute 'setRangeText'");
      replacement = String(replacement);
      var s = selection(this), value = this.value;
      if (arguments.length < 3) { start = s.start; end = s.end; } else {
        start = start >>> 0; end = end >>> 0;
        if (start > end) throw domException("Failed to execute 'setRangeText': The provided start value (" + start + ') is larger than the provided end value (' + end + ').', 'IndexSizeError');
      }
      start = Math.min(start, value.length); end = Math.min(end, value.length);
      var selStart = s.start, selEnd = s.end;
      this.value = value.slice(0, start) + replacement + value.slice(end);
      var newEnd = start + replacement.length, delta = replacement.length - (end - start);
      var mode = selectMode === undefined ? 'preserve' : String(selectMode);
      if (mode === 'select') { selStart = start; selEnd = newEnd; }
      else if (mode === 'start') { selStart = selEnd = start; }
      else if (mode === 'end') { selStart = selEnd = newEnd; }
      else {
        if (selStart > end) selStart += delta; else if (selStart > start) selStart = start;
        if (selEnd > end) selEnd += delta; else if (selEnd > start) selEnd = newEnd;
      }
      setSelection(this, selStart, selEnd, s.dir);
    });
  });

  // --- reset: every control back to its default
  function resetControl(el) {
    if (el.localName === 'input') {
      el._hybridDirtyValue = false; el._hybridValue = undefined;
      el._hybridDirtyChecked = false; el._hybridChecked = undefined;
      stateChanged();
      el._hybridSelStart = el._hybridSelEnd = undefined;
    } else if (el.localName === 'textarea') {
      el._hybridDirtyValue = false; el._hybridValue = undefined;
      el._hybridSelStart = el._hybridSelEnd = undefined;
    } else if (el.localName === 'select') {
      optionsOf(el).forEach(function (o) { o._hybridDirtySelected = false; });
      el._hybridNone = null;
    } else if (el.localName === 'output') {
      if (el._hybridDefaultValue !== undefined) { el.textContent = el._hybridDefaultValue; el._hybridDefaultValue = undefined; }
    }
  }
  method(Form, 'reset', function reset() {
    if (this._hybridResetting) return;
    this._hybridResetting = true;
    try {
      var event = new impl.Event('reset', { bubbles: true, cancelable: true });
      if (this._dispatchEvent(event, true)) listedOf(this).forEach(resetControl);
    } finally { this._hybridResetting = false; }
  });

  // <output>: value is its text, defaultValue the text it had before a script set value
  if (impl.HTMLOutputElement) {
    var Output = proto('HTMLOutputElement');
    accessor(Output, 'value', function () { return this.textContent; }, function (v) {
      if (this._hybridDefaultValue === undefined) this._hybridDefaultValue = this.textContent;
      this.textContent = String(v);
    });
    accessor(Output, 'defaultValue', function () {
      return this._hybridDefaultValue === undefined ? this.textContent : this._hybridDefaultValue;
    }, function (v) {
      if (this._hybridDefaultValue === undefined) this.textContent = String(v); else this._hybridDefaultValue = String(v);
    });
    accessor(Output, 'type', function () { return 'output'; });
  }
  return env;
})
