import BenchmarkSupport
import JavaScript

/// A 1 KB JSON object crossing JS → Swift (`JSONValue`) → JS, against JS-only JSON.
enum JSONBenchmarks {
    /// About 1 KB once stringified: the shape of a typical bridge message.
    static let payload = """
        ({
          id: 1048576, type: "user.profile", version: 3, active: true, score: 98.25, ratio: -0.125,
          name: "Ada Lovelace", email: "ada@example.com", locale: "en-GB", timezone: "Europe/London",
          tags: ["admin", "beta", "mathematics", "engines", "poetry", "notes"],
          address: { street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "GB" },
          preferences: { theme: "dark", notifications: { email: true, push: false, sms: null }, fontSize: 14 },
          items: [
            { sku: "AE-001", title: "Analytical Engine", quantity: 1, price: 1843.5, gift: false },
            { sku: "DE-002", title: "Difference Engine No. 2", quantity: 2, price: 1822, gift: true },
            { sku: "NT-003", title: "Notes by the translator", quantity: 7, price: 12.99, gift: false },
            { sku: "BN-004", title: "Bernoulli numbers — Note G", quantity: 1, price: 0.5, gift: true }
          ],
          history: [1700000000000, 1700000100000, 1700000200000, 1700000300000, 1700000400000],
          message: "The engine might compose elaborate and scientific pieces of music of any degree of complexity."
        })
        """

    static func run(_ context: JSContext) throws -> [String] {
        var failures: [String] = []
        context.setFunction("echo") { args in try args.json(at: 0) }
        let object = try context.evaluate("var payload = \(payload); var out; payload")
        let size = try context.evaluate("JSON.stringify(payload).length").toInt() ?? 0
        // The crossing must give back an equal object.
        let same = try context.evaluate("JSON.stringify(echo(payload)) === JSON.stringify(payload)").toBool()
        precondition(same, "echo changed the payload")

        let crossings = iterations(20_000)
        printReportHeader("A \(size)-byte JSON object, per crossing")
        let (roundTrip, jsOnly, crossingRatio) = try measurePair(
            "JS → Swift JSONValue → JS (echo(x))", "JS only: JSON.parse(JSON.stringify(x))", operations: crossings,
            subject: { _ = try context.evaluate("for (let i = 0; i < \(crossings); i++) out = echo(payload);") },
            baseline: { _ = try context.evaluate("for (let i = 0; i < \(crossings); i++) out = JSON.parse(JSON.stringify(payload));") })
        if report(roundTrip, against: jsOnly, target: 3, ratio: crossingRatio) > 3 { failures.append("1 KB JSON crossing") }

        let toSwift = try measure("JS → Swift: JSValue.toJSONValue()", operations: crossings) {
            for _ in 0..<crossings { _ = try object.toJSONValue() }
        }
        let json = try object.toJSONValue() ?? .null
        let toJS = measure("Swift → JS: JSValue(JSONValue, in:)", operations: crossings) {
            for _ in 0..<crossings { _ = JSValue(json, in: context) }
        }
        let text = json.jsonString
        let parseOnly = try measure("Swift only: JSONValue(parsing:) (UTF-8)", operations: crossings) {
            for _ in 0..<crossings { _ = try JSONValue(parsing: text) }
        }
        let writeOnly = measure("Swift only: JSONValue.jsonString (UTF-8)", operations: crossings) {
            for _ in 0..<crossings { _ = json.jsonString }
        }
        report(toSwift, against: jsOnly)
        report(toJS, against: jsOnly)
        report(parseOnly, against: jsOnly)
        report(writeOnly, against: jsOnly)
        for step in JSONBreakdown.run(payload: payload, operations: crossings) { report(step, against: jsOnly) }
        return failures
    }

    /// Loops one step of the crossing, for profilers.
    static func profile(_ step: String, in context: JSContext) throws {
        let object = try context.evaluate(payload)
        let json = try object.toJSONValue() ?? .null
        let text = json.jsonString
        let count = iterations(200_000)
        switch step {
        case "parse": for _ in 0..<count { _ = try JSONValue(parsing: text) }
        case "write": for _ in 0..<count { _ = json.jsonString }
        case "toSwift": for _ in 0..<count { _ = try object.toJSONValue() }
        case "toJS": for _ in 0..<count { _ = JSValue(json, in: context) }
        case "call":
            let function = try context.evaluate("(function addOne(n) { return n + 1; })")
            for i in 0..<count * 20 { _ = try function.call(arguments: [Double(i)]).toDouble() }
        default: print("unknown step \(step): parse, write, toSwift, toJS, call")
        }
    }
}
