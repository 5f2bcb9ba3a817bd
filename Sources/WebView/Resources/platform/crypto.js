(function (global, native, internals) {
  'use strict';
  // Web Cryptography: `crypto.getRandomValues`, `crypto.randomUUID` and the part of `crypto.subtle` hybrid pages use
  // (SHA digests, HMAC, AES-GCM, AES-CBC, AES-CTR, PBKDF2, HKDF, key wrapping with the AES ciphers), on libgcrypt through
  // `native.cryptoNatives()` (CryptoNatives.swift).
  // Installed on first use. As in WebKit, `subtle`, `randomUUID`, `SubtleCrypto` and `CryptoKey` exist only in a secure
  // context (`native.secureContext`: not on an `http:` page of a host other than localhost).
  var secure = !!native.secureContext;
  var names = secure ? ['crypto', 'Crypto', 'SubtleCrypto', 'CryptoKey'] : ['crypto', 'Crypto'];
  internals.lazy(names, function () {
    var define = internals.define;
    var natives = native.cryptoNatives();
    var illegal = internals.illegalConstructor;
    // WebKit's words for each of these names, whatever the cause (observed on WebKitGTK 2.50): `message`, the cause,
    // is the page's only for the others (InvalidAccessError's, which are WebKit's own).
    var webKitWords = {
      NotSupportedError: 'The operation is not supported.', SyntaxError: 'A required parameter was missing or out-of-range',
      OperationError: 'The operation failed for an operation-specific reason',
      DataError: 'Data provided to an operation does not meet requirements', QuotaExceededError: 'The quota has been exceeded.',
      TypeMismatchError: 'The type of an object was incompatible with the expected type of the parameter associated to the object.'
    };
    function fail(name, message) { return new DOMException(webKitWords[name] || message, name); }
    function brand(prototype, tag) {
      Object.defineProperty(prototype, Symbol.toStringTag, { value: tag, configurable: true });
    }
    function getter(prototype, name, get) {
      Object.defineProperty(prototype, name, { get: get, enumerable: true, configurable: true });
    }

    // A BufferSource's bytes (honouring a view's offset and length), copied as the standard asks; TypeError otherwise
    // (`what`: WebKit's words, else its "Type error").
    function copyBytes(value, what) {
      var bytes = internals.toBytes(value);
      if (!bytes) throw new TypeError(what || 'Type error');
      return bytes.slice();
    }

    var Crypto = illegal('Crypto');
    var integerArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
      'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
    define(Crypto.prototype, 'getRandomValues', function getRandomValues(array) {
      if (arguments.length === 0) throw new TypeError('Not enough arguments');   // WebKit's words
      if (!ArrayBuffer.isView(array)) {
        throw new TypeError("Argument 1 ('array') to Crypto.getRandomValues must be an instance of ArrayBufferView");
      }
      var kind = Object.prototype.toString.call(array).slice(8, -1);
      if (integerArrays.indexOf(kind) < 0) {
        throw fail('TypeMismatchError', "Failed to execute 'getRandomValues' on 'Crypto': the array is not an integer array");
      }
      if (array.byteLength > 65536) {
        throw fail('QuotaExceededError', "Failed to execute 'getRandomValues' on 'Crypto': the array's byte length (" +
          array.byteLength + ') exceeds the number of bytes of entropy available via this API (65536)');
      }
      natives.fillRandom(array);
      return array;
    });
    var hex = [];
    for (var h = 0; h < 256; h++) hex.push((h < 16 ? '0' : '') + h.toString(16));
    if (secure) {
      define(Crypto.prototype, 'randomUUID', function randomUUID() {
        var b = new Uint8Array(16);
        natives.fillRandom(b);
        b[6] = (b[6] & 0x0f) | 0x40;  // version 4
        b[8] = (b[8] & 0x3f) | 0x80;  // variant 10
        var s = '';
        for (var i = 0; i < 16; i++) s += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + hex[b[i]];
        return s;
      });
    }
    brand(Crypto.prototype, 'Crypto');
    var crypto = Object.create(Crypto.prototype);
    define(global, 'Crypto', Crypto);
    define(global, 'crypto', crypto);  // [Replaceable]: a page may assign its own
    if (!secure) return;

    // ---- CryptoKey ----
    var keys = new WeakMap();  // CryptoKey -> { type, extractable, algorithm, usages, bytes }
    var CryptoKey = illegal('CryptoKey');
    function slot(key) {
      var data = keys.get(key);
      if (!data) throw new TypeError('The value is not a CryptoKey');
      return data;
    }
    getter(CryptoKey.prototype, 'type', function () { return slot(this).type; });
    getter(CryptoKey.prototype, 'extractable', function () { return slot(this).extractable; });
    getter(CryptoKey.prototype, 'algorithm', function () { return slot(this).algorithm; });
    getter(CryptoKey.prototype, 'usages', function () { return slot(this).usages; });
    brand(CryptoKey.prototype, 'CryptoKey');
    function makeKey(algorithm, extractable, usages, bytes) {
      var key = Object.create(CryptoKey.prototype);
      // The usages in alphabetical order, as WebKit lists them.
      keys.set(key, { type: 'secret', extractable: !!extractable, algorithm: algorithm, usages: usages.slice().sort(), bytes: bytes });
      return key;
    }

    // ---- algorithm normalization ----
    var hashes = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];
    var hashBlockBits = { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024, 'SHA-512': 1024 };
    var allUsages = ['encrypt', 'decrypt', 'sign', 'verify', 'deriveKey', 'deriveBits', 'wrapKey', 'unwrapKey'];
    var aesUsages = ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'];
    var kdfUsages = ['deriveKey', 'deriveBits'];
    var usagesOf = { 'AES-GCM': aesUsages, 'AES-CBC': aesUsages, 'AES-CTR': aesUsages, HMAC: ['sign', 'verify'],
                     PBKDF2: kdfUsages, HKDF: kdfUsages };
    // Which operations each algorithm supports here; any other name, or one of WebCrypto's other algorithms (RSA,
    // ECDSA, ECDH, Ed25519, X25519, AES-KW), is a NotSupportedError.
    var ciphers = ['AES-GCM', 'AES-CBC', 'AES-CTR'];
    var operations = {
      digest: hashes,
      generateKey: ['HMAC'].concat(ciphers),
      importKey: ['HMAC'].concat(ciphers, ['PBKDF2', 'HKDF']),
      sign: ['HMAC'], verify: ['HMAC'],
      encrypt: ciphers, decrypt: ciphers,
      deriveBits: ['PBKDF2', 'HKDF'],
      'get key length': ['HMAC'].concat(ciphers)
    };
    var derivation = { PBKDF2: true, HKDF: true };   // key-derivation keys: raw import only, never extractable
    // The operations whose parameters (HmacImportParams, HmacKeyGenParams, Pbkdf2Params, HkdfParams) require a hash.
    var hashRequired = { importKey: ['HMAC'], generateKey: ['HMAC'], deriveBits: ['PBKDF2', 'HKDF'], 'get key length': ['HMAC'] };
    function normalize(operation, algorithm) {
      // Anything but an object is a name (5: an unknown algorithm); the TypeErrors are in WebKit's words.
      if (algorithm === null || (typeof algorithm !== 'object' && typeof algorithm !== 'function')) {
        return normalize(operation, { name: String(algorithm) });
      }
      if (algorithm.name === undefined) {
        throw new TypeError('Member CryptoAlgorithmParameters.name is required and must be an instance of DOMString');
      }
      var wanted = String(algorithm.name).toUpperCase(), list = operations[operation];
      for (var i = 0; i < list.length; i++) {
        if (list[i].toUpperCase() !== wanted) continue;
        var result = { name: list[i] };
        for (var member in algorithm) if (member !== 'name') result[member] = algorithm[member];
        if (result.hash !== undefined || (hashRequired[operation] || []).indexOf(list[i]) >= 0) {
          if (result.hash === undefined) {
            throw new TypeError('Member ' + (list[i] === 'HMAC' ? 'HmacKeyParams' : paramsNames[list[i]]) +
              '.hash is required and must be an instance of (object or DOMString)');
          }
          result.hash = normalize('digest', result.hash);
        }
        return result;
      }
      throw fail('NotSupportedError', "Algorithm '" + algorithm.name + "' is not supported for " + operation +
        ' (supported: ' + list.join(', ') + ')');
    }
    function number(value, what, required) {
      if (value === undefined) {
        if (required) throw new TypeError(what + ' is required');
        return undefined;
      }
      var n = Number(value);
      if (!isFinite(n)) throw new TypeError(what + ' is not a finite number');
      return Math.trunc(n);
    }
    function checkUsages(list, allowed) {
      if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function') {
        throw new TypeError('Value is not a sequence');
      }
      var usages = [];
      Array.from(list).forEach(function (value) {
        var usage = String(value);
        if (allUsages.indexOf(usage) < 0) throw new TypeError('Type error');
        if (allowed.indexOf(usage) < 0) throw fail('SyntaxError', "The usage '" + usage + "' is not allowed for this key");
        if (usages.indexOf(usage) < 0) usages.push(usage);
      });
      return usages;
    }
    function requireUsages(usages) {
      if (usages.length === 0) throw fail('SyntaxError', 'A secret key must have at least one usage');
    }
    function keyAlgorithm(name, bits, hash) {
      return derivation[name] ? { name: name } : hash ? { name: name, hash: { name: hash }, length: bits } : { name: name, length: bits };
    }
    var usageWords = { encrypt: "CryptoKey doesn't support encryption", decrypt: "CryptoKey doesn't support decryption",
                       sign: "CryptoKey doesn't support signing", verify: "CryptoKey doesn't support verification",
                       deriveKey: "CryptoKey doesn't support CryptoKey derivation", deriveBits: "CryptoKey doesn't support bits derivation",
                       wrapKey: "Wrapping CryptoKey doesn't support wrapKey operation",
                       unwrapKey: "Unwrapping CryptoKey doesn't support unwrapKey operation" };
    // Checks that `key` is a CryptoKey for `algorithm` that allows `usage` (WebKit's words when not); its internal data.
    function usable(key, algorithm, usage) {
      var data = slot(key);
      if (data.algorithm.name !== algorithm.name) throw fail('InvalidAccessError', "CryptoKey doesn't match AlgorithmIdentifier");
      if (data.usages.indexOf(usage) < 0) throw fail('InvalidAccessError', usageWords[usage]);
      return data;
    }
    function checked(result, message) {
      if (result === null) throw fail('OperationError', message);
      return result;
    }

    // ---- base64url, for JWK ----
    function base64url(bytes) {
      var text = '';
      for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
      return global.btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }
    function fromBase64url(text) {
      if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
        throw fail('DataError', "The JWK member 'k' is not base64url");
      }
      var binary = global.atob(text.replace(/-/g, '+').replace(/_/g, '/'));
      var bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    }
    function jwkName(algorithm, bits) {
      if (algorithm.name === 'HMAC') return 'HS' + algorithm.hash.name.slice(4);
      return 'A' + bits + algorithm.name.slice(4);
    }

    // ---- the operations ----
    function aesLength(bits) {
      if (bits !== 128 && bits !== 192 && bits !== 256) throw fail('OperationError', 'AES key length must be 128, 192 or 256 bits');
      return bits;
    }
    function hmacLength(algorithm) {
      var bits = number(algorithm.length, 'HMAC length', false);
      if (bits === undefined) return hashBlockBits[algorithm.hash.name];
      if (bits === 0 || bits % 8 !== 0) throw fail('OperationError', 'HMAC key length must be a non-zero multiple of 8 bits here');
      return bits;
    }
    function keyLength(algorithm) {
      return algorithm.name === 'HMAC' ? hmacLength(algorithm) : aesLength(number(algorithm.length, 'AES length', true));
    }
    function importKey(format, keyData, algorithm, extractable, usageList) {
      var usages = checkUsages(usageList, usagesOf[algorithm.name]);
      var name = algorithm.name, bytes, hash = name === 'HMAC' ? algorithm.hash.name : undefined;
      if (format === 'raw') {
        bytes = keyData;
      } else if (format === 'jwk' && !derivation[name]) {
        var jwk = keyData;
        if (jwk.kty !== 'oct') throw fail('DataError', "The JWK's kty must be 'oct'");
        if (jwk.k === undefined) throw fail('DataError', "The JWK has no 'k'");
        bytes = fromBase64url(jwk.k);
        if (jwk.use !== undefined && jwk.use !== (name === 'HMAC' ? 'sign' : 'enc')) {
          throw fail('DataError', "The JWK's 'use' does not allow this algorithm");
        }
        if (jwk.key_ops !== undefined) {
          if (!Array.isArray(jwk.key_ops)) throw fail('DataError', "The JWK's key_ops is not a list");
          usages.forEach(function (usage) {
            if (jwk.key_ops.indexOf(usage) < 0) throw fail('DataError', "The JWK's key_ops do not allow '" + usage + "'");
          });
        }
        if (jwk.ext === false && extractable) throw fail('DataError', 'The JWK is not extractable');
        if (jwk.alg !== undefined && name !== 'HMAC' && [16, 24, 32].indexOf(bytes.length) >= 0 &&
            jwk.alg !== jwkName(algorithm, bytes.length * 8)) {
          throw fail('DataError', "The JWK's alg '" + jwk.alg + "' does not match the key");
        }
        if (jwk.alg !== undefined && name === 'HMAC' && jwk.alg !== jwkName(algorithm)) {
          throw fail('DataError', "The JWK's alg '" + jwk.alg + "' does not match the hash " + hash);
        }
      } else {
        throw fail('NotSupportedError', "The key format '" + format + "' is not supported for " + name);
      }
      var bits = bytes.length * 8;
      if (derivation[name]) {
        if (extractable) throw fail('SyntaxError', 'A ' + name + ' key cannot be extractable');
      } else if (name === 'HMAC') {
        if (bits === 0) throw fail('DataError', 'An HMAC key cannot be empty');
        var length = number(algorithm.length, 'HMAC length', false);
        if (length !== undefined && length !== bits) {
          throw fail('DataError', 'The HMAC length ' + length + ' does not match the key data (' + bits + ' bits)');
        }
      } else if ([128, 192, 256].indexOf(bits) < 0) {
        throw fail('DataError', 'AES key data must be 16, 24 or 32 bytes, not ' + bytes.length);
      }
      requireUsages(usages);
      return makeKey(keyAlgorithm(name, bits, hash), extractable, usages, bytes);
    }
    function deriveBits(algorithm, data, length) {
      if (length === null || length === undefined || length === 0 || length % 8 !== 0) {
        throw fail('OperationError', algorithm.name + ' length must be a non-zero multiple of 8');
      }
      if (algorithm.name === 'HKDF') {
        return checked(natives.hkdf(algorithm.hash.name, data.bytes, algorithm.salt, algorithm.info, length / 8),
          'HKDF cannot derive more than 255 blocks of its hash');
      }
      var iterations = number(algorithm.iterations, 'PBKDF2 iterations', true);
      if (iterations <= 0) throw fail('OperationError', 'PBKDF2 iterations must be positive');
      return checked(natives.pbkdf2(algorithm.hash.name, data.bytes, algorithm.salt, iterations, length / 8),
        'PBKDF2 failed (libgcrypt refuses an empty salt)');
    }
    function cipher(encrypt, algorithm, data, bytes) {
      if (algorithm.name === 'AES-CTR') {
        var length = number(algorithm.length, 'AES-CTR length', true);
        if (algorithm.counter.length !== 16) throw fail('OperationError', 'The AES-CTR counter must be 16 bytes');
        if (length === 0 || length > 128) throw fail('OperationError', 'The AES-CTR length must be between 1 and 128 bits');
        return checked(natives.aesCTR(data.bytes, algorithm.counter, length, bytes),
          'AES-CTR failed: the counter would repeat within the data');
      }
      if (algorithm.name === 'AES-CBC') {
        if (algorithm.iv.length !== 16) throw fail('OperationError', 'The AES-CBC iv must be 16 bytes');
        return checked(natives.aesCBC(encrypt, data.bytes, algorithm.iv, bytes),
          encrypt ? 'AES-CBC encryption failed' : 'AES-CBC decryption failed: bad length or padding');
      }
      var tagLength = number(algorithm.tagLength, 'tagLength', false);
      if (tagLength === undefined) tagLength = 128;
      if ([32, 64, 96, 104, 112, 120, 128].indexOf(tagLength) < 0) throw fail('OperationError', 'Invalid AES-GCM tagLength ' + tagLength);
      if (algorithm.iv.length === 0) throw fail('OperationError', 'The AES-GCM iv cannot be empty');
      return checked(natives.aesGCM(encrypt, data.bytes, algorithm.iv, algorithm.additionalData || new Uint8Array(0),
        tagLength / 8, bytes), encrypt ? 'AES-GCM encryption failed' : 'AES-GCM decryption failed: the data or tag is not authentic');
    }
    var paramsNames = { 'AES-GCM': 'AesGcmParams', 'AES-CBC': 'AesCbcCfbParams', 'AES-CTR': 'AesCtrParams', PBKDF2: 'Pbkdf2Params', HKDF: 'HkdfParams' };
    var requiredBytes = { 'AES-GCM': ['iv'], 'AES-CBC': ['iv'], 'AES-CTR': ['counter'], PBKDF2: ['salt'], HKDF: ['salt', 'info'] };
    // Normalizes the members of a cipher's or a KDF's parameters that are BufferSources, copying their bytes.
    function withBytes(algorithm) {
      var dictionary = paramsNames[algorithm.name];
      function bad(member) {   // WebKit's words
        return 'Member ' + dictionary + '.' + member + ' is required and must be an instance of (ArrayBufferView or ArrayBuffer)';
      }
      ['iv', 'additionalData', 'salt', 'info', 'counter'].forEach(function (member) {
        if (algorithm[member] !== undefined) algorithm[member] = copyBytes(algorithm[member]);
      });
      (requiredBytes[algorithm.name] || []).forEach(function (member) {
        if (!algorithm[member]) throw new TypeError(bad(member));
      });
      return algorithm;
    }

    // Runs `steps` (argument conversion, synchronously, as the standard's steps before "in parallel"), then the
    // work it returns in a later microtask; a throw at either stage rejects the promise.
    function run(steps) {
      var work;
      try { work = steps(); } catch (error) { return Promise.reject(error); }
      return Promise.resolve().then(work);
    }
    // The export key operation of a key whose algorithm and extractability allow it: an ArrayBuffer or a JWK.
    function exportKeyData(format, key) {
      var data = slot(key), name = data.algorithm.name;
      if (derivation[name]) throw fail('NotSupportedError', name + ' keys cannot be exported');
      if (!data.extractable) throw fail('InvalidAccessError', 'The CryptoKey is nonextractable');
      if (format === 'raw') return data.bytes.slice().buffer;
      if (format !== 'jwk') throw fail('NotSupportedError', "The key format '" + format + "' is not supported for " + name);
      return { kty: 'oct', k: base64url(data.bytes), alg: jwkName(data.algorithm, data.algorithm.length),
               key_ops: data.usages.slice(), ext: data.extractable };
    }
    // Argument `position` (`name`) of `method` must be a CryptoKey: WebKit's words when not.
    function keyArgument(key, method, position, name) {
      if (!keys.has(key)) {
        throw new TypeError('Argument ' + position + " ('" + (name || 'key') + "') to SubtleCrypto." + method + ' must be an instance of CryptoKey');
      }
      return key;
    }
    function checkFormat(format, method) {
      format = String(format);
      if (['raw', 'spki', 'pkcs8', 'jwk'].indexOf(format) < 0) {
        throw new TypeError("Argument 1 ('format') to SubtleCrypto." + method + ' must be one of: "raw", "spki", "pkcs8", "jwk"');
      }
      return format;
    }

    var SubtleCrypto = illegal('SubtleCrypto');
    var methods = {
      digest: function digest(algorithm, data) {
        return run(function () {
          var bytes = copyBytes(data), normalized = normalize('digest', algorithm);
          return function () { return natives.digest(normalized.name, bytes); };
        });
      },
      generateKey: function generateKey(algorithm, extractable, keyUsages) {
        return run(function () {
          var normalized = normalize('generateKey', algorithm);
          return function () {
            var usages = checkUsages(keyUsages, usagesOf[normalized.name]);
            var bits = keyLength(normalized), bytes = new Uint8Array(bits / 8);
            natives.fillRandom(bytes);
            requireUsages(usages);
            return makeKey(keyAlgorithm(normalized.name, bits, normalized.hash && normalized.hash.name), extractable, usages, bytes);
          };
        });
      },
      importKey: function importKey_(format, keyData, algorithm, extractable, keyUsages) {
        return run(function () {
          format = checkFormat(format, 'importKey');
          var data;
          if (format === 'jwk') {
            if (keyData === null || typeof keyData !== 'object' || internals.toBytes(keyData)) throw new TypeError('Type error');
            data = keyData;
          } else {
            data = copyBytes(keyData);
          }
          var normalized = normalize('importKey', algorithm);
          return function () { return importKey(format, data, normalized, !!extractable, keyUsages); };
        });
      },
      exportKey: function exportKey(format, key) {
        return run(function () {
          format = checkFormat(format, 'exportKey');
          keyArgument(key, 'exportKey', 2);
          return function () { return exportKeyData(format, key); };
        });
      },
      // wrapKey and unwrapKey with the ciphers here (AES-GCM, AES-CBC), as the standard falls back to `encrypt` and
      // `decrypt` for algorithms without a wrap operation of their own (AES-KW is not supported).
      wrapKey: function wrapKey(format, key, wrappingKey, wrapAlgorithm) {
        return run(function () {
          format = checkFormat(format, 'wrapKey');
          var normalized = withBytes(normalize('encrypt', wrapAlgorithm));
          keyArgument(key, 'wrapKey', 2);
          keyArgument(wrappingKey, 'wrapKey', 3, 'wrappingKey');
          return function () {
            var wrapping = usable(wrappingKey, normalized, 'wrapKey');
            var exported = exportKeyData(format, key);
            var bytes = format === 'jwk' ? new TextEncoder().encode(JSON.stringify(exported)) : new Uint8Array(exported);
            return cipher(true, normalized, wrapping, bytes);
          };
        });
      },
      unwrapKey: function unwrapKey(format, wrappedKey, unwrappingKey, unwrapAlgorithm, unwrappedKeyAlgorithm, extractable, keyUsages) {
        return run(function () {
          format = checkFormat(format, 'unwrapKey');
          var bytes = copyBytes(wrappedKey);
          var normalized = withBytes(normalize('decrypt', unwrapAlgorithm));
          var keyAlgorithm = normalize('importKey', unwrappedKeyAlgorithm);
          keyArgument(unwrappingKey, 'unwrapKey', 3, 'unwrappingKey');
          return function () {
            var plain = new Uint8Array(cipher(false, normalized, usable(unwrappingKey, normalized, 'unwrapKey'), bytes));
            var keyData = plain;
            if (format === 'jwk') {
              try { keyData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)); } catch (e) { keyData = null; }
              if (keyData === null || typeof keyData !== 'object') throw fail('DataError', 'The unwrapped key is not a JWK');
            }
            return importKey(format, keyData, keyAlgorithm, !!extractable, keyUsages);
          };
        });
      },
      sign: function sign(algorithm, key, data) {
        return run(function () {
          keyArgument(key, 'sign', 2);
          var bytes = copyBytes(data), normalized = normalize('sign', algorithm);
          return function () {
            var k = usable(key, normalized, 'sign');
            return checked(natives.hmac(k.algorithm.hash.name, k.bytes, bytes), 'HMAC failed');
          };
        });
      },
      verify: function verify(algorithm, key, signature, data) {
        return run(function () {
          keyArgument(key, 'verify', 2);   // the arguments in order, as WebKit converts them
          var expected = copyBytes(signature), bytes = copyBytes(data);
          var normalized = normalize('verify', algorithm);
          return function () {
            var k = usable(key, normalized, 'verify');
            return natives.hmacVerify(k.algorithm.hash.name, k.bytes, bytes, expected);
          };
        });
      },
      encrypt: function encrypt(algorithm, key, data) {
        return run(function () {
          keyArgument(key, 'encrypt', 2);
          var bytes = copyBytes(data), normalized = withBytes(normalize('encrypt', algorithm));
          return function () { return cipher(true, normalized, usable(key, normalized, 'encrypt'), bytes); };
        });
      },
      decrypt: function decrypt(algorithm, key, data) {
        return run(function () {
          keyArgument(key, 'decrypt', 2);
          var bytes = copyBytes(data), normalized = withBytes(normalize('decrypt', algorithm));
          return function () { return cipher(false, normalized, usable(key, normalized, 'decrypt'), bytes); };
        });
      },
      deriveBits: function deriveBits_(algorithm, baseKey, length) {
        return run(function () {
          var normalized = withBytes(normalize('deriveBits', algorithm));
          var bits = length === null || length === undefined ? null : number(length, 'length', true);
          keyArgument(baseKey, 'deriveBits', 2, 'baseKey');
          return function () { return deriveBits(normalized, usable(baseKey, normalized, 'deriveBits'), bits); };
        });
      },
      deriveKey: function deriveKey(algorithm, baseKey, derivedKeyType, extractable, keyUsages) {
        return run(function () {
          var normalized = withBytes(normalize('deriveBits', algorithm));
          var importType = normalize('importKey', derivedKeyType), lengthType = normalize('get key length', derivedKeyType);
          keyArgument(baseKey, 'deriveKey', 2, 'baseKey');
          return function () {
            var data = usable(baseKey, normalized, 'deriveKey');
            var bits = deriveBits(normalized, data, keyLength(lengthType));
            return importKey('raw', new Uint8Array(bits), importType, !!extractable, keyUsages);
          };
        });
      }
    };
    // The required arguments of each method (deriveBits' length is optional here).
    var arity = { digest: 2, generateKey: 3, importKey: 5, exportKey: 2, wrapKey: 4, unwrapKey: 7, sign: 3, verify: 4,
                  encrypt: 3, decrypt: 3, deriveBits: 2, deriveKey: 5 };
    Object.keys(methods).forEach(function (name) {
      define(SubtleCrypto.prototype, name, function () {
        if (!(this instanceof SubtleCrypto)) return Promise.reject(new TypeError('Illegal invocation'));
        if (arguments.length < arity[name]) return Promise.reject(new TypeError('Not enough arguments'));   // WebKit's words
        return methods[name].apply(this, arguments);
      });
    });
    brand(SubtleCrypto.prototype, 'SubtleCrypto');
    var subtle = Object.create(SubtleCrypto.prototype);
    getter(Crypto.prototype, 'subtle', function () { return subtle; });
    define(global, 'SubtleCrypto', SubtleCrypto);
    define(global, 'CryptoKey', CryptoKey);
  });
})
