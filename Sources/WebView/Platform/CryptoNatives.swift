internal import CGcrypt
internal import CJavaScriptCore
import Foundation
import JavaScript

/// The native half of `Resources/platform/crypto.js`: random bytes, SHA digests, HMAC, AES-GCM, AES-CBC, AES-CTR, PBKDF2 and HKDF on
/// libgcrypt (Debian's libgcrypt20, which JavaScriptCore already links). Runtime-thread only.
///
/// At page set-up only `native.secureContext` and `native.cryptoNatives` are defined; the script calls
/// `cryptoNatives()` on the page's first use of `crypto`, which makes the functions. They take and return bytes
/// (`Uint8Array`s in, `ArrayBuffer`s out); the script checks arguments and turns a `null` result into the WebCrypto
/// error (`OperationError`).
package enum CryptoNatives {
    static func install(on native: JSValue, host: any WebPlatformHost, in context: JSContext) {
        install(on: native, secure: isSecureContext(host.documentURL), in: context)
    }

    /// The same natives for a scope whose secure context is decided elsewhere (a dedicated worker's: its origin's).
    static func install(on native: JSValue, secure: Bool, in context: JSContext) {
        native.setValue(secure, forProperty: "secureContext")
        native.setValue(JSValue(function: { args in try make(in: args.context) }, name: "cryptoNatives", in: context),
                        forProperty: "cryptoNatives")
    }

    /// Whether a document at `url` is a secure context, as WebKit decides for a top-level document: everything but
    /// `http:` (and `ws:`) from a host other than localhost (`localhost`, `*.localhost`, `127.0.0.0/8`, `::1`).
    static func isSecureContext(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "ws" else { return true }
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// The SHA algorithms WebCrypto names, with libgcrypt's digest and HMAC identifiers and the digest size in bytes.
    private static let hashes: [String: (digest: Int32, mac: Int32, size: Int)] = [
        "SHA-1": (Int32(GCRY_MD_SHA1.rawValue), Int32(GCRY_MAC_HMAC_SHA1.rawValue), 20),
        "SHA-256": (Int32(GCRY_MD_SHA256.rawValue), Int32(GCRY_MAC_HMAC_SHA256.rawValue), 32),
        "SHA-384": (Int32(GCRY_MD_SHA384.rawValue), Int32(GCRY_MAC_HMAC_SHA384.rawValue), 48),
        "SHA-512": (Int32(GCRY_MD_SHA512.rawValue), Int32(GCRY_MAC_HMAC_SHA512.rawValue), 64),
    ]

    /// libgcrypt initialised once per process (thread-safe: a global's lazy initialiser).
    private static let ready: Bool = hybrid_gcrypt_ready() != 0

    private struct Unavailable: Error, CustomStringConvertible {
        var description: String { "libgcrypt could not be initialised" }
    }

    private static func hashAlgorithm(_ args: JSArguments) throws -> (digest: Int32, mac: Int32, size: Int) {
        guard let hash = hashes[args.string(at: 0) ?? ""] else {
            throw JSException(name: "NotSupportedError", message: "crypto: unknown hash '\(args.string(at: 0) ?? "")'")
        }
        return hash
    }

    private static func bytes(_ args: JSArguments, _ index: Int) -> [UInt8] {
        TypedArrayBytes.bytes(of: args.ref(at: index), in: args.contextRef) ?? []
    }

    private static func buffer(_ bytes: [UInt8], _ args: JSArguments) -> RawJSValue {
        RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(bytes, in: args.contextRef))
    }

    private static func null(_ args: JSArguments) -> RawJSValue { RawJSValue(ref: JSValueMakeNull(args.contextRef)) }

    /// The SHA-1 digest of `text`'s UTF-8 bytes in lowercase hexadecimal, by libgcrypt; nil when libgcrypt cannot be
    /// initialised. For native code that needs Node's `createHash('sha1')` (istanbul's instrumenter).
    package static func sha1Hex(_ text: String) -> String? {
        guard ready else { return nil }
        let data = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: 20)
        gcry_md_hash_buffer(Int32(GCRY_MD_SHA1.rawValue), &output, data, data.count)
        return output.map { String(format: "%02x", $0) }.joined()
    }

    /// The functions, made on the page's first use of `crypto`.
    private static func make(in context: JSContext) throws -> JSValue {
        guard ready else { throw Unavailable() }
        let natives = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            natives.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        // fillRandom(view): fills an integer typed array's bytes in place (the script checks type and size).
        define("fillRandom") { args in
            let context = args.contextRef, value = args.ref(at: 0)
            guard JSValueGetTypedArrayType(context, value, nil) != kJSTypedArrayTypeNone,
                  let object = JSValueToObject(context, value, nil) else { return nil }
            let count = JSObjectGetTypedArrayByteLength(context, object, nil)
            let offset = JSObjectGetTypedArrayByteOffset(context, object, nil)
            if count > 0, let base = JSObjectGetTypedArrayBytesPtr(context, object, nil) {
                gcry_randomize(base + offset, count, GCRY_STRONG_RANDOM)
            }
            return nil
        }
        // digest(hash, data): the digest as an ArrayBuffer.
        define("digest") { args in
            let hash = try hashAlgorithm(args), data = bytes(args, 1)
            var output = [UInt8](repeating: 0, count: hash.size)
            gcry_md_hash_buffer(hash.digest, &output, data, data.count)
            return buffer(output, args)
        }
        // hmac(hash, key, data): the signature as an ArrayBuffer.
        // hmacVerify(hash, key, data, signature): whether the signature matches (compared by libgcrypt in constant time).
        define("hmac") { args in
            let hash = try hashAlgorithm(args), key = bytes(args, 1), data = bytes(args, 2)
            var output = [UInt8](repeating: 0, count: hash.size)
            guard hybrid_hmac(hash.mac, 0, key, key.count, data, data.count, &output, output.count) == 0 else { return null(args) }
            return buffer(output, args)
        }
        define("hmacVerify") { args in
            let hash = try hashAlgorithm(args), key = bytes(args, 1), data = bytes(args, 2)
            var signature = bytes(args, 3)
            guard signature.count == hash.size else { return false }
            return hybrid_hmac(hash.mac, 1, key, key.count, data, data.count, &signature, signature.count) == 0
        }
        // aesGCM(encrypt, key, iv, additionalData, tagBytes, data): ciphertext and tag, or the plaintext; null when the
        // tag does not match or libgcrypt refuses the key, IV or tag length.
        define("aesGCM") { args in
            let encrypt = args.bool(at: 0), key = bytes(args, 1), iv = bytes(args, 2), aad = bytes(args, 3)
            let tagLength = args.int(at: 4) ?? 16
            var data = bytes(args, 5)
            var tag = [UInt8](repeating: 0, count: tagLength)
            if !encrypt {
                guard data.count >= tagLength else { return null(args) }
                tag = Array(data.suffix(tagLength))
                data.removeLast(tagLength)
            }
            var output = [UInt8](repeating: 0, count: data.count)
            let status = hybrid_aes_gcm(encrypt ? 1 : 0, key, key.count, iv, iv.count, aad, aad.count, data, data.count,
                                        &output, &tag, tagLength)
            guard status == 0 else { return null(args) }
            return buffer(encrypt ? output + tag : output, args)
        }
        // aesCBC(encrypt, key, iv, data): with PKCS#7 padding added or checked, as WebCrypto's AES-CBC; null for a bad
        // length or padding.
        define("aesCBC") { args in
            let encrypt = args.bool(at: 0), key = bytes(args, 1), iv = bytes(args, 2)
            var data = bytes(args, 3)
            guard iv.count == 16 else { return null(args) }
            if encrypt {
                let padding = 16 - data.count % 16
                data += [UInt8](repeating: UInt8(padding), count: padding)
            } else if data.isEmpty || data.count % 16 != 0 {
                return null(args)
            }
            var output = [UInt8](repeating: 0, count: data.count)
            guard hybrid_aes_cbc(encrypt ? 1 : 0, key, key.count, iv, data, data.count, &output) == 0 else { return null(args) }
            if !encrypt {
                let padding = Int(output.last ?? 0)
                guard (1...16).contains(padding), output.suffix(padding).allSatisfy({ Int($0) == padding }) else {
                    return null(args)
                }
                output.removeLast(padding)
            }
            return buffer(output, args)
        }
        // pbkdf2(hash, password, salt, iterations, byteCount): the derived bytes; null when libgcrypt refuses (an empty
        // salt).
        define("pbkdf2") { args in
            let hash = try hashAlgorithm(args), password = bytes(args, 1), salt = bytes(args, 2)
            guard let iterations = args.int(at: 3), iterations > 0, let count = args.int(at: 4), count > 0 else { return null(args) }
            var output = [UInt8](repeating: 0, count: count)
            let status = gcry_kdf_derive(password, password.count, Int32(GCRY_KDF_PBKDF2.rawValue), hash.digest, salt, salt.count,
                                         UInt(iterations), count, &output)
            guard status == 0 else { return null(args) }
            return buffer(output, args)
        }
        // aesCTR(key, counter, lengthBits, data): encryption and decryption alike; WebCrypto's counter is the rightmost
        // `lengthBits` bits of the block, wrapping to zero without touching the rest: where it would wrap, the data is
        // split and the second part starts from the counter with those bits cleared. Null when the data needs more
        // blocks than the counter has values, or libgcrypt refuses the key.
        define("aesCTR") { args in
            let key = bytes(args, 0), counter = bytes(args, 1), data = bytes(args, 3)
            guard counter.count == 16, let bits = args.int(at: 2), (1...128).contains(bits) else { return null(args) }
            let blocks = (data.count + 15) / 16
            let untilWrap = blocksBeforeWrap(counter, bits)
            if bits < 63, blocks > 1 << bits { return null(args) }
            var output = [UInt8](repeating: 0, count: data.count)
            let first = untilWrap.map { min(data.count, $0 * 16) } ?? data.count
            guard hybrid_aes_ctr(key, key.count, counter, data, first, &output) == 0 else { return null(args) }
            if first < data.count {
                var wrapped = counter
                for bit in 0..<bits { wrapped[15 - bit / 8] &= ~UInt8(1 << (bit % 8)) }
                let rest = Array(data[first...])
                var tail = [UInt8](repeating: 0, count: rest.count)
                guard hybrid_aes_ctr(key, key.count, wrapped, rest, rest.count, &tail) == 0 else { return null(args) }
                output.replaceSubrange(first..., with: tail)
            }
            return buffer(output, args)
        }
        // hkdf(hash, key, salt, info, byteCount): RFC 5869 extract and expand on libgcrypt's HMAC; null past 255 blocks.
        define("hkdf") { args in
            let hash = try hashAlgorithm(args), key = bytes(args, 1), info = bytes(args, 3)
            var salt = bytes(args, 2)
            guard let count = args.int(at: 4), count > 0, count <= 255 * hash.size else { return null(args) }
            if salt.isEmpty { salt = [UInt8](repeating: 0, count: hash.size) }
            func hmac(_ key: [UInt8], _ data: [UInt8]) -> [UInt8]? {
                var output = [UInt8](repeating: 0, count: hash.size)
                return hybrid_hmac(hash.mac, 0, key, key.count, data, data.count, &output, output.count) == 0 ? output : nil
            }
            guard let prk = hmac(salt, key) else { return null(args) }
            var okm: [UInt8] = [], block: [UInt8] = [], counter: UInt8 = 1
            while okm.count < count {
                guard let next = hmac(prk, block + info + [counter]) else { return null(args) }
                block = next
                okm += next
                counter &+= 1
            }
            return buffer(Array(okm.prefix(count)), args)
        }
        return natives
    }

    /// How many blocks AES-CTR can take from `counter` before its rightmost `bits` bits wrap (nil: more than any data).
    private static func blocksBeforeWrap(_ counter: [UInt8], _ bits: Int) -> Int? {
        // the low 64 bits as a number, and whether the counter bits above them (up to `bits`) are all ones
        var low: UInt64 = 0
        for byte in counter[8..<16] { low = low << 8 | UInt64(byte) }
        if bits < 64 {
            let masked = low & ((1 << UInt64(bits)) - 1)
            let remaining = (UInt64(1) << UInt64(bits)) - masked
            return remaining > UInt64(Int.max / 16) ? nil : Int(remaining)
        }
        for bit in 64..<bits where counter[15 - bit / 8] & UInt8(1 << (bit % 8)) == 0 { return nil }
        let remaining = UInt64.max - low   // blocks after this one before the low 64 bits wrap
        return remaining >= UInt64(Int.max / 16) ? nil : Int(remaining + 1)
    }
}
