import Foundation

/// A loaded document, script or response: what ``WebSession/load(_:completion:)`` delivers.
public struct LoadedResource: Sendable {
    /// The final URL, after redirects.
    public var url: URL
    /// The HTTP status (200 for a file read from disk).
    public var status: Int
    /// The HTTP reason phrase (`OK`, `Not Found`, ...).
    public var statusText: String
    /// The media type without parameters (`text/html`), when known.
    public var mimeType: String?
    /// The body, as received.
    public var body: [UInt8]
    /// The response headers in the order received (names as sent by the server).
    public var headers: [(String, String)]
    /// When the exchange started and how long each phase took, for a recorder (``WebSession/recorder``): libsoup's
    /// metrics for an HTTP exchange, the time to the answer for any other; nil when not recorded.
    package var timings: NetworkTimings?

    /// Makes a resource.
    public init(url: URL, status: Int, statusText: String = "", mimeType: String?, body: [UInt8], headers: [(String, String)] = []) {
        self.url = url
        self.status = status
        self.statusText = statusText
        self.mimeType = mimeType
        self.body = body
        self.headers = headers
    }

    /// The body decoded as UTF-8 (invalid sequences become U+FFFD).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}
