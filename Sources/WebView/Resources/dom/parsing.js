(function (require, native, env) {
  'use strict';
  // DOMParser and XMLSerializer, set up on first use. HTML goes through domino's parser (scripts never run);
  // XML through Debian's node-xmldom, copied into a domino XML document so the page gets a real `Document`.
  // As in browsers, XML that is not well-formed gives a document holding a <parsererror> element, never an
  // exception. XMLSerializer is the DOM Parsing standard's XML serialization (node-xmldom's serializer reads
  // `tagName`, which is upper case for domino's HTML elements, and leaves out their namespace), without
  // the standard's prefix generation for attributes in undeclared namespaces.
  var g = globalThis, impl = env.impl;
  var HTML = 'http://www.w3.org/1999/xhtml', XMLNS = 'http://www.w3.org/2000/xmlns/';

  function lazy(name, make) {
    Object.defineProperty(g, name, {
      configurable: true,
      get: function () {
        var value = make();
        Object.defineProperty(g, name, { value: value, writable: true, configurable: true });
        if (env.platformMade) env.platformMade(g, [name]);
        return value;
      },
      set: function (value) { Object.defineProperty(g, name, { value: value, writable: true, configurable: true }); }
    });
  }

  // A node of node-xmldom's tree, copied into `doc` under `parent`.
  function copy(node, doc, parent) {
    var out;
    switch (node.nodeType) {
      case 1:
        out = doc.createElementNS(node.namespaceURI || null, node.tagName);
        for (var i = 0; i < node.attributes.length; i++) {
          var a = node.attributes.item(i);
          var ns = a.namespaceURI || (a.name === 'xmlns' || a.name.indexOf('xmlns:') === 0 ? XMLNS : null);
          out.setAttributeNS(ns, a.name, a.value);
        }
        break;
      case 3: out = doc.createTextNode(node.data); break;
      case 4: out = doc.createTextNode(node.data); break;   // domino has no CDATASection
      case 7: out = doc.createProcessingInstruction(node.target, node.data); break;
      case 8: out = doc.createComment(node.data); break;
      default: return;
    }
    parent.appendChild(out);
    for (var kid = node.firstChild; kid; kid = kid.nextSibling) copy(kid, doc, out);
  }
  function parseXML(text, type) {
    var lib = require('@xmldom/xmldom'), errors = [];
    var parsed = new lib.DOMParser({ locator: {}, errorHandler: function (level, message) {
      errors.push(String(message).replace(/^\[xmldom \w+\]\s*/, '').replace(/\n@#\[line:(\d+),col:(\d+)\]/, ' (line $1, column $2)'));
    } }).parseFromString(text, 'text/xml');
    var doc = new impl.DOMImplementation(null).createDocument(null, null, null);
    if (parsed && parsed.documentElement) {
      for (var kid = parsed.firstChild; kid; kid = kid.nextSibling) copy(kid, doc, doc);
    }
    if (!doc.documentElement || errors.length) {
      // WebKit's and Blink's shape: a <parsererror> (XHTML namespace) saying what went wrong, first in the
      // root element of what was read before the error, or the root itself when there is none.
      var error = doc.createElementNS(HTML, 'parsererror');
      error.setAttribute('style', 'display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; background-color: #fdd; color: black');
      var h3 = doc.createElementNS(HTML, 'h3');
      h3.textContent = 'This page contains the following errors:';
      var div = doc.createElementNS(HTML, 'div');
      div.setAttribute('style', 'font-family:monospace;font-size:12px');
      div.textContent = (errors[0] || (text.trim() ? 'Start tag expected, \'<\' not found' : 'Document is empty')) + '\n';
      error.appendChild(h3);
      error.appendChild(div);
      if (doc.documentElement) doc.documentElement.insertBefore(error, doc.documentElement.firstChild);
      else doc.appendChild(error);
    }
    doc._contentType = type;
    return doc;
  }
  var types = ['text/html', 'text/xml', 'application/xml', 'application/xhtml+xml', 'image/svg+xml'];

  lazy('DOMParser', function () {
    function DOMParser() {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    }
    Object.defineProperty(DOMParser.prototype, 'parseFromString', { writable: true, enumerable: true, configurable: true,
      value: function parseFromString(string, type) {
        if (arguments.length < 2) throw new TypeError('Not enough arguments');
        type = String(type);
        if (types.indexOf(type) < 0) throw new TypeError("Failed to execute 'parseFromString' on 'DOMParser': The provided value '" + type + "' is not a valid enum value of type DOMParserSupportedType.");
        // An HTMLDocument or XMLDocument (see env.documentMade), parsed: its readyState is 'complete', as on WebKit.
        var doc = type === 'text/html' ? env.documentMade(require('domino').createDocument(String(string), true)) : parseXML(String(string), type);
        doc._address = env.document._address;
        doc.readyState = 'complete';
        return doc;
      } });
    Object.defineProperty(DOMParser.prototype, Symbol.toStringTag, { value: 'DOMParser', configurable: true });
    return DOMParser;
  });

  // --- XML serialization (DOM Parsing): namespaces declared where an element's differs from its parent's
  var voids = /^(area|base|basefont|bgsound|br|col|embed|frame|hr|img|input|keygen|link|menuitem|meta|param|source|track|wbr)$/;
  function escapeText(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
  function escapeAttribute(s) { return escapeText(s).replace(/"/g, '&quot;'); }
  function serialize(node, defaultNS, out) {
    switch (node.nodeType) {
      case 1: {
        var name = node.prefix ? node.prefix + ':' + node.localName : node.localName, ns = node.namespaceURI;
        out.push('<' + name);
        var attributes = [], declared = false;
        for (var i = 0; i < node.attributes.length; i++) {
          var a = node.attributes[i];
          if (a.namespaceURI === XMLNS && a.localName === 'xmlns' && !a.prefix) declared = true;
          attributes.push(' ' + (a.prefix ? a.prefix + ':' : '') + a.localName + '="' + escapeAttribute(a.value) + '"');
        }
        if (!node.prefix && ns !== defaultNS && !declared) out.push(' xmlns="' + escapeAttribute(ns || '') + '"');
        out.push(attributes.join(''));
        if (!node.prefix) defaultNS = ns;
        if (!node.firstChild && !(ns === HTML && node.localName === 'template')) {
          out.push(ns === HTML ? (voids.test(node.localName) ? ' />' : '></' + name + '>') : '/>');
          return;
        }
        out.push('>');
        var kids = ns === HTML && node.localName === 'template' ? node.content : node;
        for (var kid = kids.firstChild; kid; kid = kid.nextSibling) serialize(kid, defaultNS, out);
        out.push('</' + name + '>');
        return;
      }
      case 3: out.push(escapeText(node.data)); return;
      case 4: out.push('<![CDATA[' + node.data + ']]>'); return;
      case 7: out.push('<?' + node.target + ' ' + node.data + '?>'); return;
      case 8: out.push('<!--' + node.data + '-->'); return;
      case 10:
        out.push('<!DOCTYPE ' + node.name + (node.publicId ? ' PUBLIC "' + node.publicId + '"' : node.systemId ? ' SYSTEM' : '') +
                 (node.systemId ? ' "' + node.systemId + '"' : '') + '>');
        return;
      default:   // document, fragment
        for (var child = node.firstChild; child; child = child.nextSibling) serialize(child, defaultNS, out);
    }
  }

  lazy('XMLSerializer', function () {
    function XMLSerializer() {
      if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    }
    Object.defineProperty(XMLSerializer.prototype, 'serializeToString', { writable: true, enumerable: true, configurable: true,
      value: function serializeToString(node) {
        if (!(node instanceof impl.Node)) throw new TypeError("Failed to execute 'serializeToString' on 'XMLSerializer': parameter 1 is not of type 'Node'.");
        var out = [];
        serialize(node, null, out);
        return out.join('');
      } });
    Object.defineProperty(XMLSerializer.prototype, Symbol.toStringTag, { value: 'XMLSerializer', configurable: true });
    return XMLSerializer;
  });
  return env;
})
