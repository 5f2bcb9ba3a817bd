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
            Routes come from --routes FILE first, then from each --pattern, in order.
            Each URL prints one JSON object on its own line, with the keys url, matched,
            pattern, expandedPattern, scheme (null for global routes), parameters,
            typed, query (values always arrays) and wildcard; or, for a URL no route
            matches, {"url":…,"matched":false}.

            Exit status: 0 when every URL matched, 1 when any did not, 2 for a
            malformed pattern or routes file (the reason goes to standard error).

            Routes file (JSON; every key optional):
              {"routes": [{"pattern": "/user/view/:userID", "scheme": "tests",
                           "priority": 0}],
               "fallbackToGlobal": ["tests"], "decodePlus": true,
               "hostAsPath": false, "caseInsensitivePaths": false}

            Examples:
              hybrid route --pattern '/user/view/:userID' 'app://user/view/joe?tab=1'
              hybrid route --pattern 'myapp://user/<int:id>' myapp://user/42
              hybrid route --pattern '/files/*' --pattern '/a(/:b)' app://files/x/y /a
              hybrid route --routes routes.json 'tests://user/view/joel%20levin'
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
        let router: Router
        do {
            router = try makeRouter()
        } catch let error as RoutesFileError {
            FileHandle.standardError.write(Data("hybrid route: \(error.message)\n".utf8))
            throw ExitCode(2)
        } catch {
            FileHandle.standardError.write(Data("hybrid route: \(error)\n".utf8))
            throw ExitCode(2)
        }
        var allMatched = true
        var output = ""
        for url in urls {
            if let match = router.match(url) {
                output += Self.json(for: match) + "\n"
            } else {
                allMatched = false
                output += "{\"url\":\(JSONText.string(url)),\"matched\":false}\n"
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if !allMatched { throw ExitCode(1) }
    }

    private func makeRouter() throws -> Router {
        var file = RoutesFile()
        if let routes {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: routes))
            } catch {
                throw RoutesFileError(message: "cannot read routes file '\(routes)': \(error.localizedDescription)")
            }
            do {
                file = try JSONDecoder().decode(RoutesFile.self, from: data)
            } catch {
                throw RoutesFileError(message: "malformed routes file '\(routes)': \(Self.describe(error))")
            }
        }
        let router = Router(options: RouterOptions(decodePlus: file.decodePlus ?? true,
                                                   hostAsPath: file.hostAsPath ?? false,
                                                   caseInsensitivePaths: file.caseInsensitivePaths ?? false))
        for route in file.routes ?? [] {
            try router.register(route.pattern, scheme: route.scheme, priority: route.priority ?? 0)
        }
        for scheme in file.fallbackToGlobal ?? [] { router.setFallsBackToGlobal(true, forScheme: scheme) }
        for pattern in pattern { try router.register(pattern) }
        return router
    }

    /// The key order: url, matched, pattern, expandedPattern, scheme, parameters, typed, query, wildcard.
    static func json(for match: RouteMatch) -> String {
        var text = "{\"url\":\(JSONText.string(match.url)),\"matched\":true"
        text += ",\"pattern\":\(JSONText.string(match.pattern))"
        text += ",\"expandedPattern\":\(JSONText.string(match.expandedPattern))"
        text += ",\"scheme\":\(match.scheme.map(JSONText.string) ?? "null")"
        text += ",\"parameters\":" + JSONText.object(match.parameters, JSONText.string)
        text += ",\"typed\":" + JSONText.object(match.typed, JSONText.value)
        text += ",\"query\":" + JSONText.object(match.query) { JSONText.array($0.map(JSONText.string)) }
        text += ",\"wildcard\":" + JSONText.array(match.wildcard.map(JSONText.string))
        return text + "}"
    }

    private static func describe(_ error: Error) -> String {
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

/// The routes file's shape.
private struct RoutesFile: Decodable {
    struct Entry: Decodable {
        var pattern: String
        var scheme: String?
        var priority: Int?
    }

    var routes: [Entry]?
    var fallbackToGlobal: [String]?
    var decodePlus: Bool?
    var hostAsPath: Bool?
    var caseInsensitivePaths: Bool?
}

private struct RoutesFileError: Error {
    var message: String
}

/// A small JSON writer: fixed key order for objects built by hand, sorted keys for dictionaries, and correct
/// string escaping. Foundation's JSONSerialization is far too slow on Linux for a tool scripts call in loops.
private enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    static func object<Value>(_ dictionary: [String: Value], _ render: (Value) -> String) -> String {
        "{" + dictionary.keys.sorted().map { string($0) + ":" + render(dictionary[$0]!) }.joined(separator: ",") + "}"
    }

    /// Typed placeholder values: numbers as numbers, everything else as its description.
    static func value(_ value: any Sendable) -> String {
        switch value {
        case let bool as Bool: return bool ? "true" : "false"
        case let int as any BinaryInteger: return "\(int)"
        case let double as Double: return double.isFinite ? "\(double)" : string("\(double)")
        case let float as Float: return float.isFinite ? "\(float)" : string("\(float)")
        case let uuid as UUID: return string(uuid.uuidString)
        case let text as String: return string(text)
        default: return string(String(describing: value))
        }
    }
}
