// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "HybridRuntime",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Hybrid", targets: ["Hybrid"]),
        .library(name: "HybridRouting", targets: ["HybridRouting"]),
        // The engine alone, for the JavaScript benchmarks (and apps that need nothing else).
        .library(name: "JavaScript", targets: ["JavaScript"]),
        .library(name: "HybridTesting", targets: ["HybridTesting"]),
        // JavaScript in Swift services: the pool as a swift-service-lifecycle service, with swift-metrics.
        .library(name: "HybridServices", targets: ["HybridServices"]),
        .executable(name: "hybrid", targets: ["HybridCLI"]),
        .library(name: "WebKitEngine", targets: ["WebKitEngine"]),
        .executable(name: "hybrid-webkit-host", targets: ["HybridWebKitHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.1.0"),
        // `swift package generate-documentation`: the DocC catalogues, built in CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "glib-networking"])]
        ),
        // Cairo (with fontconfig fonts) for the web view's 2D canvas.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "fontconfig", "fonts-dejavu-core"])]
        ),
        // gdk-pixbuf's image loaders for the web view's images: natural sizes of PNG, JPEG, GIF, SVG and WebP.
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev", "librsvg2-common", "webp-pixbuf-loader"])]
        ),

        // libgcrypt (which JavaScriptCore already links) for the web view's `crypto` and `crypto.subtle`.
        .systemLibrary(
            name: "CGcrypt",
            pkgConfig: "libgcrypt",
            providers: [.apt(["libgcrypt20-dev"])]
        ),

        // Chooses JavaScriptCore's polling traps when the library is loaded, before anything can start the engine.
        .target(name: "CEngineOptions"),

        // The runtime threads: a thread iterating its own GLib main context, and values bound to it (LoopBound).
        .target(name: "HybridLoop", dependencies: ["CGLib"]),

        // JSON data (JSONValue) and its parser and writer. Pure Swift.
        .target(name: "HybridJSON"),

        // The engine: contexts, values, the runtime on its thread, timers, console, watchdog. Re-exports HybridLoop
        // and HybridJSON.
        // Each module's own JavaScript is in its Resources/ folder (`ScriptResource`): copied into the module's
        // resource bundle, which SwiftPM builds beside the executables and scripts/install installs beside `hybrid`.
        .target(name: "JavaScript", dependencies: ["CJavaScriptCore", "CEngineOptions", "HybridLoop", "HybridJSON"],
                resources: [.copy("Resources")]),

        // URL routing: patterns, matching and ranking. Pure Swift.
        .target(name: "HybridRouting"),

        // Local HTTP server for fixtures and mock APIs, on libsoup and a runtime loop.
        // JavaScript only for EventPublisher (the access log), which needs nothing of the engine.
        .target(name: "FixtureServer", dependencies: ["CSoup", "HybridLoop", "HybridJSON", "HybridRouting"]),

        // Headless web view: HTML pages with a DOM (Debian's node-domino), scripts, events, networking.
        .target(name: "WebView", dependencies: ["JavaScript", "HybridLoop", "CJavaScriptCore", "CSoup", "CCairo", "CGdkPixbuf", "CGcrypt"],
                resources: [.copy("Resources")]),

        // WebViewJavascriptBridge: the registerHandler/callHandler message bus on a web view.
        .target(
            name: "Bridge",
            dependencies: ["JavaScript", "CJavaScriptCore", "WebView", .product(name: "Logging", package: "swift-log")],
            resources: [.copy("Resources")]
        ),

        // The app shell without a screen: pages with UIKit's lifecycle, containers, URL-opened pages, results,
        // notifications, an event bus and a store.
        .target(name: "Navigation", dependencies: ["HybridLoop", "HybridJSON", "JavaScript", "HybridRouting", "WebView", "Bridge"]),

        // Umbrella: `import Hybrid` re-exports every public module.
        .target(name: "Hybrid", dependencies: ["HybridLoop", "HybridJSON", "JavaScript", "HybridRouting", "FixtureServer",
                                               "WebView", "Bridge", "Navigation"]),

        // JavaScript in services: JavaScriptPool as a swift-service-lifecycle Service, its swift-metrics and
        // swift-distributed-tracing spans. Not in
        // `Hybrid`, so apps that do not run services do not build those packages.
        .target(
            name: "HybridServices",
            dependencies: [
                "JavaScript",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),

        // JS-to-Swift integration tests: test files, the injected test API, reports (JUnit, TAP). Not in `Hybrid`.
        .target(
            name: "HybridTesting",
            dependencies: [
                "JavaScript", "WebView", "Bridge", "FixtureServer",
                .product(name: "Logging", package: "swift-log"),
                // `hybrid test --engine webkit` (TestRunOptions.engine).
                "WebKitEngine",
            ],
            resources: [.copy("Resources")]
        ),

        // The `hybrid` command.
        .executableTarget(
            name: "HybridCLI",
            dependencies: [
                "Hybrid",
                "HybridTesting",
                "CGLib",
                "WebKitEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Memory checks run in a child process: `MemoryProbe <scenario>` prints resident memory
        // around N create/destroy cycles after a warm-up. Tests launch it; not a product.
        .executableTarget(name: "MemoryProbe", dependencies: ["JavaScript", "WebView", "Navigation"], path: "Tests/MemoryProbe"),

        // Shared by the test targets: child processes awaited off the cooperative pool, the memory probe.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "HybridLoopTests", dependencies: ["HybridLoop", "CGLib", "TestSupport"]),
        .testTarget(name: "JavaScriptTests", dependencies: ["JavaScript", "TestSupport"]),
        .testTarget(
            name: "HybridServicesTests",
            dependencies: [
                "HybridServices", "JavaScript",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(name: "HybridRoutingTests", dependencies: ["HybridRouting"]),
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", "JavaScript", "WebView", "TestSupport"]),
        .testTarget(name: "WebViewTests", dependencies: ["WebView", "JavaScript", "CSoup", "CGdkPixbuf", "FixtureServer", "TestSupport"]),
        .testTarget(
            name: "BridgeTests",
            dependencies: ["Bridge", "WebView", "JavaScript", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Bridge", "JavaScript", "HybridRouting", "TestSupport"]),
        .testTarget(
            name: "HybridCLITests",
            dependencies: ["HybridCLI", "HybridTesting", "TestSupport", "WebKitEngine",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "HybridTestingTests", dependencies: ["HybridTesting", "Bridge", "JavaScript", "TestSupport",
                                                           "WebKitEngine"]),

        // A pthread-backed `Mutex` that ThreadSanitizer sees, which each module uses instead of
        // `Synchronization.Mutex` when built with `-Xswiftc -DTSAN_LOCKS` (Fuzz/README.md).
        .target(name: "TSanLocks"),

        // Fuzz targets (Fuzz/README.md): the parsers' properties, one executable per parser. Built normally, each
        // replays files; scripts/fuzz builds them with libFuzzer. The tests replay the seed corpus.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(
            name: "FuzzTargets",
            dependencies: ["CLibFuzzer", "CJavaScriptCore", "HybridJSON", "HybridRouting", "FixtureServer", "Bridge"],
            path: "Fuzz/FuzzTargets"
        ),
        .executableTarget(name: "BridgeQueueFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/BridgeQueueFuzz"),
        .executableTarget(name: "JSONParserFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/JSONParserFuzz"),
        .executableTarget(name: "URLSplitterFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/URLSplitterFuzz"),
        .executableTarget(name: "RoutePatternFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/RoutePatternFuzz"),
        .executableTarget(name: "PathResolverFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/PathResolverFuzz"),
        .executableTarget(name: "ByteRangeFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/ByteRangeFuzz"),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets"]),

        // The WebKit engine: WebKitGTK (loaded with dlopen at run time, so nothing here needs it to build) in a
        // helper process, hybrid-webkit-host, driven over JSON lines by the WebKitEngine module.
        .executableTarget(name: "HybridWebKitHost", dependencies: ["HybridJSON"]),
        .target(name: "WebKitEngine", dependencies: ["HybridJSON", "HybridLoop", "JavaScript", "WebView", "CCairo"]),
        .testTarget(name: "WebKitEngineTests", dependencies: ["WebKitEngine", "WebView", "Bridge", "JavaScript", "TestSupport",
                                                           "FixtureServer"]),
    ]
)

// Child processes: HybridSpawn starts them with posix_spawn (not Foundation's `Process`, which crashes and hangs on
// Linux: see SpawnedChild), for the WebKit engine's host, the host's Xvfb, `hybrid conform` and the tests.
package.targets += [
    .target(name: "HybridSpawn"),
    .testTarget(name: "HybridSpawnTests", dependencies: ["HybridSpawn"]),
]
for target in package.targets where ["WebKitEngine", "HybridWebKitHost", "HybridCLI", "TestSupport"].contains(target.name) {
    target.dependencies.append("HybridSpawn")
}

// A module with a TSanMutex.swift swaps its `Mutex` for TSanLocks' in ThreadSanitizer runs (Fuzz/README.md), so it
// depends on TSanLocks; the file decides, so that the list cannot drift from the modules that have one.
for target in package.targets where target.type != .system {
    let folder = target.path ?? (target.type == .test ? "Tests/" : "Sources/") + target.name
    if FileManager.default.fileExists(atPath: Context.packageDirectory + "/" + folder + "/TSanMutex.swift") {
        target.dependencies.append("TSanLocks")
    }
}
