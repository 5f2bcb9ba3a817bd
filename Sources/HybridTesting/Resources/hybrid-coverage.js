// Code coverage for `hybrid test --coverage`, run in a JavaScript context of its own on the native side (never in a
// page): istanbul's instrumenter (Debian's node-istanbul) on Babel standalone (node-babel7-standalone), and istanbul's
// coverage map and lcov report. `require` is the project's CommonJS loader with the Node built-ins below left to this
// script; `sha1(text)` is libgcrypt's SHA-1 in hex (Node's `crypto.createHash('sha1')`, which istanbul hashes with).
(function (require, sha1) {
  'use strict';
  function builtin(id, exports) { require.cache[id] = { id: id, filename: id, exports: exports, loaded: true }; }

  function Hash() { this.text = ''; }
  Hash.prototype.update = function (text) { this.text += String(text); return this; };
  Hash.prototype.digest = function () { return sha1(this.text); };
  builtin('crypto', {
    createHash: function (algorithm) {
      if (String(algorithm).toLowerCase() !== 'sha1') throw new Error('crypto.createHash: only sha1 is provided here');
      return new Hash();
    }
  });
  // istanbul-reports' lcov report takes each file's name relative to the project root.
  builtin('path', {
    sep: '/',
    relative: function (from, to) {
      from = String(from).replace(/\/+$/, '');
      return from && String(to).indexOf(from + '/') === 0 ? String(to).slice(from.length + 1) : String(to);
    }
  });

  // Debian's Babel build asks for Node's process, os and tty (for colours and environment options): none applies here.
  builtin('node:process', { env: {}, argv: [], platform: 'linux', versions: {}, cwd: function () { return '/'; },
                            emitWarning: function () {} });
  builtin('node:os', { EOL: '\n', release: function () { return ''; } });
  builtin('node:tty', { isatty: function () { return false; } });
  var Babel = require('@babel/standalone/babel.min.js');
  // Babel standalone exports transform(), not @babel/core's template: a plugin is handed both in its `api` argument.
  var api = null;
  Babel.transform('', { configFile: false, babelrc: false, plugins: [function (babel) { api = babel; return { visitor: {} }; }] });
  builtin('@babel/core', {
    template: api.template,
    types: api.types,
    // retainLines keeps each statement on its line, so a page's errors and stacks keep their line numbers.
    transformSync: function (code, options) {
      return Babel.transform(code, Object.assign({}, options, { retainLines: true }));
    }
  });
  var Instrumenter = require('istanbul-lib-instrument/src/instrumenter.js');
  var libCoverage = require('istanbul-lib-coverage');
  // The lcov report's base class, without the rest of istanbul-lib-report (which writes files through Node's fs).
  builtin(require.resolve('istanbul-lib-report'), { ReportBase: require('istanbul-lib-report/lib/report-base.js') });
  var LcovOnly = require('istanbul-reports/lib/lcovonly');

  function makeInstrumenter(esModules) {
    return new Instrumenter({ coverageVariable: '__coverage__', compact: false, preserveComments: false,
                              esModules: esModules, autoWrap: false });
  }
  var instrumenter = makeInstrumenter(false), moduleInstrumenter = makeInstrumenter(true);

  // An inline script is instrumented under `FILE#LINE`, its positions counted from its own first line; its file's
  // entry is the HTML file, with every position moved down to the document's lines and its counters numbered after
  // those of the file's other scripts.
  function foldInline(map) {
    var folded = {};
    map.files().forEach(function (key) {
      var data = map.fileCoverageFor(key).toJSON();
      var match = /^(.*)#(\d+)$/.exec(key);
      if (!match) {
        if (!folded[key]) folded[key] = JSON.parse(JSON.stringify(data));
        else libMerge(folded, key, data);
        return;
      }
      var file = match[1], offset = Number(match[2]) - 1;
      var into = folded[file] || (folded[file] = { path: file, statementMap: {}, fnMap: {}, branchMap: {}, s: {}, f: {}, b: {} });
      function move(loc) {
        return loc && { start: { line: loc.start.line + offset, column: loc.start.column },
                        end: { line: loc.end.line + offset, column: loc.end.column } };
      }
      var next = Object.keys(into.statementMap).length;
      Object.keys(data.statementMap).forEach(function (id) {
        into.statementMap[next] = move(data.statementMap[id]);
        into.s[next++] = data.s[id];
      });
      next = Object.keys(into.fnMap).length;
      Object.keys(data.fnMap).forEach(function (id) {
        var fn = data.fnMap[id];
        into.fnMap[next] = { name: fn.name, decl: move(fn.decl), loc: move(fn.loc), line: fn.line + offset };
        into.f[next++] = data.f[id];
      });
      next = Object.keys(into.branchMap).length;
      Object.keys(data.branchMap).forEach(function (id) {
        var branch = data.branchMap[id];
        into.branchMap[next] = { type: branch.type, line: branch.line + offset, loc: move(branch.loc),
                                 locations: branch.locations.map(move) };
        into.b[next++] = data.b[id].slice();
      });
    });
    return libCoverage.createCoverageMap(folded);
  }
  function libMerge(folded, key, data) {
    var merged = libCoverage.createFileCoverage(folded[key]);
    merged.merge(data);
    folded[key] = merged.toJSON();
  }

  function summary(s) {
    return { statements: [s.statements.covered, s.statements.total], branches: [s.branches.covered, s.branches.total],
             functions: [s.functions.covered, s.functions.total], lines: [s.lines.covered, s.lines.total] };
  }

  return {
    // The script `text` (a module's source when `module`) instrumented to count into `__coverage__[filename]`;
    // throws when it does not parse.
    instrument: function (text, filename, module) {
      return (module ? moduleInstrumenter : instrumenter).instrumentSync(String(text), String(filename));
    },
    // The pages' `__coverage__` objects (`pages`, a JSON array) merged: the coverage map as JSON (Jest's coverage-final.json),
    // lcov (paths relative to `root`) and each file's summary as [covered, total] pairs, as a JSON text.
    report: function (pages, root) {
      var map = libCoverage.createCoverageMap({});
      JSON.parse(pages).forEach(function (data) { map.merge(data); });
      map = foldInline(map);
      var lines = [];
      var lcov = new LcovOnly({ projectRoot: root });
      lcov.contentWriter = { println: function (line) { lines.push(line); } };
      var files = map.files().sort();
      files.forEach(function (file) {
        var fc = map.fileCoverageFor(file);
        lcov.onDetail({ getFileCoverage: function () { return fc; }, getCoverageSummary: function () { return fc.toSummary(); } });
      });
      return JSON.stringify({
        map: JSON.stringify(map.toJSON()),
        lcov: lines.length ? lines.join('\n') + '\n' : '',
        files: files.map(function (file) { return { path: file, summary: summary(map.fileCoverageFor(file).toSummary()) }; }),
        total: summary(map.getCoverageSummary())
      });
    }
  };
})
