import Foundation
import Hybrid
import WebKitEngine

/// The user's steps (`--click`, `--fill`, `--select`, `--press`, `--check`, `--uncheck`) on the WebKit engine, as
/// JavaScript in the real DOM: the element's own `click()`, `focus()` and value, and the events a user's input fires
/// (`keydown`, `beforeinput`, `input`, `keyup`, `change`). The script's value is null, or why the step failed.
enum RunWebKitActions {
    /// The script that runs a user's action step (`--click`, `--fill`, `--select`, `--press`, `--check`,
    /// `--uncheck`) in the page; nil for the other steps. What the step prints and writes is its ``RunStep/record``,
    /// as on the headless engine.
    static func script(for step: RunStep) -> String? {
        let (function, arguments): (String, [JSONValue])
        switch step {
        case .click(let selector): (function, arguments) = ("click", [.string(selector)])
        case .fill(let selector, let text): (function, arguments) = ("fill", [.string(selector), .string(text)])
        case .select(let selector, let value): (function, arguments) = ("select", [.string(selector), .string(value)])
        case .press(let key): (function, arguments) = ("press", [.string(key)])
        case .check(let selector): (function, arguments) = ("check", [.string(selector), .bool(true)])
        case .uncheck(let selector): (function, arguments) = ("check", [.string(selector), .bool(false)])
        default: return nil
        }
        return "(" + WebKitDOMActions.library + ")." + function + "(" + arguments.map(\.jsonString).joined(separator: ", ") + ")"
    }
}
