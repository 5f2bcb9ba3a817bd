// swift-tools-version:6.0
// Release-mode benchmarks, kept out of the main package so `swift test` never builds them.
// Run with: swift run -c release --package-path Benchmarks <suite>
import PackageDescription

let package = Package(
    name: "HybridBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HybridRuntime", path: ".."),
        // Baseline for the router benchmark only; never a dependency of the main package.
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.0"),
    ],
    targets: [
        // Timing and reporting shared by every suite: each figure beside its same-run baseline.
        .target(name: "BenchmarkSupport"),

        // `swift run -c release --package-path Benchmarks RouterBenchmarks`: our URLRouter against routing-kit.
        .executableTarget(
            name: "RouterBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "HybridRouting", package: "HybridRuntime"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ]
        ),

        // `swift run -c release --package-path Benchmarks JavaScriptBenchmarks`: engine call and JSON
        // crossing costs against raw JavaScriptCore C API calls and JS-only JSON.
        .executableTarget(
            name: "JavaScriptBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "JavaScript", package: "HybridRuntime"),
            ]
        ),

        // `swift run -c release --package-path Benchmarks PoolBenchmarks`: JavaScriptPool calls from many tasks
        // against one runtime and against Node.js running the same function in the same run.
        .executableTarget(
            name: "PoolBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "JavaScript", package: "HybridRuntime"),
            ]
        ),

        // libsoup for the server benchmark's baseline (the main package's CSoup is not a product).
        .systemLibrary(name: "CSoupMinimal", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),

        // `Benchmarks/server/run.sh` baseline: a libsoup handler answering one file from memory.
        .executableTarget(name: "MinimalSoupServer", dependencies: ["CSoupMinimal"]),

        // `swift run -c release --package-path Benchmarks PlatformBenchmarks`: the web platform per page
        // (install, first URL/fetch use) and a local fetch round trip, each against a same-run baseline.
        .executableTarget(
            name: "PlatformBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Hybrid", package: "HybridRuntime"),
            ]
        ),

        // `swift run -c release --package-path Benchmarks BridgeBenchmarks`: bridge round trips against JSON in JavaScript.
        .executableTarget(
            name: "BridgeBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Hybrid", package: "HybridRuntime"),
            ]
        ),

        // `swift run -c release --package-path Benchmarks WebSocketBenchmarks`: a page WebSocket round trip against the
        // fixture server's echo endpoint, beside a plain libsoup client's.
        .executableTarget(
            name: "WebSocketBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CSoupMinimal",
                .product(name: "Hybrid", package: "HybridRuntime"),
            ]
        ),

        // `swift run -c release --package-path Benchmarks WebViewBenchmarks`: page load time (load() to
        // the load event) and resident memory per open page.
        .executableTarget(
            name: "WebViewBenchmarks",
            dependencies: [
                .product(name: "Hybrid", package: "HybridRuntime"),
            ]
        ),

        // `swift build -c release --package-path Benchmarks --product hybrid-webkit-host`, then
        // `swift run -c release --package-path Benchmarks EngineBenchmarks`: both engines' costs in one run (start,
        // first page, later pages, memory per view, bridge round trips) for the README's "Engines" table.
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Hybrid", package: "HybridRuntime"),
                .product(name: "WebKitEngine", package: "HybridRuntime"),
            ]
        ),
    ]
)
