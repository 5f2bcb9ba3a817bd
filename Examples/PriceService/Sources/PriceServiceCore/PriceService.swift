import Foundation
import Hummingbird
import Hybrid
import HybridServices
import Logging
import NIOCore
import Prometheus
import ServiceLifecycle

/// How the price service runs.
public struct PriceServiceConfiguration: Sendable {
    /// Where to listen (port 0: any free port, reported to `onServerRunning`).
    public var host: String
    public var port: Int
    /// The folder holding `pricing.js` and `checkout.html` (the repository's web/examples).
    public var webRoot: URL
    /// The JavaScript pool's runtimes (default: one per core) and queue.
    public var runtimes: Int
    public var maxQueued: Int
    /// Opens the checkout page for `POST /price/page` (a web view, about 6 MB).
    public var opensCheckoutPage: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, webRoot: URL = PriceServiceConfiguration.repositoryWebRoot,
                runtimes: Int = ProcessInfo.processInfo.activeProcessorCount, maxQueued: Int = 1024,
                opensCheckoutPage: Bool = true) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
        self.runtimes = runtimes
        self.maxQueued = maxQueued
        self.opensCheckoutPage = opensCheckoutPage
    }

    /// web/examples of the repository this file was built from.
    public static var repositoryWebRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../web/examples").standardizedFileURL
    }
}

/// The price service: Hummingbird 2 routes over a `JavaScriptPool` running web/examples/pricing.js, the checkout
/// page's bridge handler, and Prometheus metrics.
///
/// | route | answer |
/// |---|---|
/// | `POST /price` | `calculatePrice(cart)` through the pool: a `Price`, 422 when the script throws, 503 when the pool is overloaded |
/// | `POST /price/page` | the same through the checkout page's bridge handler |
/// | `POST /price/constant` | decodes the cart and answers a fixed price without JavaScript: the HTTP and Codable ceiling |
/// | `GET /health` | `{"status": "ok", "queued", "running"}` |
/// | `GET /metrics` | the pool's metrics in Prometheus text format |
public enum PriceService {
    /// Runs the service until graceful shutdown (SIGTERM or SIGINT, or `ServiceGroup.triggerGracefulShutdown()` on
    /// the group handed to `onGroup`): the server stops taking requests, then the page closes, then the pool drains.
    public static func run(_ configuration: PriceServiceConfiguration, logger: Logger = Logger(label: "price-service"),
                           onGroup: @escaping @Sendable (ServiceGroup) async -> Void = { _ in },
                           onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let registry = PrometheusCollectorRegistry()
        let metrics = PrometheusMetricsFactory(registry: registry)
        let script = try String(contentsOf: configuration.webRoot.appendingPathComponent("pricing.js"), encoding: .utf8)
        let pool = try await JavaScriptPool(
            configuration: .init(runtimes: configuration.runtimes, maxQueued: configuration.maxQueued, callTimeLimit: .seconds(5),
                                 name: "price-pool", instrumentation: PoolMetrics(factory: metrics, logger: logger))
        ) { context in
            _ = try context.evaluate(script, sourceURL: "pricing.js")
        }
        let page: CheckoutPage?
        do {
            page = configuration.opensCheckoutPage
                ? try await CheckoutPage(page: configuration.webRoot.appendingPathComponent("checkout.html")) : nil
        } catch {
            await pool.shutdown(.cancel)
            throw error
        }
        let app = Application(
            router: router(pool: pool, page: page, registry: registry),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "price-service"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
        var services: [any Service] = [JavaScriptPoolService(pool, logger: logger)]
        if let page { services.append(PageService(page: page)) }
        services.append(app)
        // Services stop in reverse order: the server first, then the page, then the pool (which drains).
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        await onGroup(group)
        try await group.run()
    }

    /// The routes, on a pool and page made elsewhere.
    public static func router(pool: JavaScriptPool, page: CheckoutPage?,
                              registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/price") { request, context -> Price in
            let cart = try await request.decode(as: Cart.self, context: context)
            do {
                return try await pool.call("calculatePrice", [cart], as: Price.self)
            } catch let error as JSException {
                throw HTTPError(.unprocessableContent, message: error.message)
            } catch JavaScriptPoolError.overloaded, JavaScriptPoolError.shutDown {
                throw HTTPError(.serviceUnavailable, message: "busy: try again")
            }
        }
        router.post("/price/page") { request, context -> Price in
            guard let page else { throw HTTPError(.notFound, message: "the checkout page is not open") }
            return try await page.price(try await request.decode(as: Cart.self, context: context))
        }
        router.post("/price/constant") { request, context -> Price in
            let cart = try await request.decode(as: Cart.self, context: context)
            return Price(total: 18.9, discount: 2.1, currency: cart.currency, lines: cart.items.count)
        }
        router.get("/health") { _, _ -> Health in
            let statistics = pool.statistics
            return Health(status: "ok", queued: statistics.queued, running: statistics.running)
        }
        router.get("/metrics") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return router
    }
}

/// Closes the checkout page at graceful shutdown, after the server stopped.
struct PageService: Service {
    let page: CheckoutPage

    func run() async throws {
        try? await gracefulShutdown()
        await page.close()
    }
}
