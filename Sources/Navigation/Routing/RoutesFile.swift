import Foundation
import HybridRouting

/// A routes file: the format of `hybrid route --routes FILE`, plus for each route the `page` it opens and how to
/// `show` it, and an optional top-level `start` URL (what `hybrid run --routes FILE` opens when given no page).
///
/// ```json
/// {"start": "app://list",
///  "routes": [{"pattern": "/list", "page": "list.html"},
///             {"pattern": "/item/:id", "page": "detail.html", "show": "present"},
///             {"pattern": "/docs", "page": "https://example.com/docs", "show": "tab"}],
///  "fallbackToGlobal": [], "decodePlus": true, "hostAsPath": false, "caseInsensitivePaths": false}
/// ```
/// Every key is optional. `page` is a path relative to the routes file (resolved against ``baseURL``) or an
/// absolute URL; `show` is `push` (the default), `present` or `tab`.
public struct RoutesFile: Sendable {
    /// One route.
    public struct Entry: Sendable, Hashable, Decodable {
        /// The route pattern (router syntax).
        public var pattern: String
        /// The scheme namespace, nil for a global route.
        public var scheme: String?
        /// The route's priority (default 0).
        public var priority: Int?
        /// The page: a path relative to the routes file, or a URL.
        public var page: String?
        /// `push`, `present` or `tab` (default `push`).
        public var show: String?

        /// The parsed ``show`` (push when absent).
        public var showMode: ShowMode { show.flatMap(ShowMode.init(name:)) ?? .push }
    }

    private struct Document: Decodable {
        var routes: [Entry]?
        var start: String?
        var fallbackToGlobal: [String]?
        var decodePlus: Bool?
        var hostAsPath: Bool?
        var caseInsensitivePaths: Bool?
    }

    /// The routes, in file order.
    public var routes: [Entry]
    /// The URL to open first, if any.
    public var start: String?
    /// Schemes whose unhandled URLs go on to the global routes.
    public var fallbackToGlobal: [String]
    /// URL router options from the file.
    public var options: URLRouterOptions
    /// What relative `page` paths are resolved against (the routes file's folder).
    public var baseURL: URL?

    /// Parses a routes file's JSON. `baseURL` is the folder relative pages resolve against.
    /// - Throws: ``RoutesFileError`` for malformed JSON, a wrong type, or an unknown `show`.
    public init(json: String, baseURL: URL? = nil) throws(RoutesFileError) {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
        } catch {
            throw RoutesFileError(message: "malformed routes file: \(Self.describe(error))")
        }
        routes = document.routes ?? []
        for route in routes {
            if let show = route.show, ShowMode(name: show) == nil {
                throw RoutesFileError(message: "route '\(route.pattern)': unknown show '\(show)' "
                                      + "(use push, present or tab)")
            }
        }
        start = document.start
        fallbackToGlobal = document.fallbackToGlobal ?? []
        options = URLRouterOptions(decodePlus: document.decodePlus ?? true, hostAsPath: document.hostAsPath ?? false,
                                caseInsensitivePaths: document.caseInsensitivePaths ?? false)
        self.baseURL = baseURL
    }

    /// Reads and parses the routes file at `path`; relative pages resolve against its folder.
    public init(contentsOf path: String) throws(RoutesFileError) {
        let url = URL(fileURLWithPath: path)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw RoutesFileError(message: "cannot read routes file '\(path)': \(error.localizedDescription)")
        }
        do {
            try self.init(json: text, baseURL: url.deletingLastPathComponent())
        } catch {
            throw RoutesFileError(message: "\(error.message) ('\(path)')")
        }
    }

    /// A router with the file's options and routes (handlers that accept everything, for matching).
    public func makeRouter() throws(RoutesFileError) -> URLRouter {
        let router = URLRouter(options: options)
        do {
            for route in routes { try router.register(route.pattern, scheme: route.scheme, priority: route.priority ?? 0) }
        } catch {
            throw RoutesFileError(message: "\(error)")
        }
        for scheme in fallbackToGlobal { router.setFallsBackToGlobal(true, forScheme: scheme) }
        return router
    }

    /// The page URL of `entry`: an absolute URL as written, or the path resolved against ``baseURL`` (or the
    /// current directory). Nil when the route has no page or it is not a valid URL.
    public func pageURL(of entry: Entry) -> URL? {
        guard let page = entry.page, !page.isEmpty else { return nil }
        if let url = URL(string: page), let scheme = url.scheme, scheme.count > 1 { return url }
        if page.hasPrefix("/") { return URL(fileURLWithPath: page) }
        let base = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(string: page, relativeTo: base)?.absoluteURL
    }

    /// Registers every route on `navigator`: a URL matching a route builds the page `build` returns for it (given
    /// the entry, the match and the entry's ``pageURL(of:)``) and shows it with the entry's `show`.
    /// - Throws: ``RoutesFileError`` for a malformed pattern.
    @MainActor
    public func install(on navigator: Navigator,
                        build: @escaping @MainActor (Entry, RouteMatch, URL?) throws -> Page) throws(RoutesFileError) {
        for scheme in fallbackToGlobal { navigator.router.setFallsBackToGlobal(true, forScheme: scheme) }
        for entry in routes {
            let pageURL = pageURL(of: entry)
            do {
                try navigator.register(entry.pattern, scheme: entry.scheme, priority: entry.priority ?? 0) { match in
                    RouteDestination(page: try build(entry, match, pageURL), show: entry.showMode)
                }
            } catch {
                throw RoutesFileError(message: "\(error)")
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

/// A routes file that cannot be read or parsed, with a message for people.
public struct RoutesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates the error.
    public init(message: String) { self.message = message }
    public var description: String { message }
}
