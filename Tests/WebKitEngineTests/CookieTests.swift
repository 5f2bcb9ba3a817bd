import FixtureServer
import Foundation
import Testing
import WebKitEngine
import WebView

/// Cookies set from Swift, HttpOnly ones too, on both engines: sent with the page's requests, hidden from its
/// `document.cookie`. Skipped with the reason when WebKitGTK is not installed.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil,
                Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct CookieTests {
    /// `name=value` pairs of a cookie header, sorted (the engines may order cookies of the same path differently).
    static func sorted(_ header: String?) -> String {
        (header ?? "none").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
            .joined(separator: "; ")
    }

    @Test func anHttpOnlyCookieSetFromSwiftReachesRequestsButNotDocumentCookieOnBothEngines() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<!DOCTYPE html><p>cookies</p>".utf8).write(to: folder.appendingPathComponent("page.html"))
        let server = FixtureServer(root: folder.path)
        try server.route("GET", "/seen") { request in .text(request.headers["cookie"] ?? "none") }
        let base = try #require(URL(string: try await server.start()))
        do {
            let results = try await WebViewEngineTests.onBothEngines { view -> [String] in
                try await view.setCookie(fromHeader: "sid=s3cret; Path=/; HttpOnly", for: base)
                try await view.setCookie(fromHeader: "theme=dark; Path=/", for: base)
                try await view.load(base.appendingPathComponent("page.html"))
                // The page can neither see the HttpOnly cookie nor replace it.
                _ = try await view.value(of: "document.cookie = 'sid=forged; path=/'; undefined")
                let visible = try await view.cookieString()
                let sent = try await view.awaitedValue(of: "fetch('/seen').then(function (r) { return r.text(); })")
                return [visible, Self.sorted(sent?.stringValue), Self.sorted(try await view.cookieHeader(for: base)),
                        Self.sorted(try await view.cookieHeader(for: URL(string: "http://other.test/")!))]
            }
            #expect(results[0] == ["theme=dark", "sid=s3cret; theme=dark", "sid=s3cret; theme=dark", "none"])
            #expect(results[1] == results[0])
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aCookieThatTheURLCannotSetIsAClearErrorOnBothEngines() async throws {
        let results = try await WebViewEngineTests.onBothEngines { view -> [String] in
            var errors: [String] = []
            for (header, url) in [("a=1; Domain=other.test", "https://example.test/"), ("a=1", "file:///tmp/x.html")] {
                do {
                    try await view.setCookie(fromHeader: header, for: URL(string: url)!)
                    errors.append("set")
                } catch let error as InvalidCookieError {
                    errors.append(error.description)
                }
            }
            return errors
        }
        #expect(results[0] == [
            #"the cookie "a=1; Domain=other.test" cannot be set for https://example.test/: it is malformed or for "#
                + "another domain, or the URL is not http or https",
            #"the cookie "a=1" cannot be set for file:///tmp/x.html: it is malformed or for another domain, or the "#
                + "URL is not http or https",
        ])
        #expect(results[1] == results[0])
    }
}
