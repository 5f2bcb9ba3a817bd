import Foundation
import Testing
import TestSupport
@testable import JavaScript

/// `JavaScriptRuntime.interrupt(reason:)` from another thread stops the running script through the watchdog.
@Suite(.spinsTheCPU) struct InterruptTests {
    @Test func anotherThreadStopsALoopAndEveryLaterScript() async throws {
        let runtime = JavaScriptRuntime()
        await runtime.setChecksInterrupts(true)
        #expect(await runtime.checksInterrupts)
        #expect(runtime.interruptReason == nil)
        let error = await runtime.perform { runtime -> JSException? in
            // The loop asks for the interrupt itself, from a thread of its own, so nothing waits on a clock.
            runtime.context.setFunction("askForInterrupt") { _ in
                Thread { runtime.interrupt(reason: "memory limit exceeded (1 MB)") }.start()
                return nil
            }
            do {
                try runtime.context.evaluate("askForInterrupt(); for (;;) {}")
                return nil
            } catch {
                return error as? JSException
            }
        }
        #expect(error?.name == "InterruptError")
        #expect(error?.message == "memory limit exceeded (1 MB)")
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(runtime.interruptReason == "memory limit exceeded (1 MB)")
        // Sticky: a later runaway script is stopped too, with the first reason.
        runtime.interrupt(reason: "second")
        await #expect(throws: JSException.self) { try await runtime.evaluate("for (;;) {}") }
        await runtime.shutdown()
    }
}
