import BenchmarkSupport
import Foundation
import HybridRouting
import RoutingKit

// Our `URLRouter.match` against routing-kit's `TrieRouter` on the same routes in the same run. routing-kit gets the
// segments from our splitter, and its time includes that splitting, as ours does; ours also builds the full
// `RouteMatch` (parameters, query, expanded pattern) that routing-kit does not.

let lookups = Int(ProcessInfo.processInfo.environment["ROUTER_BENCH_LOOKUPS"] ?? "") ?? 200_000
let urlCount = 1_000

/// `/moduleN/page/:id` and `/moduleN/page/:id/detail` for `routes / 2` modules.
func modules(_ routes: Int) -> Int { max(routes / 2, 1) }

func hitURLs(_ routes: Int) -> [String] {
    (0..<urlCount).map { index in
        let module = (index * 7_919) % modules(routes)
        return index.isMultiple(of: 2) ? "app://module\(module)/page/\(index)" : "app://module\(module)/page/\(index)/detail"
    }
}

func missURLs(_ routes: Int) -> [String] {
    (0..<urlCount).map { index in
        let module = (index * 7_919) % modules(routes)
        switch index % 3 {
        case 0: return "app://module\(module)/page"                   // too short
        case 1: return "app://module\(module)/other/\(index)"         // wrong literal in the middle
        default: return "app://nomodule\(index)/page/\(index)"        // unknown first segment
        }
    }
}

func makeOurs(_ routes: Int) throws -> URLRouter {
    let router = URLRouter()
    for module in 0..<modules(routes) {
        try router.register("/module\(module)/page/:id")
        try router.register("/module\(module)/page/:id/detail")
    }
    return router
}

func makeRoutingKit(_ routes: Int) -> TrieRouter<Int> {
    let router = TrieRouter(Int.self)
    for module in 0..<modules(routes) {
        router.register(module * 2, at: [.constant("module\(module)"), .constant("page"), .parameter("id")])
        router.register(module * 2 + 1,
                        at: [.constant("module\(module)"), .constant("page"), .parameter("id"), .constant("detail")])
    }
    return router
}

func run(_ ours: URLRouter, _ theirs: TrieRouter<Int>, urls: [String], expectHits: Bool, label: String) {
    // Check both routers agree before timing them.
    for url in urls {
        var parameters = Parameters()
        let theirResult = theirs.route(path: ours.segments(of: url)!, parameters: &parameters)
        precondition((ours.match(url) != nil) == expectHits && (theirResult != nil) == expectHits, "disagree on \(url)")
    }
    var sink = 0
    let routingKit = measure("routing-kit \(label)", operations: lookups) {
        for index in 0..<lookups {
            let url = urls[index % urls.count]
            var parameters = Parameters()
            if let output = theirs.route(path: ours.segments(of: url)!, parameters: &parameters) { sink &+= output }
        }
    }
    let ourMatch = measure("URLRouter.match \(label)", operations: lookups) {
        for index in 0..<lookups {
            if let match = ours.match(urls[index % urls.count]) { sink &+= match.parameters.count }
        }
    }
    report(ourMatch, against: routingKit, target: 1.0)
    if sink == 42 { print("") }  // Keeps the optimizer from dropping the loops.
}

printReportHeader("URLRouter.match vs routing-kit TrieRouter (same splitter), per lookup")
for routes in [10, 1_000, 10_000] {
    let ours = try makeOurs(routes)
    let theirs = makeRoutingKit(routes)
    run(ours, theirs, urls: hitURLs(routes), expectHits: true, label: "hit, \(routes) routes")
    run(ours, theirs, urls: missURLs(routes), expectHits: false, label: "miss, \(routes) routes")
}

printReportHeader("Splitting alone (both routers above pay it), per URL")
let splitOnly = URLRouter()
let splitURLs = hitURLs(1_000)
let splitting = measure("URLRouter.segments(of:)", operations: lookups) {
    var total = 0
    for index in 0..<lookups { total &+= splitOnly.segments(of: splitURLs[index % splitURLs.count])!.count }
    if total == 42 { print("") }
}
let baselineRouter = try makeOurs(1_000)
let fullMatch = measure("URLRouter.match, hit, 1000 routes", operations: lookups) {
    var total = 0
    for index in 0..<lookups { total &+= baselineRouter.match(splitURLs[index % splitURLs.count])!.parameters.count }
    if total == 42 { print("") }
}
report(splitting, against: fullMatch)
