import Foundation
import Hybrid

/// Runs the steps of `hybrid run` one by one (`RunStep`), the page running until idle after each. A step that
/// fails prints `hybrid run: step N (LABEL): reason` and the run goes on (exit 1 at the end); only the time limit
/// ends the run early.
final class RunStepRunner {
    let phases: RunPhases
    let timeout: Double
    /// `--virtual-time`: the runtime runs on a virtual clock.
    let virtualTime: Bool
    /// The first `--assert` found falsy: all are evaluated, the run names the first at its end.
    private(set) var firstFalsy: String?

    init(phases: RunPhases, timeout: Double, virtualTime: Bool) {
        self.phases = phases
        self.timeout = timeout
        self.virtualTime = virtualTime
    }

    /// Runs step `number` (counted from 1 in command-line order); returns the run's status if the time ran out.
    func run(_ step: RunStep, number: Int) async -> ExitStatus? {
        let report = phases.report
        let failed: @Sendable (String) -> Void = { reason in
            StandardStreams.err(report.style.red("hybrid run: step \(number) (\(step.label)): \(reason)") + "\n")
            report.raise(.exception)
        }
        switch step {
        case .click(let selector):
            return await act(step, selector: selector, failed: failed) { try await $0.click(selector) }
        case .fill(let selector, let text):
            return await act(step, selector: selector, failed: failed) { try await $0.fill(selector, with: text) }
        case .select(let selector, let value):
            return await act(step, selector: selector, failed: failed) { try await $0.selectOption(value, in: selector) }
        case .press(let key):
            return await act(step, selector: nil, failed: failed) { try await $0.press(key) }
        case .check(let selector), .uncheck(let selector):
            let checked: Bool = if case .check = step { true } else { false }
            return await act(step, selector: selector, failed: failed) { try await $0.setChecked(checked, for: selector) }
        case .waitFor(let selector):
            await announce(step)
            return await waitFor(selector, step: step, failed: failed)
        case .wait(let milliseconds):
            await announce(step)
            return await wait(milliseconds, step: step)
        case .call(let call):
            if await !RunBridge.call(call, bridge: phases.target().bridge, phases: phases) {
                return phases.timedOut(in: "step \(number) (\(step.label))", timeout: timeout)
            }
            return nil
        case .event(let event):
            return await RunBridge.fire(event, bridge: phases.target().bridge, phases: phases)
                ? nil : phases.timedOut(in: "step \(number) (\(step.label))", timeout: timeout)
        case .eval(let code):
            phases.transcript.write(kind: "eval", page: await phases.pageID(), ["code": .string(code)])
            let webView = await phases.target().webView
            switch await phases.withDeadline({ try await RunPageScripts.evaluate(code, in: webView) }) {
            case .timedOut: return phases.timedOut(in: "step \(number) (\(step.label))", timeout: timeout)
            case .failed(let error):
                report.failure(error)
                phases.transcript.write(kind: "evalResult", page: await phases.pageID(), ["code": .string(code), "error": .string("\(error)")])
            case .done(let value):
                StandardStreams.out(RunReport.format(value) + "\n")
                phases.transcript.write(kind: "evalResult", page: await phases.pageID(), ["code": .string(code), "value": value])
            }
            return await idle(after: step)
        case .assert(let code):
            return await assertion(code, step: step)
        }
    }

    /// A user's action on the element matching `selector` (nil: the focused element): the transcript line, a
    /// check that the selector matches, the action, then idle.
    private func act(_ step: RunStep, selector: String?, failed: @escaping @Sendable (String) -> Void,
                     _ action: @escaping @Sendable (HeadlessWebView) async throws -> Void) async -> ExitStatus? {
        await announce(step)
        let webView = await phases.target().webView
        let outcome = await phases.withDeadline { () async throws -> String? in
            if let selector {
                let matches: Int
                do { matches = try await webView.count(of: selector) } catch let error as JSException { return error.message }
                guard matches > 0 else { return "no element matches '\(selector)'" }
            }
            do { try await action(webView) } catch let error as JSException { return error.message }
            return nil
        }
        switch outcome {
        case .timedOut: return phases.timedOut(in: step.label, timeout: timeout)
        case .failed(let error): failed("\(error)")
        case .done(let reason?): failed(reason)
        case .done(nil): break
        }
        return await idle(after: step)
    }

