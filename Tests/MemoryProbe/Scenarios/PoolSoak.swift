import Foundation
import JavaScript

extension ProbeScenario {
    struct SoakItem: Codable, Sendable { var sku: String; var price: Double; var quantity: Int }
    struct SoakCart: Codable, Sendable { var items: [SoakItem]; var currency: String; var coupon: String? }
    struct SoakPrice: Codable, Sendable { var total: Double; var discount: Double; var currency: String; var lines: Int }

    /// One pool for the whole process, running the checkout's price calculator (web/examples/pricing.js).
    static let soakPool = Task {
        let script = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../web/examples/pricing.js"), encoding: .utf8)
        return try await JavaScriptPool(configuration: .init(runtimes: 2, maxQueued: 64)) { context in
            _ = try context.evaluate(script, sourceURL: "pricing.js")
        }
    }
    static let soakCart = SoakCart(items: (0..<5).map { SoakItem(sku: "sku-\($0)", price: Double($0) + 0.99, quantity: $0 + 1) },
                                   currency: "EUR", coupon: "TEN")

    /// A service's steady state: 64 concurrent Codable calls through a long-lived pool, every answer checked.
    static let poolSoak = ProbeScenario(
        name: "pool-soak",
        summary: "64 concurrent JavaScriptPool.call(calculatePrice) with Codable cart and price, in one long-lived pool"
    ) {
        let pool = try await soakPool.value
        try await withThrowingTaskGroup(of: SoakPrice.self) { group in
            for _ in 0..<64 { group.addTask { try await pool.call("calculatePrice", [soakCart], as: SoakPrice.self) } }
            for try await price in group where price.total != 49.36 || price.lines != 5 {
                throw ScenarioError(description: "unexpected price \(price)")
            }
        }
    }
}
