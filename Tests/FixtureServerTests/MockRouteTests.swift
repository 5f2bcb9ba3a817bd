import Foundation
import JavaScript
import Testing
@testable import FixtureServer

@Suite("Mock API routes")
struct MockRouteTests {
    @Test("route with parameters answers JSON; query, headers and body reach the handler")
    func parameters() async throws {
        let folder = try FixtureFolder()
        try await withServer(folder, configure: { server in
            try server.route("GET", "/api/user/:id") { request in
                .json(["id": .string(request.parameters["id"] ?? ""), "tab": .string(request.query["tab"]?.first ?? ""),
                       "agent": .string(request.headers["x-test"] ?? "")])
            }
            try server.route("POST", "/api/echo") { request in
                let body = try request.json()
                return .json(["got": body], status: 201)
            }
            try server.route("GET", "/api/text") { _ in .text("plain") }
            try server.route("DELETE", "/api/user/<int:id>") { _ in .status(204) }
        }) { _, port in
            let user = try await RawHTTP.get("/api/user/42?tab=posts", port: port, headers: ["X-Test: yes"])
            #expect(user.status == 200)
            #expect(user.header("Content-Type") == "application/json; charset=utf-8")
            #expect(try JSONValue(parsing: user.text) == ["id": "42", "tab": "posts", "agent": "yes"])
            let encoded = try await RawHTTP.get("/api/user/joel%20levin", port: port)
            #expect(try JSONValue(parsing: encoded.text)["id"] == "joel levin")
            let body = #"{"a":[1,2]}"#
            let echo = try await RawHTTP.send("POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                              + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                                              port: port)
            #expect(echo.status == 201)
            #expect(try JSONValue(parsing: echo.text) == ["got": ["a": [1, 2]]])
            #expect(try await RawHTTP.get("/api/text", port: port).text == "plain")
            #expect(try await RawHTTP.get("/api/user/7", port: port, method: "DELETE").status == 204)
        }
    }

    @Test("a path with routes for other methods answers 405 with Allow; unknown paths fall through to files")
    func wrongMethod() async throws {
        let folder = try FixtureFolder()
        try folder.write("api/static.json", "{}")
        try await withServer(folder, configure: { server in
            try server.route("GET", "/api/user/:id") { _ in .status(200) }
        }) { _, port in
            let response = try await RawHTTP.get("/api/user/1", port: port, method: "PUT")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET")
            #expect(try await RawHTTP.get("/api/static.json", port: port).status == 200)
            #expect(try await RawHTTP.get("/api/user/1", port: port, method: "HEAD").status == 200)
        }
    }

    @Test("a throwing handler answers 500 with the error; malformed JSON bodies too; the server keeps working")
    func throwingHandler() async throws {
        struct Boom: Error {}
        let folder = try FixtureFolder()
        try await withServer(folder, configure: { server in
            try server.route("GET", "/boom") { _ in throw Boom() }
            try server.route("POST", "/json") { request in .json(try request.json()) }
        }) { _, port in
            let boom = try await RawHTTP.get("/boom", port: port)
            #expect(boom.status == 500)
            #expect(boom.text.contains("Boom"))
            let bad = try await RawHTTP.send("POST /json HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close"
                                             + "\r\n\r\n{bad", port: port)
            #expect(bad.status == 500)
            #expect(try await RawHTTP.get("/boom", port: port).status == 500)
        }
    }

    @Test("a malformed pattern is a clear error")
    func malformedPattern() throws {
        let server = FixtureServer(root: "/tmp")
        #expect(throws: FixtureServerError.self) {
            try server.route("GET", "/a/*/b") { _ in .status(200) }
        }
    }

