import JavaScript

extension ProbeScenario {
    /// A runtime made, used (a context, a Swift function, timers, objects, JSON both ways) and
    /// destroyed with timers still pending.
    static let runtimeCycles = ProbeScenario(
        name: "runtime-cycles",
        summary: "create a JavaScriptRuntime, evaluate, leave timers pending, destroy it"
    ) {
        let runtime = JavaScriptRuntime()
        let result = try await runtime.perform { runtime in
            let context = runtime.makeContext(name: "probe")
            context.setFunction("twice") { args in args.double(at: 0) * 2 }
            let value = try context.evaluate("""
                const items = Array.from({length: 100}, (_, i) => ({id: i, name: 'item ' + i, twice: twice(i)}));
                setTimeout(() => {}, 60000);
                setInterval(() => {}, 60000);
                Promise.resolve(1).then(x => x + 1);
                items.length
                """)
            let json = try context.evaluate("({list: items.slice(0, 10)})").toJSONValue()
            _ = JSValue(json ?? .null, in: context)
            return value.toInt()
        }
        guard result == 100 else { throw ScenarioError(description: "unexpected result \(String(describing: result))") }
        try await runtime.evaluate("setTimeout(() => {}, 60000); 'default context used too'")
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    var description: String
}
