import Foundation
import JavaScript
import Testing
@testable import WebView

/// Web Cryptography (`platform/crypto.js` on libgcrypt through `CryptoNatives`): `getRandomValues`, `randomUUID` and
/// `crypto.subtle` against the standards' test vectors, round trips, the WebCrypto errors, the secure-context rule and
/// the lazy installation. Each test loads its own page in its own web view.
@Suite struct CryptoTests {
    /// Helpers every page script gets: `hex(buffer)`, `bytes(hex)`, `text(string)` and `error(promise)` (the name of
    /// its rejection, or 'resolved').
    private static let helpers = """
        const hex = b => Array.from(new Uint8Array(b), x => x.toString(16).padStart(2, '0')).join('');
        const bytes = h => new Uint8Array(h.match(/../g).map(x => parseInt(x, 16)));
        const text = s => new TextEncoder().encode(s);
        const error = p => p.then(() => 'resolved', e => (e instanceof DOMException ? 'DOMException:' : e.constructor.name + ':') + e.name);
        const subtle = crypto.subtle;
        """

    /// Runs `body` (an async function's body) in a fresh page at `base` and returns what it returns.
    private func run(_ body: String, at base: String = "https://app.test/index.html", helpers: Bool = true) async throws -> JSONValue {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<p>crypto</p>", baseURL: URL(string: base)!)
        let value = try await webView.callAsyncJavaScript("(async () => { \(helpers ? Self.helpers : "")\n\(body) })()")
        #expect(log.exceptions.isEmpty)
        await webView.close()
        return value
    }