    /// Prints the step's line and writes its transcript line (``RunStep/record``): each step is written before what
    /// it causes.
    private func announce(_ step: RunStep) async {
        guard let record = step.record else { return }
        phases.report.line(phases.report.style.dim(record.line))
        phases.transcript.write(kind: record.kind, page: await phases.pageID(), record.fields)
    }

    /// `--wait-for`: until an element matches, watched by a MutationObserver in the page; on the virtual clock time
    /// moves to each next timer (intervals and frames too) until one makes the element appear.
    private func waitFor(_ selector: String, step: RunStep, failed: @escaping @Sendable (String) -> Void) async -> ExitStatus? {
        let webView = await phases.target().webView
        do {
            if try await webView.count(of: selector) > 0 { return await idle(after: step) }
        } catch let error as JSException {
            failed(error.message)
            return await idle(after: step)
        } catch {
            failed("\(error)")
            return await idle(after: step)
        }
        if virtualTime {
            // Time moves timer by timer (intervals and frames too) until the element is there or nothing is pending.
            let runtime = webView.runtime
            while true {
                let idle = ContinuousClock.now < phases.deadline ? await phases.runUntilIdle() : false
                if !idle { return phases.timedOut(in: "waiting for '\(selector)' (\(step.label))", timeout: timeout) }
                if (try? await webView.count(of: selector)) ?? 0 > 0 { return nil }
                guard await runtime.fireNextTimer() else { break }
            }
            failed("no element matches '\(selector)', and no timer is left to change the page")
            return nil
        }
        let literal = JSONValue.string(selector).jsonString
        let script = """
            document.querySelector(\(literal)) ? true : new Promise(function (resolve) {
              var observer = new MutationObserver(function () {
                if (document.querySelector(\(literal))) { observer.disconnect(); resolve(true); }
              });
              observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
            })
            """
        let outcome = await phases.withDeadline { try await webView.callAsyncJavaScript(script, sourceURL: "--wait-for", timeout: nil) }
        switch outcome {
        case .timedOut: return phases.timedOut(in: "waiting for '\(selector)' (\(step.label))", timeout: timeout)
        case .failed(let error): failed("\(error)")
        case .done: break
        }
        return await idle(after: step)
    }

    /// `--wait MS`: the virtual clock jumps MS ahead firing the timers due, or the run waits MS in real time.
    private func wait(_ milliseconds: Double, step: RunStep) async -> ExitStatus? {
        let duration = Duration.milliseconds(Int64(milliseconds.rounded()))
        let webView = await phases.target().webView
        if virtualTime {
            await webView.runtime.advance(by: duration)
        } else if case .timedOut = await phases.withDeadline({ try await Task.sleep(for: duration) }) {
            return phases.timedOut(in: step.label, timeout: timeout)
        }
        return await idle(after: step)
    }

    private func assertion(_ code: String, step: RunStep) async -> ExitStatus? {
        let webView = await phases.target().webView, report = phases.report, style = report.style
        var passed = false
        switch await phases.withDeadline({ try await RunPageScripts.assertion(code, in: webView) }) {
        case .timedOut: return phases.timedOut(in: step.label, timeout: timeout)
        case .failed(let error): report.failure(error)
        case .done(let truthy): passed = truthy
        }
        if !passed { firstFalsy = firstFalsy ?? code }
        report.tally.withLock {
            $0.assertions += 1
            if !passed { $0.failedAssertions += 1 }
        }
        report.line((passed ? style.green("✓ assert") : style.red("✗ assert")) + " " + code)
        phases.transcript.write(kind: "assert", page: await phases.pageID(), ["code": .string(code), "passed": .bool(passed)])
        return nil
    }

    private func idle(after step: RunStep) async -> ExitStatus? {
        await phases.runUntilIdle() ? nil : phases.timedOut(in: "running until idle", timeout: timeout)
    }
}
