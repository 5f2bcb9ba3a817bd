(function (global, native, internals) {
  'use strict';
  // Dedicated workers, from the page's side (the Swift half is Workers/DedicatedWorker.swift; the worker's global
  // scope is workers/scope.js): `Worker` made on first use. Each worker runs a context of its own on a runtime thread
  // of its own; messages cross as serialized records (workers/serialize.js) and arrive here as tasks.
  if (typeof native.startWorker !== 'function') return;   // a bare platform (a worker itself) has no nested workers
  var define = internals.define;

  internals.lazy(['Worker'], function () {
    if (!internals.serialize) native.loadSerializer(global, internals);
    var records = new WeakMap();
    function recordOf(worker, what) {
      var record = records.get(worker);
      if (!record) throw new TypeError('Can only call Worker.' + what + ' on instances of Worker');
      return record;
    }
    function Worker(url, options) {
      if (!(this instanceof Worker)) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length === 0) throw new TypeError('Not enough arguments');
      // WebKit's words (WebKitGTK 2.50): "Type error" for options that are not a WorkerOptions dictionary.
      options = options === undefined || options === null ? {} : options;
      if (typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
      var type = options.type === undefined ? 'classic' : String(options.type);
      if (type !== 'classic' && type !== 'module') throw new TypeError('Type error');
      var resolved;
      try { resolved = native.resolveURL(String(url)); } catch (e) {
        throw new DOMException('The string did not match the expected pattern.', 'SyntaxError');
      }
      // A blob: URL of this page's store: the worker runs the blob's text, a module worker as its module (a revoked or
      // unknown one fails to load).
      var blob = /^blob:/i.test(resolved) && internals.resolveBlobURL ? internals.resolveBlobURL(resolved) : null;
      var source = blob ? native.decodeUTF8(blob.bytes, false, false) : null;
      var worker = this, record = { closed: false };
      records.set(this, record);
      // The worker's side of the ports this page and the worker send each other (workers/serialize.js).
      record.link = internals.makePortLink(function (port, r, b) { if (!record.closed) native.postToWorker(record.id, r, b, port); }, 1);
      // Events from the worker, each already a task of this page: ('message', record, buffers), ('error', message,
      // filename, line, column), ('loaderror').
      var id = native.startWorker(resolved, options.name === undefined ? '' : String(options.name), function (kind, a, b, c, d) {
        if (record.closed) return;
        if (kind === 'message' && c) {   // for a port transferred between the page and the worker
          record.link.receive(c, a, b);
        } else if (kind === 'message' && internals.isBroadcast(a)) {
          record.relay.receive(a, b);
        } else if (kind === 'message') {
          var data, out = {};
          try { data = internals.deserialize(a, b, record.link, out); } catch (error) {
            internals.dispatch(worker, internals.messageEvent('messageerror', { data: null }));
            return;
          }
          internals.dispatch(worker, internals.messageEvent('message', { data: data, ports: out.ports }));
        } else if (kind === 'error') {
          var ErrorEvent = global.ErrorEvent;
          var init = { message: a, filename: b, lineno: c, colno: d, cancelable: true };
          var event = typeof ErrorEvent === 'function' ? new ErrorEvent('error', init) : internals.makeEvent('error', init);
          if (typeof ErrorEvent !== 'function') event.cancelable = true;
          if (internals.dispatch(worker, event)) native.reportWorkerError(a, b, c, d);
        } else if (kind === 'loaderror') {
          internals.dispatch(worker, internals.makeEvent('error'));
        }
      }, type === 'module', source);
      if (id === 0) throw new DOMException('The operation is insecure.', 'SecurityError');   // WebKit's words
      record.id = id;
      // The worker's BroadcastChannels (of the page's origin) hear the page's, and the other way round.
      record.relay = internals.broadcastRelay(internals.messagingRealm.origin, function (r, b) {
        if (!record.closed) native.postToWorker(record.id, r, b, 0);
      });
    }
    internals.mixinEventTarget(Worker.prototype);
    internals.eventHandlers(Worker.prototype, ['message', 'messageerror', 'error']);
    define(Worker.prototype, 'postMessage', function postMessage(message, options) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      var record = recordOf(this, 'postMessage');
      var serialized = internals.serialize(message, internals.transferOf(options), "postMessage' on 'Worker", record.link);
      if (!record.closed) native.postToWorker(record.id, serialized.record, serialized.buffers, 0);
      serialized.after();
    });
    define(Worker.prototype, 'terminate', function terminate() {
      var record = recordOf(this, 'terminate');
      if (record.closed) return;
      record.closed = record.relay.closed = true;
      record.link.close();
      native.terminateWorker(record.id);
    });
    define(Worker.prototype, Symbol.toStringTag, 'Worker');
    define(global, 'Worker', Worker);
  });
})
