import JavaScript

extension ProbeScenario {
    /// One runtime for the whole process, so only contexts come and go.
    static let contextCyclesRuntime = JavaScriptRuntime()

    /// A context made in a long-lived runtime, filled with objects and a handled rejection, closed and
    /// dropped, then a full collection: what a page or a script environment leaves behind.
    static let contextCycles = ProbeScenario(
        name: "context-cycles",
        summary: "make a context in one shared runtime, fill it with 10,000 objects, close it, collect"
    ) {
        let count = try await contextCyclesRuntime.perform { runtime in
            let context = runtime.makeContext(name: "probe")
            let count = try context.evaluate("""
                globalThis.items = Array.from({length: 10000}, (_, i) => ({id: i, name: 'item ' + i}));
                Promise.reject(new Error('handled')).catch(() => {});
                items.length
                """).toInt()
            context.close()
            return count
        }
        guard count == 10_000 else { throw ScenarioError(description: "unexpected count \(String(describing: count))") }
        await contextCyclesRuntime.perform { runtime in runtime.virtualMachine.collectGarbage(in: runtime.context) }
    }
}
