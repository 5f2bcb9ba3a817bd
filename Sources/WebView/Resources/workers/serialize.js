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
  //   ['p', id] a transferred MessagePort (see below)
  // A message with transferred ports is ['W', record, [id, ...]]: the ids of its MessageEvent's `ports`. A
  // BroadcastChannel message relayed between threads is ['C', name, record].
  //
  // Ports across threads: a `link` joins this context to one other (a page and one of its workers). A port
  // transferred over it stays here as a remote end: a port state (platform/messaging.js) with `remote`, which sends
  // each message its local peer posts to the other side as (id, record, buffers); there a new local port is peered
  // with a remote end of the same id, and the link's `receive` hands it what arrives. Ids made by the page are
  // positive, by the worker negative, so the two sides never pick the same one.
  var ERRORS = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  var toString = Object.prototype.toString;
  var STATE = Symbol.for('hybrid.messagePort');

  // A link to another thread: `send(id, record, buffers)` posts a port's message there; `sign` is 1 or -1.
  function makeLink(send, sign) {
    var link = { ends: new Map(), next: 1, closed: false, send: send };
    link.newEnd = function (id) {
      if (id === undefined) id = sign * link.next++;
      var end = { realm: remoteRealm(link), port: null, peer: null, queue: [], started: true, closed: false, id: id };
      end.remote = function (message) {
        if (link.closed) return;
        var serialized = serialize(message.data, message.ports, "postMessage' on 'MessagePort", link);
        link.send(id, serialized.record, serialized.buffers);
        serialized.after();
      };
      link.ends.set(id, end);
      return end;
    };
    // A message for port `id` from the other side: its local peer's next message.
    link.receive = function (id, record, buffers) {
      var end = link.ends.get(id), target = end && end.peer;
      if (!target || target.closed) return;
      var out = {}, data;
      try { data = deserialize(record, buffers, link, out); } catch (error) {
        if (target.port) internals.dispatch(target.port, internals.messageEvent('messageerror', { data: null }));
        return;
      }
      target.queue.push({ data: data, ports: out.ports || [] });
      internals.pumpPort(target);
    };
    link.close = function () { link.closed = true; link.ends.forEach(function (end) { end.closed = true; }); };
    return link;
  }
  function remoteRealm(link) {
    return {
      task: function (f) { f(); },
      clone: function (value, transfer, out) { return internals.clone(value, transfer, "postMessage' on 'MessagePort", out); },
      isClosed: function () { return link.closed; },
      origin: internals.messagingRealm ? internals.messagingRealm.origin : ''
    };
  }

  // `after()` sends what the transferred ports had queued; call it once the message itself was sent.
  function serialize(value, transfer, what, link) {
    (transfer || []).forEach(function (item) {
      if (!link && internals.portState && internals.portState(item)) {
        throw new global.DOMException("Failed to execute '" + what + "': a MessagePort cannot be sent there.", 'DataCloneError');
      }
    });
    var out = {};
    var copy = internals.clone(value, transfer, what, out);
    var seen = new Map(), buffers = [], pending = [];
    // A port of `copy` (made here by the clone for a transferred one) moves to the other side.
    function sendPort(port) {
      var state = port[STATE], end = link.newEnd();
      end.peer = state.peer;
      if (state.peer) state.peer.peer = end;
      state.peer = null;
      state.closed = state.detached = true;
      var queued = state.queue;
      state.queue = [];
      pending.push(function () { queued.forEach(function (m) { end.remote(m); }); });
      return end.id;
    }
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
      if (internals.portState && internals.portState(v)) {
        if (!link) throw fail('a MessagePort cannot be sent there.');
        return ['p', sendPort(v)];
      }
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
    var record = walk(copy);
    // The MessageEvent's ports, in transfer order: references to those the value holds, the others sent here.
    if (out.ports && out.ports.length) record = ['W', record, out.ports.map(walk)];
    return { record: record, buffers: buffers, after: function () { pending.forEach(function (f) { f(); }); } };
  }

  // `out.ports` gets the message's transferred ports, made here.
  function deserialize(record, buffers, link, out) {
    var portRecords = [];
    if (Array.isArray(record) && record[0] === 'W') {
      portRecords = record[2];
      record = record[1];
    }
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
        case 'p': {   // a port that arrives: a new port here, peered with the remote end of its id
          if (!link) break;
          var end = link.newEnd(r[1]), port = internals.newPort();
          end.peer = { realm: internals.messagingRealm, port: port, peer: end, queue: [], started: false, closed: false };
          internals.define(port, STATE, end.peer);
          return keep(port);
        }
        case 'T': {
          var Type = global[r[1]];
          if (typeof Type !== 'function') throw new global.DOMException('cannot deserialize a ' + r[1], 'DataCloneError');
          var index = objects.length; objects.push(null);
          return (objects[index] = new Type(walk(r[2]), r[3], r[4]));
        }
      }
      throw new global.DOMException('cannot deserialize the message', 'DataCloneError');
    }
    var data = walk(record);
    if (out) out.ports = portRecords.map(walk);
    return data;
  }

  // BroadcastChannel across threads: a relay in this realm's channel list (platform/messaging.js) that sends the
  // messages of `origin`'s channels to the other side as `send(['C', name, record], buffers)`; `receive` delivers
  // what comes from there to this side's channels (and relays it on, to a page's other workers).
  function broadcastRelay(origin, send) {
    var relay = { name: null, origin: origin, closed: false, realm: { isClosed: function () { return relay.closed; } } };
    relay.remote = function (name, message) {
      var serialized = serialize(message, [], "postMessage' on 'BroadcastChannel", null);
      send(['C', name, serialized.record], serialized.buffers);
    };
    relay.receive = function (record, buffers) {
      var data;
      try { data = deserialize(record[2], buffers); } catch (error) { return; }
      internals.broadcast(relay, String(record[1]), origin, data);
    };
    internals.broadcastList().push(relay);
    return relay;
  }
  function isBroadcast(record) { return Array.isArray(record) && record[0] === 'C'; }

  internals.serialize = serialize;
  internals.broadcastRelay = broadcastRelay;
  internals.isBroadcast = isBroadcast;
  internals.deserialize = deserialize;
  internals.makePortLink = makeLink;
})
