// swift-tools-version:6.0
// Release-mode benchmarks, kept out of the main package so `swift test` never builds them.
// Run with: swift run -c release --package-path Benchmarks <suite>
import PackageDescription

let package = Package(
    name: "HybridBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HybridRuntime", path: ".."),
    ],
    targets: [
        // Timing and reporting shared by every suite: each figure beside its same-run baseline.
        .target(name: "BenchmarkSupport"),
    ]
)
