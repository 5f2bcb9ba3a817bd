import Foundation
import JavaScript

/// A document or script the page core fetched.
struct PageResource {
    var url: URL
    var text: String
    /// The response's media type (`Content-Type`, a file's by its extension), when the load had one.
    var mimeType: String? = nil
    /// The policy its `Referrer-Policy` response headers name (``ReferrerPolicy/init(header:)``), if any: a
    /// document's own.
    var referrerPolicy: ReferrerPolicy? = nil
}

/// Why a document or script could not be fetched.
public struct PageLoadError: Error, Sendable, CustomStringConvertible {
    /// The URL as requested.
    public var url: String
    /// What went wrong.
    public var message: String
    public var description: String { "cannot load \(url): \(message)" }
}

/// Loads documents and scripts for the page core through the web view's ``WebSession`` (`file:`
/// from disk, `http(s)` through libsoup), on the runtime thread, always calling back later.
final class PageResourceLoader {
    private let runtime: JavaScriptRuntime
    private let userAgent: String

    init(runtime: JavaScriptRuntime, userAgent: String) {
        self.runtime = runtime
        self.userAgent = userAgent
    }

    /// The web view's session, made on first use on the runtime thread.
    private(set) lazy var session = WebSession(mainContext: runtime.loop.mainContext, userAgent: userAgent)

    /// Loads `url`; `completion` runs on the runtime thread unless the returned cancel closure ran first.
    /// The load keeps the runtime busy (a work token) until it completes or is cancelled. An HTTP
    /// status of 400 or more is a failure when `failOnHTTPError` (scripts), a document otherwise; so is a body that
    /// does not match `integrity`, an element's Subresource Integrity metadata. `referrer` is the `Referer` header
    /// (empty: none): a navigation's is the new document's `document.referrer`.
    @discardableResult
    func load(_ url: URL, referrer: String = "", failOnHTTPError: Bool = true, integrity: String? = nil,
              completion: @escaping (Result<PageResource, PageLoadError>) -> Void) -> () -> Void {
        let token = runtime.beginWork()
        var request = WebRequest(url: url)
        request.addReferer(referrer)
        let cancellable = session.send(request) { result in
            defer { token.end() }
            switch result {
            case .success(let resource) where failOnHTTPError && resource.status >= 400:
                completion(.failure(PageLoadError(url: url.absoluteString, message: "HTTP status \(resource.status)")))
            case .success(let resource):
                if let integrity, let mismatch = SubresourceIntegrity.failure(of: resource.body, metadata: integrity) {
                    completion(.failure(PageLoadError(url: url.absoluteString, message: mismatch)))
                } else {
                    let policy = resource.headers.filter { $0.0.caseInsensitiveCompare("Referrer-Policy") == .orderedSame }
                        .map(\.1).joined(separator: ",")
                    completion(.success(PageResource(url: resource.url, text: resource.text, mimeType: resource.mimeType,
                                                     referrerPolicy: ReferrerPolicy(header: policy))))
                }
            case .failure(let error):
                completion(.failure(PageLoadError(url: error.url, message: error.message)))
            }
        }
        return { cancellable.cancel(); token.end() }
    }

    /// Loads `url` for `document` (a script, a module, a frame), its `Referer` as `policy` (the element's
    /// `referrerpolicy`) or the document's policy gives it (``WebPlatformHost/referrer(to:policy:)``; none once the
    /// document is gone), else as ``load(_:referrer:failOnHTTPError:integrity:completion:)``.
    @discardableResult
    func load(_ url: URL, for document: DocumentHandle?, policy: ReferrerPolicy? = nil, failOnHTTPError: Bool = true,
              integrity: String? = nil, completion: @escaping (Result<PageResource, PageLoadError>) -> Void) -> () -> Void {
        load(url, referrer: document?.referrer(to: url, policy: policy) ?? "", failOnHTTPError: failOnHTTPError,
             integrity: integrity, completion: completion)
    }

    /// A `blob:` script of the page's store (`platform/blob.js`), read now: its text and the blob's type, or why not.
    static func blobScript(_ url: URL, env: JSValue?) -> Result<PageResource, PageLoadError> {
        let found = try? env?.invokeMethod("blobURLScript", arguments: [url.absoluteString])
        guard let found, found.isObject, let text = found[0].isString ? found[0].toString() : nil else {
            return .failure(PageLoadError(url: url.absoluteString, message: "the blob URL is revoked or was never created here"))
        }
        return .success(PageResource(url: url, text: text, mimeType: found[1].isString ? found[1].toString() : nil))
    }
}
