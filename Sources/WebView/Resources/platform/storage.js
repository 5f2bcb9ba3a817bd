(function (global, native, internals) {
  'use strict';
  var define = internals.define;
  var backends = new WeakMap();
  function Storage() { throw new TypeError('Illegal constructor'); }
  function string(value) {  // WebIDL DOMString: String(), except that a Symbol throws
    if (typeof value === 'symbol') throw new TypeError('Storage: cannot convert a Symbol to a string');
    return String(value);
  }
  function backend(storage) {
    var found = backends.get(storage);
    if (!found) throw new TypeError('Illegal invocation');
    return found;
  }
  function store(b, key, value) {
    if (!b.set(key, value)) {
      throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '" + key +
                             "' exceeded the quota.", 'QuotaExceededError');
    }
  }
  define(Storage.prototype, 'getItem', function getItem(key) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    return backend(this).get(string(key));
  });
  define(Storage.prototype, 'setItem', function setItem(key, value) {
    if (arguments.length < 2) throw new TypeError('Not enough arguments');
    store(backend(this), string(key), string(value));
  });
  define(Storage.prototype, 'removeItem', function removeItem(key) { backend(this).remove(string(key)); });
  define(Storage.prototype, 'clear', function clear() { backend(this).clear(); });
  define(Storage.prototype, 'key', function key(index) {
    var n = Number(index);
    return backend(this).key(isFinite(n) ? Math.trunc(n) : 0);
  });
  Object.defineProperty(Storage.prototype, 'length', { get: function () { return backend(this).length(); }, configurable: true });
  Object.defineProperty(Storage.prototype, Symbol.toStringTag, { value: 'Storage', configurable: true });

  function create(b) {
    var target = Object.create(Storage.prototype);
    var proxy = new Proxy(target, {
      get: function (t, key, receiver) {
        if (typeof key === 'symbol' || key in t) return Reflect.get(t, key, receiver);
        var value = b.get(key);
        return value === null ? undefined : value;
      },
      set: function (t, key, value) {
        if (typeof key === 'symbol') { t[key] = value; return true; }
        store(b, key, string(value));
        return true;
      },
      has: function (t, key) { return typeof key === 'symbol' || key in t ? key in t : b.get(key) !== null; },
      deleteProperty: function (t, key) { if (typeof key !== 'symbol') b.remove(key); return true; },
      ownKeys: function () { return b.keys(); },
      getOwnPropertyDescriptor: function (t, key) {
        if (typeof key === 'symbol') return undefined;
        var value = b.get(key);
        return value === null ? undefined : { value: value, writable: true, enumerable: true, configurable: true };
      },
      defineProperty: function (t, key, descriptor) {
        if (typeof key !== 'symbol' && 'value' in descriptor) store(b, key, String(descriptor.value));
        return true;
      }
    });
    backends.set(proxy, b);
    return proxy;
  }

  var local = create(native.localStorage), session = create(native.sessionStorage);
  define(global, 'Storage', Storage);
  Object.defineProperty(global, 'localStorage', { get: function () { return local; }, configurable: true, enumerable: true });
  Object.defineProperty(global, 'sessionStorage', { get: function () { return session; }, configurable: true, enumerable: true });

  // document.cookie, on Document.prototype as WebKit's (on the document itself in a context without that interface):
  // the page's cookies for its document; '' for a document without a browsing context (createHTMLDocument's,
  // DOMParser's), which ignores what is set.
  var doc = global.document;
  if (doc !== null && typeof doc === 'object') {
    var Doc = global.Document;
    Object.defineProperty(typeof Doc === 'function' && Doc.prototype ? Doc.prototype : doc, 'cookie', {
      get: function () { return this === doc ? native.getCookie() : ''; },
      set: function (value) { if (this === doc) native.setCookie(String(value)); },
      configurable: true, enumerable: true
    });
  }
})
