(function (require, native, env) {
  // ES modules for a page, on JavaScriptCore's classic C API (which has no module loader): each module is parsed
  // with Debian's acorn and translated in place to a generator method named 'module code', the way bundlers' SSR
  // transforms do. Imported bindings are its parameters and keep their names (the loader sets them, see `link`), or
  // become member reads on their modules' namespaces when they can change later; exports become getters on the
  // module's namespace, defined before the body runs (the generator's first step), so cycles and hoisted functions
  // work. The body is the generator's second step; with top-level await the generator is async. Edits keep every
  // line where it was and, where they can, every column (the method's header takes the place of a first line's
  // leading imports and comments), and the translation runs under the module's URL, so errors and stacks point into
  // the module's own text; the columns the edits and the header shift otherwise are mapped back (see "source
  // positions").
  'use strict';
  var URLClass = URL;
  var acorn = null;
  function parser() { return acorn || (acorn = require('acorn')); }

  // --- translation
  var identifier = /^[A-Za-z_$][\w$]*$/;
  function member(name) { return identifier.test(name) ? '.' + name : '[' + JSON.stringify(name) + ']'; }
  function nameOf(node) { return node.type === 'Literal' ? String(node.value) : node.name; }
  function keepLines(text) { return text.replace(/[^\n\r\u2028\u2029]/g, ''); }
  // `text` as white space of the same length and lines: what a removal leaves, so columns after it do not move.
  function blank(text) { return text.replace(/[^\n\r\u2028\u2029]/g, ' '); }
  function isFunction(node) {
    return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
  }

  function patternNames(pattern, out) {
    if (!pattern) return out;
    switch (pattern.type) {
      case 'Identifier': out.push(pattern.name); break;
      case 'ObjectPattern': pattern.properties.forEach(function (p) { patternNames(p.type === 'RestElement' ? p.argument : p.value, out); }); break;
      case 'ArrayPattern': pattern.elements.forEach(function (e) { patternNames(e, out); }); break;
      case 'RestElement': patternNames(pattern.argument, out); break;
      case 'AssignmentPattern': patternNames(pattern.left, out); break;
    }
    return out;
  }

  // `var` names and nested function declarations' names of a function body (not of nested functions).
  function varNames(node, out) {
    if (!node || typeof node.type !== 'string') return out;
    if (node.type === 'VariableDeclaration' && node.kind === 'var') node.declarations.forEach(function (d) { patternNames(d.id, out); });
    if (isFunction(node) || node.type === 'ClassBody') return out;
    forEachChild(node, function (child) { varNames(child, out); });
    return out;
  }

  // Names declared with let, const, class or function directly in a list of statements.
  function lexicalNames(statements, out) {
    statements.forEach(function (s) {
      if (s.type === 'VariableDeclaration' && s.kind !== 'var') s.declarations.forEach(function (d) { patternNames(d.id, out); });
      else if ((s.type === 'ClassDeclaration' || s.type === 'FunctionDeclaration') && s.id) out.push(s.id.name);
    });
    return out;
  }

  function forEachChild(node, visit) {
    for (var key in node) {
      if (key === 'type' || key === 'start' || key === 'end' || key === 'loc') continue;
      var value = node[key];
      if (Array.isArray(value)) { for (var i = 0; i < value.length; i++) if (value[i] && typeof value[i].type === 'string') visit(value[i], node, key); }
      else if (value && typeof value.type === 'string') visit(value, node, key);
    }
  }

  /// Translates a module's text. Returns `{code, deps, stars, async}`: `code` is a function of
  /// `(__hm, __i0, __i1, ...)` (one parameter per entry of `deps`, the specifiers), `stars` the indices of `export *`.
  // Import attributes (`import data from './d.json' with { type: 'json' }`, `import(url, { with: { type: 'json' } })`),
  // which acorn 8.8 does not parse. Found with acorn's tokenizer (a string literal followed by `with` or `assert`
  // and `{` is an attributes clause: a module is strict code, where `with` is no statement): a static clause is
  // blanked (its lines kept) and its `type` noted for the specifier; the options argument of an `import()` is put in
  // a marked comment, which `restoreOptions` turns back into an argument after the translation.
  var OPEN = '/*@hybrid:with@', CLOSE = '@hybrid:with@*/';
  var mayHaveAttributes = /["'`]\s*(with|assert)\s*\{|\bimport\s*\([^)]*,/;
  function attributesPass(source, sourceType) {
    var types = Object.create(null);
    if (!mayHaveAttributes.test(source)) return { text: source, types: types };
    var tokens;
    try { tokens = Array.from(parser().tokenizer(source, { ecmaVersion: 'latest', sourceType: sourceType })); } catch (e) { return { text: source, types: types }; }
    var edits = [];
    function label(i) { return tokens[i] ? tokens[i].type.label : ''; }
    for (var i = 0; i < tokens.length; i++) {
      var t = tokens[i];
      if (sourceType === 'module' && label(i) === 'string' && (label(i + 1) === 'with' || (label(i + 1) === 'name' && tokens[i + 1].value === 'assert')) && label(i + 2) === '{') {
        var j = i + 3, type = null;
        for (; j < tokens.length && label(j) !== '}'; j++) {
          if ((tokens[j].value === 'type') && label(j + 1) === ':' && label(j + 2) === 'string') type = tokens[j + 2].value;
        }
        if (j >= tokens.length) break;
        types[t.value] = type === null ? 'javascript' : type;
        edits.push({ start: tokens[i + 1].start, end: tokens[j].end, text: blank(source.slice(tokens[i + 1].start, tokens[j].end)) });
        i = j;
      } else if (label(i) === 'import' && label(i + 1) === '(') {
        var depth = 0, comma = -1;
        for (var k = i + 1; k < tokens.length; k++) {
          var l = label(k);
          if (l === '(' || l === '[' || l === '{' || l === '${') depth++;
          else if (l === ')' || l === ']' || l === '}') depth--;
          if (depth === 1 && l === ',' && comma < 0) comma = k;
          if (depth === 0) break;
        }
        if (comma < 0 || k >= tokens.length) continue;
        var options = source.slice(tokens[comma].end, tokens[k].start);
        if (options.indexOf('*/') >= 0 || !/\S/.test(options.replace(/,\s*$/, ''))) continue;
        edits.push({ start: tokens[comma].start, end: tokens[comma].end, text: OPEN });
        edits.push({ start: tokens[k].start, end: tokens[k].start, text: CLOSE });
      }
    }
    if (!edits.length) return { text: source, types: types };
    var text = source;
    edits.sort(function (a, b) { return b.start - a.start; }).forEach(function (e) { text = text.slice(0, e.start) + e.text + text.slice(e.end); });
    return { text: text, types: types };
  }
  function restoreOptions(code) {
    return code.indexOf(OPEN) < 0 ? code : code.split(OPEN).join(',').split(CLOSE).join('');
  }

  /// `line`: the document line an inline module starts at (1 for a module file). The engine starts a shared script
  /// at its line 1 whatever line it is given, so an inline module's lines are padded: its header then has a line of
  /// its own. A module file's header takes the place of what its first line starts with when that is only white
  /// space, comments and import declarations (blanked) and long enough, as in bundlers' chunks; otherwise it precedes
  /// the first line and shifts its columns.
  /// `live`: local names of imported bindings to read through their modules' namespaces (`__hm.d[i].name`) instead of
  /// keeping them as the function's parameters: the loader asks for them when a binding can change after the
  /// importer starts (see `link`).
  function translateModule(original, prefix, line, live) {
    var pass = attributesPass(original, 'module'), source = pass.text, comments = [];
    var ast = parser().parse(source, { ecmaVersion: 'latest', sourceType: 'module', onComment: comments });
    var edits = [], deps = [], types = [], depIndex = Object.create(null), imported = Object.create(null), exportsCode = [], stars = [];
    var exported = Object.create(null), tla = false, kinds = Object.create(null), catches = [];
    var renamed = null;   // the name given to an anonymous `export default function`, whose `name` is 'default'

    var liveNames = new Set(live || []);
    function nsOf(index) { return '__hm.d[' + index + ']'; }
    function dep(specifier) {
      var type = pass.types[specifier] || 'javascript';
      if (pass.types[specifier] !== undefined && type !== 'json') throw placeless(attributeTypeError(type));
      var key = specifier + '\u0000' + type;
      if (!(key in depIndex)) { depIndex[key] = deps.length; deps.push(specifier); types.push(type); }
      return depIndex[key];
    }
    function remove(node) { edits.push({ start: node.start, end: node.end, text: blank(source.slice(node.start, node.end)) }); }
    // `kind`: what the loader needs to know of the binding (see `link`): a local name (decided after the walk), 'ns'
    // (a namespace object) or [dependency index, name] (a binding of another module).
    function addExport(name, expression, kind) {
      if (name in exported) return;
      exported[name] = true;
      kinds[name] = kind;
      exportsCode.push(JSON.stringify(name) + ': function () { return ' + expression + '; }');
    }
    function exportLocal(name, binding) {
      if (binding in imported) {
        var i = imported[binding];
        addExport(name, i.expression, i.name === null ? 'ns' : [i.dep, i.name]);
      } else {
        addExport(name, binding, { local: binding });
      }
    }
    // The names this module imports from each dependency, with where: linking checks that each is exported.
    var checks = [];
    function check(index, name, offset) {
      var before = source.slice(0, offset), line = (before.match(/\n/g) || []).length + 1;
      checks.push([index, name, line, offset - before.lastIndexOf('\n')]);
    }

    var body = ast.body, functions = new Set();
    body.forEach(function (node) {
      var d = node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration' ? node.declaration : node;
      if (d && d.type === 'FunctionDeclaration' && d.id) functions.add(d.id.name);
    });
    body.forEach(function (node) {
      switch (node.type) {
        case 'ImportDeclaration':
          var index = dep(node.source.value);
          node.specifiers.forEach(function (s) {
            var name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? null : nameOf(s.imported);
            imported[s.local.name] = { dep: index, name: name, expression: name === null ? nsOf(index) : nsOf(index) + member(name) };
            if (name !== null) check(index, name, s.start);
          });
          remove(node);
          break;
        case 'ExportAllDeclaration':
          var all = dep(node.source.value);
          if (node.exported) addExport(nameOf(node.exported), nsOf(all), 'ns');
          else stars.push(all);
          remove(node);
          break;
        case 'ExportNamedDeclaration':
          if (node.declaration) {
            edits.push({ start: node.start, end: node.declaration.start, text: blank(source.slice(node.start, node.declaration.start)) });
            var d = node.declaration;
            var names = d.type === 'VariableDeclaration' ? d.declarations.reduce(function (out, x) { return patternNames(x.id, out); }, []) : [d.id.name];
            names.forEach(function (n) { addExport(n, n, { local: n }); });
          } else {
            remove(node);
          }
          break;
        case 'ExportDefaultDeclaration':
          var decl = node.declaration, declaration = decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration';
          var anonymous = declaration && !decl.id && anonymousDeclaration(node, decl);
          if (declaration && decl.id) {
            edits.push({ start: node.start, end: decl.start, text: blank(source.slice(node.start, decl.start)) });
            addExport('default', decl.id.name, { local: decl.id.name });
          } else if (anonymous) {
            // `export default function (` becomes `function starDefault(` (JavaScriptCore's name for it in stacks) or
            // `function __hmd (`, a hoisted declaration as the standard says, of the same length and lines.
            edits.push(anonymous.edit);
            if (decl.type === 'FunctionDeclaration') {
              functions.add(anonymous.name);
              renamed = anonymous.name;
            }
            addExport('default', anonymous.name, { local: anonymous.name });
          } else {
            // `export` becomes `const ` and `default` `__hmd =` (what is between them blanked): the same length and lines,
            // and a parenthesis after `default` (where the expression starts later) stays.
            var words = /^export(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n\r\u2028\u2029]*)*default/.exec(source.slice(node.start, decl.start))[0];
            edits.push({ start: node.start, end: node.start + words.length, text: 'const ' + blank(words.slice(6, -7)) + '__hmd =' });
            // A declaration made an expression ends with a `;` (code after it on its line would continue the
            // expression): in the place of a space after it, or at the end of its line, where it moves no column.
            if (declaration) edits.push(/^[ \t]/.test(source.charAt(node.end)) ? { start: node.end, end: node.end + 1, text: ';' } : { start: node.end, end: node.end, text: ';' });
            addExport('default', '__hmd', { local: '__hmd' });
          }
          break;
      }
    });
    // An anonymous `export default function` (`async`, `*`) or `class` as a named declaration of the same length and
    // lines: `{edit, name}`, the edit writing its keywords and the name where `export default` was (or in any run of its
    // keywords and white space between comments and line breaks that is long enough), blanking the rest. The name is
    // `starDefault`, as the engine names such a function in stacks, where it fits and the module does not use it,
    // else `__hmd`. Null when no run fits either (`export default` and `async function` on two lines).
    function anonymousDeclaration(node, decl) {
      return (source.indexOf('starDefault') < 0 && anonymousDeclarationNamed(node, decl, 'starDefault')) || anonymousDeclarationNamed(node, decl, '__hmd');
    }
    function anonymousDeclarationNamed(node, decl, name) {
      var tokens = parser().tokenizer(source.slice(decl.start, decl.body.start), { ecmaVersion: 'latest' }), words = [], end = decl.start;
      for (var t = tokens.getToken(); t.type.label !== 'eof' && t.type.label !== '(' && t.type.label !== 'extends' && t.type.label !== '{'; t = tokens.getToken()) {
        words.push(t.type.label === 'name' ? t.value : t.type.label);
        end = decl.start + t.end;
      }
      var star = words[words.length - 1] === '*';
      var named = (star ? words.slice(0, -1).join(' ') + '*' : words.join(' ') + ' ') + name;
      var text = '', runs = [], run = null;
      for (var i = node.start, c = 0; i < end;) {
        while (c < comments.length && comments[c].end <= i) c++;
        if (c < comments.length && comments[c].start <= i) {
          text += source.slice(i, comments[c].end);
          i = comments[c].end;
          run = null;
          continue;
        }
        var ch = source.charAt(i++);
        if (/[\n\r\u2028\u2029]/.test(ch)) { text += ch; run = null; continue; }
        if (!run) runs.push(run = { start: text.length, length: 0 });
        run.length++;
        text += ' ';
      }
      for (var r = 0; r < runs.length; r++) {
        if (runs[r].length < named.length) continue;
        text = text.slice(0, runs[r].start) + named + text.slice(runs[r].start + named.length);
        return { edit: { start: node.start, end: end, text: text }, name: name };
      }
      return null;
    }
    // Local export lists (`export { a as b }`, also of imported bindings) once every import is known.
    body.forEach(function (node) {
      if (node.type !== 'ExportNamedDeclaration' || node.declaration) return;
      var from = node.source ? dep(node.source.value) : null;
      node.specifiers.forEach(function (s) {
        if (from === null) exportLocal(nameOf(s.exported), s.local.name);
        else addExport(nameOf(s.exported), nsOf(from) + member(nameOf(s.local)), [from, nameOf(s.local)]);
        if (from !== null) check(from, nameOf(s.local), s.start);
      });
    });
    // The module's own exported bindings that it assigns after their declaration (`mutable`): importers read those
    // through the namespace.
    var exportedLocals = new Set(), mutable = new Set();
    Object.keys(kinds).forEach(function (name) { if (kinds[name] && kinds[name].local) exportedLocals.add(kinds[name].local); });

    // References to imported bindings, with a scope chain (computed when asked) for shadowing declarations.
    function Scope(parent, names) { this.parent = parent; this.list = names; this.names = null; }
    Scope.prototype.has = function (name) {
      if (!this.names) this.names = new Set(typeof this.list === 'function' ? this.list() : this.list);
      return this.names.has(name);
    };
    function shadowed(scope, name) {
      for (var s = scope; s; s = s.parent) if (s.has(name)) return true;
      return false;
    }
    // Whether a reference to an imported binding is rewritten: when it is assigned (a TypeError, as for a module's
    // import) or the loader asked for it (`live`). Otherwise it stays a name: a parameter the loader sets.
    function rewritten(name, assigning) { return assigning || liveNames.has(name); }
    function reference(node, scope, parent, key) {
      var assigning = (parent.type === 'AssignmentExpression' && key === 'left') || parent.type === 'UpdateExpression';
      if (assigning && exportedLocals.has(node.name) && !shadowed(scope, node.name)) mutable.add(node.name);
      if (!(node.name in imported) || !rewritten(node.name, assigning) || shadowed(scope, node.name)) return;
      var replacement = imported[node.name].expression;
      if ((parent.type === 'CallExpression' && key === 'callee') || (parent.type === 'TaggedTemplateExpression' && key === 'tag')) {
        replacement = liveRead(node.name, true) || '(0, ' + replacement + ')';
      } else if (!assigning) {
        replacement = liveRead(node.name) || replacement;
      }
      edits.push({ start: node.start, end: node.end, text: replacement });
    }
    // A read of a live binding as long as its name: `R.p`, where `R` is a one-character name the module does not use
    // (a parameter: an object the loader gives getters of the namespaces' bindings, see `link`) and `p` a property
    // name of its own. A call's callee (`call`) is a property of its own too, whose getter gives a function bound to
    // `undefined` (the engine shows no frame for it), so that `this` stays undefined in the function called. Null for a
    // name shorter than three characters.
    var reads = Object.create(null), readList = [], reader = null;
    function liveRead(name, call) {
      var key = call ? name + '()' : name;
      if (key in reads) return reads[key];
      if (name.length < 3 || reader === '') return null;
      if (reader === null) reader = unusedName(source);
      var property = shortName(readList.length, name.length - 2);
      if (!reader || property === null) return null;
      readList.push([imported[name].dep, imported[name].name, property].concat(call ? [1] : []));
      return (reads[key] = reader + '.' + property);
    }
    // An assignment's target, or with `declaring` a declaration's pattern (where only default values and computed
    // keys hold references). An imported binding as a destructuring target (`[a] = x`, `({a} = x)`, `for (a of x)`)
    // becomes its namespace's member, whose assignment throws a TypeError, as WebKit's does (`shorthand`: it stands in
    // an object pattern's shorthand, which keeps its key).
    function visitPattern(node, scope, declaring, shorthand) {
      if (!node) return;
      switch (node.type) {
        case 'Identifier':
          if (declaring || shadowed(scope, node.name)) return;
          if (exportedLocals.has(node.name)) mutable.add(node.name);
          if (node.name in imported) edits.push({ start: node.start, end: node.end, text: (shorthand ? node.name + ': ' : '') + imported[node.name].expression });
          return;
        case 'ObjectPattern':
          node.properties.forEach(function (p) {
            if (p.type === 'RestElement') return visitPattern(p.argument, scope, declaring);
            if (p.computed) visit(p.key, scope, p, 'key');
            visitPattern(p.value, scope, declaring, p.shorthand);
          });
          return;
        case 'ArrayPattern': node.elements.forEach(function (e) { visitPattern(e, scope, declaring); }); return;
        case 'RestElement': visitPattern(node.argument, scope, declaring); return;
        case 'AssignmentPattern': visitPattern(node.left, scope, declaring, shorthand); visit(node.right, scope, node, 'right'); return;
        default: if (!declaring) visit(node, scope, null, null);  // a member expression as an assignment target
      }
    }
    function visitFunction(node, scope, depth) {
      var inner = new Scope(scope, function () {
        var names = varNames(node.body, []);
        node.params.forEach(function (p) { patternNames(p, names); });
        if (node.type === 'FunctionExpression' && node.id) names.push(node.id.name);
        if (node.type !== 'ArrowFunctionExpression') names.push('arguments');
        if (node.body.type === 'BlockStatement') lexicalNames(node.body.body, names);
        return names;
      });
      node.params.forEach(function (p) { visitPattern(p, inner, true); });
      if (node.body.type === 'BlockStatement') node.body.body.forEach(function (s) { visit(s, inner, node.body, 'body', depth); });
      else visit(node.body, inner, node, 'body', depth);
    }
    function visit(node, scope, parent, key, depth) {
      depth = depth || 0;
      switch (node.type) {
        case 'ImportDeclaration': case 'ExportAllDeclaration': return;
        case 'ExportNamedDeclaration': if (node.declaration) visit(node.declaration, scope, node, 'declaration', depth); return;
        case 'Identifier': if (parent) reference(node, scope, parent, key); return;
        case 'MetaProperty':
          // `import.meta` and `(__hm.meta)` have the same length.
          if (node.meta.name === 'import') edits.push({ start: node.start, end: node.end, text: '(__hm.meta)' });
          return;
        case 'ImportExpression':
          edits.push({ start: node.start, end: node.start + 6, text: '__hm.i' });
          visit(node.source, scope, node, 'source', depth);
          return;
        case 'AwaitExpression': if (depth === 0) tla = true; break;
        case 'ForOfStatement': if (node.await && depth === 0) tla = true; break;
        case 'MemberExpression':
          visit(node.object, scope, node, 'object', depth);
          if (node.computed) visit(node.property, scope, node, 'property', depth);
          return;
        case 'Property':
          if (parent && parent.type === 'ObjectPattern') return;
          if (node.computed) visit(node.key, scope, node, 'key', depth);
          if (node.shorthand && node.value.type === 'Identifier') {
            var n = node.value.name;
            if (n in imported && rewritten(n, false) && !shadowed(scope, n)) {
              edits.push({ start: node.value.start, end: node.value.end, text: n + ': ' + imported[n].expression });
            }
            return;
          }
          visit(node.value, scope, node, 'value', depth);
          return;
        case 'MethodDefinition': case 'PropertyDefinition':
          if (node.computed) visit(node.key, scope, node, 'key', depth);
          if (node.value) visit(node.value, scope, node, 'value', node.type === 'PropertyDefinition' ? depth + 1 : depth);
          return;
        case 'LabeledStatement': visit(node.body, scope, node, 'body', depth); return;
        case 'BreakStatement': case 'ContinueStatement': return;
        case 'VariableDeclarator':
          visitPattern(node.id, scope, true);
          if (node.init) visit(node.init, scope, node, 'init', depth);
          return;
        case 'AssignmentExpression':
          if (node.left.type === 'Identifier') visit(node.left, scope, node, 'left', depth); else visitPattern(node.left, scope);
          visit(node.right, scope, node, 'right', depth);
          return;
        case 'FunctionDeclaration': case 'FunctionExpression': case 'ArrowFunctionExpression':
          visitFunction(node, scope, depth + 1);
          return;
        case 'ClassDeclaration': case 'ClassExpression':
          var classScope = node.id ? new Scope(scope, [node.id.name]) : scope;
          if (node.superClass) visit(node.superClass, classScope, node, 'superClass', depth);
          visit(node.body, classScope, node, 'body', depth);
          return;
        case 'StaticBlock':
          var staticScope = new Scope(scope, function () { return varNames(node, lexicalNames(node.body, [])); });
          node.body.forEach(function (s) { visit(s, staticScope, node, 'body', depth + 1); });
          return;
        case 'BlockStatement':
          var block = new Scope(scope, function () { return lexicalNames(node.body, []); });
          node.body.forEach(function (s) { visit(s, block, node, 'body', depth); });
          return;
        case 'SwitchStatement':
          visit(node.discriminant, scope, node, 'discriminant', depth);
          var cases = new Scope(scope, function () { return node.cases.reduce(function (out, c) { return lexicalNames(c.consequent, out); }, []); });
          node.cases.forEach(function (c) { forEachChild(c, function (child, p, k) { visit(child, cases, p, k, depth); }); });
          return;
        case 'ForStatement': case 'ForInStatement': case 'ForOfStatement': break;
        case 'CatchClause':
          // Where the caught error's positions are mapped into this module's text (`e.stack`, `e.column`) when the
          // translation shifts any.
          if (node.param && node.param.type === 'Identifier') catches.push({ start: node.body.start + 1, end: node.body.start + 1, text: '__hm.f(' + node.param.name + ');' });
          var catchScope = new Scope(scope, patternNames(node.param, []));
          if (node.param) visitPattern(node.param, catchScope, true);
          visit(node.body, catchScope, node, 'body', depth);
          return;
      }
      if (node.type === 'ForStatement' || node.type === 'ForInStatement' || node.type === 'ForOfStatement') {
        var head = node.type === 'ForStatement' ? node.init : node.left;
        var declared = head && head.type === 'VariableDeclaration';
        var loopScope = declared && head.kind !== 'var'
          ? new Scope(scope, head.declarations.reduce(function (out, x) { return patternNames(x.id, out); }, [])) : scope;
        if (head && !declared && node.type !== 'ForStatement') visitPattern(head, loopScope);
        forEachChild(node, function (child, p, k) {
          if (child === head && !declared && node.type !== 'ForStatement') return;
          visit(child, loopScope, p, k, depth);
        });
        return;
      }
      forEachChild(node, function (child, p, k) { visit(child, scope, p, k, depth); });
    }
    var top = new Scope(null, []);
    body.forEach(function (node) { visit(node, top, ast, 'body', 0); });

    // What the loader knows of each export: 'fn' (a function declaration, set before the body runs), 'init' (set
    // once the body ran past it, then constant), 'mut' (assigned later), 'ns', or where it is re-exported from.
    Object.keys(kinds).forEach(function (name) {
      var kind = kinds[name];
      if (!kind || !kind.local) return;
      kinds[name] = mutable.has(kind.local) ? 'mut' : functions.has(kind.local) ? 'fn' : 'init';
    });
    // Imported bindings kept as names: the function's parameters after `__hm`, set by the loader (`sync`).
    var locals = Object.keys(imported).filter(function (name) { return !liveNames.has(name); });
    var parameters = ['__hm'].concat(readList.length ? [reader] : [], locals).join(',');
    // The function is a class's static method: its code is strict, and the engine names its frames 'module code',
    // as WebKit names a module's top level.
    var header = '(class{static' + (tla ? ' async' : '') + '*' + JSON.stringify(TOP) + '(' + parameters + '){' + (tla ? '__hm.x=__hmx;yield;' : 'yield __hmx;');
    var setters = locals.map(function (name, i) { return i + ' in v&&(' + name + '=v[' + i + '])'; }).join(';');
    // After the body (on a line of its own, so it moves no position): `__hm.e()` says the body ran to its end (see
    // `evaluate`).
    var trailer = '\n;__hm.e();function __hmx(){' + (renamed ? 'Object.defineProperty(' + renamed + ',"name",{value:"default"});' : '') + 'return[{' + exportsCode.join(', ') + '},function(v){' + setters + '}]}}})[' + JSON.stringify(TOP) + ']';

    var padding = new Array(Math.max(line || 1, 1)).join('\n');
    function apply(list) {
      var code = source;
      list.sort(function (a, b) { return b.start - a.start || b.end - a.end; });
      list.forEach(function (e) { code = code.slice(0, e.start) + e.text + code.slice(e.end); });
      return code;
    }
    // The header takes the place of the first line's room (white space, comments, blanked imports) when it fits; a
    // first line without code can follow it too. Then, unless an edit changes a line's length, the engine's positions
    // are the module's and nothing needs mapping; else catch clauses on shifted lines map what they catch.
    var code = apply(edits), room = padding || prefix ? 0 : firstLineRoom(code, comments);
    var overwrite = room !== Infinity && room >= header.length, exact = !!padding || room === Infinity || overwrite;
    // Only catch clauses on lines whose columns already shift map what they catch: on the other lines the engine's
    // positions stay the module's for every reader (a catch there leaves errors of shifted lines unmapped, as a catch
    // in a module without shifts does).
    var shifted = catches.length ? shifts(source, edits) : {};
    if (!exact) shifted[1] = true;
    if (catches.length && Object.keys(shifted).length) {
      var starts = lineStarts(source);
      catches = catches.filter(function (c) { return lineAt(starts, c.start) in shifted; });
      if (catches.length) code = apply(edits = edits.concat(catches));
    }
    var head = room === Infinity ? 0 : header.length;   // a first line without code has no position to map
    if (overwrite) {
      code = header + blank(code.slice(header.length, room)) + code.slice(room);
      head = 0;
    } else {
      code = header + padding + (prefix || '') + code;
      if (padding) head = 0;
    }
    code = restoreOptions(code) + trailer;
    return { code: code, deps: deps, types: types, stars: stars, checks: checks, async: tla, kinds: kinds,
             locals: locals.map(function (name) { return [imported[name].dep, imported[name].name, name]; }), reads: readList,
             columns: { head: head, prefix: (prefix || '').length, lines: lineCount(source), shifts: shifts(source, edits) } };
  }
  // A one-character identifier that is no word of `source` (so no name of it, in any scope); '' when there is none.
  function unusedName(source) {
    var candidates = '$_QZXJKVWYUqzxjkvwyuGHIOPBDFMNRSTLCEAhgifmlbpdncosrtaeᐃᐅᐊᐁᐂᐄᐆᐈ';
    for (var i = 0; i < candidates.length; i++) {
      var c = candidates.charAt(i);
      if (c.charCodeAt(0) > 127 ? source.indexOf(c) < 0 : !new RegExp('(?:^|[^\\w$\\u0080-\\uffff])' + (c === '$' ? '\\$' : c) + '(?![\\w$\\u0080-\\uffff])').test(source)) return c;
    }
    return '';
  }
  // The `n`th property name of `length` characters (letters, then `_` to fill it); null when `n` needs more.
  function shortName(n, length) {
    var letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', name = '';
    do { name += letters.charAt(n % 52); n = Math.floor(n / 52); } while (n > 0);
    return name.length > length ? null : name + new Array(length - name.length + 1).join('_');
  }
  // How many characters a module's translated text starts with that no position can be reported in: white space
  // (blanked import declarations too) and comments ending on the first line; Infinity when no code is on that line.
  function firstLineRoom(code, comments) {
    var i = 0, c = 0;
    for (;;) {
      var ch = code.charAt(i);
      if (ch === '') return Infinity;
      if (ch === ' ' || ch === '\t' || ch === '\v' || ch === '\f' || ch === '\u00a0' || ch === '\ufeff') { i++; continue; }
      if (/[\n\r\u2028\u2029]/.test(ch)) return Infinity;
      while (c < comments.length && comments[c].start < i) c++;
      var comment = comments[c];
      if (!comment || comment.start !== i) return i;
      if (comment.type === 'Line' || /[\n\r\u2028\u2029]/.test(code.slice(comment.start, comment.end))) return Infinity;
      i = comment.end;
    }
  }
  // --- source positions
  // The translation keeps lines but not always every column: its header precedes a module's first line when that
  // starts with code (a script's first line cannot be left to it: the engine starts scripts at line 1 or later, and a
  // direct `eval` with `//# sourceURL` or a `Function` has no URL or the wrong line in stacks), and references read
  // through a namespace are longer than the names. `shifts` records, per line of the module's text, each edit that changed a
  // line's length as [start, end (in the translated line), start in the module's line, shift after it]; positions the
  // engine reports in a module (an error's `line`, `column` and `stack`, a console call's place) are mapped back.
  var TOP = 'module code';   // the name of the function a module's text becomes, as WebKit names a module's top level
  var terminator = /\r\n?|[\n\u2028\u2029]/g;
  function lineCount(text) { return (text.match(terminator) || []).length + 1; }
  // The offsets where the lines of `text` start, and the 1-based line of an offset among them.
  function lineStarts(text) {
    var starts = [0], m;
    terminator.lastIndex = 0;
    while ((m = terminator.exec(text))) starts.push(m.index + m[0].length);
    return starts;
  }
  function lineAt(starts, offset) {
    var low = 0, high = starts.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle; else high = middle - 1;
    }
    return low + 1;
  }
  function shifts(source, edits) {
    var starts = lineStarts(source);
    var out = {}, line = 0, shift = 0;
    for (var i = edits.length - 1; i >= 0; i--) {   // edits are sorted last first
      var e = edits[i], length = e.end - e.start;
      if (e.text.length === length || /[\n\r\u2028\u2029]/.test(e.text + source.slice(e.start, e.end))) continue;
      // Text put at the end of a line moves no column of it.
      if (!length && (e.end === source.length || /[\n\r\u2028\u2029]/.test(source.charAt(e.end)))) continue;
      var l = line;
      while (l + 1 < starts.length && starts[l + 1] <= e.start) l++;
      if (l !== line) { line = l; shift = 0; }
      var column = e.start - starts[line], from = column + shift;
      shift += e.text.length - length;
      (out[line + 1] = out[line + 1] || []).push([from, from + e.text.length, column, shift]);
    }
    return out;
  }

  // The modules' position maps by URL: [{first, last, columns}] (inline modules share their document's URL).
  var positions = new Map();
  function registerPositions(url, first, columns) {
    if (!columns) return;
    var list = (positions.get(url) || []).filter(function (entry) { return entry.first !== first; });
    var identity = !columns.head && !Object.keys(columns.shifts).length;   // the engine's positions are the module's
    if (!identity) list.push({ first: first, last: first + columns.lines - 1, columns: columns });
    if (list.length) positions.set(url, list); else positions.delete(url);
    if (identity) return;
    if (!globalThis[STACK]) Object.defineProperty(globalThis, STACK, { value: mapStack, configurable: true });
  }
  /// [line, column] in the module's text for a 1-based position the engine reported in `url`'s translation, or null.
  function mapPosition(url, line, column) {
    var list = positions.get(url);
    if (!list) return null;
    for (var i = 0; i < list.length; i++) {
      var entry = list[i], map = entry.columns;
      if (line < entry.first || line > entry.last) continue;
      var relative = line - entry.first + 1, c = column - 1, base = 0;
      if (relative === 1) {
        c -= map.head;
        if (c < map.prefix) return [line, Math.max(c, 0) + 1];
        c -= map.prefix;
        base = map.prefix;
      }
      var shift = 0, segments = map.shifts[relative] || [];
      for (var j = 0; j < segments.length; j++) {
        var s = segments[j];
        if (c >= s[1]) shift = s[3];
        else if (c >= s[0]) return [line, base + s[2] + 1];
        else break;
      }
      return [line, base + c - shift + 1];
    }
    return null;
  }
  // One frame per line, `name@url:line:column` (JavaScriptCore's form).
  function mapStack(stack) {
    if (typeof stack !== 'string') return stack;
    var frames = stack.split('\n'), out = [];
    for (var i = 0; i < frames.length; i++) {
      var m = /^(.*?)(@?)([^@]*):(\d+):(\d+)$/.exec(frames[i]);
      var mapped = m && mapPosition(m[3], +m[4], +m[5]);
      out.push(mapped ? m[1] + m[2] + m[3] + ':' + mapped[0] + ':' + mapped[1] : frames[i]);
      // A module's top level (`module code`) is the last frame, as in WebKit's stacks: the loader's are left out.
      if (m && m[1] === TOP) break;
    }
    return out.join('\n');
  }
  var STACK = Symbol.for('hybrid.stack'), mappedErrors = new WeakSet();
  /// Maps an error's `line`, `column` and `stack` into its module's text, once; returns the error.
  function mapError(error) {
    if (!error || typeof error !== 'object' || mappedErrors.has(error)) return error;
    try {
      mappedErrors.add(error);
      function set(name, value) {
        var d = Object.getOwnPropertyDescriptor(error, name);
        if (d && 'value' in d && d.value !== value) Object.defineProperty(error, name, { value: value, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable });
      }
      var stack = error.stack;
      if (typeof stack === 'string') set('stack', mapStack(stack));
      if (typeof error.sourceURL === 'string' && typeof error.line === 'number' && typeof error.column === 'number') {
        var at = mapPosition(error.sourceURL, error.line, error.column);
        if (at) { set('line', at[0]); set('column', at[1]); }
      }
    } catch (ignored) { /* a frozen or exotic object keeps its positions */ }
    return error;
  }

  /// A classic script with `import()` in it, with each `import` keyword made the name of the page's import hook for
  /// `base` (see `importHook`): an identifier of the same length, so that every position in the script stays the
  /// engine's (a `stack` read anywhere is WebKit's, after `import(` on a minified line too). With `long`, or when the
  /// script holds that name itself, each `import(` becomes a call of the loader's hook with `base` as its first
  /// argument instead, which shifts the columns after it on its line. Null when it has no `import()` or does not parse
  /// (then it runs as it is, and the engine reports its errors). The caller binds the name first (`bindImport`).
  function translateClassic(original, base, long) {
    var ast, source = attributesPass(original, 'script').text;
    try { ast = parser().parse(source, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: false }); } catch (e) { return null; }
    var starts = [];
    (function walk(node) {
      if (node.type === 'ImportExpression') starts.push([node.start, node.source.start]);
      forEachChild(node, walk);
    })(ast);
    if (!starts.length) return null;
    var name = importHook(base), code = source;
    if (long || original.indexOf(name) >= 0) {
      var hook = 'globalThis[Symbol.for("hybrid.import")](' + JSON.stringify(base) + ', ';
      starts.sort(function (a, b) { return b[0] - a[0]; }).forEach(function (range) {
        code = code.slice(0, range[0]) + hook + keepLines(code.slice(range[0], range[1])) + code.slice(range[1]);
      });
    } else {
      starts.sort(function (a, b) { return b[0] - a[0]; }).forEach(function (range) {
        code = code.slice(0, range[0]) + name + code.slice(range[0] + 6);
      });
    }
    return restoreOptions(code);
  }
  Object.defineProperty(globalThis, Symbol.for('hybrid.import'), {
    value: function (base, specifier, options) { return importFrom(specifier, base, options); },
  });
  // The name of the import hook for `base` in classic scripts: `__` and four characters of a hash of `base`, as long as
  // the keyword `import` it replaces.
  var hookCharacters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$';
  function importHook(base) {
    var hash = 0x811c9dc5;
    for (var i = 0; i < base.length; i++) hash = Math.imul(hash ^ base.charCodeAt(i), 0x01000193) >>> 0;
    var name = '__';
    for (var j = 0; j < 4; j++, hash >>>= 6) name += hookCharacters.charAt(hash & 63);
    return name;
  }
  /// Defines the import hook of classic scripts for `base` on the page's global object (not enumerable, writable and
  /// configurable, so a page's own declaration of the name wins); false when another base's hook (a collision of the
  /// hashes) or the page holds the name, and the script must be translated with `long`.
  var hookBases = new WeakMap();
  function bindImport(base) {
    var name = importHook(base), existing = Object.getOwnPropertyDescriptor(globalThis, name);
    if (existing) return hookBases.get(existing.value) === base;
    var hook = function (specifier, options) { return importFrom(specifier, base, options); };
    hookBases.set(hook, base);
    try {
      Object.defineProperty(globalThis, name, { value: hook, writable: true, configurable: true, enumerable: false });
    } catch (e) {
      return false;
    }
    return true;
  }

  // --- the module map: one record per URL per page
  var records = new Map();

  // --- import maps (HTML's "resolve a module specifier"): entries sorted longest key first
  var importMap = { imports: [], scopes: [] };
  function urlLike(specifier, base) {
    if (/^(\.{0,2}\/)/.test(specifier)) { try { return new URLClass(specifier, base); } catch (e) { return null; } }
    try { return new URLClass(specifier); } catch (e) { return null; }
  }
  function sortedEntries(object, normalizeKey, base) {
    var entries = [];
    Object.keys(object).forEach(function (key) {
      var value = object[key], name = normalizeKey(key);
      if (name === null || name === '') { console.warn('Ignored an import map key ' + JSON.stringify(key)); return; }
      var address = typeof value === 'string' ? urlLike(value, base) : null;
      if (address && /\/$/.test(name) && !/\/$/.test(address.href)) address = null;
      if (!address) console.warn('Ignored the import map entry ' + JSON.stringify(key) + ': not a valid address');
      entries.push({ key: name, address: address && address.href });
    });
    return entries.sort(function (a, b) { return a.key < b.key ? 1 : a.key > b.key ? -1 : 0; });
  }
  function specifierMap(object, base) {
    return sortedEntries(object, function (key) { var u = urlLike(key, base); return u ? u.href : key; }, base);
  }
  function addImportMap(text, base) {
    var parsed;
    try { parsed = JSON.parse(text); } catch (e) {
      console.error('Ignored an import map that is not valid JSON: ' + e.message);
      return false;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) { console.error('Ignored an import map that is not a JSON object'); return false; }
    var imports = parsed.imports && typeof parsed.imports === 'object' ? specifierMap(parsed.imports, base) : [];
    var scopes = [];
    if (parsed.scopes && typeof parsed.scopes === 'object') {
      Object.keys(parsed.scopes).forEach(function (prefix) {
        var u = urlLike(prefix, base) || (function () { try { return new URLClass(prefix, base); } catch (e) { return null; } })();
        if (!u || !parsed.scopes[prefix] || typeof parsed.scopes[prefix] !== 'object') return;
        scopes.push({ prefix: u.href, imports: specifierMap(parsed.scopes[prefix], base) });
      });
    }
    // Merging: rules already present win, as in HTML's merge of a later import map.
    importMap.imports = importMap.imports.concat(imports.filter(function (e) {
      return !importMap.imports.some(function (o) { return o.key === e.key; });
    })).sort(function (a, b) { return a.key < b.key ? 1 : a.key > b.key ? -1 : 0; });
    importMap.scopes = importMap.scopes.concat(scopes).sort(function (a, b) { return a.prefix < b.prefix ? 1 : a.prefix > b.prefix ? -1 : 0; });
    return true;
  }
  function matchImports(normalized, asURL, entries) {
    for (var i = 0; i < entries.length; i++) {
      var entry = entries[i];
      if (entry.key === normalized) {
        if (!entry.address) throw new TypeError('The import map blocks "' + normalized + '"');
        return entry.address;
      }
      if (/\/$/.test(entry.key) && normalized.indexOf(entry.key) === 0 && (!asURL || /^(https?|file|ftp|wss?):$/.test(asURL.protocol))) {
        if (!entry.address) throw new TypeError('The import map blocks "' + normalized + '"');
        var url = new URLClass(normalized.slice(entry.key.length), entry.address);
        if (url.href.indexOf(entry.address) !== 0) throw new TypeError('"' + normalized + '" backtracks above its import map prefix');
        return url.href;
      }
    }
    return null;
  }

  function resolve(specifier, base) {
    specifier = String(specifier);
    var asURL = urlLike(specifier, base), normalized = asURL ? asURL.href : specifier;
    for (var i = 0; i < importMap.scopes.length; i++) {
      var scope = importMap.scopes[i];
      if (scope.prefix === base || (/\/$/.test(scope.prefix) && base.indexOf(scope.prefix) === 0)) {
        var scoped = matchImports(normalized, asURL, scope.imports);
        if (scoped !== null) return scoped;
      }
    }
    var mapped = matchImports(normalized, asURL, importMap.imports);
    if (mapped !== null) return mapped;
    if (asURL) return asURL.href;
    throw new TypeError("Module name, '" + specifier + "' does not resolve to a valid URL.");   // WebKit's words
  }

  // WebKit's error for an import attribute type other than `json`.
  function attributeTypeError(type) { return new TypeError('Import attribute type "' + type + '" is not valid'); }
  // Errors WebKit reports to `window.onerror` without a place (file '', line and column 0): a module's failure to
  // link (a missing export, a bad import attribute type, a JSON module that is not JSON). The exception reported to
  // the host keeps the place where the loader knows one.
  var placelessErrors = new WeakSet();
  function placeless(error) { placelessErrors.add(error); return error; }
  // The place the host's report names: the module at `line`.
  function placeAt(error, url, line) {
    Object.defineProperty(error, 'sourceURL', { value: url, configurable: true });
    Object.defineProperty(error, 'line', { value: line, configurable: true });
    Object.defineProperty(error, 'column', { value: 1, configurable: true });
    return error;
  }

  // A record's id in the module map: its URL, and for a JSON module `json` and the URL (HTML keys the map by URL and
  // module type).
  function idOf(url, type) { return type === 'json' ? 'json\u0000' + url : url; }
  function Record(url, type) {
    this.url = url;
    this.type = type === 'json' ? 'json' : 'javascript';
    this.state = 'new';   // fetching, ready, failed
    this.waiters = [];
    this.deps = null;     // resolved URLs
    this.fn = null;
    this.ns = null;
    this.gen = null;
    this.evaluated = false;
    this.done = null;
    this.error = null;    // a fetch or parse failure (a TypeError or SyntaxError)
    this.integrity = null;  // the Subresource Integrity metadata its fetch is checked against (a script's `integrity`)
    this.live = [];       // imported bindings read through namespaces (see `link`)
    this.locals = [];     // imported bindings kept as parameters: [dependency index, name (null: namespace), local name]
    this.reads = [];      // imported bindings read as `R.p`: [dependency index, name, p (, 1 for a callee)]
    this.reader = null;   // R
    this.kinds = null;    // what each export is (see `translateModule`)
    this.sync = null;     // sets the parameters
    this.importers = null;
    this.job = null;      // a promise of the body having run (see `evaluate`)
    this.queued = false;  // its body's job is queued without waiting for a promise (no top-level await)
    this.ran = false;     // its body ran to its end
  }

  // A module's source as the page's hook rewrites it before translation (code coverage instruments it): `text` at
  // document line `line` (1 for a module file, 0 for one a page inserted with text), or `text` as it is.
  function transformed(url, text, line) {
    if (!native.transform) return text;
    var changed = native.transform(url, text, line);
    return typeof changed === 'string' ? changed : text;
  }

  // `live`: imported bindings the translation reads through namespaces (see `link`), part of the translation's key.
  function prepare(record, source, line, prefix, live) {
    try {
      var compiled, key = live && live.length ? source + '\u0000' + live.join(',') : source;
      if (native.cached(record.url, line, key) !== undefined) {
        compiled = native.compile(record.url, line, key);
      } else {
        var t = translateModule(source, prefix, line, live);
        compiled = native.compile(record.url, line, key, t.code, JSON.stringify({ deps: t.deps, types: t.types, stars: t.stars, checks: t.checks, async: t.async, kinds: t.kinds, locals: t.locals, reads: t.reads, columns: t.columns }));
      }
      record.fn = compiled[0];
      var meta = JSON.parse(compiled[1]);
      record.source = source;
      record.prefix = prefix;
      record.live = live || [];
      record.specifiers = meta.deps;
      record.stars = meta.stars;
      record.checks = meta.checks || [];
      record.async = meta.async;
      record.kinds = meta.kinds || {};
      record.locals = meta.locals || [];
      record.reads = meta.reads || [];
      record.line = line;
      registerPositions(record.url, line, meta.columns);
      record.deps = meta.deps.map(function (s, i) { return idOf(resolve(s, record.url), meta.types && meta.types[i]); });
      record.state = 'ready';
    } catch (e) {
      // A module that did not parse (acorn's SyntaxError, or the engine's for the translation): the engine's own
      // module-mode parser names the error as WebKit does, with its message and line and no column.
      var engine = (e instanceof SyntaxError || (e && e.loc)) ? native.checkSyntax(record.url, source) : undefined;
      if (engine) {
        e = new SyntaxError(engine.message);
        Object.defineProperty(e, 'sourceURL', { value: record.url, configurable: true });
        Object.defineProperty(e, 'line', { value: engine.line + line - 1, configurable: true });
        delete e.column; delete e.stack;   // the place this loader made it: WebKit's has neither
      } else if (e && e.loc && typeof e.pos === 'number') {  // acorn's SyntaxError: name the module and the line in it
        try {
          Object.defineProperty(e, 'sourceURL', { value: record.url, configurable: true });
          Object.defineProperty(e, 'line', { value: e.loc.line + line - 1, configurable: true });
          Object.defineProperty(e, 'column', { value: e.loc.column + 1 + (e.loc.line === 1 ? prefix.length : 0), configurable: true });
        } catch (ignored) { /* frozen */ }
      } else if (placelessErrors.has(e)) {
        placeAt(e, record.url, line);
      }
      record.state = 'failed';
      record.error = e;
    }
  }

  // A JSON module: its namespace has the parsed value as `default`; text that is not JSON fails it with a SyntaxError.
  function prepareJSON(record, text) {
    try {
      var value = JSON.parse(text);
      record.fn = function* () { yield function () { return [{ default: function () { return value; } }, null]; }; };
      record.specifiers = [];
      record.kinds = { default: 'init' };
      record.locals = [];
      record.stars = [];
      record.deps = [];
      record.state = 'ready';
    } catch (e) {
      record.state = 'failed';
      record.error = placeAt(placeless(new SyntaxError(e.message)), record.url, 1);   // WebKit's words: JSON.parse's
    }
  }

  // A module's media type (MimeTypes.swift): WebKit's message when a module is not served as JavaScript (a JSON module:
  // as JSON or JavaScript), null when it is or when the fetcher knows no type (`type` not a string).
  function isJavaScriptType(type) { return typeof type === 'string' && native.isJavaScriptType(type); }
  function refusedType(type, kind) {
    return typeof type === 'string' ? native.moduleTypeRefusal(type, kind === 'json') || null : null;
  }

  function fetchRecord(id, callback) {
    var record = records.get(id);
    if (!record) { record = new Record(id.indexOf('json\u0000') === 0 ? id.slice(5) : id, id.indexOf('json\u0000') === 0 ? 'json' : null); records.set(id, record); }
    var url = record.url;
    if (record.state === 'ready' || record.state === 'failed') { callback(record); return; }
    record.waiters.push(callback);
    if (record.state === 'fetching') return;
    record.state = 'fetching';
    native.fetch(url, function (error, text, type) {
      var refused = error === null ? refusedType(type, record.type) : null;
      if (error !== null || refused !== null) {
        record.state = 'failed';
        // WebKit's words: without the URL for a failed fetch; the media type for one it refuses.
        record.error = new TypeError(refused !== null ? refused : 'Importing a module script failed.');
        record.unfetched = refused !== null ? refused : error;
      } else if (record.type === 'json' && !isJavaScriptType(type)) {
        prepareJSON(record, text);
      } else {
        record.type = 'javascript';   // a "JSON" module served as JavaScript runs as JavaScript, as on WebKit
        prepare(record, transformed(url, text, 1), 1, '');
      }
      var waiters = record.waiters;
      record.waiters = [];
      waiters.forEach(function (w) { w(record); });
    }, record.integrity);
  }

  // Fetches `root` and everything it imports; `callback(failedRecord)` once, null when the graph is complete.
  function fetchGraph(root, callback) {
    var seen = new Set([idOf(root.url, root.type)]), pending = 1, finished = false;
    function arrived(record) {
      if (finished) return;
      if (record.state === 'failed') { finished = true; callback(record); return; }
      record.deps.forEach(function (url) {
        if (seen.has(url)) return;
        seen.add(url);
        pending++;
        fetchRecord(url, arrived);
      });
      if (--pending === 0) { finished = true; callback(null); }
    }
    if (root.state === 'ready' || root.state === 'failed') arrived(root); else fetchRecord(idOf(root.url, root.type), arrived);
  }

  // --- linking
  function namespaceOf(record) {
    if (!record.ns) {
      record.ns = Object.create(null);
      Object.defineProperty(record.ns, Symbol.toStringTag, { value: 'Module' });
    }
    return record.ns;
  }

  // Linking: each module's exports are defined (the generator's first step), the namespaces are made, and every
  // imported name is checked: one that its module does not export, or exports ambiguously through two `export *`,
  // fails the whole graph with WebKit's SyntaxError before any module runs (and again on a later import of it).
  // Imported bindings are the module function's parameters, so that the module's text keeps its columns, and `sync`
  // sets them: after linking, before the module runs and whenever a module it imports from has run. That holds for
  // a binding that is set before any of the importer's code can run and never changes after: a function declaration,
  // or a binding its module does not assign after declaring it, of a module not in a cycle with the importer (in a
  // cycle, the importer's hoisted functions can be called while the other module runs). Any other binding is read
  // through its module's namespace, from a translation that says so.
  function link(root) {
    var order = [], seen = new Set();
    (function walk(record) {   // the whole graph: a module that failed to link fails every graph that holds it
      if (record.linkError) throw record.linkError;
      if (seen.has(record)) return;
      seen.add(record);
      record.deps.forEach(function (url) { walk(records.get(url)); });
      if (!record.gen) order.push(record);
    })(root);
    order.forEach(function (record) {
      var live = liveBindings(record);
      if (live.join() !== record.live.join()) {
        prepare(record, record.source, record.line, record.prefix, live);
        if (record.state === 'failed') throw record.error;
      }
    });
    order.forEach(function (record) {
      var hm = {
        x: null,
        f: mapError,
        e: function () { record.ran = true; syncImporters(record); },
        i: function (specifier, options) { return importFrom(specifier, record.url, options); },
        d: record.deps.map(function (url) { return namespaceOf(records.get(url)); }),
        meta: Object.assign(Object.create(null), {
          url: record.url,
          resolve: function (specifier) { return resolve(specifier, record.url); },
        }),
      };
      record.deps.forEach(function (url) { var dep = records.get(url); (dep.importers = dep.importers || new Set()).add(record); });
      namespaceOf(record);
      record.reader = Object.create(null);   // getters of the bindings read as `R.p` (see `translateModule`)
      record.gen = record.fn.call(undefined, hm, record.reader);
      var first = record.gen.next();  // the exports (the async generator's first step runs at once too)
      var pair = (record.async ? hm.x : first.value)();
      record.own = pair[0];
      record.sync = pair[1];
    });
    order.forEach(function (record) {
      var all = exportsOf(record, new Set());
      Object.keys(all).sort().forEach(function (name) {
        if (all[name] !== AMBIGUOUS) Object.defineProperty(record.ns, name, { get: all[name], enumerable: true, configurable: false });
      });
      Object.preventExtensions(record.ns);
    });
    order.forEach(function (record) {
      record.reads.forEach(function (read) {
        var binding = Object.getOwnPropertyDescriptor(namespaceOf(records.get(record.deps[read[0]])), read[1]);
        if (!binding) return;
        var get = binding.get;
        Object.defineProperty(record.reader, read[2], { get: read[3] ? function () { return callee(get()); } : get });
      });
    });
    var failure = null, failed = null;
    order.forEach(function (record) {
      (record.checks || []).forEach(function (c) {
        if (failure) return;
        var found = exportsOf(records.get(record.deps[c[0]]), new Set())[c[1]];
        if (found !== undefined && found !== AMBIGUOUS) return;
        failed = record;
        failure = placeless(new SyntaxError("Importing binding name '" + c[1] + "' " +
          (found === AMBIGUOUS ? 'cannot be resolved due to ambiguous multiple bindings.' : 'is not found.')));
        try {
          Object.defineProperty(failure, 'sourceURL', { value: record.url, configurable: true });
          Object.defineProperty(failure, 'line', { value: c[2] + (record.line || 1) - 1, configurable: true });
          Object.defineProperty(failure, 'column', { value: c[3], configurable: true });
        } catch (ignored) { /* frozen */ }
      });
    });
    if (failure) {
      failed.linkError = failure;
      throw failure;
    }
    order.forEach(sync);
  }

  // A live binding's value as a callee (see `liveRead`): a function bound to `undefined`, one per function.
  var bind = Function.prototype.bind, callees = new WeakMap();
  function callee(value) {
    if (typeof value !== 'function') return value;
    var bound = callees.get(value);
    if (!bound) callees.set(value, bound = bind.call(value, undefined));
    return bound;
  }

  // Sets a module's imported bindings (its function's parameters) from its dependencies' namespaces; a binding not
  // yet initialized stays as it is.
  function sync(record) {
    if (!record.sync || !record.locals.length) return;
    var values = [];
    record.locals.forEach(function (local, i) {
      var ns = namespaceOf(records.get(record.deps[local[0]]));
      if (local[1] === null) values[i] = ns;
      else try { values[i] = ns[local[1]]; } catch (uninitialized) { /* in its temporal dead zone */ }
    });
    record.sync(values);
  }
  function syncImporters(record) { if (record.importers) record.importers.forEach(sync); }

  // The local names of `record`'s imported bindings that cannot be its function's parameters (see `link`).
  function liveBindings(record) {
    var live = [];
    record.locals.forEach(function (local) {
      if (local[1] === null) return;
      var found = bindingOf(records.get(record.deps[local[0]]), local[1], new Set());
      if (!found || found.kind === 'fn' || found.kind === 'ns' || (found.kind === 'init' && !reaches(found.record, record))) return;
      live.push(local[2]);
    });
    return live.sort();
  }
  // The module and kind of the binding `name` exported by `record`, following re-exports and `export *`; null when
  // there is none (linking fails then).
  function bindingOf(record, name, visiting) {
    if (!record || visiting.has(record)) return null;
    visiting.add(record);
    var kind = record.kinds && record.kinds[name];
    if (Array.isArray(kind)) return bindingOf(records.get(record.deps[kind[0]]), kind[1], visiting);
    if (kind) return { record: record, kind: kind };
    if (name === 'default') return null;
    for (var i = 0; i < (record.stars || []).length; i++) {
      var found = bindingOf(records.get(record.deps[record.stars[i]]), name, visiting);
      if (found) return found;
    }
    return null;
  }
  // Whether `to` is `from` or one of the modules `from` imports, directly or not.
  function reaches(from, to) {
    var seen = new Set();
    return (function walk(record) {
      if (record === to) return true;
      if (!record || seen.has(record)) return false;
      seen.add(record);
      return record.deps.some(function (url) { return walk(records.get(url)); });
    })(from);
  }

  // A module's exports by name (getters): its own, then its `export *` sources' except `default`; a name two star
  // sources give as different bindings is AMBIGUOUS (left out of the namespace).
  var AMBIGUOUS = {};
  function exportsOf(record, visiting) {
    var all = Object.assign(Object.create(null), record.own || {}), own = record.own || {};
    if (visiting.has(record)) return all;
    visiting.add(record);
    (record.stars || []).forEach(function (index) {
      var from = exportsOf(records.get(record.deps[index]), visiting);
      Object.keys(from).forEach(function (name) {
        if (name === 'default' || name in own) return;
        if (!(name in all)) all[name] = from[name];
        else if (all[name] !== from[name]) all[name] = AMBIGUOUS;
      });
    });
    return all;
  }

  // --- evaluation: dependencies first, each module once; returns a promise of the module and its dependencies
  // having run (rejected with the first error).
  // Each module body is a job of its own, started by the engine with nothing of the loader below it: the job is the
  // module generator's own `next` (bound), a promise reaction, so a stack made in the body ends at `module code`, as
  // WebKit's does. The jobs of the modules an evaluation reaches whose dependencies have run or are queued before
  // them without top-level await (its batch) are queued at once, in evaluation order, so the microtasks their
  // bodies queue run after every one of them, as when the standard runs the bodies one after another in one go; a
  // check queued before each body skips it (returns its generator) when a body queued before it in the batch did not
  // run to its end (`__hm.e()`, which also sets the bindings of the modules that import it): the standard's
  // evaluation stops at the first error. A module that waits for a module with top-level await starts once that one
  // is done.
  var batch = null;
  function evaluate(record) {
    if (batch) return evaluateIn(record);
    batch = [];
    try { return evaluateIn(record); } finally { batch = null; }
  }
  function evaluateIn(record) {
    if (record.evaluated) return record.done;
    record.evaluated = true;
    if (record.type === 'json') {
      record.ran = true;
      return (record.done = Promise.resolve());
    }
    var waits = [], dones = [], earlier = [];   // earlier: dependencies queued by an earlier evaluation
    record.deps.forEach(function (url) {
      var dep = records.get(url), done = evaluateIn(dep);
      if (!done) return;   // a module in a cycle with this one, evaluated after it
      dones.push(done);
      if (!dep.ran && !dep.queued) waits.push(done);
      else if (!dep.ran && batch.indexOf(dep) < 0) earlier.push(dep);
    });
    var next = record.gen.next.bind(record.gen), before = earlier.concat(batch), skipped = null;
    if (waits.length) {
      record.job = Promise.all(dones).then(next);
    } else {
      if (before.length) {
        Promise.resolve().then(function () {
          skipped = before.filter(function (other) { return !other.ran; })[0] || null;
          if (skipped) record.gen.return();
        });
      }
      record.job = Promise.resolve().then(next);
      if (!record.async) {
        record.queued = true;
        batch.push(record);
      }
    }
    record.done = Promise.all(dones.concat([record.job])).then(function () { if (skipped) return skipped.done; });
    record.done.catch(function () { /* reported by whoever evaluates it */ });
    return record.done;
  }

  function loadAndEvaluate(record) {
    return new Promise(function (resolvePromise, rejectPromise) {
      function reject(error) { rejectPromise(mapError(error)); }
      fetchGraph(record, function (failed) {
        if (failed) { reject(failed.error); return; }
        try {
          link(record);
          evaluate(record).then(function () { resolvePromise(record.ns); }, reject);
        } catch (e) { reject(e); }
      });
    });
  }

  // `import(specifier, options)`: options `{ with: { type } }` (or the older `assert`) ask for a JSON module.
  function importFrom(specifier, base, options) {
    try {
      var type = 'javascript';
      if (options !== undefined) {
        // WebKit's words (observed on WebKitGTK 2.50).
        if (options === null || typeof options !== 'object') throw new TypeError("dynamic import's options should be an object");
        var attributes = options.with !== undefined ? options.with : options.assert;
        if (attributes !== undefined) {
          if (attributes === null || typeof attributes !== 'object') throw new TypeError("dynamic import's options.with should be an object");
          Object.keys(attributes).forEach(function (key) {
            if (typeof attributes[key] !== 'string') throw new TypeError("dynamic import's options.with includes non string property");
            if (key !== 'type') throw new TypeError("dynamic import's options.with includes unsupported attribute \"" + key + '"');
          });
          if (attributes.type !== undefined) {
            if (attributes.type !== 'json') throw attributeTypeError(attributes.type);
            type = 'json';
          }
        }
      }
      var url = resolve(specifier, base), id = idOf(url, type);
    } catch (e) {
      return Promise.reject(e);
    }
    var record = records.get(id) || new Record(url, type);
    records.set(id, record);
    return loadAndEvaluate(record);
  }

  // --- module scripts
  return {
    /// Fetches the graph of a module script: external (`url`) or inline (`source` at `line` of the document `url`,
    /// indented by `column - 1` spaces). `callback(handle)` runs when every module is fetched or one failed.
    load: function (url, source, line, column, callback, integrity) {
      var record;
      if (source === null) {
        record = records.get(url) || new Record(url);
        records.set(url, record);
        // The script's `integrity` checks the module's fetch (once per page: the map keeps what the first fetch got).
        if (typeof integrity === 'string' && record.state === 'new') record.integrity = integrity;
      } else {
        record = new Record(url);
        var prefix = new Array(Math.max(column, 1)).join(' '), changed = transformed(url, prefix + source, line);
        // A rewritten inline module keeps its lines; its indentation is in the text the hook was given.
        if (changed !== prefix + source) prepare(record, changed, Math.max(line, 1), '');
        else prepare(record, source, Math.max(line, 1), prefix);
      }
      fetchGraph(record, function (failed) { callback({ record: record, failed: failed }); });
    },
    /// Runs a fetched module script: `'network'` when a module could not be fetched (the caller fires `error`),
    /// else `'ok'` (errors while parsing or running are reported as the page's uncaught errors). The bodies run as
    /// jobs (see `evaluate`); `ran`, when given, is called once the script ran, as WebKit fires an external module
    /// script's `load`: after its bodies and before the microtasks they queued, or after its error is reported.
    run: function (handle, ran) {
      var failed = handle.failed, record = handle.record;
      function report(e) { native.report(mapError(e)); }
      if (failed && failed.unfetched !== undefined) {
        // The reason reported for the script: the fetch's own ("HTTP status 404", as for a classic script), or which
        // of its imports could not be fetched.
        handle.message = failed === record ? failed.unfetched
          : 'Importing a module script failed: ' + failed.url + ' (' + failed.unfetched + ')';
        return 'network';
      }
      if (failed) { report(failed.error); if (ran) ran(); return 'ok'; }
      try {
        link(record);
      } catch (e) {
        report(e);
        if (ran) ran();
        return 'ok';
      }
      var done = evaluate(record);
      done.catch(report);
      if (ran) {
        Promise.resolve().then(function () {
          // A module with top-level await (or waiting for one) has started; one without has run or failed.
          if (!record.queued || record.ran) ran(); else done.then(null, function () { ran(); });
        });
      }
      return 'ok';
    },
    /// `<link rel=modulepreload>`: fetches `url` and what it imports into the module map; `callback(ok)`.
    preload: function (url, callback) {
      var record = records.get(url) || new Record(url);
      records.set(url, record);
      fetchGraph(record, function (failed) { callback(!failed); });
    },
    /// `source` as a module at `url` that is not put in the module map (HeadlessWebView.evaluateModule, `hybrid eval
    /// --module`): a promise of its namespace once it and its dependencies ran, top-level `await` included.
    evaluateSource: function (url, source) {
      var record = new Record(url);
      prepare(record, source, 1, '');
      // The host hears which module could not be fetched (WebKit's words, which a page reads, do not say).
      return loadAndEvaluate(record).catch(function (e) {
        var unfetched = null;
        records.forEach(function (r) { if (r.error === e && r.unfetched !== undefined) unfetched = r; });
        if (unfetched) throw new TypeError('Importing a module script failed: ' + unfetched.url + ' (' + unfetched.unfetched + ')');
        throw e;
      });
    },
    importFrom: importFrom,
    /// Maps a thrown value's positions (`line`, `column`, `stack`) into its modules' texts (see `mapPosition`).
    mapError: mapError,
    /// Whether WebKit reports `error` to `window.onerror` without a place (see `placeless`).
    isPlaceless: function (error) { return placelessErrors.has(error); },
    addImportMap: addImportMap,
    translate: translateModule,
    translateClassic: translateClassic,
    bindImport: bindImport,
  };
})
