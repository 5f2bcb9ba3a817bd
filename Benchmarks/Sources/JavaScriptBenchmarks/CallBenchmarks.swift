import BenchmarkSupport
internal import CJavaScriptCore
import JavaScript

/// Calls across the boundary: JS calling Swift, and Swift calling JS.
///
/// The raw baselines run the same scripts in a bare context of their own on the same thread (the
/// engine does not hand out its contexts' C references).
enum CallBenchmarks {
    static func run(_ context: JSContext) throws -> [String] {
        var failures: [String] = []
        let calls = iterations(2_000_000)
        let raw = RawContext()

        printReportHeader("JS calling a function that returns a short string, per call")
        context.setFunction("swiftHello") { _ in "hello" }
        installCHello(in: raw)
        let loop = { (name: String) in "for (let i = 0; i < \(calls); i++) r = \(name)();" }
        _ = try context.evaluate("var r; \(loop("swiftHello")); r")  // defined and working
        raw.evaluate("var r; \(loop("cHello")); r")
        let (swiftClosure, cCallback, closureRatio) = try measurePair(
            "JS → Swift closure (setFunction)", "JS → C callback (JSObjectMakeFunctionWithCallback)", operations: calls,
            subject: { _ = try context.evaluate(loop("swiftHello")) },
            baseline: { raw.evaluate(loop("cHello")) })
        let emptyLoop = try measure("the JS loop alone", operations: calls) {
            _ = try context.evaluate("for (let i = 0; i < \(calls); i++) r = 'hello';")
        }
        if report(swiftClosure, against: cCallback, target: 2, ratio: closureRatio) > 2 { failures.append("Swift closure call") }
        report(emptyLoop, against: cCallback)

        printReportHeader("Swift calling a JS function with one number, per call")
        let source = "(function addOne(n) { return n + 1; })"
        let function = try context.evaluate(source)
        let swiftCalls = iterations(1_000_000)
        let object = JSValueToObject(raw.ref, raw.evaluate("var addOne = \(source); addOne"), nil)  // the global keeps it alive
        let (engine, rawCall, callRatio) = try measurePair(
            "JSValue.call(arguments:) + toDouble()", "JSObjectCallAsFunction + JSValueToNumber", operations: swiftCalls,
            subject: {
                var total = 0.0
                for i in 0..<swiftCalls { total += try function.call(arguments: [Double(i)]).toDouble() }
                precondition(total > 0)
            },
            baseline: {
                var total = 0.0
                for i in 0..<swiftCalls {
                    var argument: JSValueRef? = JSValueMakeNumber(raw.ref, Double(i))
                    var exception: JSValueRef?
                    let result = JSObjectCallAsFunction(raw.ref, object, nil, 1, &argument, &exception)
                    total += JSValueToNumber(raw.ref, result, nil)
                }
                precondition(total > 0)
            })
        report(engine, against: rawCall, ratio: callRatio)
        return failures
    }

    /// `cHello()`: a plain C callback that makes the string "hello" each call, as the Swift closure does.
    private static func installCHello(in context: RawContext) {
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
