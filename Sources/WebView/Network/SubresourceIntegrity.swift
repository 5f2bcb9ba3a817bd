internal import CGcrypt
import Foundation
import JavaScript

/// Subresource Integrity (W3C SRI): whether a response's bytes match an element's `integrity` metadata, as WebKit
/// checks `<script integrity>` before running the script. Digests are libgcrypt's.
enum SubresourceIntegrity {
    /// The algorithms SRI knows, weakest first.
    private static let algorithms: [(name: String, id: gcry_md_algos, size: Int)] = [
        ("sha256", GCRY_MD_SHA256, 32), ("sha384", GCRY_MD_SHA384, 48), ("sha512", GCRY_MD_SHA512, 64),
    ]

    /// nil when `body` matches `metadata` (or the metadata names no algorithm SRI knows, which lets any response
    /// through); otherwise why it does not match. Only the strongest algorithm named counts, as the standard says.
    static func failure(of body: [UInt8], metadata: String) -> String? {
        var expected: [(rank: Int, digest: Substring)] = []
        for token in metadata.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
            guard let dash = token.firstIndex(of: "-"),
                  let rank = algorithms.firstIndex(where: { $0.name == token[..<dash].lowercased() }) else { continue }
            let value = token[token.index(after: dash)...]
            expected.append((rank, value.prefix { $0 != "?" }))   // `?options` are ignored
        }
        guard let strongest = expected.map(\.rank).max() else { return nil }
        let algorithm = algorithms[strongest]
        guard hybrid_gcrypt_ready() != 0 else { return "its integrity cannot be checked (libgcrypt is not usable)" }
        var digest = [UInt8](repeating: 0, count: algorithm.size)
        gcry_md_hash_buffer(Int32(algorithm.id.rawValue), &digest, body, body.count)
        let actual = Data(digest).base64EncodedString()
        func normalized(_ base64: some StringProtocol) -> String {   // base64url and missing padding read as base64
            String(base64.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                .trimmingCharacters(in: CharacterSet(charactersIn: "=")))
        }
        let wanted = normalized(actual)
        if expected.contains(where: { $0.rank == strongest && normalized($0.digest) == wanted }) { return nil }
        return "its integrity metadata does not match (\(algorithm.name)-\(actual))"
    }

    /// Defines `integrityFailure(bytes, metadata)` on a scripts' `native` object: ``failure(of:metadata:)`` of a typed
    /// array's bytes (a string), or undefined.
    static func install(on native: JSValue, in context: JSContext) {
        native["integrityFailure"] = JSValue(function: { args in
            let bytes = TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef) ?? []
            return failure(of: bytes, metadata: args.string(at: 1) ?? "")
        }, name: "integrityFailure", in: context)
    }
}
