(function (resolve, compile) {
  var cache = Object.create(null);
  // Modules that nothing reads at page set-up, with the names they export: their require() returns an object
  // whose properties load the module on first read (domino's CSS parser, about a tenth of domino's set-up, is
  // needed only when a style attribute is parsed). A page cannot reach these objects.
  var deferred = [{ path: /(^|\/)domino\/lib\/cssparser\.js$/, names: ['css', 'util'] }];
  function deferredNames(filename) {
    for (var i = 0; i < deferred.length; i++) if (deferred[i].path.test(filename)) return deferred[i].names;
    return null;
  }
  function loadOnFirstRead(filename, names) {
    // `record` stands in the cache for the module until it runs; `module` is the module itself once it has.
    var stub = {}, module = null, record = { id: filename, filename: filename, exports: stub, loaded: false };
    cache[filename] = record;
    function exports() {
      if (!module) {
        var running = { id: filename, filename: filename, exports: {}, loaded: false };
        run(running, filename);
        module = running;
        record.loaded = true;
      }
      return module.exports;
    }
    names.forEach(function (name) {
      Object.defineProperty(stub, name, {
        configurable: true, enumerable: true,
        get: function () { return exports()[name]; },
        set: function (value) { Object.defineProperty(stub, name, { value: value, writable: true, configurable: true, enumerable: true }); }
      });
    });
    return stub;
  }
  // domino defines its interfaces' members through descriptors that leave out `configurable` (and, for methods made
  // with Object.create or defineProperties, `writable`), so they were fixed: WebIDL's operations and attributes, and
  // WebKit's, are configurable and their methods writable. A page could not replace `Element.prototype.matches` as on
  // WebKit, and the web view's own layers (dom/, platform/collections.js) had to copy whole prototypes on every page
  // to change a member. domino's modules see an `Object` whose property definitions make a member configurable
  // (and a method writable) unless the descriptor says otherwise; numbers (constants) are left as they are. Members
  // are enumerable too, as WebKit's are (`for...in` over an element lists its interface's members), except domino's
  // internals (`_` names) and `constructor`. Not
  // CSSStyleDeclaration.js: its thousand CSS property accessors, which nothing here changes, would cost every page
  // about 0.3 ms through this `Object`; nor Window.js and DOMException.js (window.js makes the window's members
  // configurable itself; DOMException's constants stay fixed, and the platform replaces the interface).
  var NativeObject = Object, idlObject = null;
  var webIDL = /(^|\/)domino\/lib\/(?!(CSSStyleDeclaration|Window|DOMException)\.js$)[^/]+\.js$/;
  // domino's internals that WebKit has no member for (`_` names, and these), and `constructor`, stay unlisted.
  var unlisted = Object.create(null);
  ('constructor index addId delId clone doc ensureSameDoc isAncestor isEqual isHTML lastModTime modify mutateAttr ' +
   'mutateInsert mutateMove mutateRemove mutateRemoveAttr mutateValue nextElement removeChildren rooted serialize')
    .split(' ').forEach(function (name) { unlisted[name] = true; });
  function listed(key) { return key.charCodeAt(0) !== 95 && unlisted[key] !== true; }
  function member(d, key) {
    if (d !== null && typeof d === 'object' && d.configurable === undefined) {
      var value = d.value;
      if (typeof value === 'function') { d.configurable = true; if (d.writable === undefined) d.writable = true; }
      else if (typeof value !== 'number') d.configurable = true;
      if (d.enumerable === undefined && typeof key === 'string' && listed(key)) d.enumerable = true;
    }
    return d;
  }
  function members(map) {   // member() on each, inlined: about 650 descriptors a page
    if (map === null || typeof map !== 'object') return map;
    for (var key in map) {
      var d = map[key];
      if (d === null || typeof d !== 'object' || d.configurable !== undefined) continue;
      var value = d.value;
      if (typeof value === 'function') { d.configurable = true; if (d.writable === undefined) d.writable = true; }
      else if (typeof value !== 'number') d.configurable = true;
      if (d.enumerable === undefined && listed(key)) d.enumerable = true;
    }
    return map;
  }
  function webIDLObject() {
    if (idlObject) return idlObject;
    var create = NativeObject.create, defineProperty = NativeObject.defineProperty;
    var defineProperties = NativeObject.defineProperties;
    idlObject = function Object(value) { return value === undefined || value === null ? {} : NativeObject(value); };
    NativeObject.getOwnPropertyNames(NativeObject).forEach(function (name) {
      if (name !== 'length' && name !== 'name' && name !== 'prototype') idlObject[name] = NativeObject[name];
    });
    idlObject.prototype = NativeObject.prototype;
    idlObject.create = function (proto, map) { return map === undefined ? create(proto) : create(proto, members(map)); };
    idlObject.defineProperty = function (object, key, d) { return defineProperty(object, key, member(d, key)); };
    idlObject.defineProperties = function (object, map) { return defineProperties(object, members(map)); };
    return idlObject;
  }
  function run(module, filename) {
    var dirname = filename.slice(0, filename.lastIndexOf('/')) || '/';
    var body = compile(filename);
    if (/\.json$/.test(filename)) module.exports = body();
    else body.call(module.exports, module.exports, makeRequire(dirname), module, filename, dirname, globalThis,
                   webIDL.test(filename) ? webIDLObject() : NativeObject);
    module.loaded = true;
  }
  function load(filename) {
    var cached = cache[filename];
    if (cached) return cached.exports;
    var names = deferredNames(filename);
    if (names) return loadOnFirstRead(filename, names);
    var module = { id: filename, filename: filename, exports: {}, loaded: false };
    cache[filename] = module;
    try {
      run(module, filename);
    } catch (error) {
      delete cache[filename];
      throw error;
    }
    return module.exports;
  }
  function makeRequire(directory) {
    function require(id) { return load(resolve(directory, String(id))); }
    require.resolve = function (id) { return resolve(directory, String(id)); };
    require.cache = cache;
    return require;
  }
  return makeRequire;
})
