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

  // The navigation a link or an area starts (domino's activation assigns `location`, page.js's env.navigateFrom) and a
  // form's submission (env.navigate, dom/form-submission.js, with the form) carry its policy: `rel=noreferrer` (links,
  // areas, forms) sends no Referer and leaves the next page's `document.referrer` empty, else the element's
  // `referrerpolicy` (links and areas; forms have none) replaces the document's (observed on WebKitGTK 2.50).
  function elementPolicy(el) {
    if (!el || el.nodeType !== 1) return null;
    if (/(^|\s)noreferrer(\s|$)/i.test(el.getAttribute('rel') || '')) return 'no-referrer';
    return el.localName === 'form' ? null : el.referrerPolicy || null;
  }
  var clicked = null;
  doc.addEventListener('click', function (event) {
    var el = event.target;
    while (el && el.nodeType === 1 && el.localName !== 'a' && el.localName !== 'area') el = el.parentNode;
    clicked = el && el.nodeType === 1 ? el : null;
  });
  var navigateFrom = env.navigateFrom;
  env.navigateFrom = function (url, type) {
    var link = clicked;
    clicked = null;
    return withPolicy(link && type === 'location' && link.href === String(url) ? elementPolicy(link) : null, navigateFrom, this, arguments);
  };
  var navigate = env.navigate;
  env.navigate = function (url, type, replace, form) {
    return withPolicy(type === 'formSubmitted' ? elementPolicy(form) : null, navigate, this, arguments);
  };
  function withPolicy(policy, f, self, args) {
    if (policy === null) return f.apply(self, args);
    native.setNavigationReferrerPolicy(policy);
    try { return f.apply(self, args); } finally { native.setNavigationReferrerPolicy(null); }
  }

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
