import Testing
import TestSupport
@testable import JavaScript

@Suite struct RejectionTests {
    @Test func unhandledRejectionsGoToTheExceptionHandler() async throws {
        let runtime = JavaScriptRuntime()
        let box = MessageBox()
        await runtime.perform { runtime in
            runtime.context.exceptionHandler = { _, reason in box.append((reason.isObject ? reason["message"] : reason).toString() ?? "") }
            _ = runtime.context.evaluateScript("""
                Promise.reject(new Error('nobody cares'));
                Promise.reject(new Error('handled')).catch(() => {});
                (async () => { throw new Error('async'); })();
                setTimeout(() => Promise.reject('from timer'), 1);
                """)
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(Set(box.all) == ["nobody cares", "async", "from timer"])
    }

    @Test func eachContextReportsToItsOwnHandler() async throws {
        let runtime = JavaScriptRuntime()
        let box = MessageBox()
        await runtime.perform { runtime in
            let a = runtime.makeContext(), b = runtime.makeContext()
            a.exceptionHandler = { _, reason in box.append("a:" + (reason.toString() ?? "")) }
            b.exceptionHandler = { _, reason in box.append("b:" + (reason.toString() ?? "")) }
            _ = a.evaluateScript("Promise.reject('one')")
            _ = b.evaluateScript("Promise.reject('two')")
        }
        #expect(Set(box.all) == ["a:one", "b:two"])
    }
}
