// swift-tools-version:6.0
// The example service of issue 20: a Hummingbird 2 service that prices carts with the checkout page's JavaScript
// (web/examples/pricing.js) through a JavaScriptPool, and through the checkout page's bridge handler.
// Its own package, so the root package never builds Hummingbird. Build and test:
//   swift build --package-path Examples/PriceService
//   swift test --package-path Examples/PriceService
import PackageDescription

let package = Package(
    name: "PriceService",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HybridRuntime", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // The service: routes, the pool, the pre-opened checkout page, metrics.
        .target(
            name: "PriceServiceCore",
            dependencies: [
                .product(name: "Hybrid", package: "HybridRuntime"),
                .product(name: "HybridServices", package: "HybridRuntime"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // `price-service [--port N] [--web DIR] [--runtimes N]`: runs until SIGTERM or SIGINT (graceful shutdown).
        .executableTarget(name: "PriceService", dependencies: ["PriceServiceCore"]),
        .testTarget(name: "PriceServiceTests", dependencies: ["PriceServiceCore"]),
    ]
)
