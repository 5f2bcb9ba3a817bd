(function (global, native, internals) {
  'use strict';
  // HTML's structured clone, into this realm: `structuredClone`, and through `env.structuredClone` the frames'
  // `postMessage` and the history's states. Primitives, boxed primitives, Date, RegExp (lastIndex not kept), Map, Set,
  // ArrayBuffer (transferable: the original is detached), typed arrays and DataView (views of one buffer stay views
  // of one buffer), errors (name, message and, as WebKit, stack), DOMException, Blob and File (their bytes shared:
  // blobs are immutable), arrays and plain objects (own enumerable string keys), with cycles and shared references
  // kept. Functions, symbols, DOM nodes, windows, other platform objects (streams too: they are not transferable
  // here), WeakMap, WeakSet, WeakRef and Promise throw a DataCloneError, as do a transfer list naming a buffer twice or
  // a detached one; a detached buffer or a port not transferred in the value throw a TypeError. The messages are
  // WebKit's (observed on WebKitGTK 2.50), which do not name the caller.
  var TYPED = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
               'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
  var ERRORS = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  var NEVER = ['WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator', 'AsyncGenerator',
               'SharedArrayBuffer', 'Window', 'global'];
  // Platform interfaces whose objects are not serializable (read only when already installed: no lazy group loads).
  var PLATFORM = ['EventTarget', 'Node', 'Event', 'XMLHttpRequest', 'FileReader', 'Storage', 'AbortController',
                  'AbortSignal', 'CanvasRenderingContext2D', 'Headers', 'Request', 'Response'];
  var hasOwn = Object.prototype.hasOwnProperty;

  function installed(name) {
    var d = Object.getOwnPropertyDescriptor(global, name);
    return d && typeof d.value === 'function' ? d.value : null;
  }
  function isPlatformObject(v, interfaces) {
    var env = native.domEnv;   // windows, and the views frames have of each other (dom/frames.js)
    if (v === global || (env && env.registry && env.registry.get(v))) return true;
    if ((typeof v.nodeType === 'number' && typeof v.cloneNode === 'function')) return true;
    for (var i = 0; i < interfaces.length; i++) if (v instanceof interfaces[i]) return true;
    return !!internals.isStreamObject && internals.isStreamObject(v);   // platform/streams.js
  }
  function isDetached(buffer) {
    return buffer.detached === true;
  }

  // clone(value, transfer, what, out): `what` names the caller ("structuredClone' on 'Window"; WebKit's messages do
  // not name it); the
  // transfer list holds ArrayBuffers and MessagePorts (of any realm: platform/messaging.js), and `out.ports` gets the
  // ports made in this realm for the transferred ones, in transfer order (a MessageEvent's `ports`).
  function clone(value, transfer, what, out) {
    function dataCloneError(message) {
      return new global.DOMException(message || 'The object can not be cloned.', 'DataCloneError');
    }
    var DUPLICATE = 'Duplicate transferable for structured clone';
    var memory = new Map(), transferred = [], ports = [];
    var interfaces = PLATFORM.map(installed).filter(function (C) { return C && typeof C.prototype === 'object'; });
    (transfer || []).forEach(function (buffer) {
      var port = internals.portState ? internals.portState(buffer) : null;
      if (port) {
        if (memory.has(buffer)) throw dataCloneError(DUPLICATE);
        if (port.detached) throw dataCloneError();
        var made = internals.newPort();
        memory.set(buffer, made);
        ports.push([buffer, made]);
        return;
      }
      if (buffer === null || (typeof buffer !== 'object' && typeof buffer !== 'function')) throw new TypeError('Type error');
      if (Object.prototype.toString.call(buffer) !== '[object ArrayBuffer]') throw dataCloneError();
      if (transferred.indexOf(buffer) >= 0) throw dataCloneError(DUPLICATE);
      if (isDetached(buffer)) throw dataCloneError();
      transferred.push(buffer);
    });
    function copyKeys(from, to) {
      Object.keys(from).forEach(function (k) { to[k] = walk(from[k]); });
      return to;
    }
    function walk(v) {
      if (typeof v === 'symbol' || typeof v === 'function') throw dataCloneError();
      if (v === null || typeof v !== 'object') return v;
      if (memory.has(v)) return memory.get(v);
      if (internals.portState && internals.portState(v)) throw new TypeError('Type error');
      var tag = Object.prototype.toString.call(v).slice(8, -1), out, blob = internals.blobData && internals.blobData(v);
      if (blob) {
        out = blob.name !== undefined ? new global.File([v], blob.name, { type: blob.type, lastModified: blob.lastModified })
                                      : new global.Blob([v], { type: blob.type });
        memory.set(v, out);
        return out;
      }
      var DOMExceptionClass = global.DOMException;
      if (typeof DOMExceptionClass === 'function' && v instanceof DOMExceptionClass) {
        out = new DOMExceptionClass(v.message, v.name);
        memory.set(v, out);
        return out;
      }
      var ImageDataClass = installed('ImageData');
      if (ImageDataClass && v instanceof ImageDataClass) {
        out = new ImageDataClass(new Uint8ClampedArray(v.data), v.width, v.height);
        memory.set(v, out);
        return out;
      }
      if (NEVER.indexOf(tag) >= 0 || isPlatformObject(v, interfaces)) throw dataCloneError();
      switch (tag) {
        case 'Array':
          out = new Array(v.length);
          memory.set(v, out);
          return copyKeys(v, out);
        case 'Date': out = new Date(v.getTime()); break;
        case 'RegExp': out = new RegExp(v.source, v.flags); break;
        case 'Boolean': case 'Number': case 'String': case 'BigInt': out = Object(v.valueOf()); break;
        case 'ArrayBuffer':
          if (isDetached(v)) throw new TypeError('Type error');
          if (v.resizable) {   // a resizable buffer stays resizable, with its maximum
            out = new ArrayBuffer(v.byteLength, { maxByteLength: v.maxByteLength });
            new Uint8Array(out).set(new Uint8Array(v));
          } else {
            out = v.slice(0);
          }
          break;
        case 'DataView':
          out = new DataView(walk(v.buffer), v.byteOffset, v.byteLength);
          break;
        case 'Map':
          out = new Map();
          memory.set(v, out);
          v.forEach(function (item, key) { out.set(walk(key), walk(item)); });
          return out;
        case 'Set':
          out = new Set();
          memory.set(v, out);
          v.forEach(function (item) { out.add(walk(item)); });
          return out;
        case 'Error': {
          var name = v.name, message = hasOwn.call(v, 'message') ? String(v.message) : undefined;
          out = new (ERRORS.indexOf(name) >= 0 ? global[name] : global.Error)(message);
          if (typeof v.stack === 'string') Object.defineProperty(out, 'stack', { value: v.stack, writable: true, configurable: true });
          // WebKit keeps an own `cause` as its string (observed on WebKitGTK 2.50), as the Error constructor sets it.
          if (hasOwn.call(v, 'cause')) Object.defineProperty(out, 'cause', { value: String(v.cause), writable: true, configurable: true });
          break;
        }
        case 'Object':
          out = {};
          memory.set(v, out);
          return copyKeys(v, out);
        default:
          if (TYPED.indexOf(tag) >= 0 && typeof global[tag] === 'function') {
            out = new global[tag](walk(v.buffer), v.byteOffset, v.length);
            break;
          }
          if (ArrayBuffer.isView(v) || Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null &&
              typeof v.constructor === 'function' && /\[native code\]/.test(Function.prototype.toString.call(v.constructor)) &&
              v.constructor !== Object) {
            throw dataCloneError();
          }
          out = {};   // an ordinary object with its own toStringTag
          memory.set(v, out);
          return copyKeys(v, out);
      }
      memory.set(v, out);
      return out;
    }
    var result = walk(value);
    transferred.forEach(function (buffer) { buffer.transfer(); });   // detach only once the whole value cloned
    ports.forEach(function (pair) { internals.adoptPort(pair[0], pair[1]); });
    if (out) out.ports = ports.map(function (pair) { return pair[1]; });
    return result;
  }
  internals.clone = clone;
  function transferList(options) {
    if (options === undefined || options === null) return [];
    if (typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
    var list = options.transfer;
    if (list === undefined) return [];
    if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function') throw new TypeError('Value is not a sequence');
    return Array.from(list);
  }
  // For dom/frames.js: a frame's postMessage clones into the target frame's realm with the target's clone.
  // For dom/frames.js and dom/history.js: postMessage (into the target frame's realm, with the target's clone) and
  // pushState/replaceState; `what` names the caller.
  if (native.domEnv) native.domEnv.structuredClone = function (value, transfer, what, out) { return clone(value, transfer || [], what || "postMessage' on 'Window", out); };

  internals.define(global, 'structuredClone', function structuredClone(value, options) {
    if (arguments.length === 0) throw new TypeError('Not enough arguments');
    return clone(value, transferList(options), "structuredClone' on 'Window");
  });
})
