import BenchmarkSupport
import CJavaScriptCore
import JavaScript

/// Calls across the boundary: JS calling Swift, and Swift calling JS.
enum CallBenchmarks {
    static func run(_ context: JSContext) throws -> [String] {
        var failures: [String] = []
        let calls = iterations(2_000_000)

        printReportHeader("JS calling a function that returns a short string, per call")
        context.setFunction("swiftHello") { _ in "hello" }
        installCHello(in: context)
        let loop = { (name: String) in "for (let i = 0; i < \(calls); i++) r = \(name)();" }
        _ = try context.evaluate("var r; \(loop("cHello")); \(loop("swiftHello")); r")  // both defined and working
        let cCallback = try measure("JS → C callback (JSObjectMakeFunctionWithCallback)", operations: calls) {
            _ = try context.evaluate(loop("cHello"))
        }
        let swiftClosure = try measure("JS → Swift closure (setFunction)", operations: calls) {
            _ = try context.evaluate(loop("swiftHello"))
        }
        let emptyLoop = try measure("the JS loop alone", operations: calls) {
            _ = try context.evaluate("for (let i = 0; i < \(calls); i++) r = 'hello';")
        }
        if report(swiftClosure, against: cCallback, target: 2) > 2 { failures.append("Swift closure call") }
        report(emptyLoop, against: cCallback)

        printReportHeader("Swift calling a JS function with one number, per call")
        let function = try context.evaluate("(function addOne(n) { return n + 1; })")
        let swiftCalls = iterations(1_000_000)
        let raw = measure("JSObjectCallAsFunction + JSValueToNumber", operations: swiftCalls) {
            let object = JSValueToObject(context.ref, function.ref, nil)
            var total = 0.0
            for i in 0..<swiftCalls {
                var argument: JSValueRef? = JSValueMakeNumber(context.ref, Double(i))
                var exception: JSValueRef?
                let result = JSObjectCallAsFunction(context.ref, object, nil, 1, &argument, &exception)
                total += JSValueToNumber(context.ref, result, nil)
            }
            precondition(total > 0)
        }
        let engine = try measure("JSValue.call(arguments:) + toDouble()", operations: swiftCalls) {
            var total = 0.0
            for i in 0..<swiftCalls { total += try function.call(arguments: [Double(i)]).toDouble() }
            precondition(total > 0)
        }
        report(engine, against: raw)
        return failures
    }

    /// `cHello()`: a plain C callback that makes the string "hello" each call, as the Swift closure does.
    private static func installCHello(in context: JSContext) {
        let name = JSStringCreateWithUTF8CString("cHello")
        defer { JSStringRelease(name) }
        let function = JSObjectMakeFunctionWithCallback(context.ref, name) { context, _, _, _, _, _ in
            let text = JSStringCreateWithUTF8CString("hello")
            defer { JSStringRelease(text) }
            return JSValueMakeString(context, text)
        }
        JSObjectSetProperty(context.ref, JSContextGetGlobalObject(context.ref), name, function, 0, nil)
    }
}
