import Foundation
import HybridTesting
import Synchronization
import Testing

@Suite struct SuiteRunnerTests {
    @Test func reportsComeBackInFileOrderWithAllCounts() async throws {
        let files = try TestDiscovery.find(["scripts"], relativeTo: Fixtures.root)
        let order = Mutex<[String]>([])
        let progress = Mutex<[Int]>([])
        let events = Mutex<[TestSuiteEvent]>([])
        let runner = TestSuiteRunner(options: Fixtures.options(jobs: 4))
        let report = await runner.run(files, onProgress: { finished, total in
            #expect(total == files.count)
            progress.withLock { $0.append(finished) }
        }, onReport: { file in order.withLock { $0.append(file.file) } },
           onEvent: { event in events.withLock { $0.append(event) } })
        #expect(order.withLock { $0 } == files.map(\.path))
        // Each file starts once, then finishes once; never more than `jobs` run at once.
        var running = Set<Int>(), finished = Set<Int>(), most = 0
        for event in events.withLock({ $0 }) {
            switch event {
            case .started(let index, let file):
                #expect(file == files[index])
                #expect(running.insert(index).inserted && !finished.contains(index))
                most = max(most, running.count)
            case .testStarted(let index, _), .testFinished(let index, _):
                #expect(running.contains(index))
            case .finished(let index, let report):
                #expect(running.remove(index) != nil)
                #expect(report.file == files[index].path)
                finished.insert(index)
            }
        }
        #expect(finished == Set(files.indices))
        #expect((1...4).contains(most))
        #expect(progress.withLock { $0 } == Array(1...files.count))
        #expect(report.files.map(\.file) == files.map(\.path))
        #expect(report.summaryLine == "11 passed, 12 failed, 3 skipped")
    }

    @Test func emptyListIsAnEmptyReport() async {
        let report = await TestSuiteRunner().run([])
        #expect(report.files.isEmpty)
        #expect(report.summaryLine == "0 passed, 0 failed")
        #expect(!report.hasFailures)
    }
}
