internal import CJavaScriptCore

/// A JavaScript exception, as a Swift error that can leave the runtime thread.
public struct JSException: Error, Sendable, Hashable {
    /// The error's `name` (`TypeError`, ...); empty when a non-Error value was thrown.
    public var name: String
    /// The error's `message`, or the thrown value as a string.
    public var message: String
    /// The script the error was raised in, when known.
    public var sourceURL: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The JavaScript stack (one `function@url:line:column` frame per line), when known.
    public var stack: String?
    /// True when the runtime's watchdog stopped the script (see `JavaScriptRuntime.executionTimeLimit`,
    /// `deadline` and `interrupt(reason:)`).
    public var isExecutionTimeLimitExceeded: Bool
    /// Links this error to the context's `lastThrownValue`; 0 when not thrown by a context.
    var thrownID: UInt64 = 0

    /// Makes an exception from its parts.
    public init(name: String, message: String, sourceURL: String? = nil, line: Int? = nil, column: Int? = nil,
                stack: String? = nil, isExecutionTimeLimitExceeded: Bool = false) {
        self.name = name
        self.message = message
        self.sourceURL = sourceURL
        self.line = line
        self.column = column
        self.stack = stack
        self.isExecutionTimeLimitExceeded = isExecutionTimeLimitExceeded
    }

    /// Reads name, message, position and stack from a thrown JavaScript value.
    public init(_ value: JSValue) {
        self.init(value: value.ref, in: value.context.ref)
    }

    init(value: JSValueRef, in context: JSContextRef) {
        guard JSValueIsObject(context, value), let object = JSValueToObject(context, value, nil) else {
            self.init(name: "", message: JSStringConversion.string(of: value, in: context) ?? "")
            return
        }
        func string(_ key: String) -> String? {
            let property = JSStringConversion.withJSString(key) { JSObjectGetProperty(context, object, $0, nil) }
            guard let property, !JSValueIsUndefined(context, property), !JSValueIsNull(context, property) else { return nil }
            return JSStringConversion.string(of: property, in: context)
        }
        func number(_ key: String) -> Int? {
            let property = JSStringConversion.withJSString(key) { JSObjectGetProperty(context, object, $0, nil) }
            guard let property, JSValueIsNumber(context, property) else { return nil }
            let n = JSValueToNumber(context, property, nil)
            return n.isFinite ? Int(n) : nil
        }
        let marker = string(Watchdog.markerProperty) != nil
        self.init(name: string("name") ?? "", message: string("message") ?? (JSStringConversion.string(of: value, in: context) ?? ""),
                  sourceURL: string("sourceURL"), line: number("line"), column: number("column"),
                  stack: string("stack"), isExecutionTimeLimitExceeded: marker)
    }
}

extension JSException: CustomStringConvertible {
    /// `file:line:column: Name: message`, the form compilers and `hybrid eval` print.
    public var description: String {
        var location = sourceURL ?? ""
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let head = name.isEmpty ? "Uncaught \(message)" : (message.isEmpty ? name : "\(name): \(message)")
        return location.isEmpty ? head : "\(location): \(head)"
    }
}
