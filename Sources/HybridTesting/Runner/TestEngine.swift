/// The engine a test file's page runs in (`hybrid test --engine`).
public enum TestEngine: String, Sendable, CaseIterable {
    /// The headless web view: fast, the whole test API (pages, clock, network, coverage), no layout or pixels.
    case headless
    /// Real WebKit (the WebKitEngine module's `WebKitWebView`, the engine of WKWebView): layout, pixels and
    /// `expect(page).toHaveScreenshot(name)`; a subset of the test API (see ``TestRunOptions/engine``).
    case webkit
}