    @Test("mock folder: METHOD/path/[param].json with a sibling .status")
    func mockFolder() async throws {
        let folder = try FixtureFolder()
        let mocks = try FixtureFolder()
        try mocks.write("GET/api/user/[id].json", #"{"name":"Ada"}"#)
        try mocks.write("GET/api/missing/[id].json", #"{"error":"gone"}"#)
        try mocks.write("GET/api/missing/[id].status", "410\n")
        try mocks.write("GET/api/users/index.json", "[1,2]")
        try mocks.write("POST/api/login.json", #"{"ok":true}"#)
        #expect(try MockFolder.scan(mocks.path).map(\.pattern)
                == ["/api/missing/:id", "/api/user/:id", "/api/users", "/api/login"])
        var options = FixtureServer.Options()
        options.apiMocks = mocks.path
        try await withServer(folder, options: options) { _, port in
            let user = try await RawHTTP.get("/api/user/42", port: port)
            #expect(user.status == 200)
            #expect(user.text == #"{"name":"Ada"}"#)
            #expect(user.header("Content-Type") == "application/json; charset=utf-8")
            let gone = try await RawHTTP.get("/api/missing/1", port: port)
            #expect(gone.status == 410)
            #expect(try await RawHTTP.get("/api/users", port: port).text == "[1,2]")
            let login = try await RawHTTP.send("POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                               + "Connection: close\r\n\r\n", port: port)
            #expect(login.text == #"{"ok":true}"#)
            // Edits show without a restart.
            try mocks.write("GET/api/user/[id].json", #"{"name":"Grace"}"#)
            #expect(try await RawHTTP.get("/api/user/1", port: port).text == #"{"name":"Grace"}"#)
        }
    }

    @Test("an .echo.json mock answers with the request as JSON, with the file's status; a bad file answers 500")
    func echoMock() async throws {
        let folder = try FixtureFolder()
        let mocks = try FixtureFolder()
        try mocks.write("POST/upload.echo.json", #"{"status": 201}"#)
        try mocks.write("PUT/api/[id].echo.json", "{}")
        try mocks.write("POST/broken.echo.json", "{not json")
        #expect(try MockFolder.scan(mocks.path).map(\.pattern) == ["/broken", "/upload", "/api/:id"])
        var options = FixtureServer.Options()
        options.apiMocks = mocks.path
        try await withServer(folder, options: options) { _, port in
            let body = "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n\r\nhé\r\n--b--\r\n"
            let upload = try await RawHTTP.send("POST /upload?x=1&x=2 HTTP/1.1\r\nHost: x\r\n"
                                                + "Content-Type: multipart/form-data; boundary=b\r\n"
                                                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body,
                                                port: port)
            #expect(upload.status == 201)
            #expect(upload.header("Content-Type") == "application/json; charset=utf-8")
            let echoed = try JSONValue(parsing: upload.text)
            #expect(echoed["method"] == "POST")
            #expect(echoed["path"] == "/upload")
            #expect(echoed["query"] == ["x": ["1", "2"]])
            #expect(echoed["headers"]?["content-type"] == "multipart/form-data; boundary=b")
            #expect(echoed["body"]?.stringValue == body)
            #expect(echoed["bodyLength"]?.intValue == body.utf8.count)
            let put = try await RawHTTP.send("PUT /api/7 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                             + "Connection: close\r\n\r\n", port: port)
            #expect(put.status == 200)
            #expect(try JSONValue(parsing: put.text)["body"] == "")
            let broken = try await RawHTTP.send("POST /broken HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                                + "Connection: close\r\n\r\n", port: port)
            #expect(broken.status == 500)
            #expect(broken.text.contains("broken.echo.json"))
        }
    }

    @Test("a missing mocks folder is a clear error")
    func missingMocks() async throws {
        let folder = try FixtureFolder()
        let server = FixtureServer(root: folder.path)
        server.options.apiMocks = "/no/such/mocks"
        await #expect(throws: FixtureServerError.mocksNotFound("/no/such/mocks")) { try await server.start() }
    }

    @Test("CORS headers when asked, preflight answered; none by default")
    func cors() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.json", "{}")
        var options = FixtureServer.Options()
        options.cors = true
        try await withServer(folder, options: options, configure: { server in
            try server.route("POST", "/api/x") { _ in .status(200) }
        }) { _, port in
            let plain = try await RawHTTP.get("/a.json", port: port, headers: ["Origin: http://example.test"])
            #expect(plain.header("Access-Control-Allow-Origin") == "http://example.test")
            let preflight = try await RawHTTP.get("/api/x", port: port, method: "OPTIONS",
                                                  headers: ["Origin: http://example.test",
                                                            "Access-Control-Request-Method: POST",
                                                            "Access-Control-Request-Headers: content-type"])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            #expect(preflight.header("Access-Control-Allow-Headers") == "content-type")
        }
        try await withServer(folder) { _, port in
            let plain = try await RawHTTP.get("/a.json", port: port, headers: ["Origin: http://example.test"])
            #expect(plain.header("Access-Control-Allow-Origin") == nil)
        }
    }
}
