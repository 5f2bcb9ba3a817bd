// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HybridRuntime",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Hybrid", targets: ["Hybrid"]),
        .library(name: "Router", targets: ["Router"]),
        // The engine alone, for the JavaScript benchmarks (and apps that need nothing else).
        .library(name: "JavaScript", targets: ["JavaScript"]),
        .library(name: "HybridTesting", targets: ["HybridTesting"]),
        .executable(name: "hybrid", targets: ["HybridCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "glib-networking"])]
        ),

        // The engine: contexts, values, the runtime thread and its event loop, timers, console, watchdog.
        .target(name: "JavaScript", dependencies: ["CJavaScriptCore"]),

        // URL routing: patterns, matching and ranking. Pure Swift.
        .target(name: "Router"),

        // Local HTTP server for fixtures and mock APIs, on libsoup and a runtime loop.
        .target(name: "FixtureServer", dependencies: ["CSoup", "JavaScript", "Router"]),

        // Headless web view: HTML pages with a DOM (Debian's node-domino), scripts, events, networking.
        .target(name: "WebView", dependencies: ["JavaScript", "CSoup"]),

        // WebViewJavascriptBridge: the registerHandler/callHandler message bus on a web view.
        .target(
            name: "Bridge",
            dependencies: ["WebView", .product(name: "Logging", package: "swift-log")]
        ),

        // The app shell without a screen: pages with UIKit's lifecycle, containers, URL-opened pages, results,
        // notifications, an event bus and a store.
        .target(name: "Navigation", dependencies: ["JavaScript", "Router", "WebView", "Bridge"]),

        // Umbrella: `import Hybrid` re-exports every public module.
        .target(name: "Hybrid", dependencies: ["JavaScript", "Router", "FixtureServer", "WebView", "Bridge",
                                               "Navigation"]),

        // JS-to-Swift integration tests: test files, the injected test API, reports (JUnit, TAP). Not in `Hybrid`.
        .target(
            name: "HybridTesting",
            dependencies: [
                "CJavaScriptCore", "JavaScript", "WebView", "Bridge", "FixtureServer",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The `hybrid` command.
        .executableTarget(
            name: "HybridCLI",
            dependencies: [
                "Hybrid",
                "HybridTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Memory checks run in a child process: `MemoryProbe <scenario>` prints resident memory
        // around N create/destroy cycles after a warm-up. Tests launch it; not a product.
        .executableTarget(name: "MemoryProbe", dependencies: ["JavaScript", "Navigation"], path: "Tests/MemoryProbe"),

        // Shared by the test targets: child processes awaited off the cooperative pool, the memory probe.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "JavaScriptTests", dependencies: ["JavaScript", "TestSupport"]),
        .testTarget(name: "RouterTests", dependencies: ["Router"]),
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", "WebView", "TestSupport"]),
        .testTarget(name: "WebViewTests", dependencies: ["WebView", "TestSupport"]),
        .testTarget(name: "BridgeTests", dependencies: ["Bridge", "TestSupport"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "TestSupport"]),
        .testTarget(name: "HybridCLITests", dependencies: ["HybridCLI", "TestSupport"]),
        .testTarget(name: "HybridTestingTests", dependencies: ["HybridTesting", "JavaScript", "TestSupport"]),
    ]
)
