(function (global, native, internals) {
  'use strict';
  // navigator.sendBeacon (the Beacon standard): a POST through the page's fetch with `keepalive`, credentials
  // included, its answer ignored; like every keepalive request it outlives the page (WebPlatformInstance.close). The
  // keepalive requests in flight may hold at most 64 KiB of body (the quota browsers share): over it, sendBeacon
  // returns false and sends nothing. Only a function at set-up: fetch loads on the first beacon.
  // The keepalive quota (Fetch: 64 KiB of body in flight across the page's keepalive requests), shared by beacons
  // and `fetch(url, {keepalive: true})` (platform/modules.js).
  var quota = 65536, inFlight = 0;
  internals.keepalive = {
    // The body's size as the request will carry it; FormData counts its entries' text and files.
    size: size,
    // True, and the bytes counted, when they fit within the quota.
    reserve: function (bytes) {
      if (inFlight + bytes > quota) return false;
      inFlight += bytes;
      return true;
    },
    release: function (bytes) { inFlight -= bytes; }
  };
  function size(data) {
    if (data === undefined || data === null) return 0;
    var blob = internals.blobData && internals.blobData(data);
    if (blob) return blob.bytes.byteLength;
    if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
    if (typeof global.FormData === 'function' && data instanceof global.FormData) {
      var total = 0;
      data.forEach(function (value, name) { total += native.encodeUTF8(name).byteLength + size(value); });
      return total;
    }
    return native.encodeUTF8(String(data)).byteLength;
  }

  var navigator = global.navigator;
  if (!navigator || typeof navigator !== 'object' || navigator.sendBeacon) return;


  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, enumerable: true, writable: true,
    value: function sendBeacon(url, data) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');   // WebKit's words
      var parsed;
      try { parsed = new global.URL(String(url), internals.baseURL()); } catch (e) { throw new TypeError('This URL is invalid'); }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('Beacons can only be sent over HTTP(S)');
      var bytes = size(data);
      if (!internals.keepalive.reserve(bytes)) return false;
      if (!global.fetch) { internals.keepalive.release(bytes); return false; }   // installs fetch on first use
      internals.fetchReserved(parsed.href, { method: 'POST', body: data === undefined ? null : data, keepalive: true,
        credentials: 'include', mode: 'no-cors' }, bytes);
      return true;
    } });
})
