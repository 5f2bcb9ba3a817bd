import Foundation
import Testing

/// `hybrid route`, end to end through the built binary.
@Suite struct RouteCommandTests {
    /// Parses each output line as JSON (JSONSerialization is fine in a test: it checks our writer's escaping).
    func objects(_ stdout: String) async throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func writeRoutesFile(_ json: String) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func printsOneJSONObjectPerURLInTheDocumentedKeyOrder() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "myapp://user/<int:id>(/posts/*)",
                                           "myapp://user/42/posts/2024/05?tab=top&tab=new"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"url":"myapp://user/42/posts/2024/05?tab=top&tab=new","matched":true,\
            "pattern":"myapp://user/<int:id>(/posts/*)","expandedPattern":"/user/<int:id>/posts/*",\
            "scheme":"myapp","parameters":{"id":"42"},"typed":{"id":42},"query":{"tab":["top","new"]},\
            "wildcard":["2024","05"]}

            """)
    }

    @Test func globalRouteHasNullSchemeAndPathPlaceholderJoinsSegments() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "/files/<path:rest>", "app://files/a/b%2Fc"])
        let object = try await #require(try objects(result.stdout).first)
        #expect(object["scheme"] is NSNull)
        #expect(object["parameters"] as? [String: String] == ["rest": "a/b/c"])
        #expect(object["wildcard"] as? [String] == [])
    }

    @Test func unmatchedURLPrintsMatchedFalseAndExitsOne() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "/a", "/a", "/b"])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").last == #"{"url":"/b","matched":false}"#)
        await #expect(try objects(result.stdout).count == 2)
    }

    @Test func malformedPatternExitsTwoWithTheReason() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "/a/*/b", "/a"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("invalid route pattern '/a/*/b'"))
        #expect(result.stderr.contains("must be the last segment"))
    }

    @Test func malformedRoutesFileExitsTwoWithTheReason() async throws {
        let file = try await writeRoutesFile(#"{"routes":[{"scheme":"x"}]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await HybridBinary.run(["route", "--routes", file.path, "/a"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("malformed routes file"))
        #expect(result.stderr.contains("pattern"))
    }

    @Test func unreadableRoutesFileExitsTwo() async throws {
        let result = try await HybridBinary.run(["route", "--routes", "/nonexistent/routes.json", "/a"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read routes file"))
    }

    @Test func malformedPatternInRoutesFileExitsTwo() async throws {
        let file = try await writeRoutesFile(#"{"routes":[{"pattern":"/a/<nope:x>"}]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await HybridBinary.run(["route", "--routes", file.path, "/a"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown converter 'nope'"))
    }

    @Test func routesFileRoutesComeBeforePatternRoutes() async throws {
        let file = try await writeRoutesFile(#"{"routes":[{"pattern":"/a/:fromFile"}]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await HybridBinary.run(["route", "--routes", file.path, "--pattern", "/a/:fromFlag", "/a/1"])
        await #expect(try objects(result.stdout).first?["pattern"] as? String == "/a/:fromFile")
    }

    @Test func routesFileSetsSchemesPrioritiesFallbackAndSplittingOptions() async throws {
        let file = try await writeRoutesFile("""
            {"routes":[{"pattern":"/user/view/:userID","scheme":"tests","priority":0},
                       {"pattern":"/:a/:b/:c","priority":5},
                       {"pattern":"/example.com/:q"}],
             "fallbackToGlobal":["tests"],"decodePlus":false,"hostAsPath":true}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await HybridBinary.run(["route", "--routes", file.path,
                                           "tests://user/view/joel+levin", "tests://x/y/z", "http://example.com/a+b"])
        #expect(result.status == 0)
        let lines = try await objects(result.stdout)
        #expect(lines[0]["scheme"] as? String == "tests")
        #expect(lines[0]["parameters"] as? [String: String] == ["userID": "joel+levin"])
        #expect(lines[1]["pattern"] as? String == "/:a/:b/:c")
        #expect(lines[1]["scheme"] is NSNull)
        #expect(lines[2]["parameters"] as? [String: String] == ["q": "a+b"])
    }

    @Test func outputEscapesStringsCorrectly() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "/s/:v", "/s/%22q%5C%0A%09%01%E2%80%A8é?k%22=%00"])
        let object = try await #require(try objects(result.stdout).first)
        #expect(object["parameters"] as? [String: String] == ["v": "\"q\\\n\t\u{01}\u{2028}é"])
        #expect(object["query"] as? [String: [String]] == ["k\"": ["\u{0}"]])
    }

    @Test func helpShowsUsageAndExamples() async throws {
        let result = try await HybridBinary.run(["route", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--pattern"))
        #expect(result.stdout.contains("--routes"))
        #expect(result.stdout.contains("Examples:"))
    }

    @Test func missingURLsIsAUsageError() async throws {
        let result = try await HybridBinary.run(["route", "--pattern", "/a"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Missing expected argument"))
    }
}
