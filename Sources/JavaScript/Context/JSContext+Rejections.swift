internal import CJavaScriptCore

extension JSContext {
    /// Routes promise rejections nobody handled to the ``exceptionHandler``, like uncaught exceptions.
    ///
    /// JavaScriptCore calls the function with (promise, reason) once the microtask checkpoint that
    /// saw the rejection has ended with no handler attached.
    func installRejectionTracking() {
        let tracker = SwiftFunction.make(name: "unhandledRejection", in: self) { args in
            let context = args.context
            context.reportException(args[1])
            return nil
        }
        var exception: JSValueRef?
        JSGlobalContextSetUnhandledRejectionCallback(ref, tracker, &exception)
    }

    /// Replaces the rejection callback by the machine's no-op one, so the closed context is not kept
    /// alive by it (see `JSVirtualMachine.neutralRejectionCallback`).
    func releaseRejectionTracking() {
        JSGlobalContextSetUnhandledRejectionCallback(ref, virtualMachine.neutralRejectionCallback, nil)
    }
}
