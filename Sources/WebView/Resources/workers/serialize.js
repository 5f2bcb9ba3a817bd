(function (global, internals) {
  'use strict';
  // HTML's StructuredSerialize/StructuredDeserialize for messages that cross threads (a page and its workers): a value
  // becomes a record that JSON can hold plus the bytes of its ArrayBuffers, and back in another context. The value is
  // first cloned in its own realm (platform/clone.js: the DataCloneErrors, the transfer list, buffers detached), so
  // only cloneable values reach the serializer. Records:
  //   string, boolean, finite number, null    themselves
  //   ['u'] undefined   ['n', 'NaN' | 'Infinity' | '-Infinity' | '-0']   ['i', digits] bigint   ['r', k] the k-th object again
  //   ['O', [key, record, ...]] object   ['A', length, [key, record, ...]] array   ['D', time]   ['G', source, flags]
  //   ['M', [key, value, ...]]   ['S', [value, ...]]   ['P', record] boxed primitive   ['B', n] the n-th buffer
  //   ['T', type, buffer record, byteOffset, length] typed array   ['V', buffer record, byteOffset, byteLength] DataView
  //   ['E', name, message, stack] error   ['X', name, message] DOMException
  //   ['b', n, type] Blob and ['F', n, type, name, lastModified] File, their bytes the n-th buffer (a copy)
  // MessagePorts do not cross threads here: a DataCloneError.
  var ERRORS = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  var toString = Object.prototype.toString;

  function serialize(value, transfer, what) {
    (transfer || []).forEach(function (item) {
      if (internals.portState && internals.portState(item)) {
        throw new global.DOMException("Failed to execute '" + what + "': a MessagePort cannot be sent to a worker here.", 'DataCloneError');
      }
    });
    var copy = internals.clone(value, transfer, what);
    var seen = new Map(), buffers = [];
    function fail(description) {
      return new global.DOMException("Failed to execute '" + what + "': " + description, 'DataCloneError');
    }
    function pairs(keys, from) {
      var out = [];
      keys.forEach(function (k) { out.push(k, walk(from[k])); });
      return out;
    }
    function walk(v) {
      switch (typeof v) {
        case 'undefined': return ['u'];
        case 'bigint': return ['i', v.toString()];
        case 'number':
          if (v !== v) return ['n', 'NaN'];
          if (v === Infinity || v === -Infinity) return ['n', String(v)];
          return v === 0 && 1 / v < 0 ? ['n', '-0'] : v;
        case 'string': case 'boolean': return v;
      }
      if (v === null) return null;
      if (seen.has(v)) return ['r', seen.get(v)];
      seen.set(v, seen.size);
      var blob = internals.blobData && internals.blobData(v);
      if (blob) {
        buffers.push(internals.blobBuffer(blob));
        return blob.name !== undefined ? ['F', buffers.length - 1, blob.type, blob.name, blob.lastModified] : ['b', buffers.length - 1, blob.type];
      }
      if (internals.portState && internals.portState(v)) throw fail('a MessagePort cannot be sent to a worker here.');
      if (global.DOMException && v instanceof global.DOMException) return ['X', v.name, v.message];
      var tag = toString.call(v).slice(8, -1);
      switch (tag) {
        case 'Array': return ['A', v.length, pairs(Object.keys(v), v)];
        case 'Date': return ['D', v.getTime()];
        case 'RegExp': return ['G', v.source, v.flags];
        case 'Boolean': case 'Number': case 'String': case 'BigInt': return ['P', walk(v.valueOf())];
        case 'ArrayBuffer': buffers.push(v); return ['B', buffers.length - 1];
        case 'DataView': return ['V', walk(v.buffer), v.byteOffset, v.byteLength];
        case 'Map': {
          var entries = [];
          v.forEach(function (item, key) { entries.push(walk(key), walk(item)); });
          return ['M', entries];
        }
        case 'Set': {
          var items = [];
          v.forEach(function (item) { items.push(walk(item)); });
          return ['S', items];
        }
        case 'Error': return ['E', v.name, v.message, typeof v.stack === 'string' ? v.stack : ''];
      }
      if (ArrayBuffer.isView(v)) return ['T', tag, walk(v.buffer), v.byteOffset, v.length];
      return ['O', pairs(Object.keys(v), v)];
    }
    return { record: walk(copy), buffers: buffers };
  }

  function deserialize(record, buffers) {
    var objects = [];
    function keep(out) { objects.push(out); return out; }
    function fill(out, list) {
      for (var i = 0; i < list.length; i += 2) out[list[i]] = walk(list[i + 1]);
      return out;
    }
    function walk(r) {
      if (r === null || typeof r !== 'object') return r;
      switch (r[0]) {
        case 'u': return undefined;
        case 'n': return r[1] === '-0' ? -0 : Number(r[1]);
        case 'i': return BigInt(r[1]);
        case 'r': return objects[r[1]];
        case 'O': return fill(keep({}), r[1]);
        case 'A': return fill(keep(new Array(r[1])), r[2]);
        case 'D': return keep(new Date(r[1]));
        case 'G': return keep(new RegExp(r[1], r[2]));
        case 'P': { var slot = objects.length; objects.push(null); return (objects[slot] = Object(walk(r[1]))); }
        case 'B': return keep(buffers[r[1]]);
        case 'V': { var slot2 = objects.length; objects.push(null); return (objects[slot2] = new DataView(walk(r[1]), r[2], r[3])); }
        case 'M': {
          var map = keep(new Map()), e = r[1];
          for (var i = 0; i < e.length; i += 2) { var key = walk(e[i]); map.set(key, walk(e[i + 1])); }
          return map;
        }
        case 'S': {
          var set = keep(new Set());
          r[1].forEach(function (item) { set.add(walk(item)); });
          return set;
        }
        case 'E': {
          var error = keep(new (ERRORS.indexOf(r[1]) >= 0 ? global[r[1]] : global.Error)(r[2]));
          if (r[3]) Object.defineProperty(error, 'stack', { value: r[3], writable: true, configurable: true });
          return error;
        }
        case 'X': return keep(new global.DOMException(r[2], r[1]));
        case 'b': return keep(new global.Blob([buffers[r[1]]], { type: r[2] }));
        case 'F': return keep(new global.File([buffers[r[1]]], r[3], { type: r[2], lastModified: r[4] }));
        case 'T': {
          var Type = global[r[1]];
          if (typeof Type !== 'function') throw new global.DOMException('cannot deserialize a ' + r[1], 'DataCloneError');
          var index = objects.length; objects.push(null);
          return (objects[index] = new Type(walk(r[2]), r[3], r[4]));
        }
      }
      throw new global.DOMException('cannot deserialize the message', 'DataCloneError');
    }
    return walk(record);
  }

  internals.serialize = serialize;
  internals.deserialize = deserialize;
})
