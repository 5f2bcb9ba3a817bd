(function (require, native, env) {
  'use strict';
  // Referrer policies of the document and its elements (the Swift half: ReferrerPolicy.swift, DocumentHandle's
  // referrerPolicy). A `<meta name="referrer">` in the document (head or body) sets the document's policy when it is
  // inserted, and again when its name or content changes; one that leaves the document leaves the policy as it is; a
  // content that names no policy is ignored (observed on WebKitGTK 2.50).
  var doc = env.document, HTML = 'http://www.w3.org/1999/xhtml';
  function process(el) {
    if (el.localName !== 'meta' || el.namespaceURI !== HTML || !el.isConnected || el.ownerDocument !== doc) return;
    if ((el.getAttribute('name') || '').toLowerCase() !== 'referrer') return;
    var content = el.getAttribute('content');
    if (content !== null) native.setReferrerPolicy(content);
  }
  var previousHandler = doc.mutationHandler;
  doc._setMutationHandler(function (m) {
    if (previousHandler) previousHandler(m);
    if (m.type === 6) {            // INSERT: the node and its subtree
      var node = m.node;
      if (!node || node.nodeType !== 1) return;
      if (node.localName === 'meta') process(node);
      else if (node.firstElementChild) Array.prototype.forEach.call(node.getElementsByTagName('meta'), process);
    } else if (m.type === 2) {     // ATTR
      if (m.target && m.target.localName === 'meta' && m.attr && /^(name|content)$/.test(m.attr.localName)) process(m.target);
    }
  });

  // HTMLScriptElement.referrerPolicy, reflected as domino reflects it on <a>, <area>, <img>, <link> and <iframe>: one
  // of the policies, lowercased, else ''.
  var policies = ['no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin',
    'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'];
  var script = Object.getPrototypeOf(doc.createElement('script'));
  if (!Object.getOwnPropertyDescriptor(script, 'referrerPolicy')) {
    Object.defineProperty(script, 'referrerPolicy', {
      get: function referrerPolicy() {
        var value = (this.getAttribute('referrerpolicy') || '').toLowerCase();
        return policies.indexOf(value) >= 0 ? value : '';
      },
      set: function referrerPolicy(value) { this.setAttribute('referrerpolicy', String(value)); },
      enumerable: true, configurable: true,
    });
  }
  return env;
})
