(function (emit) {
  'use strict';
  const PRELUDE = 'hybrid:';
  const quote = (s) => JSON.stringify(s);
  const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);

  function errorText(error) {
    let head;
    try { head = String(error); } catch (e) { head = 'Error'; }
    const stack = typeof error.stack === 'string' ? positions(error.stack) : '';
    if (!stack) return head;
    return head + '\n' + stack.split('\n').map((line) => '    at ' + line).join('\n');
  }

  function inspect(value, seen) {
    switch (typeof value) {
      case 'string': return quote(value);
      case 'number': return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint': return String(value) + 'n';
      case 'boolean': return String(value);
      case 'undefined': return 'undefined';
      case 'symbol': return value.toString();
      case 'function': return '[Function: ' + (value.name || '(anonymous)') + ']';
    }
    if (value === null) return 'null';
    if (seen.indexOf(value) !== -1) return '[Circular]';
    if (isNode(value)) return nodeText(value);
    if (value instanceof Error) return errorText(value);
    if (value instanceof Date) return isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof RegExp) return String(value);
    if (seen.length >= 16) return Array.isArray(value) ? '[Array]' : '[Object]';
    seen.push(value);
    try {
      if (Array.isArray(value)) {
        const parts = [];
        for (let i = 0; i < value.length; i++) parts.push(inspect(value[i], seen));
        return '[' + parts.join(',') + ']';
      }
      if (value instanceof Map) {
        const parts = [];
        value.forEach((v, k) => parts.push(inspect(k, seen) + ' => ' + inspect(v, seen)));
        return 'Map(' + value.size + ') {' + parts.join(',') + '}';
      }
      if (value instanceof Set) {
        const parts = [];
        value.forEach((v) => parts.push(inspect(v, seen)));
        return 'Set(' + value.size + ') {' + parts.join(',') + '}';
      }
      if (ArrayBuffer.isView(value)) {
        return tag(value) + '(' + value.length + ') [' + Array.prototype.join.call(value, ',') + ']';
      }
      if (value instanceof Promise) return 'Promise {}';
      const keys = Object.keys(value);
      const parts = keys.map((key) => {
        let member;
        try { member = inspect(value[key], seen); } catch (e) { member = '[Getter threw]'; }
        return quote(key) + ':' + member;
      });
      const name = tag(value);
      if (parts.length === 0 && name !== 'Object') return '[object ' + name + ']';
      return '{' + parts.join(',') + '}';
    } finally {
      seen.pop();
    }
  }

  // A DOM node as a browser's console names it (its start tag, `#text "…"`, `#document`), not its internals: a page's
  // DOM (domino) links every node to its document, so the members of one node are the whole document, many times.
  function isNode(value) {
    let type, name;
    try { type = value.nodeType; name = value.nodeName; } catch (e) { return false; }
    return typeof type === 'number' && type >= 1 && type <= 12 && typeof name === 'string' && typeof value.cloneNode === 'function';
  }
  function nodeText(node) {
    try {
      switch (node.nodeType) {
        case 1: {
          let text = '<' + (node.localName || node.nodeName.toLowerCase());
          const attributes = node.attributes || [];
          for (let i = 0; i < attributes.length; i++) text += ' ' + attributes[i].name + '=' + quote(attributes[i].value);
          return text + '>';
        }
        case 3: return '#text ' + quote(node.data);
        case 8: return '<!--' + node.data + '-->';
        case 10: return '<!DOCTYPE ' + node.name + '>';
        default: return node.nodeName;
      }
    } catch (e) {
      return '[' + node.nodeName + ']';
    }
  }

  function json(value) {
    try {
      const text = JSON.stringify(value);
      return text === undefined ? 'undefined' : text;
    } catch (e) {
      return '[Circular]';
    }
  }

  function number(value, parse) {
    if (typeof value === 'bigint') return String(value) + 'n';
    if (typeof value === 'symbol') return 'NaN';
    const n = parse(value);
    return Object.is(n, -0) ? '-0' : String(n);
  }

  function format(args) {
    const first = args[0];
    let out = '';
    let index = 0;
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      index = 1;
      out = first.replace(/%([sdifjoOc%])/g, (match, code) => {
        if (code === '%') return '%';
        if (index >= args.length) return match;
        const arg = args[index++];
        switch (code) {
          case 's':
            if (typeof arg === 'string') return arg;
            if (typeof arg === 'object' && arg !== null || typeof arg === 'function') return inspect(arg, []);
            return inspect(arg, []).replace(/^"|"$/g, '');
          case 'd': return number(arg, Number);
          case 'i': return number(arg, (v) => parseInt(v, 10));
          case 'f': return number(arg, parseFloat);
          case 'j': return json(arg);
          case 'o': case 'O': return inspect(arg, []);
          case 'c': return '';
        }
        return match;
      });
    }
    for (; index < args.length; index++) {
      const arg = args[index];
      if (out.length > 0 || index > 0) out += ' ';
      out += typeof arg === 'string' ? arg : inspect(arg, []);
    }
    return out;
  }

  // A host that translates scripts (the web view's ES modules) maps the engine's positions back into their texts
  // with a function at globalThis[Symbol.for('hybrid.stack')], defined once it has translated one.
  const STACK = Symbol.for('hybrid.stack');
  function positions(stack) {
    const map = globalThis[STACK];
    return typeof map === 'function' ? map(stack) : stack;
  }

  function caller() {
    const stack = positions(new Error().stack);
    if (typeof stack !== 'string') return null;
    for (const frame of stack.split('\n')) {
      const at = frame.indexOf('@');
      const location = at === -1 ? frame : frame.slice(at + 1);
      if (location.startsWith(PRELUDE) || location === '[native code]') continue;
      const match = /^(.*):(\d+):(\d+)$/.exec(location);
      if (match) return match;
    }
    return null;
  }

  function method(level) {
    return function () {
      let text;
      try { text = format(Array.prototype.slice.call(arguments)); } catch (e) { text = '[unformattable]'; }
      const where = caller();
      if (where) emit(level, text, where[1], +where[2], +where[3]);
      else emit(level, text);
    };
  }

  const console = typeof globalThis.console === 'object' && globalThis.console !== null ? globalThis.console : {};
  const levels = ['log', 'info', 'warn', 'error', 'debug'];
  levels.forEach((name, level) => {
    Object.defineProperty(console, name, { value: method(level), writable: true, configurable: true, enumerable: true });
  });
  console.dir = console.log;
  console.trace = console.debug;
  console.assert = function (condition) {
    if (condition) return;
    const rest = Array.prototype.slice.call(arguments, 1);
    console.error.apply(console, rest.length ? ['Assertion failed:'].concat(rest) : ['Assertion failed']);
  };
  if (globalThis.console !== console) {
    Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });
  }
  return format;
})
