import ArgumentParser
import Foundation
import Hybrid

/// `hybrid route`: matches URLs against a routing table and prints what each matched, one JSON object per line.
///
/// It is how a person debugs a routing table and how scripts test one.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Match URLs against routes and print each match as one line of JSON.",
        discussion: """
            Routes come from --routes FILE first, then from each --pattern, in order. Each URL prints one JSON \
            object on its own line, with the keys url, matched, pattern, expandedPattern, scheme (null for a \
            global route), parameters, typed, query (values always arrays) and wildcard; a URL no route matches \
            prints {"url":...,"matched":false}.

            The routes file is JSON, every key optional: {"routes": [{"pattern": "/user/view/:userID", "scheme": \
            "tests", "priority": 0}], "fallbackToGlobal": ["tests"], "decodePlus": true, "hostAsPath": false, \
            "caseInsensitivePaths": false}. hybrid run --routes reads the same file.

            Exit status: 0 when every URL matched, 1 when any did not, 2 for a malformed pattern or routes file \
            (the reason goes to standard error).

            Examples:
              hybrid route --pattern '/user/view/:userID' 'app://user/view/joe?tab=1'
              hybrid route --pattern 'myapp://user/<int:id>' myapp://user/42
              hybrid route --pattern '/files/*' app://files/x/y
              hybrid route --routes web/navigation/routes.json app://item/7 app://cart
            """
    )

    @Option(name: .long, help: ArgumentHelp("A JSON routes file, loaded before any --pattern.", valueName: "file"))
    var routes: String?

    @Option(name: .long, help: ArgumentHelp("A route pattern, in the global namespace unless it names a scheme "
                                            + "(repeatable).", valueName: "pattern"))
    var pattern: [String] = []

    @Argument(help: "URLs to match.")
    var urls: [String]

    func run() throws {
        let router: URLRouter
        do {
            router = try makeRouter()
        } catch let error as RoutesFileError {
            StandardStreams.err("hybrid route: \(error.message)\n")
            throw ExitCode(2)
        } catch {
            StandardStreams.err("hybrid route: \(error)\n")
            throw ExitCode(2)
        }
        var allMatched = true
        var output = ""
        for url in urls {
            if let match = router.match(url) {
                output += Self.json(for: match) + "\n"
            } else {
                allMatched = false
                output += JSONValue.object(["url": .string(url), "matched": false]).jsonString + "\n"
            }
        }
        StandardStreams.out(output)
        if !allMatched { throw ExitCode(1) }
    }

    /// The routes file's router (Navigation's ``RoutesFile``, the format `hybrid run --routes` reads too), then
    /// each `--pattern` in the global namespace.
    private func makeRouter() throws -> URLRouter {
        let router = try routes.map { try RoutesFile(contentsOf: $0).makeRouter() } ?? URLRouter()
        for pattern in pattern { try router.register(pattern) }
        return router
    }

    /// The key order: url, matched, pattern, expandedPattern, scheme, parameters, typed, query, wildcard;
    /// the keys of each dictionary sorted.
    static func json(for match: RouteMatch) -> String {
        let object: JSONObject = [
            "url": .string(match.url),
            "matched": true,
            "pattern": .string(match.pattern),
            "expandedPattern": .string(match.expandedPattern),
            "scheme": match.scheme.map(JSONValue.string) ?? .null,
            "parameters": .object(JSONObject(match.parameters.mapValues(JSONValue.string))),
            "typed": .object(JSONObject(match.typed.mapValues(typedValue))),
            "query": .object(JSONObject(match.query.mapValues { .array($0.map(JSONValue.string)) })),
            "wildcard": .array(match.wildcard.map(JSONValue.string)),
        ]
        return JSONValue.object(object).jsonString
    }

    /// Typed placeholder values: numbers and Booleans as themselves, everything else as its description.
    private static func typedValue(_ value: any Sendable) -> JSONValue {
        switch value {
        case let bool as Bool: .bool(bool)
        case let int as any BinaryInteger: .number(Double(int))
        case let double as Double: double.isFinite ? .number(double) : .string("\(double)")
        case let float as Float: float.isFinite ? .number(Double(float)) : .string("\(float)")
        case let uuid as UUID: .string(uuid.uuidString)
        case let text as String: .string(text)
        default: .string(String(describing: value))
        }
    }
}
