import Foundation
import HybridJSON
import HybridRouting

/// What a web page opened by URL learns about its route: `window.hybridRoute = {url, pattern, params, query,
/// context}`, defined before its first script runs.
public struct HybridRoute: Sendable, Hashable {
    /// The URL that was opened.
    public var url: String
    /// The route pattern that matched (nil when the page was opened directly, without a route).
    public var pattern: String?
    /// Path parameters.
    public var params: [String: String]
    /// Query parameters (every value of a repeated key).
    public var query: [String: [String]]
    /// The context the opener gave, as JSON (`null` when none).
    public var context: JSONValue

    /// The route of `match`.
    public init(match: RouteMatch, context: (any Sendable)? = nil) {
        url = match.url
        pattern = match.pattern
        params = match.parameters
        query = match.query
        self.context = JSONCoding.json(from: context ?? match.context)
    }

    /// A page opened at `url` without a route.
    public init(url: String, context: (any Sendable)? = nil) {
        self.url = url
        pattern = nil
        params = [:]
        query = [:]
        self.context = JSONCoding.json(from: context)
    }

    /// `{url, pattern, params, query, context}`; a query key with one value maps to a string, a repeated key to
    /// an array of strings.
    public var json: JSONValue {
        var paramsObject = JSONObject()
        for key in params.keys.sorted() { paramsObject[key] = .string(params[key]!) }
        var queryObject = JSONObject()
        for key in query.keys.sorted() {
            let values = query[key]!
            queryObject[key] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
        }
        return .object(["url": .string(url), "pattern": pattern.map(JSONValue.string) ?? .null,
                        "params": .object(paramsObject), "query": .object(queryObject), "context": context])
    }

    /// `page` with the opened URL's query appended (a web page gets the route's query in its own URL).
    public static func pageURL(_ page: URL, appendingQueryOf url: String) -> URL {
        guard let start = url.firstIndex(of: "?") else { return page }
        let afterMark = url[url.index(after: start)...]
        let query = afterMark.prefix { $0 != "#" }
        guard !query.isEmpty else { return page }
        let text = page.absoluteString
        let (base, fragment) = text.firstIndex(of: "#").map { (String(text[..<$0]), String(text[$0...])) }
            ?? (text, "")
        let joined = base + (base.contains("?") ? "&" : "?") + query + fragment
        return URL(string: joined) ?? page
    }
}
