(function (resolve, compile) {
  var cache = Object.create(null);
  function load(filename) {
    var cached = cache[filename];
    if (cached) return cached.exports;
    var module = { id: filename, filename: filename, exports: {}, loaded: false };
    cache[filename] = module;
    var dirname = filename.slice(0, filename.lastIndexOf('/')) || '/';
    try {
      var body = compile(filename);
      if (/\.json$/.test(filename)) module.exports = body();
      else body.call(module.exports, module.exports, makeRequire(dirname), module, filename, dirname, globalThis);
    } catch (error) {
      delete cache[filename];
      throw error;
    }
    module.loaded = true;
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
