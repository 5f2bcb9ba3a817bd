import Foundation
import Hybrid

/// One step of `hybrid run`: what a user does to the page (click, type, choose, press, wait) or what the run
/// asks of it (a native call, an eval, an assertion). Steps run in command-line order, the page running until
/// idle after each.
enum RunStep: Sendable, Equatable {
    case click(String)
    case fill(selector: String, text: String)
    case select(selector: String, value: String)
    case press(String)
    case check(String)
    case uncheck(String)
    case waitFor(String)
    /// Milliseconds: on the virtual clock (`--virtual-time`) time jumps ahead, else the run waits.
    case wait(Double)
    case call(RunOptions.Call)
    /// `--event NAME[=JSON]`: the container fires one of its protocols' events into the page.
    case event(RunOptions.Call)
    case eval(String)
    case assert(String)

    /// The step as the user gave it, for messages: `--click #pay`, `--fill #name=Ann`.
    var label: String {
        switch self {
        case .click(let selector): "--click \(selector)"
        case .fill(let selector, let text): "--fill \(selector)=\(text)"
        case .select(let selector, let value): "--select \(selector)=\(value)"
        case .press(let key): "--press \(key)"
        case .check(let selector): "--check \(selector)"
        case .uncheck(let selector): "--uncheck \(selector)"
        case .waitFor(let selector): "--wait-for \(selector)"
        case .wait(let ms): "--wait \(String(format: "%g", ms))"
        case .call(let call): "--call \(call.handler)" + (call.data.map { "=" + $0.jsonString } ?? "")
        case .event(let event): "--event \(event.handler)" + (event.data.map { "=" + $0.jsonString } ?? "")
        case .eval(let code): "--eval \(code)"
        case .assert(let code): "--assert \(code)"
        }
    }

    /// How a step the page is driven by (a user's action, a wait) is recorded, the same on every engine: the
    /// transcript line's kind and fields, written before what the step causes, and the line printed.
    struct Record: Sendable, Equatable {
        var kind: String
        var fields: JSONObject
        var line: String
    }

    /// The step's ``Record``; nil for the steps that record themselves with their outcome (`--call`, `--event`,
    /// `--eval`, `--assert`).
    var record: Record? {
        switch self {
        case .click(let selector):
            Record(kind: "click", fields: ["selector": .string(selector)], line: "click \(selector)")
        case .fill(let selector, let text):
            Record(kind: "fill", fields: ["selector": .string(selector), "text": .string(text)],
                   line: "fill \(selector) \(JSONValue.string(text).jsonString)")
        case .select(let selector, let value):
            Record(kind: "select", fields: ["selector": .string(selector), "value": .string(value)],
                   line: "select \(selector) \(JSONValue.string(value).jsonString)")
        case .press(let key):
            Record(kind: "press", fields: ["key": .string(key)], line: "press \(key)")
        case .check(let selector):
            Record(kind: "check", fields: ["selector": .string(selector)], line: "check \(selector)")
        case .uncheck(let selector):
            Record(kind: "uncheck", fields: ["selector": .string(selector)], line: "uncheck \(selector)")
        case .waitFor(let selector):
            Record(kind: "waitFor", fields: ["selector": .string(selector)], line: "wait-for \(selector)")
        case .wait(let milliseconds):
            Record(kind: "wait", fields: ["ms": .number(milliseconds)],
                   line: "wait \(String(format: "%g", milliseconds)) ms")
        case .call, .event, .eval, .assert:
            nil
        }
    }

    /// The option names that make steps, without `--`, and `steps` (a scenario file, expanded in place).
    static let optionNames: Set<String> = ["click", "fill", "select", "press", "check", "uncheck", "wait-for", "wait",
                                           "call", "eval", "assert", "steps", "event"]

    /// Makes the step of option `name` (without `--`) with `value` as typed on the command line.
    init(option name: String, value: String) throws(RunInputError) {
        switch name {
        case "click": self = .click(value)
        case "fill":
            let (selector, text) = try Self.split(value, option: "fill", expecting: "SELECTOR=TEXT")
            self = .fill(selector: selector, text: text)
        case "select":
            let (selector, choice) = try Self.split(value, option: "select", expecting: "SELECTOR=VALUE")
            self = .select(selector: selector, value: choice)
        case "press":
            guard !value.isEmpty else { throw RunInputError("--press: missing the key (a character, or a name such as Enter or Tab)") }
            self = .press(value)
        case "check": self = .check(value)
        case "uncheck": self = .uncheck(value)
        case "wait-for": self = .waitFor(value)
        case "wait":
            guard let ms = Double(value), ms.isFinite, ms >= 0, ms <= 86_400_000 else {
                throw RunInputError("--wait \(value): expected milliseconds (0 to 86400000)")
            }
            self = .wait(ms)
        case "call": self = .call(try RunOptions.Call(parsing: value))
        case "event":
            do throws(RunInputError) {
                self = .event(try RunOptions.Call(parsing: value))
            } catch {
                throw RunInputError(error.description.replacingOccurrences(of: "--call", with: "--event")
                    .replacingOccurrences(of: "handler name", with: "event name"))
            }
        case "eval": self = .eval(value)
        case "assert": self = .assert(value)
        default: throw RunInputError("--\(name): not a step")
        }
    }

