import Foundation
import JavaScript
@testable import WebView

/// Loads `html` into a fresh web view, evaluates `result` once the page is loaded and closes the web view:
/// the value and the messages of the page's uncaught exceptions.
func evaluatePage(_ html: String, _ result: String) async throws -> (JSONValue, [String]) {
    let (webView, log) = makeWebView()
    try await webView.loadHTMLString(html, baseURL: nil)
    let value = try await webView.evaluateJavaScript(result)
    let errors = log.exceptions.map(\.message)
    await webView.close()
    return (value, errors)
}
