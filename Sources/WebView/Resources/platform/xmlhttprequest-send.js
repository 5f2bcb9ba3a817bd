(function (global, native, internals) {
  'use strict';
  var define = internals.define, proto = global.XMLHttpRequest.prototype, invalidState = internals.xhrInvalidState;
  // The result of a URL the page resolves itself: a blob: URL from its store (platform/blob.js), a data: URL decoded
  // by libsoup (Fetch's data: URL processor: any method, status 200, the URL's MIME type); null for the network.
  function localResult(method, url) {
    if (/^blob:/i.test(url)) return internals.blobURLResult(method, url);
    if (!/^data:/i.test(url)) return null;
    var decoded = typeof native.decodeDataURL === 'function' ? native.decodeDataURL(url) : null;
    if (!decoded) return { error: 'the data: URL cannot be decoded', kind: 'network' };
    return { status: 200, statusText: 'OK', url: url, headers: [['Content-Type', decoded.type]], body: decoded.body };
  }
  define(proto, 'send', function send(body) {
    if (this._state !== 1 || this._sent) throw invalidState('send');
    var payload = null, type = null;
    if (this._method === 'GET' || this._method === 'HEAD' || body === undefined || body === null) {
      payload = null;
    } else if (typeof body === 'string') {
      payload = body; type = 'text/plain;charset=UTF-8';
    } else if (Object.prototype.toString.call(body) === '[object URLSearchParams]') {
      payload = String(body); type = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof global.FormData === 'function' && body instanceof global.FormData) {
      var multipart = body._hybridMultipart();   // dom/form-submission.js
      payload = multipart.body; type = multipart.type;
    } else if (internals.blobData(body)) {
      payload = internals.blobData(body).bytes; type = internals.blobData(body).type || null;
    } else if (internals.toBytes(body)) {
      payload = internals.toBytes(body);
    } else {
      payload = String(body); type = 'text/plain;charset=UTF-8';
    }
    var hasType = this._headers.some(function (h) { return h[0].toLowerCase() === 'content-type'; });
    if (type && !hasType) this._headers.push(['Content-Type', type]);
    this._sent = true;
    var keepalive = internals.fetchKeepalive === true;   // fetch(url, {keepalive: true}), platform/modules.js
    var initiator = internals.fetchInitiated === true ? 'fetch' : this._initiator;
    // fetch's referrer and policy ({policy, referrer}: platform/modules.js), else the one a stylesheet link names.
    var referrer = internals.fetchReferrer || { policy: this._referrerPolicy || '', referrer: 'about:client' };
    internals.fetchKeepalive = internals.fetchInitiated = false;
    internals.fetchReferrer = null;
    if (this._sync) return this._sendSync(payload);
    var generation = this._generation;
    this._fire('loadstart', 0, 0);
    if (this._generation !== generation || !this._sent) return;
    var xhr = this, timeout = this._timeout;
    // The XHR under a fetch streams its response: fetch resolves at the response head and its body is a
    // ReadableStream fed chunk by chunk as libsoup reads them (native.send's streaming flag).
    var streaming = initiator === 'fetch' && typeof internals.streams === 'function';
    function complete(result) {
      if (xhr._generation !== generation) return;
      if (result.head) xhr._streamHead(result.head, generation);
      else if (result.chunk) xhr._streamController.enqueue(new Uint8Array(result.chunk));
      else xhr._complete(result, generation);
    }
    var local = localResult(this._method, this._url);   // blob: and data: URLs, read now, answered in a task
    if (local) {
      native.taskTimer(function () { complete(local); }, 0, true);
      return;
    }
    this._id = native.send(this._method, this._url, this._headers, payload, timeout, complete, keepalive, initiator, streaming,
                           referrer.policy, referrer.referrer === 'about:client' ? null : referrer.referrer);
  });
  // A synchronous request (XHR standard, send() step 12): no loadstart, no upload or progress events; the script waits
  // while the runtime thread runs only the network (WebPlatformInstance.sendSynchronously; in a worker, the worker's
  // thread waits while the page's sends it: WorkerEndpoint.requestSynchronously); errors throw.
  define(proto, '_sendSync', function (payload) {
    var result = localResult(this._method, this._url) || native.sendSync(this._method, this._url, this._headers, payload, this._timeout);
    this._sent = false;
    if (!result || result.error) {
      this._state = 4;
      this._errorMessage = result ? result.error : 'the page was closed';
      var timedOut = result && result.kind === 'timeout';
      throw new DOMException("Failed to execute 'send' on 'XMLHttpRequest': " + (timedOut ? 'the request timed out: ' :
        "Failed to load '" + this._url + "': ") + this._errorMessage, timedOut ? 'TimeoutError' : 'NetworkError');
    }
    this._complete(result, this._generation, true);
  });
  // A streamed response's head: the request looks done to the fetch above it (readyState 4, load), whose Response
  // then takes `response`, a ReadableStream that the chunks feed; the request itself goes on (its id kept for abort).
  define(proto, '_streamHead', function (head, generation) {
    var xhr = this, controller = null;
    var stream = new (internals.streams().ReadableStream)({
      start: function (c) { controller = c; },
      cancel: function () {   // the page cancelled the body: stop the request
        if (xhr._id) native.abort(xhr._id);
        xhr._id = 0;
        xhr._sent = false;
        xhr._streamController = null;
      }
    });
    head.body = new ArrayBuffer(0);
    this._response = head;
    this._streamBody = stream;
    this._streamController = controller;
    var steps = [[2, 'readystatechange'], [3, 'readystatechange'], [4, 'readystatechange'], [4, 'load'], [4, 'loadend']];
    for (var i = 0; i < steps.length && this._generation === generation; i++) {
      this._state = steps[i][0];
      this._fire(steps[i][1], 0, 0);
    }
  });
  define(proto, '_complete', function (result, generation, sync) {
    var xhr = this;
    function current() { return xhr._generation === generation; }
    if (this._streamController) {   // the end of a streamed body: close its stream, or error it as fetch does
      var controller = this._streamController;
      this._streamController = null;
      this._id = 0;
      this._sent = false;
      if (result.error) {
        this._errorMessage = result.error;
        controller.error(new TypeError('Failed to fetch: ' + result.error));
      } else {
        controller.close();
      }
      return;
    }
    this._id = 0;
    this._sent = false;
    if (result.error) {
      this._errorMessage = result.error;
      this._state = 4;
      this._fire('readystatechange');
      if (!current()) return;
      this._fire(result.kind === 'timeout' ? 'timeout' : 'error', 0, 0);
      if (current()) this._fire('loadend', 0, 0);
      return;
    }
    var size = result.body.byteLength;
    this._response = result;
    var steps = sync ? [[4, 'readystatechange'], [4, 'load'], [4, 'loadend']]
      : [[2, 'readystatechange'], [3, 'readystatechange'], [3, 'progress'], [4, 'readystatechange'], [4, 'load'], [4, 'loadend']];
    for (var i = 0; i < steps.length && current(); i++) {
      this._state = steps[i][0];
      this._fire(steps[i][1], size, size);
    }
  });
  define(proto, 'abort', function abort() {
    if (this._id) native.abort(this._id);
    if (this._streamController) {   // a streamed body stops with the request
      this._streamController.error(new DOMException('The user aborted a request.', 'AbortError'));
      this._streamController = null;
    }
    var wasActive = (this._state === 1 && this._sent) || this._state === 2 || this._state === 3;
    this._generation++;
    var generation = this._generation;
    this._reset(this._state);
    if (wasActive) {
      this._state = 4;
      this._fire('readystatechange');
      if (this._generation === generation) this._fire('abort', 0, 0);
      if (this._generation === generation) this._fire('loadend', 0, 0);
    }
    if (this._generation === generation && this._state === 4) this._state = 0;
  });
})
