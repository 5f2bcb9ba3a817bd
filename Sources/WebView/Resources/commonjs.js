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
  function run(module, filename) {
    var dirname = filename.slice(0, filename.lastIndexOf('/')) || '/';
    var body = compile(filename);
    if (/\.json$/.test(filename)) module.exports = body();
    else body.call(module.exports, module.exports, makeRequire(dirname), module, filename, dirname, globalThis);
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
