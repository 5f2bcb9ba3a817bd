import Foundation
import JavaScript

/// A referrer policy (Referrer Policy, W3C): how much of a page's URL its requests carry in `Referer` and the next
/// page's `document.referrer`. A document's comes from its `Referrer-Policy` response header and its
/// `<meta name="referrer">`; a request may name its own (`fetch`'s `referrerPolicy`, an element's `referrerpolicy`).
public enum ReferrerPolicy: String, Sendable, CaseIterable {
    /// Nothing.
    case noReferrer = "no-referrer"
    /// The whole URL, except from `https` to another scheme.
    case noReferrerWhenDowngrade = "no-referrer-when-downgrade"
    /// The origin and `/`.
    case origin
    /// The whole URL to the same origin, the origin and `/` to another.
    case originWhenCrossOrigin = "origin-when-cross-origin"
    /// The whole URL to the same origin, nothing to another.
    case sameOrigin = "same-origin"
    /// The origin and `/`, except from `https` to another scheme.
    case strictOrigin = "strict-origin"
    /// WebKit's default: the whole URL to the same origin, the origin and `/` to another, nothing from `https` to
    /// another scheme.
    case strictOriginWhenCrossOrigin = "strict-origin-when-cross-origin"
    /// The whole URL, always.
    case unsafeURL = "unsafe-url"

    /// The policy a document has when neither its response nor its page names one (WebKit's default).
    public static let `default` = ReferrerPolicy.strictOriginWhenCrossOrigin

    /// The policy `token` names, ASCII case-insensitively and nothing around it (`" origin "` names none), as WebKit
    /// reads a `referrerpolicy` attribute; nil when it names none.
    public init?(token: String) {
        self.init(rawValue: token.lowercased())
    }

    /// The policy a `<meta name="referrer">`'s `content` gives: a token of ``init(token:)`` or one of the legacy
    /// keywords WebKit reads there, `never` (no-referrer), `always` (unsafe-url) and `default`; nil when it names
    /// none and the document's policy stays as it was: an unknown word, an empty one, a list, and HTML's other
    /// legacy keyword `origin-when-crossorigin`, which WebKit does not read (observed on WebKitGTK 2.50).
    public init?(metaContent content: String) {
        switch content.lowercased() {
        case "never": self = .noReferrer
        case "always": self = .unsafeURL
        case "default": self = .default
        default: self.init(token: content)
        }
    }

    /// The policy of a `Referrer-Policy` header's value: its last token (spaces around it trimmed) that names a
    /// policy, so that a server can name a new policy after a fallback; nil when none does (the legacy keywords are
    /// not read here). Observed on WebKitGTK 2.50: `unsafe-url, origin` and `origin, bogus` are `origin`.
    public init?(header value: String) {
        let tokens = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let last = tokens.reversed().lazy.compactMap({ ReferrerPolicy(token: $0) }).first else { return nil }
        self = last
    }
}

/// The referrer a page's request asks for (`fetch`'s `referrer` and `referrerPolicy`, an element's `referrerpolicy`).
enum RequestReferrer: Sendable {
    /// The page's URL under `policy`, or under the document's policy when nil.
    case client(policy: ReferrerPolicy?)
    /// `url` (a `fetch`'s `referrer`, a URL of the page's origin) under `policy`, or the document's.
    case url(URL, policy: ReferrerPolicy?)
    /// No `Referer` (`referrer: ''`).
    case none

    /// From the page's strings: `policy` a token ('', unknown or nil: the document's), `referrer` nil for the page's
    /// URL, '' for none, else a URL.
    init(policy: String?, referrer: String?) {
        let policy = policy.flatMap(ReferrerPolicy.init(token:))
        switch referrer {
        case nil, "about:client": self = .client(policy: policy)
        case ""?: self = .none
        case let referrer?: self = URL(string: referrer).map { .url($0, policy: policy) } ?? .client(policy: policy)
        }
    }

    /// The `Referer` header of a request to `target` from a page (or worker) at `client` whose policy is `policy`;
    /// empty for none.
    func header(to target: URL, client: URL, policy clientPolicy: ReferrerPolicy) -> String {
        switch self {
        case .client(let policy): WebOrigin.referrer(from: client, to: target, policy: policy ?? clientPolicy)
        case .url(let source, let policy): WebOrigin.referrer(from: source, to: target, policy: policy ?? clientPolicy)
        case .none: ""
        }
    }

    /// The referrer of a request the page's script makes with `native.send` (platform/xmlhttprequest-send.js):
    /// its arguments 9 (the policy) and 10 (`fetch`'s referrer; not a string: the page's).
    init(sendArguments args: JSArguments) {
        self.init(policy: args.string(at: 9), referrer: args[10].isString ? args.string(at: 10) : nil)
    }
}
