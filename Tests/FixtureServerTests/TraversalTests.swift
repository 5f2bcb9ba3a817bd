import Foundation
import Testing
@testable import FixtureServer

/// A served `root/` inside a folder holding `secret.txt`, plus symlinks that try to leave the root.
private func makeTree() throws -> (FixtureFolder, String) {
    let base = try FixtureFolder()
    try base.write("secret.txt", "TOP-SECRET")
    try base.write("root/index.html", "<p>home</p>")
    try base.write("root/sub/page.html", "<p>sub</p>")
    try base.write("root/.env", "API_KEY=TOP-SECRET")
    try base.write("root/.git/config", "TOP-SECRET config")
    try base.write("root/sub/.hidden.html", "TOP-SECRET hidden")
    let root = base.path + "/root"
    try FileManager.default.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: "../secret.txt")
    try FileManager.default.createSymbolicLink(atPath: root + "/up", withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(atPath: root + "/etc", withDestinationPath: "/etc")
    try FileManager.default.createSymbolicLink(atPath: root + "/inside.html", withDestinationPath: "sub/page.html")
    try FileManager.default.createSymbolicLink(atPath: root + "/env-link", withDestinationPath: ".env")
    return (base, root)
}

private func serve(_ body: (Int) async throws -> Void) async throws {
    let (base, root) = try makeTree()
    let server = FixtureServer(root: root)
    let url = try await server.start()
    let port = Int(url.split(separator: ":").last!.dropLast())!
    do { try await body(port) } catch { await server.stop(); throw error }
    await server.stop()
    withExtendedLifetime(base) {}
}

@Suite("Safety: no path leaves the root")
struct TraversalTests {
    static let attacks = [
        "/../secret.txt", "/../../../../etc/passwd", "/sub/../../secret.txt",
        "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/%2e./secret.txt",
        "/%2e%2e%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "/..%2fsecret.txt", "/sub%2f..%2f..%2fsecret.txt",
        "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/%25252e%25252e/secret.txt",
        "/..%5csecret.txt", "/..%5Csecret.txt", "/..\\secret.txt", "/sub\\..\\..\\secret.txt",
        "/%00", "/index.html%00", "/index.html%00.txt", "/%c0%ae%c0%ae/secret.txt", "/%2",
        "//etc/passwd", "/etc/passwd", "/escape.txt", "/up/secret.txt", "/up/root/.env",
        "/.env", "/.git/config", "/%2eenv", "/%2egit/config", "/sub/.hidden.html", "/env-link",
        "/./.env", "/sub/./../.env",
    ]

    @Test("traversal forms answer 400, 403 or 404 and never a byte outside the root", arguments: attacks)
    func traversal(path: String) async throws {
        try await serve { port in
            let response = try await RawHTTP.get(path, port: port)
            #expect([400, 403, 404].contains(response.status), "\(path) -> \(response.status)")
            #expect(!response.text.contains("TOP-SECRET"))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test("absolute-form and raw NUL request targets are refused too")
    func rawTargets() async throws {
        try await serve { port in
            for target in ["http://127.0.0.1/../secret.txt", "http://127.0.0.1/%2e%2e/secret.txt", "../secret.txt",
                           "/index.html\u{0}/../../secret.txt", "*"] {
                let response = try await RawHTTP.send(
                    "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
                #expect([400, 403, 404].contains(response.status), "\(target) -> \(response.status)")
                #expect(!response.text.contains("TOP-SECRET"))
            }
        }
    }

    @Test("symlinks that stay inside the root are served")
    func innerSymlink() async throws {
        try await serve { port in
            let response = try await RawHTTP.get("/inside.html", port: port)
            #expect(response.status == 200)
            #expect(response.text == "<p>sub</p>")
            #expect(try await RawHTTP.get("/sub/page%2Ehtml", port: port).text == "<p>sub</p>")
        }
    }

    @Test("the resolver itself refuses each form", arguments: attacks)
    func resolver(path: String) throws {
        let (base, root) = try makeTree()
        let resolver = try #require(PathResolver(root: root))
        switch resolver.resolve(encodedPath: path) {
        case .forbidden, .notFound: break
        case .file(let real), .directory(let real):
            Issue.record("\(path) resolved to \(real)")
        }
        withExtendedLifetime(base) {}
    }
}
