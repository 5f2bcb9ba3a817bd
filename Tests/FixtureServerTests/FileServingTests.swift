import Foundation
import Testing
@testable import FixtureServer

@Suite("Serving files")
struct FileServingTests {
    @Test("start returns the bound base URL on 127.0.0.1 and a real port")
    func startReturnsBaseURL() async throws {
        let folder = try FixtureFolder()
        let server = FixtureServer(root: folder.path)
        let base = try await server.start()
        #expect(base.hasPrefix("http://127.0.0.1:"))
        #expect(base.hasSuffix("/"))
        let port = Int(base.dropFirst("http://127.0.0.1:".count).dropLast())
        #expect((port ?? 0) > 0)
        #expect(server.baseURL == base)
        await server.stop()
        #expect(server.baseURL == nil)
    }

    @Test("an empty file is an empty 200 with Content-Length 0")
    func emptyFile() async throws {
        let folder = try FixtureFolder()
        try folder.write("blank.txt", "")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/blank.txt", port: port)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "0")
            #expect(response.body.isEmpty)
        }
    }

    @Test("a missing root is a clear error, not a crash")
    func missingRoot() async throws {
        let server = FixtureServer(root: "/definitely/not/here")
        await #expect(throws: FixtureServerError.rootNotFound("/definitely/not/here")) { try await server.start() }
    }

    @Test("a port already bound is a clear error")
    func portInUse() async throws {
        let folder = try FixtureFolder()
        try await withServer(folder) { _, port in
            let second = FixtureServer(root: folder.path, port: port)
            await #expect {
                try await second.start()
            } throws: { error in
                guard case .cannotListen(_, let failedPort, _) = error as? FixtureServerError else { return false }
                return failedPort == port
            }
        }
    }

    @Test("content types by extension, text with charset, unknown as octet-stream",
          arguments: [
            ("a.html", "text/html; charset=utf-8"), ("a.htm", "text/html; charset=utf-8"),
            ("a.js", "text/javascript; charset=utf-8"), ("a.mjs", "text/javascript; charset=utf-8"),
            ("a.css", "text/css; charset=utf-8"), ("a.json", "application/json; charset=utf-8"),
            ("a.map", "application/json; charset=utf-8"), ("a.svg", "image/svg+xml; charset=utf-8"),
            ("a.png", "image/png"), ("a.jpg", "image/jpeg"), ("a.jpeg", "image/jpeg"), ("a.gif", "image/gif"),
            ("a.webp", "image/webp"), ("a.ico", "image/x-icon"), ("a.woff", "font/woff"), ("a.woff2", "font/woff2"),
            ("a.ttf", "font/ttf"), ("a.wasm", "application/wasm"), ("a.txt", "text/plain; charset=utf-8"),
            ("a.xml", "application/xml; charset=utf-8"), ("a.pdf", "application/pdf"), ("a.mp4", "video/mp4"),
            ("a.webm", "video/webm"), ("a.unknownext", "application/octet-stream"), ("noext", "application/octet-stream"),
            ("A.HTML", "text/html; charset=utf-8"),
          ])
    func contentTypes(file: String, type: String) async throws {
        let folder = try FixtureFolder()
        try folder.write(file, "x")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/" + file, port: port)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type)
            #expect(response.text == "x")
        }
    }

    @Test("folders answer their index.html; a folder path without slash redirects")
    func index() async throws {
        let folder = try FixtureFolder()
        try folder.write("index.html", "<h1>root</h1>")
        try folder.write("docs/index.html", "<h1>docs</h1>")
        try await withServer(folder) { _, port in
            let root = try await RawHTTP.get("/", port: port)
            #expect(root.status == 200)
            #expect(root.text == "<h1>root</h1>")
            #expect(root.header("Content-Type") == "text/html; charset=utf-8")
            let docs = try await RawHTTP.get("/docs/", port: port)
            #expect(docs.text == "<h1>docs</h1>")
            let redirect = try await RawHTTP.get("/docs?x=1", port: port)
            #expect(redirect.status == 301)
            #expect(redirect.header("Location") == "/docs/?x=1")
        }
    }

    @Test("a missing file is a plain 404; a folder without index is 404 unless listing is on")
    func notFound() async throws {
        let folder = try FixtureFolder()
        try folder.write("empty/a.txt", "a")
        try folder.write("empty/.secret", "s")
        try folder.write("empty/<b>.txt", "b")
        try await withServer(folder) { _, port in
            let missing = try await RawHTTP.get("/nope.html", port: port)
            #expect(missing.status == 404)
            #expect(missing.text == "404 Not Found\n")
            #expect(missing.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(try await RawHTTP.get("/empty/", port: port).status == 404)
        }
        var options = FixtureServer.Options()
        options.listDirectories = true
        try await withServer(folder, options: options) { _, port in
            let listing = try await RawHTTP.get("/empty/", port: port)
            #expect(listing.status == 200)
            #expect(listing.text.contains("<a href=\"a.txt\">a.txt</a>"))
            #expect(listing.text.contains("&lt;b&gt;.txt"))
            #expect(!listing.text.contains("secret"))
        }
    }

    @Test("other methods on files get 405 with Allow")
    func methodNotAllowed() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "a")
        try await withServer(folder) { _, port in
            for method in ["POST", "PUT", "DELETE", "PATCH"] {
                let response = try await RawHTTP.send(
                    "\(method) /a.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", port: port)
                #expect(response.status == 405)
                #expect(response.header("Allow") == "GET, HEAD")
            }
        }
    }

    @Test("HEAD has the headers and no body")
    func head() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.css", String(repeating: "b", count: 1000))
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/a.css", port: port, method: "HEAD")
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "1000")
            #expect(response.header("Content-Type") == "text/css; charset=utf-8")
            #expect(response.header("ETag") != nil)
            #expect(response.body.isEmpty)
        }
    }

    @Test("Cache-Control no-cache, ETag and Last-Modified on every file")
    func validators() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.js", "1")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.get("/a.js", port: port)
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("ETag")?.hasPrefix("\"") == true)
            #expect(response.header("Last-Modified")?.hasSuffix("GMT") == true)
        }
    }

    @Test("If-None-Match and If-Modified-Since answer 304; a changed file answers 200 again")
    func notModified() async throws {
        let folder = try FixtureFolder()
        let file = try folder.write("a.html", "one")
        try await withServer(folder) { _, port in
            let first = try await RawHTTP.get("/a.html", port: port)
            let etag = try #require(first.header("ETag"))
            let modified = try #require(first.header("Last-Modified"))
            let byTag = try await RawHTTP.get("/a.html", port: port, headers: ["If-None-Match: \(etag)"])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            #expect(byTag.header("ETag") == etag)
            let byList = try await RawHTTP.get("/a.html", port: port, headers: ["If-None-Match: \"x\", W/\(etag)"])
            #expect(byList.status == 304)
            let byDate = try await RawHTTP.get("/a.html", port: port, headers: ["If-Modified-Since: \(modified)"])
            #expect(byDate.status == 304)
            let old = try await RawHTTP.get("/a.html", port: port,
                                            headers: ["If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
            #expect(old.status == 200)
            let otherTag = try await RawHTTP.get("/a.html", port: port, headers: ["If-None-Match: \"nope\""])
            #expect(otherTag.status == 200)
            // A new version of the file is a new entity.
            try Data("two, longer".utf8).write(to: file)
            let changed = try await RawHTTP.get("/a.html", port: port, headers: ["If-None-Match: \(etag)"])
            #expect(changed.status == 200)
            #expect(changed.text == "two, longer")
        }
    }

    @Test("Range answers 206 with Content-Range; unsatisfiable ranges 416")
    func ranges() async throws {
        let folder = try FixtureFolder()
        try folder.write("d.txt", "0123456789")
        try await withServer(folder) { _, port in
            let middle = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=2-5"])
            #expect(middle.status == 206)
            #expect(middle.text == "2345")
            #expect(middle.header("Content-Range") == "bytes 2-5/10")
            let open = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=7-"])
            #expect(open.text == "789")
            let suffix = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=-3"])
            #expect(suffix.text == "789")
            #expect(suffix.header("Content-Range") == "bytes 7-9/10")
            let beyond = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=8-100"])
            #expect(beyond.text == "89")
            let unsatisfiable = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=10-20"])
            #expect(unsatisfiable.status == 416)
            #expect(unsatisfiable.header("Content-Range") == "bytes */10")
            let malformed = try await RawHTTP.get("/d.txt", port: port, headers: ["Range: bytes=x-y"])
            #expect(malformed.status == 200)
            #expect(malformed.text == "0123456789")
            let staleIfRange = try await RawHTTP.get("/d.txt", port: port,
                                                     headers: ["Range: bytes=0-1", "If-Range: \"old\""])
            #expect(staleIfRange.status == 200)
        }
    }

    @Test("a large file is mapped and served whole and in ranges")
    func largeFile() async throws {
        let folder = try FixtureFolder()
        var bytes = [UInt8](repeating: 0, count: 3 << 20)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try folder.write("big.bin", Data(bytes))
        try await withServer(folder) { _, port in
            let whole = try await RawHTTP.get("/big.bin", port: port)
            #expect(whole.status == 200)
            #expect(whole.body == bytes)
            let tail = try await RawHTTP.get("/big.bin", port: port, headers: ["Range: bytes=3000000-"])
            #expect(tail.status == 206)
            #expect(tail.body == Array(bytes[3_000_000...]))
        }
    }
}
