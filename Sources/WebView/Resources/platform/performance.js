(function (global, native, internals) {
  'use strict';
  // The performance timeline (W3C Performance Timeline, User Timing, Navigation Timing) on the runtime's clock:
  // `performance.mark`/`measure`/`getEntries*`/`clear*`, `PerformanceObserver`, the document's navigation entry and
  // the legacy `performance.timing`/`performance.navigation`. Only the load-time stamps are taken at set-up; the
  // classes and the entry buffer are made on the first use of any of them.
  var define = internals.define;
  var performance = global.performance;
  if (!performance || typeof performance.now !== 'function') return;
  // `performance` is the runtime's (JavaScript's timers.js: its clock's `now`); here it becomes a `Performance`, as
  // WebKit names it.
  if (typeof global.Performance !== 'function') {
    var Performance = function Performance() { throw new TypeError('Illegal constructor'); };
    Object.defineProperty(Performance.prototype, Symbol.toStringTag, { value: 'Performance', configurable: true });
    if (Object.getPrototypeOf(performance) === Object.prototype) Object.setPrototypeOf(performance, Performance.prototype);
    define(global, 'Performance', Performance);
  }
  var timeOrigin = Date.now() - performance.now();
  var doc = global.document && typeof global.document.addEventListener === 'function' ? global.document : null;
  var stamps = { domInteractive: 0, domContentLoadedEventStart: 0, domContentLoadedEventEnd: 0, domComplete: 0,
                 loadEventStart: 0, loadEventEnd: 0 };
  if (doc) {
    // The first listeners of the page (they are added before any page script): their times are the events' starts.
    doc.addEventListener('DOMContentLoaded', function () {
      stamps.domInteractive = stamps.domContentLoadedEventStart = performance.now();
    }, true);
    global.addEventListener('DOMContentLoaded', function () { stamps.domContentLoadedEventEnd = performance.now(); });
    global.addEventListener('load', function () {
      stamps.domComplete = stamps.loadEventStart = performance.now();
      // after every load listener: the next task
      timer(function () { stamps.loadEventEnd = performance.now(); });
    }, true);
  }
  function timer(callback) {
    if (typeof native.taskTimer === 'function') native.taskTimer(callback, 0, false);
    else global.setTimeout(callback, 0);
  }

  var api = null;
  function load() {
    if (!api) api = make();
    return api;
  }
  ['mark', 'measure', 'getEntries', 'getEntriesByType', 'getEntriesByName', 'clearMarks', 'clearMeasures',
   'clearResourceTimings', 'setResourceTimingBufferSize', 'toJSON'].forEach(function (name) {
    define(performance, name, function () { return load()[name].apply(performance, arguments); });
  });
  Object.defineProperty(performance, 'timeOrigin', { value: timeOrigin, configurable: true, enumerable: true });
  ['timing', 'navigation'].forEach(function (name) {
    Object.defineProperty(performance, name, { get: function () { return load()[name]; }, configurable: true, enumerable: true });
  });
  internals.lazy(['PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure', 'PerformanceObserver',
                  'PerformanceObserverEntryList', 'PerformanceResourceTiming', 'PerformanceNavigationTiming',
                  'PerformanceTiming', 'PerformanceNavigation'], function () { load(); });

  function make() {
    var PRIVATE = typeof Symbol === 'function' ? Symbol('entry') : '__entry';
    var illegal = internals.illegalConstructor;
    function subclass(Parent, Child, name) {
      Child.prototype = Object.create(Parent.prototype);
      define(Child.prototype, 'constructor', Child);
      Object.setPrototypeOf(Child, Parent);
      Object.defineProperty(Child.prototype, Symbol.toStringTag, { value: name, configurable: true });
      define(global, name, Child);
      return Child;
    }
    function getters(prototype, names) {
      names.forEach(function (name) {
        Object.defineProperty(prototype, name, {
          get: function () {
            var state = this[PRIVATE];
            if (!state) throw new TypeError('The ' + name + ' getter can only be used on instances of ' + prototype[Symbol.toStringTag]);
            return typeof state[name] === 'function' ? state[name]() : state[name];
          },
          configurable: true, enumerable: true
        });
      });
    }
    function entry(prototype, state) {
      var object = Object.create(prototype);
      define(object, PRIVATE, state);
      return object;
    }
    function entryJSON(entry, names) {
      var json = {};
      names.forEach(function (name) { json[name] = entry[name]; });
      return json;
    }

    var PerformanceEntry = illegal('PerformanceEntry');
    Object.defineProperty(PerformanceEntry.prototype, Symbol.toStringTag, { value: 'PerformanceEntry', configurable: true });
    define(global, 'PerformanceEntry', PerformanceEntry);
    var entryNames = ['name', 'entryType', 'startTime', 'duration'];
    getters(PerformanceEntry.prototype, entryNames);
    define(PerformanceEntry.prototype, 'toJSON', function toJSON() { return entryJSON(this, entryNames); });

    function clonedDetail(detail) {
      if (detail === undefined || detail === null) return null;
      return typeof global.structuredClone === 'function' ? global.structuredClone(detail) : detail;
    }
    var timingNames = ['navigationStart', 'unloadEventStart', 'unloadEventEnd', 'redirectStart', 'redirectEnd',
      'fetchStart', 'domainLookupStart', 'domainLookupEnd', 'connectStart', 'connectEnd', 'secureConnectionStart',
      'requestStart', 'responseStart', 'responseEnd', 'domLoading', 'domInteractive', 'domContentLoadedEventStart',
      'domContentLoadedEventEnd', 'domComplete', 'loadEventStart', 'loadEventEnd'];

    var PerformanceMark = subclass(PerformanceEntry, function PerformanceMark(name, options) {
      if (!(this instanceof PerformanceMark)) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      name = String(name);
      if (doc && timingNames.indexOf(name) >= 0) {
        throw internals.webKitError('SyntaxError');
      }
      var start = options && options.startTime !== undefined ? Number(options.startTime) : performance.now();
      // WebKit's words (WebKitGTK 2.50).
      if (!isFinite(start)) throw new TypeError('The provided value is non-finite');
      if (start < 0) throw new TypeError('Type error');
      define(this, PRIVATE, { name: name, entryType: 'mark', startTime: start, duration: 0,
                              detail: clonedDetail(options ? options.detail : undefined) });
    }, 'PerformanceMark');
    getters(PerformanceMark.prototype, ['detail']);
    define(PerformanceMark.prototype, 'toJSON', function toJSON() { return entryJSON(this, entryNames.concat(['detail'])); });

    var PerformanceMeasure = subclass(PerformanceEntry, illegal('PerformanceMeasure'), 'PerformanceMeasure');
    getters(PerformanceMeasure.prototype, ['detail']);
    define(PerformanceMeasure.prototype, 'toJSON', function toJSON() { return entryJSON(this, entryNames.concat(['detail'])); });

    // --- Navigation Timing: the document's entry (level 2) and the legacy objects (level 1), which WebKit keeps.
    var PerformanceResourceTiming = subclass(PerformanceEntry, illegal('PerformanceResourceTiming'), 'PerformanceResourceTiming');
    var resourceNames = ['initiatorType', 'nextHopProtocol', 'workerStart', 'redirectStart', 'redirectEnd', 'fetchStart',
      'domainLookupStart', 'domainLookupEnd', 'connectStart', 'connectEnd', 'secureConnectionStart', 'requestStart',
      'responseStart', 'responseEnd', 'transferSize', 'encodedBodySize', 'decodedBodySize'];
    getters(PerformanceResourceTiming.prototype, resourceNames);
    define(PerformanceResourceTiming.prototype, 'toJSON', function toJSON() { return entryJSON(this, entryNames.concat(resourceNames)); });
    var PerformanceNavigationTiming = subclass(PerformanceResourceTiming, illegal('PerformanceNavigationTiming'), 'PerformanceNavigationTiming');
    var navigationNames = ['unloadEventStart', 'unloadEventEnd', 'domInteractive', 'domContentLoadedEventStart',
      'domContentLoadedEventEnd', 'domComplete', 'loadEventStart', 'loadEventEnd', 'type', 'redirectCount'];
    getters(PerformanceNavigationTiming.prototype, navigationNames);
    define(PerformanceNavigationTiming.prototype, 'toJSON', function toJSON() {
      return entryJSON(this, entryNames.concat(resourceNames, navigationNames));
    });
    var navigationType = native.navigationType === 'reload' ? 'reload' : native.navigationType === 'back_forward' ? 'back_forward' : 'navigate';
    var navigationEntry = null;
    if (doc) {
      var state = { name: String(global.location && global.location.href || ''), entryType: 'navigation', startTime: 0,
        duration: function () { return stamps.loadEventEnd; }, initiatorType: 'navigation', nextHopProtocol: '',
        workerStart: 0, redirectStart: 0, redirectEnd: 0, fetchStart: 0, domainLookupStart: 0, domainLookupEnd: 0,
        connectStart: 0, connectEnd: 0, secureConnectionStart: 0, requestStart: 0, responseStart: 0, responseEnd: 0,
        transferSize: 0, encodedBodySize: 0, decodedBodySize: 0, unloadEventStart: 0, unloadEventEnd: 0,
        type: navigationType, redirectCount: 0 };
      ['domInteractive', 'domContentLoadedEventStart', 'domContentLoadedEventEnd', 'domComplete', 'loadEventStart',
       'loadEventEnd'].forEach(function (name) { state[name] = function () { return stamps[name]; }; });
      navigationEntry = entry(PerformanceNavigationTiming.prototype, state);
    }
    var PerformanceTiming = illegal('PerformanceTiming');
    Object.defineProperty(PerformanceTiming.prototype, Symbol.toStringTag, { value: 'PerformanceTiming', configurable: true });
    define(global, 'PerformanceTiming', PerformanceTiming);
    var timing = Object.create(PerformanceTiming.prototype);
    timingNames.forEach(function (name) {
      Object.defineProperty(PerformanceTiming.prototype, name, {
        get: function () {
          var relative = name in stamps ? stamps[name] : 0;
          if (name in stamps) return relative ? Math.round(timeOrigin + relative) : 0;
          return /^(unload|redirect|secureConnection)/.test(name) ? 0 : Math.round(timeOrigin);
        },
        configurable: true, enumerable: true
      });
    });
    define(PerformanceTiming.prototype, 'toJSON', function toJSON() { return entryJSON(this, timingNames); });
    var PerformanceNavigation = illegal('PerformanceNavigation');
    Object.defineProperty(PerformanceNavigation.prototype, Symbol.toStringTag, { value: 'PerformanceNavigation', configurable: true });
    define(global, 'PerformanceNavigation', PerformanceNavigation);
    [['TYPE_NAVIGATE', 0], ['TYPE_RELOAD', 1], ['TYPE_BACK_FORWARD', 2], ['TYPE_RESERVED', 255]].forEach(function (c) {
      define(PerformanceNavigation, c[0], c[1]);
      define(PerformanceNavigation.prototype, c[0], c[1]);
    });
    var navigation = Object.create(PerformanceNavigation.prototype);
    Object.defineProperty(PerformanceNavigation.prototype, 'type', {
      get: function () { return { navigate: 0, reload: 1, back_forward: 2 }[navigationType]; }, configurable: true, enumerable: true
    });
    Object.defineProperty(PerformanceNavigation.prototype, 'redirectCount', { get: function () { return 0; }, configurable: true, enumerable: true });
    define(PerformanceNavigation.prototype, 'toJSON', function toJSON() { return { type: this.type, redirectCount: 0 }; });

    // --- Resource Timing: the page's loads (fetch, XHR, images, stylesheets) are recorded in Swift as they end
    // (WebPlatformInstance.recordResource); entries are made here only when the page reads them or observes 'resource'.
    var resourceEntries = [];
    var observingResources = false;
    function syncResources() {
      if (typeof native.resourceTimings !== 'function') return [];
      var added = native.resourceTimings(resourceEntries.length).map(function (r) {
        var start = r[2], end = r[3], network = r[6] > 0;
        return entry(PerformanceResourceTiming.prototype, { name: r[0], entryType: 'resource', startTime: start,
          duration: end - start, initiatorType: r[1], nextHopProtocol: network ? 'http/1.1' : '', workerStart: 0,
          redirectStart: 0, redirectEnd: 0, fetchStart: start, domainLookupStart: start, domainLookupEnd: start,
          connectStart: start, connectEnd: start, secureConnectionStart: 0, requestStart: start, responseStart: end,
          responseEnd: end, transferSize: r[6], encodedBodySize: r[5], decodedBodySize: r[4] });
      });
      resourceEntries = resourceEntries.concat(added);
      return added;
    }

    // --- the buffer and the observers
    var userEntries = [];     // marks and measures, in the order they were made
    var observers = [];
    var supported = Object.freeze(['mark', 'measure', 'navigation', 'resource']);
    function allEntries() {
      syncResources();
      var list = (navigationEntry ? [navigationEntry] : []).concat(userEntries, resourceEntries);
      return list.sort(function (a, b) { return a.startTime - b.startTime; });   // stable: equal times keep their order
    }
    function filtered(list, name, type) {
      return list.filter(function (e) {
        return (name === undefined || e.name === String(name)) && (type === undefined || e.entryType === String(type));
      });
    }
    function queue(entry) {
      observers.forEach(function (o) {
        if (o.types.indexOf(entry.entryType) < 0) return;
        o.buffer.push(entry);
        schedule(o);
      });
    }
    function schedule(o) {
      if (o.pending) return;
      o.pending = true;
      timer(function () {
        o.pending = false;
        if (!o.types.length || !o.buffer.length) return;
        var records = o.buffer;
        o.buffer = [];
        var list = Object.create(PerformanceObserverEntryList.prototype);
        define(list, PRIVATE, records);
        try { o.callback.call(o.observer, list, o.observer, { droppedEntriesCount: 0 }); } catch (error) { native.report(error); }
      });
    }
    function markTime(name, method) {
      if (typeof name === 'number') {
        if (name < 0) throw new TypeError("Failed to execute '" + method + "' on 'Performance': '" + name + "' is a negative time.");
        return name;
      }
      name = String(name);
      for (var i = userEntries.length - 1; i >= 0; i--) {
        if (userEntries[i].entryType === 'mark' && userEntries[i].name === name) return userEntries[i].startTime;
      }
      if (doc && timingNames.indexOf(name) >= 0) {
        var value = timing[name];
        if (value === 0 && name !== 'navigationStart') {
          throw new DOMException("Failed to execute '" + method + "' on 'Performance': '" + name + "' is empty: either the event hasn't happened yet, or it would provide cross-origin timing information.", 'InvalidAccessError');
        }
        return value - Math.round(timeOrigin);
      }
      throw new DOMException("No mark named '" + name + "' exists", 'SyntaxError');   // WebKit's words
    }

    var PerformanceObserverEntryList = illegal('PerformanceObserverEntryList');
    Object.defineProperty(PerformanceObserverEntryList.prototype, Symbol.toStringTag, { value: 'PerformanceObserverEntryList', configurable: true });
    define(global, 'PerformanceObserverEntryList', PerformanceObserverEntryList);
    define(PerformanceObserverEntryList.prototype, 'getEntries', function getEntries() { return this[PRIVATE].slice(); });
    define(PerformanceObserverEntryList.prototype, 'getEntriesByType', function getEntriesByType(type) { return filtered(this[PRIVATE], undefined, type); });
    define(PerformanceObserverEntryList.prototype, 'getEntriesByName', function getEntriesByName(name, type) { return filtered(this[PRIVATE], name, type); });

    function PerformanceObserver(callback) {
      if (!(this instanceof PerformanceObserver)) throw new TypeError("Constructor requires 'new' operator");
      // WebKit's words (WebKitGTK 2.50).
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      if (typeof callback !== 'function') throw new TypeError("Argument 1 ('callback') to the PerformanceObserver constructor must be a function");
      define(this, PRIVATE, { observer: this, callback: callback, types: [], buffer: [], pending: false, mode: null });
    }
    Object.defineProperty(PerformanceObserver.prototype, Symbol.toStringTag, { value: 'PerformanceObserver', configurable: true });
    define(global, 'PerformanceObserver', PerformanceObserver);
    Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: function () { return supported; }, configurable: true, enumerable: true });
    define(PerformanceObserver.prototype, 'observe', function observe(options) {
      var o = this[PRIVATE], fail = "Failed to execute 'observe' on 'PerformanceObserver': ";
      options = options || {};
      var hasList = options.entryTypes !== undefined, hasType = options.type !== undefined;
      if (!hasList && !hasType) throw new TypeError('no type or entryTypes were provided');   // WebKit's words (WebKitGTK 2.50)
      if (hasList && hasType) throw new TypeError(fail + "either an 'entryTypes' or 'type' member must be present, not both.");
      if (o.mode && o.mode !== (hasList ? 'multiple' : 'single')) {
        throw new DOMException(fail + 'This observer has already been configured with ' + (o.mode === 'multiple' ? "'entryTypes'" : "'type'") + '.', 'InvalidModificationError');
      }
      var types = hasList ? Array.prototype.map.call(options.entryTypes, String) : [String(options.type)];
      types = types.filter(function (t) { return supported.indexOf(t) >= 0; });
      if (!types.length) return;   // browsers ignore unsupported types (with a console warning)
      o.mode = hasList ? 'multiple' : 'single';
      if (hasList) o.types = types;
      else if (o.types.indexOf(types[0]) < 0) o.types.push(types[0]);
      if (observers.indexOf(o) < 0) observers.push(o);
      if (!observingResources && types.indexOf('resource') >= 0 && typeof native.resourceTimingControl === 'function') {
        observingResources = true;
        syncResources();   // what loaded before is only for a buffered observer
        native.resourceTimingControl('observe', function () { syncResources().forEach(queue); });
      }
      if (hasType && options.buffered) {
        allEntries().forEach(function (e) { if (e.entryType === types[0]) o.buffer.push(e); });
        if (o.buffer.length) schedule(o);
      }
    });
    define(PerformanceObserver.prototype, 'disconnect', function disconnect() {
      var o = this[PRIVATE], at = observers.indexOf(o);
      if (at >= 0) observers.splice(at, 1);
      o.types = [];
      o.buffer = [];
      o.mode = null;
    });
    define(PerformanceObserver.prototype, 'takeRecords', function takeRecords() {
      var o = this[PRIVATE], records = o.buffer;
      o.buffer = [];
      return records;
    });

    return {
      mark: function mark(name, options) {
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        var m = new PerformanceMark(name, options);
        userEntries.push(m);
        queue(m);
        return m;
      },
      measure: function measure(name, start, end) {
        var method = 'measure', fail = "Failed to execute 'measure' on 'Performance': ";
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        var options = start !== null && typeof start === 'object' ? start : null;
        if (options && !('start' in options || 'end' in options || 'duration' in options || 'detail' in options)) options = null;
        if (options) {
          if (end !== undefined) throw new TypeError(fail + "If a non-empty PerformanceMeasureOptions object was passed, |end_mark| must not be passed.");
          if (options.start === undefined && options.end === undefined) {
            throw new TypeError(fail + "If a non-empty PerformanceMeasureOptions object was passed, at least one of its 'start' or 'end' members must be present.");
          }
          if (options.start !== undefined && options.end !== undefined && options.duration !== undefined) {
            throw new TypeError(fail + "If a non-empty PerformanceMeasureOptions object was passed, it must not have all of its 'start', 'duration', and 'end' members present.");
          }
        }
        var endTime, startTime;
        if (end !== undefined) endTime = markTime(end, method);
        else if (options && options.end !== undefined) endTime = markTime(options.end, method);
        else if (options && options.start !== undefined && options.duration !== undefined) endTime = markTime(options.start, method) + Number(options.duration);
        else endTime = performance.now();
        if (options && options.start !== undefined) startTime = markTime(options.start, method);
        else if (options && options.duration !== undefined && options.end !== undefined) startTime = endTime - Number(options.duration);
        else if (!options && start !== undefined && start !== null) startTime = markTime(start, method);
        else startTime = 0;
        var m = entry(PerformanceMeasure.prototype, { name: String(name), entryType: 'measure', startTime: startTime,
          duration: endTime - startTime, detail: clonedDetail(options ? options.detail : undefined) });
        userEntries.push(m);
        queue(m);
        return m;
      },
      getEntries: function getEntries() { return allEntries(); },
      getEntriesByType: function getEntriesByType(type) { return filtered(allEntries(), undefined, type); },
      getEntriesByName: function getEntriesByName(name, type) { return filtered(allEntries(), name, type); },
      clearMarks: function clearMarks(name) {
        userEntries = userEntries.filter(function (e) { return e.entryType !== 'mark' || (name !== undefined && e.name !== String(name)); });
      },
      clearMeasures: function clearMeasures(name) {
        userEntries = userEntries.filter(function (e) { return e.entryType !== 'measure' || (name !== undefined && e.name !== String(name)); });
      },
      clearResourceTimings: function clearResourceTimings() {
        resourceEntries = [];
        if (typeof native.resourceTimingControl === 'function') native.resourceTimingControl('clear');
      },
      setResourceTimingBufferSize: function setResourceTimingBufferSize(size) {
        if (typeof native.resourceTimingControl === 'function') native.resourceTimingControl('size', Number(size) >>> 0);
      },
      toJSON: function toJSON() { return { timeOrigin: timeOrigin, timing: timing.toJSON(), navigation: navigation.toJSON() }; },
      timing: timing,
      navigation: navigation
    };
  }
})
