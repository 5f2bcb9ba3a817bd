import BenchmarkSupport
internal import CJavaScriptCore

/// Where a crossing's time goes: each JavaScriptCore step timed alone with the raw C API, on the
/// object `payload` evaluates to in a bare context.
enum JSONBreakdown {
    static func run(payload: String, operations: Int) -> [Measurement] {
        let raw = RawContext()
        let context = raw.ref
        let object = raw.evaluate("var payload = \(payload); payload")  // the global keeps it alive
        var results: [Measurement] = []
        results.append(measure("JSValueCreateJSONString (JSON.stringify)", operations: operations) {
            for _ in 0..<operations { JSStringRelease(JSValueCreateJSONString(context, object, 0, nil)) }
        })
        let text = JSValueCreateJSONString(context, object, 0, nil)!
        defer { JSStringRelease(text) }
        let capacity = JSStringGetMaximumUTF8CStringSize(text)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        results.append(measure("JSStringGetUTF8CString (UTF-16 → UTF-8)", operations: operations) {
            for _ in 0..<operations { _ = JSStringGetUTF8CString(text, buffer, capacity) }
        })
        results.append(measure("JSStringCreateWithUTF8CString (UTF-8 → JS string)", operations: operations) {
            for _ in 0..<operations { JSStringRelease(JSStringCreateWithUTF8CString(buffer)) }
        })
        results.append(measure("JSValueMakeFromJSONString (JSON.parse)", operations: operations) {
            for _ in 0..<operations { _ = JSValueMakeFromJSONString(context, text) }
        })
        return results
    }
}