    @Test func shaDigestsOfFIPS180Vectors() async throws {
        let out = try await run("""
            const out = [];
            for (const name of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
              out.push(hex(await subtle.digest(name, text('abc'))), hex(await subtle.digest({ name }, new ArrayBuffer(0))));
            }
            // A view's own bytes count, not its whole buffer; the name is case-insensitive.
            const padded = new Uint8Array([0x78, 0x61, 0x62, 0x63, 0x78]);
            out.push(hex(await subtle.digest('sha-256', new DataView(padded.buffer, 1, 3))));
            out.push((await subtle.digest('SHA-256', text('abc'))) instanceof ArrayBuffer);
            return out;
            """)
        #expect(out == [
            "a9993e364706816aba3e25717850c26c9cd0d89d", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
            "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            true,
        ])
    }

    @Test func hmacSHA256OfRFC4231CasesOneAndTwoSignsAndVerifies() async throws {
        let out = try await run("""
            const params = { name: 'HMAC', hash: 'SHA-256' };
            const one = await subtle.importKey('raw', new Uint8Array(20).fill(0x0b), params, false, ['sign', 'verify']);
            const two = await subtle.importKey('raw', text('Jefe'), params, false, ['sign']);
            const signature = await subtle.sign('HMAC', one, text('Hi There'));
            const tampered = new Uint8Array(signature.slice(0)); tampered[0] ^= 1;
            return [hex(signature), hex(await subtle.sign({ name: 'hmac' }, two, text('what do ya want for nothing?'))),
                    await subtle.verify('HMAC', one, signature, text('Hi There')),
                    await subtle.verify('HMAC', one, tampered, text('Hi There')),
                    await subtle.verify('HMAC', one, signature.slice(0, 16), text('Hi There')),
                    one.type, one.extractable, one.algorithm.name, one.algorithm.hash.name, one.algorithm.length, one.usages,
                    Object.prototype.toString.call(one), one instanceof CryptoKey];
            """)
        #expect(out == [
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            true, false, false, "secret", false, "HMAC", "SHA-256", 160, ["sign", "verify"], "[object CryptoKey]", true,
        ])
    }

    @Test func aesGCMOfMcGrewViegaCasesWithAdditionalData() async throws {
        let out = try await run("""
            const p = bytes('d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39');
            const params = { name: 'AES-GCM', iv: bytes('cafebabefacedbaddecaf888'), additionalData: bytes('feedfacedeadbeeffeedfacedeadbeefabaddad2') };
            const out = [];
            for (const k of ['feffe9928665731c6d6a8f9467308308', 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308']) {
              const key = await subtle.importKey('raw', bytes(k), 'AES-GCM', false, ['encrypt', 'decrypt']);
              const sealed = await subtle.encrypt(params, key, p);
              out.push(hex(sealed), hex(await subtle.decrypt(params, key, sealed)) === hex(p), key.algorithm.length);
            }
            const key = await subtle.importKey('raw', bytes('feffe9928665731c6d6a8f9467308308'), 'AES-GCM', false, ['encrypt']);
            out.push(hex(await subtle.encrypt({ ...params, tagLength: 96 }, key, p)).slice(-24));
            return out;
            """)
        #expect(out == [
            .string("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
                + "5bc94fbc3221a5db94fae95ae7121a47"), true, 128,
            .string("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
                + "76fc6ece0f4e1768cddf8853bb2d551b"), true, 256,
            "5bc94fbc3221a5db94fae95a",
        ])
    }

    @Test func aesCBCOfSP80038AWithPKCS7Padding() async throws {
        let out = try await run("""
            const key = await subtle.importKey('raw', bytes('2b7e151628aed2a6abf7158809cf4f3c'), { name: 'AES-CBC' }, true, ['encrypt', 'decrypt']);
            const iv = bytes('000102030405060708090a0b0c0d0e0f');
            const plain = bytes('6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710');
            const sealed = await subtle.encrypt({ name: 'AES-CBC', iv }, key, plain);
            const short = await subtle.encrypt({ name: 'AES-CBC', iv }, key, text('hi'));
            const broken = new Uint8Array(sealed.slice(0)); broken[broken.length - 1] ^= 0xff;
            return [hex(sealed), hex(await subtle.decrypt({ name: 'AES-CBC', iv }, key, sealed)) === hex(plain),
                    short.byteLength, new TextDecoder().decode(await subtle.decrypt({ name: 'AES-CBC', iv }, key, short)),
                    await error(subtle.decrypt({ name: 'AES-CBC', iv }, key, broken)),
                    await error(subtle.decrypt({ name: 'AES-CBC', iv }, key, sealed.slice(0, 20))),
                    await error(subtle.encrypt({ name: 'AES-CBC', iv: iv.subarray(0, 12) }, key, plain))];
            """)
        #expect(out == [
            .string("7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e22229516"
                + "3ff1caa1681fac09120eca307586e1a78cb82807230e1321d3fae00d18cc2012"),
            true, 16, "hi", "DOMException:OperationError", "DOMException:OperationError", "DOMException:OperationError",
        ])
    }

    /// AES-CTR: NIST SP 800-38A F.5.1/F.5.2 (CTR-AES128), and WebCrypto's short counters: the rightmost `length` bits
    /// wrap to zero without carrying into the rest, and data needing more blocks than the counter has values fails.
    @Test func aesCTROfSP80038AAndCounterWrap() async throws {
        let out = try await run("""
            const key = await subtle.importKey('raw', bytes('2b7e151628aed2a6abf7158809cf4f3c'), 'AES-CTR', true, ['encrypt', 'decrypt']);
            const counter = bytes('f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff');
            const plain = bytes('6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51');
            const sealed = await subtle.encrypt({ name: 'AES-CTR', counter, length: 64 }, key, plain);
            const wrapAt = bytes('000102030405060708090a0b0c0d0eff'), wrapped = bytes('000102030405060708090a0b0c0d0e00');
            const twoBlocks = await subtle.encrypt({ name: 'AES-CTR', counter: wrapAt, length: 8 }, key, new Uint8Array(32));
            const second = await subtle.encrypt({ name: 'AES-CTR', counter: wrapped, length: 128 }, key, new Uint8Array(16));
            const carried = await subtle.encrypt({ name: 'AES-CTR', counter: wrapAt, length: 128 }, key, new Uint8Array(32));
            return [hex(sealed), hex(await subtle.decrypt({ name: 'AES-CTR', counter, length: 64 }, key, sealed)) === hex(plain),
                    hex(twoBlocks).slice(32) === hex(second), hex(carried).slice(32) === hex(second),
                    (await subtle.exportKey('jwk', key)).alg,
                    await error(subtle.encrypt({ name: 'AES-CTR', counter, length: 1 }, key, new Uint8Array(48))),
                    await error(subtle.encrypt({ name: 'AES-CTR', counter: counter.subarray(0, 8), length: 64 }, key, plain)),
                    await error(subtle.encrypt({ name: 'AES-CTR', counter, length: 0 }, key, plain)),
                    await error(subtle.encrypt({ name: 'AES-CTR', length: 64 }, key, plain))];
            """)
        #expect(out == [
            "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff", true, true, false, "A128CTR",
            "DOMException:OperationError", "DOMException:OperationError", "DOMException:OperationError", "TypeError:TypeError",
        ])
    }

    /// HKDF-SHA256 of RFC 5869's test cases 1 and 3 (empty salt and info), deriveKey, and its failures.
    @Test func hkdfOfRFC5869() async throws {
        let out = try await run("""
            const ikm = await subtle.importKey('raw', new Uint8Array(22).fill(0x0b), 'HKDF', false, ['deriveBits', 'deriveKey']);
            const params = { name: 'HKDF', hash: 'SHA-256', salt: bytes('000102030405060708090a0b0c'), info: bytes('f0f1f2f3f4f5f6f7f8f9') };
            const derived = await subtle.deriveKey(params, ikm, { name: 'HMAC', hash: 'SHA-256', length: 256 }, true, ['sign']);
            return [hex(await subtle.deriveBits(params, ikm, 336)),
                    hex(await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new Uint8Array(0) }, ikm, 336)),
                    hex(await subtle.exportKey('raw', derived)).length, ikm.algorithm, ikm.extractable,
                    await error(subtle.deriveBits(params, ikm, 12)),
                    await error(subtle.deriveBits(params, ikm, 255 * 256 + 8)),
                    await error(subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0) }, ikm, 256)),
                    await error(subtle.importKey('raw', new Uint8Array(4), 'HKDF', true, ['deriveBits'])),
                    await error(subtle.exportKey('raw', ikm))];
            """)
        #expect(out == [
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
            "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
            64, ["name": "HKDF"], false,
            "DOMException:OperationError", "DOMException:OperationError", "TypeError:TypeError",
            "DOMException:SyntaxError", "DOMException:NotSupportedError",
        ])
    }

    @Test func pbkdf2HMACSHA256OfRFC7914AndDeriveKey() async throws {
        let out = try await run("""
            const base = await subtle.importKey('raw', text('passwd'), 'PBKDF2', false, ['deriveBits', 'deriveKey']);
            const other = await subtle.importKey('raw', text('Password'), { name: 'PBKDF2' }, false, ['deriveBits']);
            const params = { name: 'PBKDF2', hash: 'SHA-256', salt: text('salt'), iterations: 1 };
            const derived = await subtle.deriveKey(params, base, { name: 'AES-GCM', length: 256 }, true, ['encrypt']);
            return [hex(await subtle.deriveBits(params, base, 512)),
                    hex(await subtle.deriveBits({ ...params, salt: text('NaCl'), iterations: 80000 }, other, 512)),
                    hex(await subtle.exportKey('raw', derived)), derived.algorithm.name, derived.usages,
                    base.algorithm, base.extractable,
                    await error(subtle.deriveBits(params, base, 100)),
                    await error(subtle.deriveBits({ ...params, iterations: 0 }, base, 256)),
                    await error(subtle.deriveKey(params, other, { name: 'AES-GCM', length: 256 }, true, ['encrypt'])),
                    await error(subtle.importKey('raw', text('p'), 'PBKDF2', true, ['deriveBits'])),
                    await error(subtle.exportKey('raw', base))];
            """)
        #expect(out == [
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783",
            "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d",
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc", "AES-GCM", ["encrypt"],
            ["name": "PBKDF2"], false,
            "DOMException:OperationError", "DOMException:OperationError", "DOMException:InvalidAccessError",
            "DOMException:SyntaxError", "DOMException:NotSupportedError",
        ])
    }

    @Test func generatedKeysRoundTripAndJWKExportImports() async throws {
        let out = try await run("""
            const out = [];
            for (const name of ['AES-GCM', 'AES-CBC']) {
              const key = await subtle.generateKey({ name, length: 256 }, true, ['encrypt', 'decrypt']);
              const params = { name, iv: crypto.getRandomValues(new Uint8Array(name === 'AES-GCM' ? 12 : 16)) };
              const sealed = await subtle.encrypt(params, key, text('round trip ' + name));
              const jwk = await subtle.exportKey('jwk', key);
              const again = await subtle.importKey('jwk', jwk, name, false, ['decrypt']);
              out.push(new TextDecoder().decode(await subtle.decrypt(params, again, sealed)), jwk.kty, jwk.alg, jwk.ext,
                       jwk.key_ops, jwk.k.length, key.algorithm.length);
            }
            const mac = await subtle.generateKey({ name: 'HMAC', hash: { name: 'SHA-512' } }, true, ['sign', 'verify']);
            const jwk = await subtle.exportKey('jwk', mac);
            const imported = await subtle.importKey('jwk', jwk, { name: 'HMAC', hash: 'SHA-512' }, true, ['verify']);
            const signature = await subtle.sign('HMAC', mac, text('message'));
            out.push(jwk.alg, mac.algorithm.length, (await subtle.exportKey('raw', mac)).byteLength,
                     await subtle.verify('HMAC', imported, signature, text('message')),
                     hex(await subtle.exportKey('raw', imported)) === hex(await subtle.exportKey('raw', mac)));
            return out;
            """)
        #expect(out == [
            "round trip AES-GCM", "oct", "A256GCM", true, ["decrypt", "encrypt"], 43, 256,
            "round trip AES-CBC", "oct", "A256CBC", true, ["decrypt", "encrypt"], 43, 256,
            "HS512", 1024, 128, true, true,
        ])
    }

    @Test func wrapKeyAndUnwrapKeyWithAESGCMAndAESCBC() async throws {
        let out = try await run("""
            const kek = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
            const mac = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign', 'verify']);
            const iv = new Uint8Array(12);
            const out = [];
            for (const format of ['raw', 'jwk']) {
              const wrapped = await subtle.wrapKey(format, mac, kek, { name: 'AES-GCM', iv });
              const back = await subtle.unwrapKey(format, wrapped, kek, { name: 'AES-GCM', iv }, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
              out.push(wrapped instanceof ArrayBuffer, await subtle.verify('HMAC', back, await subtle.sign('HMAC', mac, text('m')), text('m')), back.extractable);
            }
            const cbc = await subtle.generateKey({ name: 'AES-CBC', length: 128 }, true, ['wrapKey', 'unwrapKey']);
            const encryptOnly = await subtle.generateKey({ name: 'AES-GCM', length: 128 }, false, ['encrypt']);
            out.push((await subtle.wrapKey('raw', cbc, cbc, { name: 'AES-CBC', iv: new Uint8Array(16) })).byteLength,
              await error(subtle.wrapKey('raw', mac, cbc, { name: 'AES-GCM', iv })),
              await error(subtle.wrapKey('raw', kek, cbc, { name: 'AES-CBC', iv: new Uint8Array(16) })),
              await error(subtle.wrapKey('raw', mac, encryptOnly, { name: 'AES-GCM', iv })),
              await error(subtle.wrapKey('raw', mac, kek, 'AES-KW')),
              await error(subtle.unwrapKey('jwk', await subtle.wrapKey('raw', mac, kek, { name: 'AES-GCM', iv }), kek, { name: 'AES-GCM', iv },
                                           { name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])));
            return out;
            """)
        #expect(out == [
            true, true, false, true, true, false, 32, "DOMException:InvalidAccessError", "DOMException:InvalidAccessError",
            "DOMException:InvalidAccessError", "DOMException:NotSupportedError", "DOMException:DataError",
        ])
    }

    @Test func failuresRejectWithWebCryptoErrors() async throws {
        let out = try await run("""
            const key = await subtle.generateKey({ name: 'AES-GCM', length: 128 }, false, ['encrypt', 'decrypt']);
            const signer = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
            const exportable = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
            const iv = new Uint8Array(12);
            const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, key, text('secret')));
            sealed[0] ^= 1;
            return [
              await error(subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed)),
              await error(subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed.subarray(0, 8))),
              await error(subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 100 }, key, text('x'))),
              await error(subtle.verify('HMAC', signer, new Uint8Array(32), text('x'))),
              await error(subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, key, text('x'))),
              await error(subtle.sign('HMAC', key, text('x'))),
              await error(subtle.digest('MD5', text('x'))),
              await error(subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048 }, true, ['encrypt'])),
              await error(subtle.importKey('raw', new Uint8Array(16), 'AES-KW', true, ['wrapKey'])),
              await error(subtle.wrapKey('raw', key, key, 'AES-KW')),
              await error(subtle.exportKey('raw', key)),
              await error(subtle.exportKey('spki', exportable)),
              await error(subtle.importKey('raw', new Uint8Array(15), 'AES-GCM', true, ['encrypt'])),
              await error(subtle.importKey('jwk', { kty: 'RSA', k: 'AAAA' }, 'AES-GCM', true, ['encrypt'])),
              await error(subtle.importKey('jwk', { kty: 'oct', k: 'AAAAAAAAAAAAAAAAAAAAAA', alg: 'A256GCM' }, 'AES-GCM', true, ['encrypt'])),
              await error(subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, [])),
              await error(subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['sign'])),
              await error(subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, [])),
              await error(subtle.generateKey({ name: 'AES-GCM', length: 100 }, true, ['encrypt'])),
              await error(subtle.digest('SHA-256', 'not bytes')),
              await error(subtle.sign('HMAC', {}, text('x'))),
              await error(subtle.importKey('jwk', { kty: 'oct', k: 'AAAAAAAAAAAAAAAAAAAAAA', ext: false }, 'AES-GCM', true, ['encrypt'])),
            ];
            """)
        #expect(out == [
            "DOMException:OperationError", "DOMException:OperationError", "DOMException:OperationError",
            "DOMException:InvalidAccessError", "DOMException:InvalidAccessError", "DOMException:InvalidAccessError",
            "DOMException:NotSupportedError", "DOMException:NotSupportedError", "DOMException:NotSupportedError",
            "DOMException:NotSupportedError", "DOMException:InvalidAccessError", "DOMException:NotSupportedError",
            "DOMException:DataError", "DOMException:DataError", "DOMException:DataError",
            "DOMException:SyntaxError", "DOMException:SyntaxError", "DOMException:SyntaxError",
            "DOMException:OperationError", "TypeError:TypeError", "TypeError:TypeError", "DOMException:DataError",
        ])
    }

    /// The errors' messages are WebKit's (observed on WebKitGTK 2.50 with `hybrid conform`), and a key's usages are
    /// listed alphabetically, as WebKit lists them.
    @Test func errorsAreInWebKitsWords() async throws {
        let out = try await run("""
            const words = p => p.then(() => 'resolved', e => e.name + ': ' + e.message);
            const hmac = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
            const aes = await subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['encrypt', 'decrypt', 'wrapKey']);
            const pbkdf2 = await subtle.importKey('raw', text('pw'), 'PBKDF2', false, ['deriveBits']);
            const encryptOnly = await subtle.generateKey({ name: 'AES-GCM', length: 128 }, false, ['encrypt']);
            const grv = f => { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } };
            return [
              await words(subtle.digest('SHA-999', text('x'))), await words(subtle.digest('SHA-256', 'abc')),
              await words(subtle.digest()), await words(subtle.digest(5, text('x'))), await words(subtle.digest({}, text('x'))),
              await words(subtle.verify('HMAC', hmac, new Uint8Array(32), text('x'))), await words(subtle.sign('HMAC', aes, text('x'))),
              await words(subtle.exportKey('raw', hmac)), await words(subtle.exportKey('bogus', hmac)),
              await words(subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['sign'])),
              await words(subtle.generateKey({ name: 'AES-GCM', length: 100 }, true, ['encrypt'])),
              await words(subtle.generateKey({ name: 'HMAC' }, true, ['sign'])),
              await words(subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, 5)),
              await words(subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['bogus'])),
              await words(subtle.importKey('raw', new Uint8Array(5), 'AES-GCM', true, ['encrypt'])),
              await words(subtle.importKey('jwk', new Uint8Array(16), 'AES-GCM', true, ['encrypt'])),
              await words(subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true)),
              await words(subtle.encrypt({ name: 'AES-GCM' }, aes, text('x'))), await words(subtle.encrypt({ name: 'AES-CBC' }, aes, text('x'))),
              await words(subtle.encrypt({ name: 'AES-GCM', iv: 'abc' }, aes, text('x'))),
              await words(subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, aes, new Uint8Array(20))),
              await words(subtle.deriveBits({ name: 'PBKDF2', iterations: 1, hash: 'SHA-256' }, pbkdf2, 128)),
              await words(subtle.deriveKey({ name: 'PBKDF2', salt: new Uint8Array(8), iterations: 1, hash: 'SHA-256' }, pbkdf2,
                                           { name: 'AES-GCM', length: 128 }, true, ['encrypt'])),
              await words(subtle.wrapKey('raw', aes, encryptOnly, { name: 'AES-GCM', iv: new Uint8Array(12) })),
              await words(subtle.exportKey('raw', {})), await words(subtle.sign('HMAC', {}, text('x'))),
              grv(() => crypto.getRandomValues()), grv(() => crypto.getRandomValues({})),
              grv(() => crypto.getRandomValues(new Uint8Array(70000))), grv(() => crypto.getRandomValues(new Float32Array(1))),
              aes.usages, (await subtle.exportKey('jwk', aes)).key_ops,
            ];
            """)
        #expect(out == [
            "NotSupportedError: The operation is not supported.", "TypeError: Type error", "TypeError: Not enough arguments",
            "NotSupportedError: The operation is not supported.",
            "TypeError: Member CryptoAlgorithmParameters.name is required and must be an instance of DOMString",
            "InvalidAccessError: CryptoKey doesn't support verification", "InvalidAccessError: CryptoKey doesn't match AlgorithmIdentifier",
            "InvalidAccessError: The CryptoKey is nonextractable",
            #"TypeError: Argument 1 ('format') to SubtleCrypto.exportKey must be one of: "raw", "spki", "pkcs8", "jwk""#,
            "SyntaxError: A required parameter was missing or out-of-range",
            "OperationError: The operation failed for an operation-specific reason",
            "TypeError: Member HmacKeyParams.hash is required and must be an instance of (object or DOMString)",
            "TypeError: Value is not a sequence", "TypeError: Type error",
            "DataError: Data provided to an operation does not meet requirements", "TypeError: Type error",
            "TypeError: Not enough arguments",
            "TypeError: Member AesGcmParams.iv is required and must be an instance of (ArrayBufferView or ArrayBuffer)",
            "TypeError: Member AesCbcCfbParams.iv is required and must be an instance of (ArrayBufferView or ArrayBuffer)",
            "TypeError: Type error", "OperationError: The operation failed for an operation-specific reason",
            "TypeError: Member Pbkdf2Params.salt is required and must be an instance of (ArrayBufferView or ArrayBuffer)",
            "InvalidAccessError: CryptoKey doesn't support CryptoKey derivation",
            "InvalidAccessError: Wrapping CryptoKey doesn't support wrapKey operation",
            "TypeError: Argument 2 ('key') to SubtleCrypto.exportKey must be an instance of CryptoKey",
            "TypeError: Argument 2 ('key') to SubtleCrypto.sign must be an instance of CryptoKey",
            "TypeError: Not enough arguments", "TypeError: Argument 1 ('array') to Crypto.getRandomValues must be an instance of ArrayBufferView",
            "QuotaExceededError: The quota has been exceeded.",
            "TypeMismatchError: The type of an object was incompatible with the expected type of the parameter associated to the object.",
            ["decrypt", "encrypt", "wrapKey"], ["decrypt", "encrypt", "wrapKey"],
        ])
    }

    @Test func operationsSettleAsynchronously() async throws {
        let out = try await run("""
            const order = [];
            const done = subtle.digest('SHA-256', text('x')).then(() => order.push('digest'));
            order.push('sync');
            await done;
            return order;
            """)
        #expect(out == ["sync", "digest"])
    }

    @Test func getRandomValuesFillsAndReturnsTheSameArray() async throws {
        let out = try await run("""
            const a = new Uint8Array(64), b = new Uint32Array(new ArrayBuffer(40), 8, 4);
            const filled = crypto.getRandomValues(a);
            crypto.getRandomValues(b);
            const whole = new Uint8Array(b.buffer);
            const name = f => { try { f(); return 'no error'; } catch (e) { return e.name; } };
            return [filled === a, a.some(x => x !== 0), new Set(a).size > 16, whole.slice(0, 8).every(x => x === 0),
                    whole.slice(24).every(x => x === 0), b.some(x => x !== 0),
                    crypto.getRandomValues(new Uint8Array(65536)).length,
                    name(() => crypto.getRandomValues(new Uint8Array(65537))),
                    name(() => crypto.getRandomValues(new Float32Array(4))),
                    name(() => crypto.getRandomValues(new DataView(new ArrayBuffer(4)))),
                    name(() => crypto.getRandomValues([1, 2])),
                    name(() => new Crypto()), name(() => new CryptoKey()), typeof BigInt64Array === 'function'
                      ? crypto.getRandomValues(new BigInt64Array(2)).length : 2];
            """)
        #expect(out == [
            true, true, true, true, true, true, 65536, "QuotaExceededError", "TypeMismatchError", "TypeMismatchError",
            "TypeError", "TypeError", "TypeError", 2,
        ])
    }

    @Test func randomUUIDIsVersionFourAndUnique() async throws {
        let out = try await run("""
            const ids = Array.from({ length: 1000 }, () => crypto.randomUUID());
            const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
            return [ids.every(id => shape.test(id)), new Set(ids).size];
            """)
        #expect(out == [true, 1000])
    }

    @Test func subtleExistsOnlyInSecureContexts() async throws {
        let probe = """
            return [typeof crypto.getRandomValues, typeof crypto.subtle, 'subtle' in crypto, typeof crypto.randomUUID,
                    typeof SubtleCrypto, typeof CryptoKey, typeof Crypto, String(crypto)];
            """
        let insecure = try await run(probe, at: "http://example.test/index.html")
        #expect(insecure == ["function", "undefined", false, "undefined", "undefined", "undefined", "function", "[object Crypto]"])
        for base in ["https://example.test/", "http://localhost:8080/", "http://127.0.0.1/", "file:///tmp/page.html"] {
            let secure = try await run(probe, at: base)
            #expect(secure == ["function", "object", true, "function", "function", "function", "function", "[object Crypto]"],
                    "\(base)")
        }
    }

    @Test func aPageThatDoesNotUseCryptoDoesNotInstallIt() async throws {
        let out = try await run("""
            const before = ['crypto', 'Crypto', 'SubtleCrypto', 'CryptoKey'].map(n => typeof Object.getOwnPropertyDescriptor(window, n).get);
            const used = typeof crypto.subtle.digest;
            const after = ['crypto', 'Crypto', 'SubtleCrypto', 'CryptoKey'].map(n => typeof Object.getOwnPropertyDescriptor(window, n).get);
            return [before, used, after];
            """, helpers: false)
        #expect(out == [["function", "function", "function", "function"], "function", ["undefined", "undefined", "undefined", "undefined"]])
    }
}
