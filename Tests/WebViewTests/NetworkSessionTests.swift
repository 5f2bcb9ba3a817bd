import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

@Suite struct NetworkSessionTests {
    private func send(_ request: WebRequest, environment: [String: String] = [:]) async -> Result<LoadedResource, WebLoadError> {
        let runtime = JavaScriptRuntime()
        return await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext, environment: environment)
            return await session.sendAndWait(request)
        }
    }

    @Test func proxiesComeFromTheEnvironmentAsCurlReadsThem() {
        #expect(ProxySettings(environment: [:]) == ProxySettings(environment: ["HTTP_PROXY": "http://cgi:1"]))
        let both = ProxySettings(environment: ["http_proxy": "http://p:1", "HTTPS_PROXY": " http://q:2 ", "no_proxy": "a.test, .b.test,,10.0.0.0/8"])
        #expect(both.proxies == ["http": "http://p:1", "https": "http://q:2"])
        #expect(both.directHosts == ["a.test", ".b.test", "10.0.0.0/8"])
        let all = ProxySettings(environment: ["ALL_PROXY": "socks5://s:3", "https_proxy": "http://q:2", "HTTPS_PROXY": "http://ignored:9"])
        #expect(all.proxies == ["http": "socks5://s:3", "https": "http://q:2"])
        #expect(ProxySettings(environment: ["all_proxy": "http://p:1", "NO_PROXY": "*"]).proxies.isEmpty)
    }

    @Test func requestsGoThroughTheEnvironmentsProxyExceptForNoProxyHosts() async throws {
        let target = try await LoopbackServer { _ in .text("direct") }
        let proxy = try await LoopbackServer { request in .text("via proxy for \(request.headers["host"] ?? "?")") }
        let proxied = try await send(WebRequest(url: target.url("/page")), environment: ["http_proxy": proxy.baseURL.absoluteString]).get()
        #expect(proxied.text == "via proxy for 127.0.0.1:\(target.port)")
        #expect(target.requests.isEmpty)
        let direct = try await send(WebRequest(url: target.url("/page")),
                                    environment: ["http_proxy": proxy.baseURL.absoluteString, "no_proxy": "127.0.0.1"]).get()
        #expect(direct.text == "direct")
        #expect(proxy.requests.count == 1)
        await target.stop()
        await proxy.stop()
    }

    /// libsoup 3.2's client idle timer, overdue after a long script held the thread, closed the connection the
    /// page's next request had just been given: that request never completed (a test page hung until its load
    /// timeout in about 1 of 7 loaded suite runs), or libsoup crashed. With a 1 s timer and a 2.5 s script the loss
    /// is certain; the session runs without the timer, and the page served on the same thread loads (see
    /// `SameThreadWebViewTests` for the page).
    @Test func keptAliveConnectionsHaveNoClientIdleTimer() async {
        let runtime = JavaScriptRuntime()
        let seconds = await runtime.isolated { rt in WebSession(mainContext: rt.loop.mainContext).idleConnectionTimeout }
        #expect(seconds == 0)
        await runtime.shutdown()
    }

    @Test func getsStatusHeadersMimeTypeAndBody() async throws {
        let server = try await LoopbackServer { _ in .json(#"{"ok":true}"#, status: 201, headers: [("X-Test", "yes")]) }
        let resource = try await send(WebRequest(url: server.url("/data"))).get()
        #expect(resource.status == 201)
        #expect(resource.statusText == "Created")
        #expect(resource.mimeType == "application/json")
        #expect(resource.header("x-test") == "yes")
        #expect(resource.text == #"{"ok":true}"#)
        await server.stop()
    }

    @Test func followsRedirectsAndReportsTheFinalURL() async throws {
        let server = try await LoopbackServer { request in
            request.path == "/old" ? .redirect(to: "/new") : .text("moved here")
        }
        let resource = try await send(WebRequest(url: server.url("/old"))).get()
        #expect(resource.url.path == "/new")
        #expect(resource.text == "moved here")
        await server.stop()
    }

    @Test func aBodyPastTheSizeLimitFailsTheRequestAndTheSessionGoesOn() async throws {
        let server = try await LoopbackServer { request in
            TestResponse(contentType: "application/octet-stream", body: Array(repeating: 7, count: request.path == "/big" ? 300_000 : 100_000))
        }
        let runtime = JavaScriptRuntime()
        let (big, small) = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            session.maximumResponseSize = 200_000
            let big = await session.sendAndWait(WebRequest(url: server.url("/big")))
            let small = await session.sendAndWait(WebRequest(url: server.url("/small")))
            return (big.map(\.body.count), small.map(\.body.count))
        }
        #expect(throws: WebLoadError.self) { try big.get() }
        if case .failure(let error) = big {
            #expect(error.kind == .responseTooLarge)
            #expect(error.message.contains("200000 bytes"))
        }
        #expect(try small.get() == 100_000)
        await server.stop()
    }

    @Test func anHTTPErrorStatusIsAResponse() async throws {
        let server = try await LoopbackServer { _ in .text("nope", status: 404) }
        let resource = try await send(WebRequest(url: server.url("/missing"))).get()
        #expect(resource.status == 404)
        #expect(resource.statusText == "Not Found")
        await server.stop()
    }

    @Test func postsBodyAndHeaders() async throws {
        let server = try await LoopbackServer { request in .text("\(request.method) \(request.text)") }
        let request = WebRequest(url: server.url("/echo"), method: "POST",
                                 headers: [("Content-Type", "application/json"), ("X-Token", "abc")],
                                 body: Array(#"{"a":1}"#.utf8))
        let resource = try await send(request).get()
        #expect(resource.text == #"POST {"a":1}"#)
        let received = try #require(server.requests.first)
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.headers["x-token"] == "abc")
        await server.stop()
    }

    @Test func readsFilesFromDiskAndReportsMissingOnes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        try "<p>hi</p>".write(to: page, atomically: true, encoding: .utf8)
        let resource = try await send(WebRequest(url: page)).get()
        #expect(resource.status == 200)
        #expect(resource.mimeType == "text/html")
        #expect(resource.text == "<p>hi</p>")

        let missing = await send(WebRequest(url: folder.appendingPathComponent("nope.js")))
        guard case .failure(let error) = missing else { Issue.record("a missing file loaded"); return }
        #expect(error.kind == .fileNotFound)
        #expect(error.message.contains("No such file"))
    }

    @Test func unsupportedSchemeFailsClearly() async throws {
        let result = await send(WebRequest(url: URL(string: "ftp://example.com/file.txt")!))
        guard case .failure(let error) = result else { Issue.record("ftp loaded"); return }
        #expect(error.kind == .unsupportedScheme)
        #expect(error.description.contains("unsupported URL scheme 'ftp:'"))
    }

    @Test func refusedConnectionIsANetworkError() async throws {
        let closed = try ClosedPort()
        let result = await send(WebRequest(url: closed.url("/gone")))
        guard case .failure(let error) = result else { Issue.record("a closed port answered"); return }
        #expect(error.kind == .network)
        #expect(!error.message.isEmpty)
        withExtendedLifetime(closed) {}
    }

    @Test func timeoutFailsTheRequest() async throws {
        let server = try await LoopbackServer { _ in .hanging }
        let result = await send(WebRequest(url: server.url("/slow"), timeout: .milliseconds(100)))
        guard case .failure(let error) = result else { Issue.record("a hanging request succeeded"); return }
        #expect(error.kind == .timeout)
        #expect(error.message.contains("timed out"))
        await server.stop()
    }

    /// A request without a timeout of its own gives up when no response has begun within the session's
    /// `responseTimeout` (60 s, as WKWebView); a response that has begun is not cut off by it.
    @Test func aRequestWithoutATimeoutFailsWhenNoResponseBegins() async throws {
        let server = try await LoopbackServer { request in request.path == "/slow" ? .hanging : .text("fast") }
        let runtime = JavaScriptRuntime()
        let (hung, answered, defaultLimit) = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            let defaultLimit = session.responseTimeout
            session.responseTimeout = .milliseconds(200)
            let hung = await session.sendAndWait(WebRequest(url: server.url("/slow")))
            session.responseTimeout = defaultLimit  // the session still works (a loaded server may take its time)
            let answered = await session.sendAndWait(WebRequest(url: server.url("/fast")))
            return (hung, answered, defaultLimit)
        }
        #expect(defaultLimit == .seconds(60))
        guard case .failure(let error) = hung else { Issue.record("a request nobody answers succeeded"); return }
        #expect(error.kind == .timeout)
        #expect(error.message == "no response within 0.2 s")
        #expect((try? answered.get())?.text == "fast")
        await server.stop()
        await runtime.shutdown()
    }

    /// A script that holds the thread past the response timeout right after a request (a framework's start-up on
    /// a loaded machine) does not time it out: the answer waits unread on the socket, and the time the thread was
    /// held is not the server's. A 4 s hold against a 2 s limit.
    @Test func aThreadHeldPastTheResponseTimeoutDoesNotTimeTheRequestOut() async throws {
        let server = try await LoopbackServer { _ in .text("answered") }
        let runtime = JavaScriptRuntime()
        let result = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            session.responseTimeout = .seconds(2)
            return await withCheckedContinuation { continuation in
                session.send(WebRequest(url: server.url("/data"))) { continuation.resume(returning: $0) }
                usleep(4_000_000)  // the thread held, as by a long synchronous script
            }
        }
        #expect((try? result.get())?.text == "answered", "\(result)")
        await server.stop()
        await runtime.shutdown()
    }

    /// The limit is for inactivity, as `NSURLRequest`'s `timeoutInterval`: a body that keeps coming is read whole
    /// however long it takes in all (6 s here, against a 5 s limit, one chunk every 1.2 s; the margins leave a
    /// loaded server's thread seconds of delay)...
    @Test func aSlowButSteadyBodyIsReadWhole() async throws {
        let parts = (1...6).map { "part \($0);" }
        let server = try await LoopbackServer { _ in .trickle(parts, every: .milliseconds(1200)) }
        let runtime = JavaScriptRuntime()
        let result = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            session.responseTimeout = .seconds(5)
            return await session.sendAndWait(WebRequest(url: server.url("/data")))
        }
        #expect((try? result.get())?.text == parts.joined(), "\(result)")
        await server.stop()
        await runtime.shutdown()
    }

    /// ...while a body that stops coming fails once it has been quiet for the limit, with what was missing.
    @Test func aStalledBodyTimesOut() async throws {
        let server = try await LoopbackServer { _ in .stalling(after: "the beginning") }
        let runtime = JavaScriptRuntime()
        let (result, socketTimeout) = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            session.responseTimeout = .seconds(5)  // generous: the head must come first, from a loaded server
            return (await session.sendAndWait(WebRequest(url: server.url("/data"))), session.socketTimeout)
        }
        // libsoup's own socket timer stays off: it fired overdue after a held thread (see the held-thread tests).
        #expect(socketTimeout == 0)
        guard case .failure(let error) = result else { Issue.record("a stalled body completed: \(result)"); return }
        #expect(error.kind == .timeout)
        #expect(error.message == "the response stalled: no data for 5 s")
        await server.stop()
        await runtime.shutdown()
    }

    @Test func aCancelledLoadNeverCompletes() async throws {
        let server = try await LoopbackServer { request in request.path == "/slow" ? .hanging : .text("fast") }
        let runtime = JavaScriptRuntime()
        let (cancelledCalls, second) = await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            var calls = 0
            let handle = session.load(server.url("/slow")) { _ in calls += 1 }
            handle.cancel()
            let second = await session.sendAndWait(WebRequest(url: server.url("/fast")))
            return (calls, (try? second.get())?.text)
        }
        #expect(cancelledCalls == 0)
        #expect(second == "fast")
        await server.stop()
    }

    @Test func aSessionDroppedOffTheRuntimeThreadIsReleasedOnIt() async throws {
        final class Box: @unchecked Sendable { var session: WebSession?; init(_ s: WebSession) { session = s } }
        let runtime = JavaScriptRuntime()
        let box = await runtime.perform { rt in Box(WebSession(mainContext: rt.loop.mainContext)) }
        box.session = nil  // not the runtime thread: the release is handed back to it
        let after = await runtime.isolated { rt in
            (try? await WebSession(mainContext: rt.loop.mainContext).sendAndWait(WebRequest(url: URL(string: "ftp://x/")!)).get()) == nil
        }
        #expect(after)
    }
}
