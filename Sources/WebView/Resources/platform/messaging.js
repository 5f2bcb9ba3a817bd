(function (global, native, internals) {
  'use strict';
  // HTML's channel messaging and broadcasting inside one runtime: MessageChannel, MessagePort, BroadcastChannel,
  // made on first use. A port's state is a plain object shared by the realms (the frames of a page are contexts of
  // one machine): it names the realm that owns the port now, so a port transferred to a frame (`postMessage(msg,
  // origin, [port])`) keeps its peer and its queue. Messages are structured clones into the receiving realm,
  // delivered as tasks of that realm, one message per task, never synchronously.
  var env = native.domEnv;
  var STATE = Symbol.for('hybrid.messagePort');   // shared by every realm of the machine, unlike a WeakMap
  var define = internals.define;

  // This realm, as ports and channels of other realms see it.
  var realm = {
    task: function (f) { if (env && typeof env.task === 'function') env.task(f); else setTimeout(f, 0); },
    clone: function (value, transfer, out) { return internals.clone(value, transfer, "postMessage' on 'MessagePort", out); },
    isClosed: function () { return !!(env && env.closed); },
    origin: env ? env.origin : '',
    newPort: function () { return load().newPort(); }
  };
  internals.messagingRealm = realm;
  internals.pumpPort = function (state) { pump(state); };
  internals.newPort = realm.newPort;
  internals.portState = function (value) {
    return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, STATE) ? value[STATE] : null;
  };
  // platform/clone.js: `port` (of any realm) moves to `target`, a port of this realm made for it. Its queued
  // messages were clones into the old realm: they are cloned again into this one.
  internals.adoptPort = function (port, target) {
    var state = port[STATE], old = state.realm;
    var dead = { realm: old, port: port, peer: null, queue: [], started: false, closed: true, detached: true };
    define(port, STATE, dead);
    state.port = target;
    state.realm = realm;
    define(target, STATE, state);
    if (old !== realm) state.queue = state.queue.map(function (m) { return { data: realm.clone(m.data, []), ports: m.ports }; });
    pump(state);
  };

  function messageEvent(type, init) {
    var Class = global.MessageEvent;
    if (typeof Class === 'function') {
      var event = new Class(type, init);
      try { event.isTrusted = true; } catch (e) {}
      return event;
    }
    return internals.makeEvent(type, { data: init.data, ports: Object.freeze(init.ports || []), origin: init.origin || '',
                                       lastEventId: '', source: null });
  }
  internals.messageEvent = messageEvent;

  // Shared with platform/workers.js and workers/scope.js: an `onX` event handler property (set to a non-function: null;
  // `onSet` runs after a set), and the transfer list of `postMessage(message, transfer)` or `(message, {transfer})`.
  // WebKit's errors (observed on WebKitGTK 2.50): a primitive is not a transfer list or an options object, and an
  // options object's `transfer` must be a sequence.
  internals.transferOf = function (options) {
    if (Array.isArray(options)) return options;
    if (options === undefined || options === null) return [];
    if (typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
    if (typeof options[Symbol.iterator] === 'function') return Array.from(options);
    var list = options.transfer;
    if (list === undefined) return [];
    if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function') throw new TypeError('Value is not a sequence');
    return Array.from(list);
  };

  // One task per message while the port is started; a closed or moved port stops the pump. The end of a port that
  // lives in another thread (workers/serialize.js) has `remote`: its messages go there at once, in order.
  function pump(state) {
    if (state.remote) {
      while (state.queue.length && !state.closed) state.remote(state.queue.shift());
      return;
    }
    if (!state.started || state.closed || state.pumping || !state.queue.length) return;
    state.pumping = true;
    var owner = state.realm;
    owner.task(function () {
      state.pumping = false;
      if (state.realm !== owner || !state.started || state.closed || owner.isClosed()) { pump(state); return; }
      var message = state.queue.shift();
      internals.dispatch(state.port, messageEvent('message', { data: message.data, ports: message.ports }));
      pump(state);
    });
  }

  // BroadcastChannel: every channel object of the web view's frame tree (the top document's env holds the list,
  // in creation order, as HTML sorts the destinations); a bare platform (a worker) has a list of its own. The list
  // also holds a record with `remote(name, message)` for each thread that channels reach (workers/serialize.js: a
  // page's workers, a worker's page), which relays a message there.
  var ownList = [];
  function channelList() {
    if (!env) return ownList;
    var top = env;
    while (top.parentEnv) top = top.parentEnv;
    return top.broadcastChannels || (top.broadcastChannels = []);
  }
  internals.broadcastList = channelList;
  // Delivers `message` (a clone in this realm) to the channels named `name` of `origin` but `from`'s, each in a task
  // of its realm, and relays it to the other threads.
  function broadcast(from, name, origin, message) {
    channelList().forEach(function (other) {
      if (other === from || other.closed || other.origin !== origin) return;
      if (other.remote) { other.remote(name, message); return; }
      if (other.name !== name) return;
      var target = other.realm;
      if (target.isClosed()) return;
      target.task(function () {
        if (other.closed || target.isClosed()) return;
        var data;
        try { data = target.clone(message, []); } catch (error) {
          internals.dispatch(other.channel, messageEvent('messageerror', { data: null, origin: origin }));
          return;
        }
        internals.dispatch(other.channel, messageEvent('message', { data: data, origin: origin }));
      });
    });
  }
  internals.broadcast = broadcast;

  var classes = null;
  function load() {
    if (!classes) classes = build();
    define(global, 'MessageChannel', classes.MessageChannel);
    define(global, 'MessagePort', classes.MessagePort);
    define(global, 'BroadcastChannel', classes.BroadcastChannel);
    return classes;
  }
  internals.lazy(['MessageChannel', 'MessagePort', 'BroadcastChannel'], load);

  function build() {
    var constructing = false;
    function MessagePort() {
      if (!constructing) throw new TypeError('Illegal constructor');
    }
    function newPort() {
      constructing = true;
      try { return new MessagePort(); } finally { constructing = false; }
    }
    function stateOf(port, what) {
      var state = internals.portState(port);
      if (!state) throw new TypeError("Can only call MessagePort." + what + " on instances of MessagePort");
      return state;
    }
    internals.mixinEventTarget(MessagePort.prototype);
    // Setting onmessage starts the port; addEventListener does not.
    internals.eventHandlers(MessagePort.prototype, ['message'], function (value) { if (typeof value === 'function') this.start(); });
    internals.eventHandlers(MessagePort.prototype, ['messageerror']);
    define(MessagePort.prototype, 'postMessage', function postMessage(message, options) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      var state = stateOf(this, 'postMessage');
      var transfer = internals.transferOf(options);
      if (transfer.indexOf(this) >= 0) {
        throw new DOMException('The object can not be cloned.', 'DataCloneError');   // WebKit's words
      }
      var peer = state.peer;
      if (peer && transfer.indexOf(peer.port) >= 0) peer = null;   // HTML: sending the target port itself drops the message
      var receiver = peer && !peer.closed ? peer.realm : realm;
      var out = {};
      var data = receiver.clone(message, transfer, out);   // a DataCloneError throws here even when nobody listens
      if (!peer || peer.closed || state.closed) return;
      peer.queue.push({ data: data, ports: out.ports || [] });
      pump(peer);
    });
    define(MessagePort.prototype, 'start', function start() {
      var state = stateOf(this, 'start');
      if (state.detached) return;
      state.started = true;
      pump(state);
    });
    define(MessagePort.prototype, 'close', function close() {
      var state = stateOf(this, 'close');
      state.closed = true;
      state.queue = [];
      if (state.peer) { state.peer.peer = null; state.peer = null; }
    });
    define(MessagePort.prototype, Symbol.toStringTag, 'MessagePort');

    function MessageChannel() {
      if (!(this instanceof MessageChannel)) throw new TypeError("Constructor requires 'new' operator");
      var one = newPort(), two = newPort();
      var a = { realm: realm, port: one, peer: null, queue: [], started: false, closed: false };
      var b = { realm: realm, port: two, peer: a, queue: [], started: false, closed: false };
      a.peer = b;
      define(one, STATE, a);
      define(two, STATE, b);
      Object.defineProperty(this, 'port1', { value: one, enumerable: true, configurable: true });
      Object.defineProperty(this, 'port2', { value: two, enumerable: true, configurable: true });
    }
    define(MessageChannel.prototype, Symbol.toStringTag, 'MessageChannel');

    var channels = new WeakMap();
    function BroadcastChannel(name) {
      if (!(this instanceof BroadcastChannel)) throw new TypeError("Constructor requires 'new' operator");
      if (arguments.length === 0) throw new TypeError('Not enough arguments');
      var record = { name: String(name), origin: realm.origin, realm: realm, channel: this, closed: false };
      channels.set(this, record);
      Object.defineProperty(this, 'name', { value: record.name, enumerable: true, configurable: true });
      var list = channelList();
      for (var i = list.length - 1; i >= 0; i--) if (list[i].closed || list[i].realm.isClosed()) list.splice(i, 1);
      list.push(record);
    }
    internals.mixinEventTarget(BroadcastChannel.prototype);
    internals.eventHandlers(BroadcastChannel.prototype, ['message', 'messageerror']);
    function recordOf(channel, what) {
      var record = channels.get(channel);
      if (!record) throw new TypeError('Can only call BroadcastChannel.' + what + ' on instances of BroadcastChannel');
      return record;
    }
    define(BroadcastChannel.prototype, 'postMessage', function postMessage(message) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      var record = recordOf(this, 'postMessage');
      if (record.closed) throw new DOMException("Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed", 'InvalidStateError');
      // Serialized at once (a DataCloneError throws here), deserialized into each receiver's realm in its task.
      broadcast(record, record.name, record.origin, internals.clone(message, [], "postMessage' on 'BroadcastChannel"));
    });
    define(BroadcastChannel.prototype, 'close', function close() {
      recordOf(this, 'close').closed = true;
    });
    define(BroadcastChannel.prototype, Symbol.toStringTag, 'BroadcastChannel');

    return { MessageChannel: MessageChannel, MessagePort: MessagePort, BroadcastChannel: BroadcastChannel, newPort: newPort };
  }
})
