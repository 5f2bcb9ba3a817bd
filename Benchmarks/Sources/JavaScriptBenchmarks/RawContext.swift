internal import CJavaScriptCore

/// A bare global context made with the C API alone, on the runtime thread, for the raw baselines:
/// the engine's contexts keep their C references to the engine.
final class RawContext {
    let ref: JSGlobalContextRef

    init() {
        ref = JSGlobalContextCreate(nil)
    }

    deinit {
        JSGlobalContextRelease(ref)
    }

    /// Evaluates `script` and returns its value; a baseline that throws stops the run.
    @discardableResult
    func evaluate(_ script: String) -> JSValueRef {
        let source = JSStringCreateWithUTF8CString(script)
        defer { JSStringRelease(source) }
        var exception: JSValueRef?
        let result = JSEvaluateScript(ref, source, nil, nil, 1, &exception)
        precondition(exception == nil, "the baseline script threw: \(script.prefix(80))")
        return result!
    }
}
