import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PriceServiceCore
import ServiceLifecycle
import Testing

/// Starts the service on a free loopback port, calls each endpoint over HTTP, and shuts it down gracefully.
@Suite struct PriceServiceTests {
    static let cart = Cart(items: [Item(sku: "tea", price: 4.5, quantity: 2), Item(sku: "cup", price: 12, quantity: 1)],
                           currency: "EUR", coupon: "TEN")

    @Test func everyEndpointAnswersAndTheServiceStopsGracefully() async throws {
        let (started, starting) = AsyncStream.makeStream(of: (ServiceGroup?, Int?).self)
        let service = Task {
            try await PriceService.run(PriceServiceConfiguration(port: 0, runtimes: 2),
                                       onGroup: { group in starting.yield((group, nil)) },
                                       onServerRunning: { port in starting.yield((nil, port)) })
        }
        var group: ServiceGroup?, port: Int?
        for await event in started {
            group = event.0 ?? group
            port = event.1 ?? port
            if port != nil { break }
        }
        let base = try #require(port.map { "http://127.0.0.1:\($0)" })
        let expected = Price(total: 18.9, discount: 2.1, currency: "EUR", lines: 2)

        // The pool, the checkout page's bridge handler and the ceiling answer the same.
        for path in ["/price", "/price/page", "/price/constant"] {
            let (status, body) = try await Self.post(base + path, JSONEncoder().encode(Self.cart))
            #expect(status == 200, "\(path)")
            #expect(try JSONDecoder().decode(Price.self, from: body) == expected, "\(path)")
        }
        // A cart the script refuses is 422 with the script's message, from the pool and from the page; the service
        // keeps serving afterwards.
        let refused = try JSONEncoder().encode(Cart(items: [Item(sku: "x", price: 1, quantity: -1)], currency: "EUR"))
        for path in ["/price", "/price/page"] {
            let (status, body) = try await Self.post(base + path, refused)
            #expect(status == 422, "\(path)")
            #expect(String(decoding: body, as: UTF8.self).contains("non-negative quantity"), "\(path)")
        }
        // Not JSON, or not a cart: 400, before any JavaScript runs.
        #expect(try await Self.post(base + "/price", Data("{".utf8)).status == 400)
        #expect(try await Self.post(base + "/price", Data(#"{"currency":"EUR"}"#.utf8)).status == 400)
        let (again, _) = try await Self.post(base + "/price", JSONEncoder().encode(Self.cart))
        #expect(again == 200)

        let (healthStatus, health) = try await Self.get(base + "/health")
        #expect(healthStatus == 200)
        #expect(String(decoding: health, as: UTF8.self).contains(#""status":"ok""#))
        let (metricsStatus, metrics) = try await Self.get(base + "/metrics")
        #expect(metricsStatus == 200)
        let text = String(decoding: metrics, as: UTF8.self)
        #expect(text.contains(#"hybrid_pool_calls_total{outcome="completed"} 2"#))
        #expect(text.contains(#"hybrid_pool_calls_total{outcome="failed"} 1"#))
        #expect(text.contains("hybrid_pool_run_seconds_count 3"))

        // Graceful shutdown: the server stops, the page closes, the pool drains; `run` returns without error.
        let running = try #require(group)
        await running.triggerGracefulShutdown()
        try await service.value
        await #expect(throws: (any Error).self) { _ = try await Self.get(base + "/health") }
    }

    @Test func aMissingScriptFailsAtStart() async throws {
        let missing = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("no-such-folder-\(UUID())")
        await #expect(throws: (any Error).self) {
            try await PriceService.run(PriceServiceConfiguration(port: 0, webRoot: missing, runtimes: 1))
        }
    }

    static func post(_ url: String, _ body: Data) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await send(request)
    }

    static func get(_ url: String) async throws -> (status: Int, body: Data) {
        try await send(URLRequest(url: URL(string: url)!))
    }

    static func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
