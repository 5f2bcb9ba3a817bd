(function (global, native, internals) {
  'use strict';
  // The WHATWG Streams standard: ReadableStream (default controller and reader, tee, async iteration, pipeTo/
  // pipeThrough, from), WritableStream, TransformStream, the queuing strategies, TextEncoderStream/TextDecoderStream
  // and CompressionStream/DecompressionStream. The algorithms follow the standard's, step by step and by its names, on
  // internal records (one per stream, controller, reader and writer) that the public objects reach through WeakMaps.
  // Nothing is made at set-up: the globals are internals.lazy accessors, and the other platform scripts (Blob's
  // stream(), Response's body) ask `internals.streams()`, which builds the classes once.
  // Not supported: readable byte streams (`type: 'bytes'` throws NotSupportedError; no BYOB reader).
  var define = internals.define;
  var NAMES = ['ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamDefaultController', 'WritableStream',
    'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'TransformStream',
    'TransformStreamDefaultController', 'CountQueuingStrategy', 'ByteLengthQueuingStrategy', 'TextEncoderStream',
    'TextDecoderStream', 'CompressionStream', 'DecompressionStream'];
  var api = null;
  internals.streams = function () { return api || (api = build()); };
  // Whether `value` is a ReadableStream of this page, without building the classes (none exists before they are).
  internals.isReadableStream = function (value) { return api !== null && api.isReadableStream(value); };
  // Whether `value` is an object of one of the streams' interfaces (not serializable: structuredClone throws).
  internals.isStreamObject = function (value) {
    return api !== null && NAMES.some(function (name) { return value instanceof api[name]; });
  };
  internals.lazy(NAMES, function () {
    var made = internals.streams();
    NAMES.forEach(function (name) { define(global, name, made[name]); });
  });

  function build() {
    function noop() {}
    function handled(promise) { promise.then(undefined, noop); return promise; }
    function resolved(value) { return Promise.resolve(value); }
    function rejected(reason) { return handled(Promise.reject(reason)); }
    // A promise with its resolving functions, and whether it has settled (the standard's "pending" checks).
    function deferred() {
      var d = { settled: false };
      d.promise = new Promise(function (resolve, reject) {
        d.resolve = function (value) { d.settled = true; resolve(value); };
        d.reject = function (reason) { d.settled = true; reject(reason); };
      });
      return d;
    }
    function rejectedDeferred(reason) { var d = deferred(); handled(d.promise); d.reject(reason); return d; }
    function resolvedDeferred() { var d = deferred(); d.resolve(undefined); return d; }
    // The standard's "upon fulfillment/rejection" on a value that may not be a promise.
    function promiseCall(fn, self, args) {
      try { return resolved(fn.apply(self, args)); } catch (e) { return Promise.reject(e); }
    }
    function isCallable(value) { return typeof value === 'function'; }
    function getter(proto, name, get) { Object.defineProperty(proto, name, { get: get, configurable: true, enumerable: true }); }
    function methods(proto, table) {
      Object.keys(table).forEach(function (name) {
        Object.defineProperty(proto, name, { value: table[name], writable: true, configurable: true, enumerable: true });
      });
    }
    function tag(Class, name) { Object.defineProperty(Class.prototype, Symbol.toStringTag, { value: name, configurable: true }); }
    // WebKit's words (observed on WebKitGTK 2.50), not the platform's "Illegal constructor"
    function illegal(name) { throw new TypeError(name + ' constructor should not be called directly'); }
    function slot(map, object, what) {
      var record = object !== null && (typeof object === 'object' || typeof object === 'function') ? map.get(object) : undefined;
      if (!record) throw new TypeError("The object is not a " + what);
      return record;
    }
    // A promise-returning method: a brand check failure rejects instead of throwing.
    function slotOrReject(map, object, what) {
      try { return slot(map, object, what); } catch (e) { return null; }
    }
    function brandRejection(what) { return rejected(new TypeError('The object is not a ' + what)); }
    // A method that returns a promise, `body(record, ...arguments)`: a receiver of the wrong kind rejects the promise
    // (Web IDL) instead of throwing.
    function promiseMethod(map, what, name, body) {
      var method = function () {
        var record = map.get(this);
        if (!record) return brandRejection(what);
        return body.apply(this, [record].concat(Array.prototype.slice.call(arguments)));
      };
      Object.defineProperty(method, 'name', { value: name });
      return method;
    }
    // WebKit's words for a member that is not a function (WebKitGTK 2.50), as for the other constructor errors here.
    var CALLBACK_WORDS = {
      ReadableStream: function (name) { return 'underlyingSource ' + name + ' must be a function'; },
      WritableStream: function (name) { return 'underlyingSink.' + name + ' should be a function'; },
      TransformStream: function (name) { return 'transformer.' + name + ' should be a function'; }
    };
    function callback(dict, name, what) {
      var value = dict[name];
      if (value === undefined) return undefined;
      if (!isCallable(value)) throw new TypeError(name === 'size' ? 'size parameter must be a function' : CALLBACK_WORDS[what](name));
      return value;
    }
    // A stream constructor's first steps: `new` is required, and the underlying source, sink or transformer is an
    // object or nothing (WebKit's words).
    function constructing(newTarget, value) {
      if (!newTarget) throw new TypeError("Constructor requires 'new' operator");
      return dictionary(value, 'constructor');
    }
    function dictionary(value, what) {
      if (value === undefined || value === null) return {};
      if (typeof value !== 'object' && typeof value !== 'function') {
        throw new TypeError(what === 'getReader' ? 'ReadableStream.getReader takes an object as first argument' : 'Type error');
      }
      return value;
    }

    // A new internal record for a platform object made without its constructor (a controller), reachable from it.
    function newRecord(map, Class) {
      var record = { object: Object.create(Class.prototype) };
      map.set(record.object, record);
      return record;
    }

    // --- queuing strategies and queue-with-sizes
    function extractHighWaterMark(strategy, fallback) {
      if (strategy.highWaterMark === undefined) return fallback;
      var mark = Number(strategy.highWaterMark);
      if (mark !== mark || mark < 0) throw new RangeError('highWaterMark value is negative or not a number');
      return mark;
    }
    function extractSizeAlgorithm(strategy, what) {
      var size = callback(strategy, 'size', what);
      if (size === undefined) return function () { return 1; };
      return function (chunk) { return size(chunk); };
    }
    function resetQueue(container) { container.queue = []; container.queueTotalSize = 0; }
    function enqueueValueWithSize(container, value, size) {
      size = Number(size);
      if (!(size >= 0) || size === Infinity) throw new RangeError('The chunk size must be a finite, non-negative number');
      container.queue.push({ value: value, size: size });
      container.queueTotalSize += size;
    }
    function dequeueValue(container) {
      var pair = container.queue.shift();
      container.queueTotalSize -= pair.size;
      if (container.queueTotalSize < 0) container.queueTotalSize = 0;
      return pair.value;
    }

    function strategyClass(name, sizeFunction) {
      var marks = new WeakMap();
      var Strategy = function (init) {
        if (!new.target) throw new TypeError("Constructor requires 'new' operator");
        if (init === null || typeof init !== 'object') throw new TypeError('QueuingStrategyInit argument must be an object.');
        if (init.highWaterMark === undefined) throw new TypeError('QueuingStrategyInit.highWaterMark member is required.');
        marks.set(this, Number(init.highWaterMark));
      };
      Object.defineProperty(Strategy, 'name', { value: name });
      getter(Strategy.prototype, 'highWaterMark', function () { return slot(marks, this, name); });
      getter(Strategy.prototype, 'size', function () { slot(marks, this, name); return sizeFunction; });
      tag(Strategy, name);
      return Strategy;
    }
    var CountQueuingStrategy = strategyClass('CountQueuingStrategy', function size() { return 1; });
    var ByteLengthQueuingStrategy = strategyClass('ByteLengthQueuingStrategy', function size(chunk) { return chunk.byteLength; });

    // --- ReadableStream
    var readables = new WeakMap(), readControllers = new WeakMap(), readers = new WeakMap();

    function ReadableStream(underlyingSource, strategy) {
      var source = constructing(new.target, underlyingSource);
      strategy = dictionary(strategy, 'ReadableStream');
      var type = source.type;
      if (type !== undefined) {   // before the callbacks, as in WebKit
        if (String(type) === 'bytes') throw new DOMException("ReadableStream: type 'bytes' (readable byte streams) is not supported", 'NotSupportedError');
        throw new TypeError('Invalid type for underlying source');
      }
      var cancel = callback(source, 'cancel', 'ReadableStream'), pull = callback(source, 'pull', 'ReadableStream');
      var start = callback(source, 'start', 'ReadableStream');
      var stream = initializeReadableStream(this);
      var size = extractSizeAlgorithm(strategy, 'ReadableStream'), mark = extractHighWaterMark(strategy, 1);
      var controller = newReadController();
      setUpReadableStreamDefaultController(stream, controller,
        function () { return start ? start.call(source, controller.object) : undefined; },
        function () { return pull ? promiseCall(pull, source, [controller.object]) : resolved(); },
        function (reason) { return cancel ? promiseCall(cancel, source, [reason]) : resolved(); },
        mark, size);
    }
    function initializeReadableStream(object) {
      var stream = { object: object, state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined };
      readables.set(object, stream);
      return stream;
    }
    function newReadController() { return newRecord(readControllers, ReadableStreamDefaultController); }
    // CreateReadableStream
    function createReadableStream(start, pull, cancel, mark, size) {
      var stream = initializeReadableStream(Object.create(ReadableStream.prototype));
      setUpReadableStreamDefaultController(stream, newReadController(), start, pull, cancel,
        mark === undefined ? 1 : mark, size || function () { return 1; });
      return stream;
    }
    function isReadableStreamLocked(stream) { return stream.reader !== undefined; }
    function readableStreamCancel(stream, reason) {
      stream.disturbed = true;
      if (stream.state === 'closed') return resolved();
      if (stream.state === 'errored') return rejected(stream.storedError);
      readableStreamClose(stream);
      return stream.controller.cancelSteps(reason).then(noop);
    }
    function readableStreamClose(stream) {
      stream.state = 'closed';
      var reader = stream.reader;
      if (!reader) return;
      reader.closed.resolve(undefined);
      var requests = reader.readRequests;
      reader.readRequests = [];
      requests.forEach(function (request) { request.close(); });
    }
    function readableStreamError(stream, error) {
      stream.state = 'errored';
      stream.storedError = error;
      var reader = stream.reader;
      if (!reader) return;
      handled(reader.closed.promise);
      reader.closed.reject(error);
      errorReadRequests(reader, error);
    }
    function errorReadRequests(reader, error) {
      var requests = reader.readRequests;
      reader.readRequests = [];
      requests.forEach(function (request) { request.error(error); });
    }
    function readableStreamFulfillReadRequest(stream, chunk, done) {
      var request = stream.reader.readRequests.shift();
      if (done) request.close(); else request.chunk(chunk);
    }
    function numReadRequests(stream) { return stream.reader ? stream.reader.readRequests.length : 0; }

    // ReadableStreamDefaultController
    function ReadableStreamDefaultController() { illegal('ReadableStreamDefaultController'); }
    function setUpReadableStreamDefaultController(stream, controller, start, pull, cancel, mark, size) {
      controller.stream = stream;
      resetQueue(controller);
      controller.started = controller.closeRequested = controller.pullAgain = controller.pulling = false;
      controller.strategySizeAlgorithm = size;
      controller.strategyHWM = mark;
      controller.pullAlgorithm = pull;
      controller.cancelAlgorithm = cancel;
      controller.cancelSteps = function (reason) {
        resetQueue(controller);
        var result = controller.cancelAlgorithm(reason);
        rscClearAlgorithms(controller);
        return result;
      };
      controller.pullSteps = function (request) {
        if (controller.queue.length > 0) {
          var chunk = dequeueValue(controller);
          if (controller.closeRequested && controller.queue.length === 0) {
            rscClearAlgorithms(controller);
            readableStreamClose(stream);
          } else {
            rscCallPullIfNeeded(controller);
          }
          request.chunk(chunk);
        } else {
          stream.reader.readRequests.push(request);
          rscCallPullIfNeeded(controller);
        }
      };
      stream.controller = controller;
      var startResult = start();
      resolved(startResult).then(function () {
        controller.started = true;
        rscCallPullIfNeeded(controller);
      }, function (reason) { rscError(controller, reason); });
    }
    function rscCallPullIfNeeded(controller) {
      if (!rscShouldCallPull(controller)) return;
      if (controller.pulling) { controller.pullAgain = true; return; }
      controller.pulling = true;
      controller.pullAlgorithm().then(function () {
        controller.pulling = false;
        if (controller.pullAgain) { controller.pullAgain = false; rscCallPullIfNeeded(controller); }
      }, function (error) { rscError(controller, error); });
    }
    function rscShouldCallPull(controller) {
      var stream = controller.stream;
      if (!rscCanCloseOrEnqueue(controller) || !controller.started) return false;
      if (isReadableStreamLocked(stream) && numReadRequests(stream) > 0) return true;
      return rscDesiredSize(controller) > 0;
    }
    function rscClearAlgorithms(controller) {
      controller.pullAlgorithm = controller.cancelAlgorithm = controller.strategySizeAlgorithm = undefined;
    }
    function rscClose(controller) {
      if (!rscCanCloseOrEnqueue(controller)) return;
      controller.closeRequested = true;
      if (controller.queue.length === 0) {
        rscClearAlgorithms(controller);
        readableStreamClose(controller.stream);
      }
    }
    function rscEnqueue(controller, chunk) {
      if (!rscCanCloseOrEnqueue(controller)) return;
      var stream = controller.stream;
      if (isReadableStreamLocked(stream) && numReadRequests(stream) > 0) {
        readableStreamFulfillReadRequest(stream, chunk, false);
      } else {
        var size;
        try { size = controller.strategySizeAlgorithm(chunk); } catch (e) { rscError(controller, e); throw e; }
        try { enqueueValueWithSize(controller, chunk, size); } catch (e) { rscError(controller, e); throw e; }
      }
      rscCallPullIfNeeded(controller);
    }
    function rscError(controller, error) {
      var stream = controller.stream;
      if (stream.state !== 'readable') return;
      resetQueue(controller);
      rscClearAlgorithms(controller);
      readableStreamError(stream, error);
    }
    function rscDesiredSize(controller) {
      var state = controller.stream.state;
      if (state === 'errored') return null;
      if (state === 'closed') return 0;
      return controller.strategyHWM - controller.queueTotalSize;
    }
    function rscHasBackpressure(controller) { return !rscShouldCallPull(controller); }
    function rscCanCloseOrEnqueue(controller) { return !controller.closeRequested && controller.stream.state === 'readable'; }
    function readController(object) { return slot(readControllers, object, 'ReadableStreamDefaultController'); }
    getter(ReadableStreamDefaultController.prototype, 'desiredSize', function () { return rscDesiredSize(readController(this)); });
    methods(ReadableStreamDefaultController.prototype, {
      close: function close() {
        var controller = readController(this);
        if (!rscCanCloseOrEnqueue(controller)) throw new TypeError('The stream is not in a state that permits close');
        rscClose(controller);
      },
      enqueue: function enqueue(chunk) {
        var controller = readController(this);
        if (!rscCanCloseOrEnqueue(controller)) throw new TypeError('The stream is not in a state that permits enqueue');
        rscEnqueue(controller, chunk);
      },
      error: function error(e) { rscError(readController(this), e); }
    });
    tag(ReadableStreamDefaultController, 'ReadableStreamDefaultController');

    // ReadableStreamDefaultReader
    function ReadableStreamDefaultReader(stream) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (!readables.has(stream)) throw new TypeError('ReadableStreamDefaultReader needs a ReadableStream');   // WebKit's words
      setUpDefaultReader(this, slot(readables, stream, 'ReadableStream'));
    }
    function setUpDefaultReader(object, stream) {
      if (isReadableStreamLocked(stream)) throw new TypeError('ReadableStream is locked to a reader');
      var reader = { object: object, stream: stream, readRequests: [] };
      stream.reader = reader;
      if (stream.state === 'readable') reader.closed = deferred();
      else if (stream.state === 'closed') reader.closed = resolvedDeferred();
      else reader.closed = rejectedDeferred(stream.storedError);
      readers.set(object, reader);
      return reader;
    }
    function acquireDefaultReader(stream) {
      return setUpDefaultReader(Object.create(ReadableStreamDefaultReader.prototype), stream);
    }
    function readerGenericRelease(reader) {
      var stream = reader.stream, error = new TypeError('The reader was released');
      if (stream.state === 'readable' && !reader.closed.settled) { handled(reader.closed.promise); reader.closed.reject(error); }
      else reader.closed = rejectedDeferred(error);
      stream.reader = undefined;
      reader.stream = undefined;
    }
    function defaultReaderRelease(reader) {
      readerGenericRelease(reader);
      errorReadRequests(reader, new TypeError('The reader was released'));
    }
    function defaultReaderRead(reader, request) {
      var stream = reader.stream;
      stream.disturbed = true;
      if (stream.state === 'closed') request.close();
      else if (stream.state === 'errored') request.error(stream.storedError);
      else stream.controller.pullSteps(request);
    }
    // A read request that settles a promise with an iterator result.
    function promiseReadRequest(d) {
      return {
        chunk: function (chunk) { d.resolve({ value: chunk, done: false }); },
        close: function () { d.resolve({ value: undefined, done: true }); },
        error: function (e) { d.reject(e); }
      };
    }
    getter(ReadableStreamDefaultReader.prototype, 'closed', function () {
      var reader = slotOrReject(readers, this, 'ReadableStreamDefaultReader');
      return reader ? reader.closed.promise : brandRejection('ReadableStreamDefaultReader');
    });
    methods(ReadableStreamDefaultReader.prototype, {
      read: promiseMethod(readers, 'ReadableStreamDefaultReader', 'read', function (reader) {
        if (!reader.stream) return rejected(new TypeError('The reader has been released'));
        var d = deferred();
        defaultReaderRead(reader, promiseReadRequest(d));
        return d.promise;
      }),
      releaseLock: function releaseLock() {
        var reader = slot(readers, this, 'ReadableStreamDefaultReader');
        if (reader.stream) defaultReaderRelease(reader);
      },
      cancel: promiseMethod(readers, 'ReadableStreamDefaultReader', 'cancel', function (reader, reason) {
        if (!reader.stream) return rejected(new TypeError('The reader has been released'));
        return readableStreamCancel(reader.stream, reason);
      })
    });
    tag(ReadableStreamDefaultReader, 'ReadableStreamDefaultReader');

    // tee (ReadableStreamDefaultTee, without cloning)
    function readableStreamTee(stream) {
      var reader = acquireDefaultReader(stream);
      var reading = false, readAgain = false, canceled1 = false, canceled2 = false, reason1, reason2, branch1, branch2;
      var cancelPromise = deferred();
      function pull() {
        if (reading) { readAgain = true; return resolved(); }
        reading = true;
        defaultReaderRead(reader, {
          chunk: function (chunk) {
            Promise.resolve().then(function () {   // a microtask, so a read that settles at once does not nest
              readAgain = false;
              if (!canceled1) rscEnqueue(branch1.controller, chunk);
              if (!canceled2) rscEnqueue(branch2.controller, chunk);
              reading = false;
              if (readAgain) pull();
            });
          },
          close: function () {
            reading = false;
            if (!canceled1) rscClose(branch1.controller);
            if (!canceled2) rscClose(branch2.controller);
            if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
          },
          error: function () { reading = false; }
        });
        return resolved();
      }
      function cancelBranch(first) {
        return function (reason) {
          if (first) { canceled1 = true; reason1 = reason; } else { canceled2 = true; reason2 = reason; }
          if (canceled1 && canceled2) cancelPromise.resolve(readableStreamCancel(stream, [reason1, reason2]));
          return cancelPromise.promise;
        };
      }
      function start() {}
      branch1 = createReadableStream(start, pull, cancelBranch(true));
      branch2 = createReadableStream(start, pull, cancelBranch(false));
      reader.closed.promise.then(undefined, function (reason) {
        rscError(branch1.controller, reason);
        rscError(branch2.controller, reason);
        if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
      });
      return [branch1.object, branch2.object];
    }

    // pipeTo (ReadableStreamPipeTo)
    function readableStreamPipeTo(source, dest, preventClose, preventAbort, preventCancel, signal) {
      var reader = acquireDefaultReader(source), writer = acquireDefaultWriter(dest);
      source.disturbed = true;
      var shuttingDown = false, currentWrite = resolved(), result = deferred(), abortAlgorithm;
      if (signal !== undefined) {
        abortAlgorithm = function () {
          var error = signal.reason, actions = [];
          if (!preventAbort) actions.push(function () { return dest.state === 'writable' ? writableStreamAbort(dest, error) : resolved(); });
          if (!preventCancel) actions.push(function () { return source.state === 'readable' ? readableStreamCancel(source, error) : resolved(); });
          shutdownWithAction(function () { return Promise.all(actions.map(function (action) { return action(); })); }, true, error);
        };
        if (signal.aborted) { abortAlgorithm(); return result.promise; }
        signal.addEventListener('abort', abortAlgorithm);
      }
      function pipeStep() {
        if (shuttingDown) return resolved(true);
        return writer.ready.promise.then(function () {
          if (shuttingDown) return true;
          var step = deferred();
          defaultReaderRead(reader, {
            chunk: function (chunk) {
              currentWrite = handled(writableWriterWrite(writer, chunk).then(noop, noop));
              step.resolve(false);
            },
            close: function () { step.resolve(true); },
            error: function (e) { step.reject(e); }
          });
          return step.promise;
        });
      }
      function pipeLoop() {
        pipeStep().then(function (done) { if (!done) pipeLoop(); }, noop);
      }
      function isOrBecomesErrored(stream, promise, action) {
        if (stream.state === 'errored') action(stream.storedError); else promise.then(undefined, action);
      }
      isOrBecomesErrored(source, reader.closed.promise, function (error) {
        if (!preventAbort) shutdownWithAction(function () { return writableStreamAbort(dest, error); }, true, error);
        else shutdown(true, error);
      });
      isOrBecomesErrored(dest, writer.closed.promise, function (error) {
        if (!preventCancel) shutdownWithAction(function () { return readableStreamCancel(source, error); }, true, error);
        else shutdown(true, error);
      });
      function sourceClosed() {
        if (!preventClose) shutdownWithAction(function () { return writableWriterCloseWithErrorPropagation(writer); });
        else shutdown();
      }
      if (source.state === 'closed') sourceClosed(); else reader.closed.promise.then(sourceClosed, noop);
      if (writableStreamCloseQueuedOrInFlight(dest) || dest.state === 'closed') {
        var destClosed = new TypeError('the destination writable stream closed before all data could be piped to it');
        if (!preventCancel) shutdownWithAction(function () { return readableStreamCancel(source, destClosed); }, true, destClosed);
        else shutdown(true, destClosed);
      }
      handled(result.promise);
      pipeLoop();
      function waitForWritesToFinish() {
        var old = currentWrite;
        return old.then(function () { return old !== currentWrite ? waitForWritesToFinish() : undefined; });
      }
      function afterWrites(then) {
        if (dest.state === 'writable' && !writableStreamCloseQueuedOrInFlight(dest)) waitForWritesToFinish().then(then);
        else then();
      }
      function shutdownWithAction(action, isError, error) {
        if (shuttingDown) return;
        shuttingDown = true;
        afterWrites(function () {
          promiseCall(action, undefined, []).then(function () { finalize(isError, error); },
            function (newError) { finalize(true, newError); });
        });
      }
      function shutdown(isError, error) {
        if (shuttingDown) return;
        shuttingDown = true;
        afterWrites(function () { finalize(isError, error); });
      }
      function finalize(isError, error) {
        writableWriterRelease(writer);
        defaultReaderRelease(reader);
        if (signal !== undefined) signal.removeEventListener('abort', abortAlgorithm);
        if (isError) result.reject(error); else result.resolve(undefined);
      }
      return result.promise;
    }

    function streamOf(object) { return slot(readables, object, 'ReadableStream'); }
    getter(ReadableStream.prototype, 'locked', function () { return isReadableStreamLocked(streamOf(this)); });
    function pipeOptions(options) {
      options = dictionary(options, 'pipeTo');
      var signal = options.signal;
      if (signal !== undefined && !(global.AbortSignal && signal instanceof global.AbortSignal)) {
        throw new TypeError("Failed to execute 'pipeTo' on 'ReadableStream': member signal is not of type AbortSignal.");
      }
      return { preventAbort: !!options.preventAbort, preventCancel: !!options.preventCancel,
               preventClose: !!options.preventClose, signal: signal };
    }
    methods(ReadableStream.prototype, {
      cancel: promiseMethod(readables, 'ReadableStream', 'cancel', function (stream, reason) {
        if (isReadableStreamLocked(stream)) return rejected(new TypeError('Cannot cancel a ReadableStream that is locked to a reader'));
        return readableStreamCancel(stream, reason);
      }),
      getReader: function getReader(options) {
        var stream = streamOf(this);
        options = dictionary(options, 'getReader');
        if (options.mode !== undefined) {
          if (String(options.mode) === 'byob') throw new TypeError("ReadableStream: a 'byob' reader needs a readable byte stream, which is not supported");
          throw new TypeError('Invalid mode is specified');
        }
        return acquireDefaultReader(stream).object;
      },
      pipeThrough: function pipeThrough(transform, options) {
        var stream = streamOf(this);
        if (transform === null || typeof transform !== 'object') throw new TypeError('readable should be ReadableStream');
        var readable = slot(readables, transform.readable, 'ReadableStream');
        var writable = slot(writables, transform.writable, 'WritableStream');
        var o = pipeOptions(options);
        if (isReadableStreamLocked(stream)) throw new TypeError('Cannot pipe a locked ReadableStream');
        if (isWritableStreamLocked(writable)) throw new TypeError('Cannot pipe to a locked WritableStream');
        handled(readableStreamPipeTo(stream, writable, o.preventClose, o.preventAbort, o.preventCancel, o.signal));
        return readable.object;
      },
      pipeTo: promiseMethod(readables, 'ReadableStream', 'pipeTo', function (stream, destination, options) {
        var dest = slotOrReject(writables, destination, 'WritableStream');
        if (!dest) return rejected(new TypeError("Failed to execute 'pipeTo' on 'ReadableStream': parameter 1 is not of type 'WritableStream'."));
        var o;
        try { o = pipeOptions(options); } catch (e) { return rejected(e); }
        if (isReadableStreamLocked(stream)) return rejected(new TypeError('Cannot pipe a locked ReadableStream'));
        if (isWritableStreamLocked(dest)) return rejected(new TypeError('Cannot pipe to a locked WritableStream'));
        return readableStreamPipeTo(stream, dest, o.preventClose, o.preventAbort, o.preventCancel, o.signal);
      }),
      tee: function tee() { return readableStreamTee(streamOf(this)); },
      values: function values(options) {
        var stream = streamOf(this);
        options = dictionary(options, 'values');
        return makeAsyncIterator(acquireDefaultReader(stream), !!options.preventCancel);
      }
    });
    Object.defineProperty(ReadableStream.prototype, Symbol.asyncIterator,
      { value: ReadableStream.prototype.values, writable: true, configurable: true });
    tag(ReadableStream, 'ReadableStream');

    // async iteration (Web IDL's asynchronous iterator prototype over the stream's "get the next iteration result")
    var iterators = new WeakMap();
    var asyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf((async function* () {}).prototype));
    var ReadableStreamAsyncIteratorPrototype = Object.create(asyncIteratorPrototype);
    function makeAsyncIterator(reader, preventCancel) {
      var object = Object.create(ReadableStreamAsyncIteratorPrototype);
      iterators.set(object, { reader: reader, preventCancel: preventCancel, ongoing: null, finished: false });
      return object;
    }
    function queueStep(iterator, step) {
      var promise = iterator.ongoing ? iterator.ongoing.then(step, step) : step();
      iterator.ongoing = promise;
      return promise;
    }
    methods(ReadableStreamAsyncIteratorPrototype, {
      next: promiseMethod(iterators, 'ReadableStream async iterator', 'next', function (iterator) {
        return queueStep(iterator, function () {
          if (iterator.finished) return resolved({ value: undefined, done: true });
          var reader = iterator.reader;
          if (!reader.stream) return rejected(new TypeError('The iterator\'s reader has been released'));
          var d = deferred();
          defaultReaderRead(reader, {
            chunk: function (chunk) { d.resolve({ value: chunk, done: false }); },
            close: function () { defaultReaderRelease(reader); iterator.finished = true; d.resolve({ value: undefined, done: true }); },
            error: function (e) { defaultReaderRelease(reader); iterator.finished = true; d.reject(e); }
          });
          return d.promise;
        });
      }),
      'return': promiseMethod(iterators, 'ReadableStream async iterator', 'return', function (iterator, value) {
        return queueStep(iterator, function () {
          if (iterator.finished) return resolved({ value: value, done: true });
          iterator.finished = true;
          var reader = iterator.reader, done;
          if (!reader.stream) done = resolved();
          else if (!iterator.preventCancel) {
            done = readableStreamCancel(reader.stream, value);
            defaultReaderRelease(reader);
          } else {
            defaultReaderRelease(reader);
            done = resolved();
          }
          return done.then(function () { return { value: value, done: true }; });
        });
      })
    });
    Object.defineProperty(ReadableStreamAsyncIteratorPrototype, Symbol.toStringTag, { value: 'ReadableStream AsyncIterator', configurable: true });

    // ReadableStream.from (ReadableStreamFromIterable)
    define(ReadableStream, 'from', function from(asyncIterable) {
      if (asyncIterable === null || asyncIterable === undefined) throw new TypeError('ReadableStream.from: the argument is not iterable');
      var method = asyncIterable[Symbol.asyncIterator], sync = false;
      if (method === undefined || method === null) { method = asyncIterable[Symbol.iterator]; sync = true; }
      if (!isCallable(method)) throw new TypeError('ReadableStream.from: the argument is not iterable');
      var iterator = method.call(asyncIterable);
      if (iterator === null || typeof iterator !== 'object') throw new TypeError('ReadableStream.from: the iterator is not an object');
      var nextMethod = iterator.next, stream;
      function next() {
        var result = nextMethod.call(iterator);
        if (!sync) return resolved(result);
        if (result === null || typeof result !== 'object') throw new TypeError('The iterator result is not an object');
        var done = !!result.done;
        return resolved(result.value).then(function (value) { return { value: value, done: done }; });
      }
      function pull() {
        return promiseCall(next, undefined, []).then(function (result) {
          if (result === null || typeof result !== 'object') throw new TypeError('The iterator result is not an object');
          if (result.done) rscClose(stream.controller); else rscEnqueue(stream.controller, result.value);
        });
      }
      function cancel(reason) {
        var returnMethod;
        try { returnMethod = iterator['return']; } catch (e) { return Promise.reject(e); }
        if (returnMethod === undefined || returnMethod === null) return resolved();
        return promiseCall(returnMethod, iterator, [reason]).then(function (result) {
          if (result === null || typeof result !== 'object') throw new TypeError('The iterator return() result is not an object');
        });
      }
      stream = createReadableStream(noop, pull, cancel, 0);
      return stream.object;
    });

    // --- WritableStream
    var writables = new WeakMap(), writeControllers = new WeakMap(), writers = new WeakMap();
    var CLOSE = {};   // the close sentinel in a controller's queue

    function WritableStream(underlyingSink, strategy) {
      var sink = constructing(new.target, underlyingSink);
      strategy = dictionary(strategy, 'WritableStream');
      var abort = callback(sink, 'abort', 'WritableStream'), close = callback(sink, 'close', 'WritableStream');
      var start = callback(sink, 'start', 'WritableStream'), type = sink.type, write = callback(sink, 'write', 'WritableStream');
      if (type !== undefined) throw new RangeError('Invalid type is specified');
      var stream = initializeWritableStream(this);
      var size = extractSizeAlgorithm(strategy, 'WritableStream'), mark = extractHighWaterMark(strategy, 1);
      var controller = newWriteController();
      setUpWritableStreamDefaultController(stream, controller,
        function () { return start ? start.call(sink, controller.object) : undefined; },
        function (chunk) { return write ? promiseCall(write, sink, [chunk, controller.object]) : resolved(); },
        function () { return close ? promiseCall(close, sink, []) : resolved(); },
        function (reason) { return abort ? promiseCall(abort, sink, [reason]) : resolved(); },
        mark, size);
    }
    function initializeWritableStream(object) {
      var stream = { object: object, state: 'writable', storedError: undefined, writer: undefined, controller: undefined,
        inFlightWriteRequest: undefined, closeRequest: undefined, inFlightCloseRequest: undefined,
        pendingAbortRequest: undefined, writeRequests: [], backpressure: false };
      writables.set(object, stream);
      return stream;
    }
    function newWriteController() { return newRecord(writeControllers, WritableStreamDefaultController); }
    function createWritableStream(start, write, close, abort, mark, size) {
      var stream = initializeWritableStream(Object.create(WritableStream.prototype));
      setUpWritableStreamDefaultController(stream, newWriteController(), start, write, close, abort, mark, size);
      return stream;
    }
    function isWritableStreamLocked(stream) { return stream.writer !== undefined; }
    function writableStreamAbort(stream, reason) {
      if (stream.state === 'closed' || stream.state === 'errored') return resolved();
      if (stream.controller.abortController) stream.controller.abortController.abort(reason);
      var state = stream.state;
      if (state === 'closed' || state === 'errored') return resolved();
      if (stream.pendingAbortRequest) return stream.pendingAbortRequest.deferred.promise;
      var wasAlreadyErroring = false;
      if (state === 'erroring') { wasAlreadyErroring = true; reason = undefined; }
      var d = deferred();
      stream.pendingAbortRequest = { deferred: d, reason: reason, wasAlreadyErroring: wasAlreadyErroring };
      if (!wasAlreadyErroring) writableStreamStartErroring(stream, reason);
      return d.promise;
    }
    function writableStreamClose(stream) {
      var state = stream.state;
      if (state === 'closed' || state === 'errored') return rejected(new TypeError('The stream is closed or errored'));
      var d = deferred();
      stream.closeRequest = d;
      var writer = stream.writer;
      if (writer && stream.backpressure && state === 'writable') writer.ready.resolve(undefined);
      enqueueValueWithSize(stream.controller, CLOSE, 0);
      wscAdvanceQueueIfNeeded(stream.controller);
      return d.promise;
    }
    function writableStreamDealWithRejection(stream, error) {
      if (stream.state === 'writable') { writableStreamStartErroring(stream, error); return; }
      writableStreamFinishErroring(stream);
    }
    function writableStreamStartErroring(stream, reason) {
      var controller = stream.controller;
      stream.state = 'erroring';
      stream.storedError = reason;
      if (stream.writer) writerEnsureReadyPromiseRejected(stream.writer, reason);
      if (!writableStreamHasOperationMarkedInFlight(stream) && controller.started) writableStreamFinishErroring(stream);
    }
    function writableStreamFinishErroring(stream) {
      stream.state = 'errored';
      resetQueue(stream.controller);
      var storedError = stream.storedError;
      stream.writeRequests.forEach(function (request) { request.reject(storedError); });
      stream.writeRequests = [];
      var abortRequest = stream.pendingAbortRequest;
      if (!abortRequest) { writableStreamRejectCloseAndClosedPromiseIfNeeded(stream); return; }
      stream.pendingAbortRequest = undefined;
      if (abortRequest.wasAlreadyErroring) {
        abortRequest.deferred.reject(storedError);
        writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
        return;
      }
      var controller = stream.controller, promise = controller.abortAlgorithm(abortRequest.reason);
      wscClearAlgorithms(controller);
      promise.then(function () {
        abortRequest.deferred.resolve(undefined);
        writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
      }, function (reason) {
        abortRequest.deferred.reject(reason);
        writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
      });
    }
    function writableStreamFinishInFlightWrite(stream) {
      stream.inFlightWriteRequest.resolve(undefined);
      stream.inFlightWriteRequest = undefined;
    }
    function writableStreamFinishInFlightWriteWithError(stream, error) {
      stream.inFlightWriteRequest.reject(error);
      stream.inFlightWriteRequest = undefined;
      writableStreamDealWithRejection(stream, error);
    }
    function writableStreamFinishInFlightClose(stream) {
      stream.inFlightCloseRequest.resolve(undefined);
      stream.inFlightCloseRequest = undefined;
      if (stream.state === 'erroring') {
        stream.storedError = undefined;
        if (stream.pendingAbortRequest) {
          stream.pendingAbortRequest.deferred.resolve(undefined);
          stream.pendingAbortRequest = undefined;
        }
      }
      stream.state = 'closed';
      if (stream.writer) stream.writer.closed.resolve(undefined);
    }
    function writableStreamFinishInFlightCloseWithError(stream, error) {
      stream.inFlightCloseRequest.reject(error);
      stream.inFlightCloseRequest = undefined;
      if (stream.pendingAbortRequest) {
        stream.pendingAbortRequest.deferred.reject(error);
        stream.pendingAbortRequest = undefined;
      }
      writableStreamDealWithRejection(stream, error);
    }
    function writableStreamCloseQueuedOrInFlight(stream) {
      return stream.closeRequest !== undefined || stream.inFlightCloseRequest !== undefined;
    }
    function writableStreamHasOperationMarkedInFlight(stream) {
      return stream.inFlightWriteRequest !== undefined || stream.inFlightCloseRequest !== undefined;
    }
    function writableStreamRejectCloseAndClosedPromiseIfNeeded(stream) {
      if (stream.closeRequest) {
        stream.closeRequest.reject(stream.storedError);
        stream.closeRequest = undefined;
      }
      var writer = stream.writer;
      if (writer) {
        handled(writer.closed.promise);
        writer.closed.reject(stream.storedError);
      }
    }
    function writableStreamUpdateBackpressure(stream, backpressure) {
      var writer = stream.writer;
      if (writer && backpressure !== stream.backpressure) {
        if (backpressure) writer.ready = deferred(); else writer.ready.resolve(undefined);
      }
      stream.backpressure = backpressure;
    }

    // WritableStreamDefaultWriter
    function WritableStreamDefaultWriter(stream) {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
      if (!writables.has(stream)) throw new TypeError('WritableStreamDefaultWriter constructor takes a WritableStream');   // WebKit's words
      setUpDefaultWriter(this, slot(writables, stream, 'WritableStream'));
    }
    function setUpDefaultWriter(object, stream) {
      if (isWritableStreamLocked(stream)) throw new TypeError('WritableStream is locked to a writer');
      var writer = { object: object, stream: stream };
      stream.writer = writer;
      var state = stream.state;
      if (state === 'writable') {
        writer.ready = !writableStreamCloseQueuedOrInFlight(stream) && stream.backpressure ? deferred() : resolvedDeferred();
        writer.closed = deferred();
      } else if (state === 'erroring') {
        writer.ready = rejectedDeferred(stream.storedError);
        writer.closed = deferred();
      } else if (state === 'closed') {
        writer.ready = resolvedDeferred();
        writer.closed = resolvedDeferred();
      } else {
        writer.ready = rejectedDeferred(stream.storedError);
        writer.closed = rejectedDeferred(stream.storedError);
      }
      writers.set(object, writer);
      return writer;
    }
    function acquireDefaultWriter(stream) {
      return setUpDefaultWriter(Object.create(WritableStreamDefaultWriter.prototype), stream);
    }
    function writerEnsureReadyPromiseRejected(writer, error) {
      if (!writer.ready.settled) { handled(writer.ready.promise); writer.ready.reject(error); }
      else writer.ready = rejectedDeferred(error);
    }
    function writerEnsureClosedPromiseRejected(writer, error) {
      if (!writer.closed.settled) { handled(writer.closed.promise); writer.closed.reject(error); }
      else writer.closed = rejectedDeferred(error);
    }
    function writerDesiredSize(writer) {
      var stream = writer.stream, state = stream.state;
      if (state === 'errored' || state === 'erroring') return null;
      if (state === 'closed') return 0;
      return stream.controller.strategyHWM - stream.controller.queueTotalSize;
    }
    function writableWriterRelease(writer) {
      var stream = writer.stream, error = new TypeError('The writer was released');
      writerEnsureReadyPromiseRejected(writer, error);
      writerEnsureClosedPromiseRejected(writer, error);
      stream.writer = undefined;
      writer.stream = undefined;
    }
    function writableWriterWrite(writer, chunk) {
      var stream = writer.stream, controller = stream.controller;
      var chunkSize = wscGetChunkSize(controller, chunk);
      if (stream !== writer.stream) return rejected(new TypeError('The writer was released'));
      var state = stream.state;
      if (state === 'errored') return rejected(stream.storedError);
      if (writableStreamCloseQueuedOrInFlight(stream) || state === 'closed') return rejected(new TypeError('The stream is closing or closed'));
      if (state === 'erroring') return rejected(stream.storedError);
      var d = deferred();
      stream.writeRequests.push(d);
      wscWrite(controller, chunk, chunkSize);
      return d.promise;
    }
    function writableWriterCloseWithErrorPropagation(writer) {
      var stream = writer.stream, state = stream.state;
      if (writableStreamCloseQueuedOrInFlight(stream) || state === 'closed') return resolved();
      if (state === 'errored') return rejected(stream.storedError);
      return writableStreamClose(stream);
    }
    function writerOf(object, method) {
      var writer = slot(writers, object, 'WritableStreamDefaultWriter');
      if (!writer.stream && method) throw new TypeError("Failed to execute '" + method + "' on 'WritableStreamDefaultWriter': the writer has been released");
      return writer;
    }
    function writerPromise(object, method, body) {
      var writer;
      try { writer = writerOf(object, method); } catch (e) { return rejected(e); }
      return body(writer);
    }
    getter(WritableStreamDefaultWriter.prototype, 'closed', function () {
      var writer = slotOrReject(writers, this, 'WritableStreamDefaultWriter');
      return writer ? writer.closed.promise : brandRejection('WritableStreamDefaultWriter');
    });
    getter(WritableStreamDefaultWriter.prototype, 'ready', function () {
      var writer = slotOrReject(writers, this, 'WritableStreamDefaultWriter');
      return writer ? writer.ready.promise : brandRejection('WritableStreamDefaultWriter');
    });
    getter(WritableStreamDefaultWriter.prototype, 'desiredSize', function () { return writerDesiredSize(writerOf(this, 'desiredSize')); });
    methods(WritableStreamDefaultWriter.prototype, {
      abort: function abort(reason) {
        return writerPromise(this, 'abort', function (writer) { return writableStreamAbort(writer.stream, reason); });
      },
      close: function close() {
        return writerPromise(this, 'close', function (writer) {
          if (writableStreamCloseQueuedOrInFlight(writer.stream)) return rejected(new TypeError('The stream is already closing'));
          return writableStreamClose(writer.stream);
        });
      },
      releaseLock: function releaseLock() {
        var writer = writerOf(this);
        if (writer.stream) writableWriterRelease(writer);
      },
      write: function write(chunk) {
        return writerPromise(this, 'write', function (writer) { return writableWriterWrite(writer, chunk); });
      }
    });
    tag(WritableStreamDefaultWriter, 'WritableStreamDefaultWriter');

    // WritableStreamDefaultController
    function WritableStreamDefaultController() { illegal('WritableStreamDefaultController'); }
    function setUpWritableStreamDefaultController(stream, controller, start, write, close, abort, mark, size) {
      controller.stream = stream;
      stream.controller = controller;
      resetQueue(controller);
      controller.abortController = typeof global.AbortController === 'function' ? new global.AbortController() : null;
      controller.started = false;
      controller.strategySizeAlgorithm = size;
      controller.strategyHWM = mark;
      controller.writeAlgorithm = write;
      controller.closeAlgorithm = close;
      controller.abortAlgorithm = abort;
      writableStreamUpdateBackpressure(stream, wscDesiredSize(controller) <= 0);
      var startResult = start();
      resolved(startResult).then(function () {
        controller.started = true;
        wscAdvanceQueueIfNeeded(controller);
      }, function (reason) {
        controller.started = true;
        writableStreamDealWithRejection(stream, reason);
      });
    }
    function wscClearAlgorithms(controller) {
      controller.writeAlgorithm = controller.closeAlgorithm = controller.abortAlgorithm = controller.strategySizeAlgorithm = undefined;
    }
    function wscDesiredSize(controller) { return controller.strategyHWM - controller.queueTotalSize; }
    function wscGetChunkSize(controller, chunk) {
      if (!controller.strategySizeAlgorithm) return 1;   // errored: the write rejects below
      try { return controller.strategySizeAlgorithm(chunk); } catch (e) { wscErrorIfNeeded(controller, e); return 1; }
    }
    function wscWrite(controller, chunk, size) {
      try { enqueueValueWithSize(controller, chunk, size); } catch (e) { wscErrorIfNeeded(controller, e); return; }
      var stream = controller.stream;
      if (!writableStreamCloseQueuedOrInFlight(stream) && stream.state === 'writable') {
        writableStreamUpdateBackpressure(stream, wscDesiredSize(controller) <= 0);
      }
      wscAdvanceQueueIfNeeded(controller);
    }
    function wscAdvanceQueueIfNeeded(controller) {
      var stream = controller.stream;
      if (!controller.started || stream.inFlightWriteRequest !== undefined) return;
      if (stream.state === 'erroring') { writableStreamFinishErroring(stream); return; }
      if (stream.state !== 'writable' || controller.queue.length === 0) return;
      var value = controller.queue[0].value;
      if (value === CLOSE) wscProcessClose(controller); else wscProcessWrite(controller, value);
    }
    function wscErrorIfNeeded(controller, error) {
      if (controller.stream.state === 'writable') wscError(controller, error);
    }
    function wscProcessClose(controller) {
      var stream = controller.stream;
      stream.inFlightCloseRequest = stream.closeRequest;
      stream.closeRequest = undefined;
      dequeueValue(controller);
      var sinkClosePromise = controller.closeAlgorithm();
      wscClearAlgorithms(controller);
      sinkClosePromise.then(function () { writableStreamFinishInFlightClose(stream); },
        function (reason) { writableStreamFinishInFlightCloseWithError(stream, reason); });
    }
    function wscProcessWrite(controller, chunk) {
      var stream = controller.stream;
      stream.inFlightWriteRequest = stream.writeRequests.shift();
      controller.writeAlgorithm(chunk).then(function () {
        writableStreamFinishInFlightWrite(stream);
        var state = stream.state;
        dequeueValue(controller);
        if (!writableStreamCloseQueuedOrInFlight(stream) && state === 'writable') {
          writableStreamUpdateBackpressure(stream, wscDesiredSize(controller) <= 0);
        }
        wscAdvanceQueueIfNeeded(controller);
      }, function (reason) {
        if (stream.state === 'writable') wscClearAlgorithms(controller);
        writableStreamFinishInFlightWriteWithError(stream, reason);
      });
    }
    function wscError(controller, error) {
      wscClearAlgorithms(controller);
      writableStreamStartErroring(controller.stream, error);
    }
    function writeController(object) { return slot(writeControllers, object, 'WritableStreamDefaultController'); }
    getter(WritableStreamDefaultController.prototype, 'signal', function () {
      var controller = writeController(this);
      return controller.abortController ? controller.abortController.signal : undefined;
    });
    methods(WritableStreamDefaultController.prototype, {
      error: function error(e) {
        var controller = writeController(this);
        if (controller.stream.state !== 'writable') return;
        wscError(controller, e);
      }
    });
    tag(WritableStreamDefaultController, 'WritableStreamDefaultController');

    function writableOf(object) { return slot(writables, object, 'WritableStream'); }
    getter(WritableStream.prototype, 'locked', function () { return isWritableStreamLocked(writableOf(this)); });
    methods(WritableStream.prototype, {
      abort: promiseMethod(writables, 'WritableStream', 'abort', function (stream, reason) {
        if (isWritableStreamLocked(stream)) return rejected(new TypeError('Cannot abort a WritableStream that is locked to a writer'));
        return writableStreamAbort(stream, reason);
      }),
      close: promiseMethod(writables, 'WritableStream', 'close', function (stream) {
        if (isWritableStreamLocked(stream)) return rejected(new TypeError('Cannot close a WritableStream that is locked to a writer'));
        if (writableStreamCloseQueuedOrInFlight(stream)) return rejected(new TypeError('The stream is already closing'));
        return writableStreamClose(stream);
      }),
      getWriter: function getWriter() { return acquireDefaultWriter(writableOf(this)).object; }
    });
    tag(WritableStream, 'WritableStream');

    // --- TransformStream
    var transforms = new WeakMap(), transformControllers = new WeakMap();

    function TransformStream(transformer, writableStrategy, readableStrategy) {
      var t = constructing(new.target, transformer);
      writableStrategy = dictionary(writableStrategy, 'TransformStream');
      readableStrategy = dictionary(readableStrategy, 'TransformStream');
      var cancel = callback(t, 'cancel', 'TransformStream'), flush = callback(t, 'flush', 'TransformStream');
      var readableType = t.readableType, start = callback(t, 'start', 'TransformStream');
      var transform = callback(t, 'transform', 'TransformStream'), writableType = t.writableType;
      if (readableType !== undefined) throw new RangeError('TransformStream transformer has a readableType');
      if (writableType !== undefined) throw new RangeError('TransformStream transformer has a writableType');
      var readableMark = extractHighWaterMark(readableStrategy, 0), readableSize = extractSizeAlgorithm(readableStrategy, 'TransformStream');
      var writableMark = extractHighWaterMark(writableStrategy, 1), writableSize = extractSizeAlgorithm(writableStrategy, 'TransformStream');
      var startPromise = deferred();
      var stream = initializeTransformStream(this, startPromise.promise, writableMark, writableSize, readableMark, readableSize);
      var controller = newTransformController();
      setUpTransformStreamDefaultController(stream, controller,
        transform ? function (chunk) { return promiseCall(transform, t, [chunk, controller.object]); }
                  : function (chunk) { try { tscEnqueue(controller, chunk); return resolved(); } catch (e) { return Promise.reject(e); } },
        flush ? function () { return promiseCall(flush, t, [controller.object]); } : function () { return resolved(); },
        cancel ? function (reason) { return promiseCall(cancel, t, [reason]); } : function () { return resolved(); });
      if (start) startPromise.resolve(start.call(t, controller.object)); else startPromise.resolve(undefined);
    }
    function newTransformController() { return newRecord(transformControllers, TransformStreamDefaultController); }
    function initializeTransformStream(object, startPromise, writableMark, writableSize, readableMark, readableSize) {
      var stream = { object: object, backpressure: undefined, backpressureChange: undefined, controller: undefined };
      function start() { return startPromise; }
      stream.writable = createWritableStream(start,
        function (chunk) { return transformSinkWrite(stream, chunk); },
        function () { return transformSinkClose(stream); },
        function (reason) { return transformSinkAbort(stream, reason); },
        writableMark, writableSize);
      stream.readable = createReadableStream(start,
        function () { return transformSourcePull(stream); },
        function (reason) { return transformSourceCancel(stream, reason); },
        readableMark, readableSize);
      transformSetBackpressure(stream, true);
      if (object) transforms.set(object, stream);
      return stream;
    }
    function transformError(stream, error) {
      rscError(stream.readable.controller, error);
      transformErrorWritableAndUnblockWrite(stream, error);
    }
    function transformErrorWritableAndUnblockWrite(stream, error) {
      tscClearAlgorithms(stream.controller);
      wscErrorIfNeeded(stream.writable.controller, error);
      if (stream.backpressure) transformSetBackpressure(stream, false);
    }
    function transformSetBackpressure(stream, backpressure) {
      if (stream.backpressureChange) stream.backpressureChange.resolve(undefined);
      stream.backpressureChange = deferred();
      stream.backpressure = backpressure;
    }
    function TransformStreamDefaultController() { illegal('TransformStreamDefaultController'); }
    function setUpTransformStreamDefaultController(stream, controller, transform, flush, cancel) {
      controller.stream = stream;
      stream.controller = controller;
      controller.transformAlgorithm = transform;
      controller.flushAlgorithm = flush;
      controller.cancelAlgorithm = cancel;
      controller.finish = undefined;
    }
    function tscClearAlgorithms(controller) {
      controller.transformAlgorithm = controller.flushAlgorithm = controller.cancelAlgorithm = undefined;
    }
    function tscEnqueue(controller, chunk) {
      var stream = controller.stream, readableController = stream.readable.controller;
      if (!rscCanCloseOrEnqueue(readableController)) throw new TypeError('The readable side is not in a state that permits enqueue');
      try { rscEnqueue(readableController, chunk); } catch (e) {
        transformErrorWritableAndUnblockWrite(stream, e);
        throw stream.readable.storedError;
      }
      var backpressure = rscHasBackpressure(readableController);
      if (backpressure !== stream.backpressure) transformSetBackpressure(stream, true);
    }
    function tscPerformTransform(controller, chunk) {
      return controller.transformAlgorithm(chunk).then(undefined, function (reason) {
        transformError(controller.stream, reason);
        throw reason;
      });
    }
    function tscTerminate(controller) {
      var stream = controller.stream;
      rscClose(stream.readable.controller);
      transformErrorWritableAndUnblockWrite(stream, new TypeError('The transform stream has been terminated'));
    }
    function transformSinkWrite(stream, chunk) {
      var controller = stream.controller;
      if (stream.backpressure) {
        return stream.backpressureChange.promise.then(function () {
          var writable = stream.writable;
          if (writable.state === 'erroring') throw writable.storedError;
          return tscPerformTransform(controller, chunk);
        });
      }
      return tscPerformTransform(controller, chunk);
    }
    // The sink's abort and close and the source's cancel: each runs one of the transformer's algorithms once and then
    // settles the other side.
    function transformFinish(stream, run, settle) {
      var controller = stream.controller;
      if (controller.finish) return controller.finish.promise;
      var finish = controller.finish = deferred();
      var promise = run(controller);
      tscClearAlgorithms(controller);
      promise.then(function () {
        try { settle(null); finish.resolve(undefined); } catch (e) { finish.reject(e); }
      }, function (reason) {
        try { settle(reason); } catch (e) { /* settle only rethrows the stored error */ }
        finish.reject(reason);
      });
      return finish.promise;
    }
    function transformSinkAbort(stream, reason) {
      var readable = stream.readable;
      return transformFinish(stream, function (controller) { return controller.cancelAlgorithm(reason); }, function (failure) {
        if (failure) { rscError(readable.controller, failure); return; }
        if (readable.state === 'errored') throw readable.storedError;
        rscError(readable.controller, reason);
      });
    }
    function transformSinkClose(stream) {
      var readable = stream.readable;
      return transformFinish(stream, function (controller) { return controller.flushAlgorithm(); }, function (failure) {
        if (failure) { rscError(readable.controller, failure); return; }
        if (readable.state === 'errored') throw readable.storedError;
        rscClose(readable.controller);
      });
    }
    function transformSourcePull(stream) {
      transformSetBackpressure(stream, false);
      return stream.backpressureChange.promise;
    }
    function transformSourceCancel(stream, reason) {
      var writable = stream.writable;
      return transformFinish(stream, function (controller) { return controller.cancelAlgorithm(reason); }, function (failure) {
        if (!failure && writable.state === 'errored') throw writable.storedError;
        wscErrorIfNeeded(writable.controller, failure || reason);
        if (stream.backpressure) transformSetBackpressure(stream, false);
      });
    }
    function transformController(object) { return slot(transformControllers, object, 'TransformStreamDefaultController'); }
    getter(TransformStreamDefaultController.prototype, 'desiredSize', function () {
      return rscDesiredSize(transformController(this).stream.readable.controller);
    });
    methods(TransformStreamDefaultController.prototype, {
      enqueue: function enqueue(chunk) { tscEnqueue(transformController(this), chunk); },
      error: function error(reason) { transformError(transformController(this).stream, reason); },
      terminate: function terminate() { tscTerminate(transformController(this)); }
    });
    tag(TransformStreamDefaultController, 'TransformStreamDefaultController');
    getter(TransformStream.prototype, 'readable', function () { return slot(transforms, this, 'TransformStream').readable.object; });
    getter(TransformStream.prototype, 'writable', function () { return slot(transforms, this, 'TransformStream').writable.object; });
    tag(TransformStream, 'TransformStream');

    // A platform transform (the encoding and compression streams): a TransformStream record whose readable and
    // writable the class's getters return; `transform(chunk, enqueue)` and `flush(enqueue)` may throw.
    function platformTransform(object, transform, flush) {
      var stream = initializeTransformStream(null, resolved(), 1, function () { return 1; }, 0, function () { return 1; });
      var controller = newTransformController();
      function enqueue(chunk) { tscEnqueue(controller, chunk); }
      setUpTransformStreamDefaultController(stream, controller,
        function (chunk) { try { transform(chunk, enqueue); return resolved(); } catch (e) { return Promise.reject(e); } },
        function () { try { flush(enqueue); return resolved(); } catch (e) { return Promise.reject(e); } },
        function () { return resolved(); });
      transforms.set(object, stream);
    }
    function transformClass(name, setUp, extra) {
      var Class = function () {
        if (!new.target) throw new TypeError("Constructor requires 'new' operator");
        setUp.apply(this, arguments);
      };
      Object.defineProperty(Class, 'name', { value: name });
      getter(Class.prototype, 'readable', function () { return slot(transforms, this, name).readable.object; });
      getter(Class.prototype, 'writable', function () { return slot(transforms, this, name).writable.object; });
      if (extra) extra(Class.prototype);
      tag(Class, name);
      return Class;
    }

    // --- TextEncoderStream and TextDecoderStream (Encoding standard)
    var encoderStates = new WeakMap();
    var TextEncoderStream = transformClass('TextEncoderStream', function () {
      var pendingHighSurrogate = null;
      platformTransform(this, function (chunk, enqueue) {
        var text = String(chunk);
        if (pendingHighSurrogate !== null) { text = pendingHighSurrogate + text; pendingHighSurrogate = null; }
        var last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) { pendingHighSurrogate = text.charAt(text.length - 1); text = text.slice(0, -1); }
        if (text.length > 0) enqueue(native.encodeUTF8(text));
      }, function (enqueue) {
        if (pendingHighSurrogate !== null) enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
      });
      encoderStates.set(this, true);
    }, function (proto) {
      getter(proto, 'encoding', function () { slot(encoderStates, this, 'TextEncoderStream'); return 'utf-8'; });
    });

    var decoderStates = new WeakMap();
    // The length of `bytes`' longest prefix that does not end inside a UTF-8 sequence.
    function completePrefix(bytes) {
      var length = bytes.length;
      for (var i = length - 1; i >= 0 && i >= length - 3; i--) {
        var b = bytes[i];
        if ((b & 0xc0) === 0x80) continue;
        var need = b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xc0 && b < 0xe0 ? 2 : 1;
        return length - i < need ? i : length;
      }
      return length;
    }
    var TextDecoderStream = transformClass('TextDecoderStream', function (label, options) {
      var decoder = new global.TextDecoder(label, options);   // checks the label and options as TextDecoder does
      var state = { encoding: decoder.encoding, fatal: decoder.fatal, ignoreBOM: decoder.ignoreBOM };
      var pending = new Uint8Array(0), started = false;
      function decode(bytes, enqueue) {
        if (bytes.length === 0) return;
        var text = native.decodeUTF8(bytes, state.fatal, started ? true : state.ignoreBOM);
        started = true;
        if (text.length > 0) enqueue(text);
      }
      platformTransform(this, function (chunk, enqueue) {
        var bytes = internals.toBytes(chunk);
        if (!bytes) throw new TypeError('TextDecoderStream: a chunk must be an ArrayBuffer or an ArrayBufferView');
        if (pending.length > 0) {
          var joined = new Uint8Array(pending.length + bytes.length);
          joined.set(pending, 0);
          joined.set(bytes, pending.length);
          bytes = joined;
        }
        var cut = completePrefix(bytes);
        pending = bytes.slice(cut);
        decode(bytes.subarray(0, cut), enqueue);
      }, function (enqueue) {
        var rest = pending;
        pending = new Uint8Array(0);
        decode(rest, enqueue);
      });
      decoderStates.set(this, state);
    }, function (proto) {
      ['encoding', 'fatal', 'ignoreBOM'].forEach(function (name) {
        getter(proto, name, function () { return slot(decoderStates, this, 'TextDecoderStream')[name]; });
      });
    });

    // --- CompressionStream and DecompressionStream (Compression standard), on GLib's zlib converters
    // (`native.compressionNatives()`, made on the first compression stream).
    var FORMATS = ['deflate', 'deflate-raw', 'gzip'];
    var compressionNatives = null;
    function codec(name, format, compress) {
      format = String(format);
      // WebKit's words (WebKitGTK 2.50); it has brotli too, which this engine has not.
      if (format === 'brotli') throw new TypeError(name + ": 'brotli' is not supported by the headless engine");
      if (FORMATS.indexOf(format) < 0) throw new TypeError(name + " requires a single argument with the value 'brotli', 'deflate', 'deflate-raw', or 'gzip'.");
      if (!compressionNatives) compressionNatives = native.compressionNatives();
      return compressionNatives.open(format, compress);
    }
    function codecClass(name, compress) {
      return transformClass(name, function (format) {
        if (arguments.length < 1) throw new TypeError(name + " requires a single argument with the value 'brotli', 'deflate', 'deflate-raw', or 'gzip'.");
        var handle = codec(name, format, compress);
        function emit(output, enqueue) {
          if (output === null) throw new TypeError(name + ': the compressed data is corrupt');
          for (var i = 0; i < output.length; i++) if (output[i].byteLength > 0) enqueue(new Uint8Array(output[i]));
        }
        platformTransform(this, function (chunk, enqueue) {
          var bytes = internals.toBytes(chunk);
          if (!bytes) throw new TypeError(name + ': a chunk must be an ArrayBuffer or an ArrayBufferView');
          emit(compressionNatives.convert(handle, bytes, false), enqueue);
        }, function (enqueue) {
          emit(compressionNatives.convert(handle, new Uint8Array(0), true), enqueue);
        });
      });
    }
    var CompressionStream = codecClass('CompressionStream', true);
    var DecompressionStream = codecClass('DecompressionStream', false);

    return {
      ReadableStream: ReadableStream, ReadableStreamDefaultReader: ReadableStreamDefaultReader,
      ReadableStreamDefaultController: ReadableStreamDefaultController, WritableStream: WritableStream,
      WritableStreamDefaultWriter: WritableStreamDefaultWriter, WritableStreamDefaultController: WritableStreamDefaultController,
      TransformStream: TransformStream, TransformStreamDefaultController: TransformStreamDefaultController,
      CountQueuingStrategy: CountQueuingStrategy, ByteLengthQueuingStrategy: ByteLengthQueuingStrategy,
      TextEncoderStream: TextEncoderStream, TextDecoderStream: TextDecoderStream,
      CompressionStream: CompressionStream, DecompressionStream: DecompressionStream,
      // For the other platform scripts: whether a value is a ReadableStream, and whether it is disturbed or locked.
      isReadableStream: function (value) { return value !== null && typeof value === 'object' && readables.has(value); },
      isUsed: function (value) { var s = readables.get(value); return !!s && (s.disturbed || isReadableStreamLocked(s)); },
      isDisturbed: function (value) { var s = readables.get(value); return !!s && s.disturbed; }
    };
  }
})
