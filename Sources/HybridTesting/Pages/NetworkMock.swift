import Foundation
import JavaScript
import WebView

/// A canned answer to a page's request, for ``TestPage/Network/mock(_:_:)``: what `network.mock(url, response)` takes
/// in a JavaScript test (`{json}`, `{status, body}`, `{error}`), as Swift values.
///
/// ```swift
/// page.network.mock("/api/items", .json(["Tea", "Cake"]))
/// page.network.mock("/api/pay", .json(["error": "declined"], status: 402))
/// page.network.mock("https://cdn.example.com/*", .text("", status: 404))
/// page.network.mock("/api/slow", .failure("offline"))
/// ```
public struct NetworkMock: Sendable {
    /// The response; nil for a network failure.
    let response: (status: Int, headers: [(String, String)], body: [UInt8])?
    /// The failure's message (`fetch` rejects, `XMLHttpRequest` fires `error`).
    let failure: String?

    /// Answers `value` as JSON (`content-type: application/json` unless `headers` gives one).
    public static func json(_ value: JSONValue, status: Int = 200, headers: [String: String] = [:]) -> NetworkMock {
        body(Array(value.jsonString.utf8), status: status, headers: headers, contentType: "application/json")
    }

    /// Answers `text` (`content-type: text/plain;charset=utf-8` unless `headers` gives one).
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> NetworkMock {
        body(Array(text.utf8), status: status, headers: headers, contentType: "text/plain;charset=utf-8")
    }

    /// Answers these bytes, with the headers as given.
    public static func body(_ bytes: [UInt8], status: Int = 200, headers: [String: String] = [:]) -> NetworkMock {
        body(bytes, status: status, headers: headers, contentType: nil)
    }

    /// Fails the request as a network error would (no response at all), with `message`.
    public static func failure(_ message: String) -> NetworkMock {
        NetworkMock(response: nil, failure: message)
    }

    private static func body(_ bytes: [UInt8], status: Int, headers: [String: String], contentType: String?) -> NetworkMock {
        var fields = headers.map { ($0.key.lowercased(), $0.value) }.sorted { $0.0 < $1.0 }
        if let contentType, !fields.contains(where: { $0.0 == "content-type" }) { fields.append(("content-type", contentType)) }
        return NetworkMock(response: (status, fields, bytes), failure: nil)
    }

    /// The answer to `request`: a resource, or a load error (also for a status no response can have).
    func result(for request: WebRequest) -> Result<LoadedResource, WebLoadError> {
        let url = request.url.absoluteString
        guard let response else { return .failure(WebLoadError(url: url, message: failure ?? "network.mock failed")) }
        guard (200...599).contains(response.status) else {
            return .failure(WebLoadError(url: url, message: "network.mock: status must be 200 to 599, got \(response.status)"))
        }
        return .success(LoadedResource(url: request.url, status: response.status,
                                       mimeType: response.headers.first { $0.0 == "content-type" }?.1,
                                       body: response.body, headers: response.headers))
    }
}

/// A request the page made while it had network mocks, that no mock matched and that is not one of its own files: the
/// page sees a network error, and the page's next step (or tick of its clock) throws this.
public struct UnmatchedRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request's method (`GET`, `POST`, ...).
    public var method: String
    /// The request's URL.
    public var url: String

    public var description: String { "network.mock: no mock matches \(method) \(url)" }
}
