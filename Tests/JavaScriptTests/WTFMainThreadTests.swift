import Foundation
import Testing
@testable import JavaScript

/// JavaScriptCore's full-collection timer, firing on an idle runtime after enough allocation,
/// builds WTF's `MemoryPressureHandler`, whose timers need WTF's main run loop. Without one
/// (nobody called `WTF::initializeMainThread()`) that crashed the process: the benchmark hit it
/// every run. Building the handler directly is the deterministic way to check the main run loop.
@Suite struct WTFMainThreadTests {
    @Test func theMemoryPressureHandlerCanBeBuiltOnARuntimeThread() async throws {
        let runtime = JavaScriptRuntime()
        let built = await runtime.perform { _ -> Bool in
            // A private export; a build without it cannot have this crash either.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_ZN3WTF21MemoryPressureHandler9singletonEv") else {
                return true
            }
            let singleton = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeMutableRawPointer?).self)
            return singleton() != nil
        }
        #expect(built)
    }

    @Test func runtimesStillWorkOnTheirOwnThreadsAfterward() async throws {
        let runtime = JavaScriptRuntime()
        #expect(try await runtime.evaluate("[1, 2, 3].map(x => x * 2)") == [2, 4, 6])
        #expect(await runtime.perform { $0.loop.isCurrent })
    }
}
