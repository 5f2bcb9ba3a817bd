import Foundation
import JavaScript

/// Helpers for tests and tools. Each takes a CSS selector and uses the first matching element; a
/// selector that matches nothing throws a `JSException` naming it.
extension HeadlessWebView {
    /// Clicks the element: dispatches `click` (running `onclick` and listeners), then follows a link
    /// or submits a form as a navigation request.
    public func click(_ selector: String) async throws {
        _ = try await inspect("click", [selector])
    }

    /// Sets the `value` of an input, textarea or select, then fires `input` and `change`.
    public func setValue(_ value: String, for selector: String) async throws {
        _ = try await inspect("setValue", [selector, value])
    }

    /// Types `text` into a text field (an `<input>` of a text type, a `<textarea>` or a contenteditable element) as
    /// a user would: the field is focused, its old value selected and deleted, then each character is a `keydown`,
    /// `keypress`, `beforeinput`, the insertion, `input` and `keyup` (a cancelled `keydown` or `beforeinput`
    /// inserts nothing; `maxlength` stops insertions). `change` fires when the field later loses focus (a
    /// ``click(_:)`` elsewhere, ``press(_:)`` with `Tab`). Throws for another element, or a disabled or read-only field.
    public func fill(_ selector: String, with text: String) async throws {
        _ = try await inspect("fill", [selector, text])
    }

    /// Chooses the option whose value, else whose label, is `value` in a `<select>`, as a user would: `input`
    /// then `change`. Throws when the element is not a `<select>`, is disabled, or has no such enabled option.
    public func selectOption(_ value: String, in selector: String) async throws {
        _ = try await inspect("select", [selector, value])
    }

    /// Presses `key` on the focused element (the body when none): `keydown`, `keypress` for a character or
    /// `Enter`, `keyup`, and the key's default action: a character typed into a text field, `Backspace`
    /// deleting one, `Enter` submitting the field's form or clicking a focused button or link, `Space`
    /// clicking a focused button or box, `Tab` focusing the next element. `key` is one character or a key name
    /// (`Enter`, `Tab`, `Backspace`, `Escape`, `Delete`, `Space`, `ArrowUp`/`Down`/`Left`/`Right`, `Home`,
    /// `End`, `PageUp`, `PageDown`).
    public func press(_ key: String) async throws {
        _ = try await inspect("press", [key])
    }

    /// Checks (or unchecks) a checkbox or radio button by clicking it when its state differs, as a user would
    /// (`input` and `change` follow). Throws for another element, a disabled one, or unchecking a checked radio.
    public func setChecked(_ checked: Bool, for selector: String) async throws {
        _ = try await inspect("check", [selector, checked])
    }

    /// Selects `files` in the `<input type=file>` as a user's file chooser would: its `files` become the page's `File`
    /// objects with these names, types and bytes (replacing the selection; an empty array clears it), then `input` and
    /// `change` fire. Throws when the element is not a file input, is disabled, or gets several files without `multiple`.
    public func setFiles(_ files: [WebFile], for selector: String) async throws {
        let list = JSONValue.array(files.map { file in
            .object(["name": .string(file.name), "type": .string(file.type),
                     "lastModified": .number((file.lastModified.timeIntervalSince1970 * 1000).rounded(.down)),
                     "base64": .string(file.data.base64EncodedString())])
        })
        _ = try await inspect("setFiles", [selector, list.jsonString])
    }

    /// The element's `textContent`.
    public func text(of selector: String) async throws -> String {
        try await inspect("text", [selector]).stringValue ?? ""
    }

    /// The element's `value` (nil for elements without one).
    public func value(of selector: String) async throws -> String? {
        try await inspect("value", [selector]).stringValue
    }

    /// The attribute `name` of the element (nil when absent).
    public func attribute(_ name: String, of selector: String) async throws -> String? {
        try await inspect("attribute", [name, selector]).stringValue
    }

    /// The serialised DOM of the current document (doctype and `<html>` element).
    public func html() async throws -> String {
        try await inspect("html", []).stringValue ?? ""
    }

    /// The number of elements matching `selector` (0 when none).
    public func count(of selector: String) async throws -> Int {
        try await inspect("count", [selector]).intValue ?? 0
    }

    private func inspect(_ method: String, _ arguments: [any JSValueConvertible & Sendable]) async throws -> JSONValue {
        try await withCore { core in
            let document = try core.requireDocument()
            guard let env = document.env else { throw WebViewError.noDocument }
            return try env["inspect"].invokeMethod(method, arguments: arguments).toJSONValue() ?? .null
        }
    }
}