    /// `SELECTOR=TEXT`, split at the first `=` that follows a complete selector: attribute selectors
    /// (`input[name=q]`) hold `=` inside brackets.
    private static func split(_ value: String, option: String, expecting form: String) throws(RunInputError) -> (String, String) {
        var depth = 0, quote: Character?
        for index in value.indices {
            let ch = value[index]
            if let open = quote { if ch == open { quote = nil }; continue }
            switch ch {
            case "\"", "'": quote = ch
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case "=" where depth == 0:
                guard index != value.startIndex else { break }
                return (String(value[..<index]), String(value[value.index(after: index)...]))
            default: break
            }
        }
        throw RunInputError("--\(option) \(value): expected \(form)")
    }
}

/// `--steps FILE`: a JSON scenario, an array of steps, each an object with one key naming the step as its option
/// does (without `--`) and the option's value: `[{"fill": "#name=Ann"}, {"click": "#pay"}, {"wait": 500}]`.
/// `fill` and `select` also take `{"selector": ..., "text" or "value": ...}`, `call` takes
/// `{"handler": ..., "data": ...}`, `event` `{"name": ..., "data": ...}`.
enum RunScenario {
    static func steps(contentsOf path: String) throws(RunInputError) -> [RunStep] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw RunInputError("--steps \(path): cannot read the file")
        }
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch let error as JSONParseError {
            throw RunInputError("--steps \(path): invalid JSON at offset \(error.offset): \(error.reason)")
        } catch {
            throw RunInputError("--steps \(path): invalid JSON: \(error)")
        }
        guard case .array(let items) = json else { throw RunInputError("--steps \(path): expected an array of steps") }
        var steps: [RunStep] = []
        for (index, item) in items.enumerated() {
            let place = "--steps \(path): step \(index + 1)"
            guard case .object(let object) = item, object.count == 1, let name = object.keys.first, let value = object[name],
                  name != "steps", RunStep.optionNames.contains(name) else {
                throw RunInputError("\(place): expected an object with one key, one of "
                                    + RunStep.optionNames.subtracting(["steps"]).sorted().joined(separator: ", "))
            }
            do throws(RunInputError) {
                steps.append(try step(name, value))
            } catch {
                throw RunInputError("\(place): \(error.description)")
            }
        }
        return steps
    }

    private static func step(_ name: String, _ value: JSONValue) throws(RunInputError) -> RunStep {
        switch (name, value) {
        case (_, .string(let text)): return try RunStep(option: name, value: text)
        case ("wait", .number(let ms)): return try RunStep(option: name, value: String(ms))
        case ("fill", .object(let fields)):
            guard case .string(let selector)? = fields["selector"], case .string(let text)? = fields["text"] else {
                throw RunInputError("fill: expected {\"selector\": ..., \"text\": ...}")
            }
            return .fill(selector: selector, text: text)
        case ("select", .object(let fields)):
            guard case .string(let selector)? = fields["selector"], case .string(let choice)? = fields["value"] else {
                throw RunInputError("select: expected {\"selector\": ..., \"value\": ...}")
            }
            return .select(selector: selector, value: choice)
        case ("event", .object(let fields)):
            guard case .string(let name)? = fields["name"], !name.isEmpty else {
                throw RunInputError("event: expected {\"name\": ..., \"data\": ...}")
            }
            return .event(RunOptions.Call(handler: name, data: fields["data"]))
        case ("call", .object(let fields)):
            guard case .string(let handler)? = fields["handler"], !handler.isEmpty else {
                throw RunInputError("call: expected {\"handler\": ..., \"data\": ...}")
            }
            return .call(RunOptions.Call(handler: handler, data: fields["data"]))
        default:
            throw RunInputError("\(name): expected a string" + (name == "wait" ? " or a number" : ""))
        }
    }
}

/// The steps in command-line order. ArgumentParser keeps each option's values in order but not how options
/// interleave; the raw arguments give that back.
enum RunStepOrder {
    /// `parsed` holds each step option's values as ArgumentParser parsed them (`click` → [...]). The order comes
    /// from `arguments` (the command line after `hybrid`); when a scan of them does not give back exactly the
    /// parsed values, the options run grouped, in the order of `parsed`, instead.
    static func ordered(arguments: [String], parsed: [(name: String, values: [String])]) -> [(name: String, value: String)] {
        var scanned: [(name: String, value: String)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                let name = String(body[..<equals])
                if RunStep.optionNames.contains(name) { scanned.append((name, String(body[body.index(after: equals)...]))) }
            } else if RunStep.optionNames.contains(String(body)), index < arguments.count {
                scanned.append((String(body), arguments[index]))
                index += 1
            }
        }
        let grouped = parsed.flatMap { option in option.values.map { (name: option.name, value: $0) } }
        for option in parsed where scanned.filter({ $0.name == option.name }).map(\.value) != option.values {
            return grouped
        }
        return scanned.count == grouped.count ? scanned : grouped
    }
}
