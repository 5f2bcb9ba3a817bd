import CJavaScriptCore

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
}
