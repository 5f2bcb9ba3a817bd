import Foundation

/// The JavaScript dialogs a page can open.
public enum DialogType: String, Sendable, Hashable {
    case alert, confirm, prompt
}

/// Answers a page's `alert`, `confirm` and `prompt`, like `WKUIDelegate`.
///
/// Runs on the runtime thread while the page's script waits, so answer at once. Without a delegate
/// (or with the default implementations) an alert is only recorded (as a ``WebViewEvent``), `confirm`
/// answers true and `prompt` answers its default text.
public protocol UIDelegate: AnyObject, Sendable {
    /// `alert(message)`.
    func runJavaScriptAlertPanel(message: String, pageURL: URL?)
    /// `confirm(message)`: true for OK.
    func runJavaScriptConfirmPanel(message: String, pageURL: URL?) -> Bool
    /// `prompt(message, defaultText)`: the text entered, or nil for Cancel.
    func runJavaScriptTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?) -> String?
}

extension UIDelegate {
    public func runJavaScriptAlertPanel(message: String, pageURL: URL?) {}
    public func runJavaScriptConfirmPanel(message: String, pageURL: URL?) -> Bool { true }
    public func runJavaScriptTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?) -> String? { defaultText ?? "" }
}
