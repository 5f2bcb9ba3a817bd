import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct NetworkCookieStorageTests {
    @Test func serverCookiesAreStoredSentBackAndVisibleUnlessHttpOnly() async throws {
        let server = try await LoopbackServer { request in
            request.path == "/login"
                ? .text("ok", headers: [("Set-Cookie", "session=abc; Path=/"), ("Set-Cookie", "secret=s1; Path=/; HttpOnly")])
                : .text(request.headers["cookie"] ?? "")
        }
        let runtime = JavaScriptRuntime()
        let (visible, sent, afterJS) = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            _ = await session.sendAndWait(WebRequest(url: server.url("/login")))
            let visible = session.cookies.documentCookie(for: server.url("/page"))
            let sent = (try? await session.sendAndWait(WebRequest(url: server.url("/echo"))).get())?.text
            session.cookies.setDocumentCookie("theme=dark", for: server.url("/page"))
            session.cookies.setDocumentCookie("sneaky=1; HttpOnly", for: server.url("/page"))
            let afterJS = (try? await session.sendAndWait(WebRequest(url: server.url("/echo"))).get())?.text
            return (visible, sent, afterJS)
        }
        #expect(visible == "session=abc")
        #expect(sent?.contains("session=abc") == true)
        #expect(sent?.contains("secret=s1") == true)
        #expect(afterJS?.contains("theme=dark") == true)
        #expect(afterJS?.contains("sneaky") == false, "a script cannot set an HttpOnly cookie")
        await server.stop()
    }

    @Test func cookiesAreNotKeptForOtherSchemesOrMalformedInput() async throws {
        let runtime = JavaScriptRuntime()
        let (file, malformed) = await runtime.isolated { rt in
            let jar = WebSession(mainContext: rt.loop.mainContext).cookies
            jar.setDocumentCookie("a=1", for: URL(fileURLWithPath: "/tmp/page.html"))
            jar.setDocumentCookie("", for: URL(string: "http://example.test/")!)
            jar.setDocumentCookie("b=2; Domain=other.test", for: URL(string: "http://example.test/")!)
            return (jar.documentCookie(for: URL(fileURLWithPath: "/tmp/page.html")),
                    jar.documentCookie(for: URL(string: "http://example.test/")!))
        }
        #expect(file == "")
        #expect(malformed == "", "an empty cookie and one for another domain are ignored")
    }

    @Test func storageAreasArePerOriginWithAQuota() {
        let storage = WebStorage(quota: 20)
        let a = storage.area(for: URL(string: "http://127.0.0.1:8080/one.html")!)
        let sameOrigin = storage.area(for: URL(string: "http://127.0.0.1:8080/two/three.html")!)
        let other = storage.area(for: URL(string: "http://127.0.0.1:9090/")!)
        a.setItem("k", "v")
        #expect(sameOrigin.getItem("k") == "v")
        #expect(other.getItem("k") == nil)
        #expect(a.setItem("big", String(repeating: "x", count: 30)) == false)
        #expect(a.count == 1)
        a.setItem("k2", "w")
        #expect(a.key(at: 1) == "k2")
        a.removeItem("k")
        #expect(a.allKeys == ["k2"])
        a.clear()
        #expect(a.count == 0)
        #expect(WebOrigin.of(URL(string: "HTTPS://Example.COM:443/x")!) == "https://example.com")
        #expect(WebOrigin.of(URL(fileURLWithPath: "/a/b.html")) == "file://")
    }
}
