import Foundation

/// Turns one path segment into a typed value for a `<name:parameter>` placeholder, or rejects it.
///
/// A converter that returns nil rejects that candidate route and matching goes on with the next one, so
/// `/user/<int:id>` and `/user/<name>` can live side by side.
public struct RouteConverter: Sendable {
    /// The name used in patterns: `<int:id>` uses the converter named `int`.
    public let name: String
    let convert: @Sendable (String) -> (any Sendable)?

    /// Creates a converter named `name`; `convert` returns the typed value or nil to reject the segment.
    public init(name: String, convert: @escaping @Sendable (String) -> (any Sendable)?) {
        self.name = name
        self.convert = convert
    }

    /// `<int:id>`: a decimal `Int`.
    public static let int = RouteConverter(name: "int") { Int($0) }
    /// `<float:x>`: a finite `Double` (`1.5`, `-2`, `1e3`; not `nan` or `inf`).
    public static let float = RouteConverter(name: "float") { Double($0).flatMap { $0.isFinite ? $0 : nil } }
    /// `<uuid:id>`: a `UUID` in its usual 8-4-4-4-12 hex form.
    public static let uuid = RouteConverter(name: "uuid") { UUID(uuidString: $0) }

    /// The typed converters every router knows. `string` and `path` are placeholders of their own kinds, not
    /// converters: `<string:s>` ranks as an untyped placeholder and `<path:p>` as a catch-all.
    static let builtIns: [String: RouteConverter] = ["int": .int, "float": .float, "uuid": .uuid]
    /// Names that custom converters may not take.
    static let reservedNames: Set<String> = ["int", "float", "uuid", "string", "path"]
}
