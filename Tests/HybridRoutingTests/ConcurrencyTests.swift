import Testing
import HybridRouting

/// The router is shared by many threads: registration may happen while others match.
@Suite struct ConcurrencyTests {
    @Test func tenThousandRoutesRegisteredAndMatchedFromFourTasksWhileAFifthRegistersAndRemoves() async throws {
        let router = URLRouter()
        let perTask = 2_500
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var matched = 0
                    for index in 0..<perTask {
                        let module = task * perTask + index
                        try router.register("/module\(module)/page/:id")
                        // Every route this task registered so far stays matchable while others write.
                        let probe = module - (index % 7)
                        let match = router.match("app://module\(probe)/page/\(index)")
                        if match?.pattern == "/module\(probe)/page/:id", match?.parameters["id"] == "\(index)" {
                            matched += 1
                        }
                    }
                    return matched
                }
            }
            group.addTask {
                // The fifth task churns routes that overlap the others' prefixes and never disturb them.
                var churned = 0
                for round in 0..<1_000 {
                    let pattern = "/module\(round % 50)/page/:id/extra\(round)"
                    try router.register(pattern, scheme: round.isMultiple(of: 2) ? nil : "churn")
                    if router.remove(pattern, scheme: round.isMultiple(of: 2) ? nil : "churn") { churned += 1 }
                }
                return -churned
            }
            var matched = 0, churned = 0
            for try await result in group {
                if result >= 0 { matched += result } else { churned -= result }
            }
            #expect(matched == 4 * perTask)
            #expect(churned == 1_000)
        }
        #expect(router.routes.count == 4 * perTask)
        for module in stride(from: 0, to: 4 * perTask, by: 97) {
            #expect(router.match("/module\(module)/page/1")?.pattern == "/module\(module)/page/:id")
        }
        #expect(router.match("/module3/page/1/extra3") == nil)
    }

    @Test func matchingFromManyTasksWhileRoutesChangeSeesOnlyWholeRoutes() async throws {
        let router = try makeRouter("/stable/:id")
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var consistent = true
                    for index in 0..<2_000 {
                        // A match is either absent or complete: never a half-registered route.
                        if let match = router.match("/volatile/\(index % 10)/x") {
                            consistent = consistent && match.pattern == "/volatile/:n/x"
                                && match.parameters == ["n": "\(index % 10)"]
                        }
                        consistent = consistent && router.match("/stable/\(index)")?.parameters == ["id": "\(index)"]
                    }
                    return consistent
                }
            }
            group.addTask {
                for _ in 0..<500 {
                    _ = try? router.register("/volatile/:n/x")
                    router.remove("/volatile/:n/x")
                }
                return true
            }
            for await consistent in group { #expect(consistent) }
        }
    }
}
