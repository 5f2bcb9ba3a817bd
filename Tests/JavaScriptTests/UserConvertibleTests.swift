import Testing
import JavaScript

/// A type of the user's own, conforming through the public API alone: it hands the work to the
/// conformance of a dictionary, as `JSValueConvertible`'s documentation shows.
private struct Point: JSValueConvertible {
    var x: Double
    var y: Double

    func makeJSValue(in context: JSConversionContext) -> JSConvertedValue {
        ["x": x, "y": y].makeJSValue(in: context)
    }
}

@Suite struct UserConvertibleTests {
    @Test func aUserTypeBecomesAnObjectWherePublicConversionsAreAccepted() async throws {
        let runtime = JavaScriptRuntime()
        let seen = try await runtime.perform { runtime in
            let context = runtime.context
            context.setFunction("origin") { _ in Point(x: 0, y: -1.5) }
            context.setFunction("corners") { _ in [Point(x: 1, y: 2), nil, Point(x: 3, y: 4)] as [Point?] }
            context.setObject(Point(x: 7, y: 8), forKeyedSubscript: "stored")
            let describe = try context.evaluate("(p) => `${typeof p}:${p.x},${p.y}`")
            return [
                // A Swift dictionary has no key order: name the keys.
                try context.evaluate("JSON.stringify(origin(), ['x', 'y'])").toString(),
                try context.evaluate("corners().map(p => p === null ? 'null' : p.x + p.y).join()").toString(),
                try context.evaluate("stored.x * stored.y").toString(),
                try describe.call(arguments: [Point(x: 5, y: 6)]).toString(),
                JSValue(Point(x: 9, y: 10), in: context)["y"].toString(),
            ]
        }
        #expect(seen == [#"{"x":0,"y":-1.5}"#, "3,null,7", "56", "object:5,6", "10"])
    }
}
