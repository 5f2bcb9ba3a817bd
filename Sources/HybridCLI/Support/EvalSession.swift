import Foundation
import Hybrid
import Synchronization

/// One `hybrid eval` run: evaluate, await a promise result, run until idle, print.
struct EvalSession {
    var source: String
    var sourceURL: String
    var timeout: Double
    /// `--max-memory` in bytes, nil for none.
    var maxMemory: Int?
    /// `--module`: where the module runs; nil for a classic script.
    var module: ModuleTarget?

    /// Where `--module` code runs: a blank page at `base` (the current folder or `--base`), the code as the module at
    /// `url` (`base` itself for inline code, as an inline module script's URL is its document's; the file's URL
    /// for `--file`).
    struct ModuleTarget {
        var base: URL
        var url: URL
    }

    func run() async -> ExitStatus {
        if let module { return await run(module) }
        let start = ContinuousClock.now
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let runtime = JavaScriptRuntime(configuration: .init(
            name: "hybrid.eval", executionTimeLimit: limit, consoleSink: EvalSession.consoleSink))
        let report = Report()
        let source = self.source, sourceURL = self.sourceURL
        let deadline = start + limit
        let guards = Guards(runtime: runtime, deadline: deadline, timeout: timeout, maxMemory: maxMemory)
        defer { guards.cancel() }
        let watchesMemory = guards.memory != nil
        await runtime.perform { runtime in
            runtime.setDeadline(deadline)
            runtime.setChecksInterrupts(watchesMemory)
            let context = runtime.context
            let reported = ReportedReasons()
            context.exceptionHandler = { _, exception in
                reported.add(exception)
                report.exception(JSException(exception))
            }
            do {
                let value = try context.evaluate(source, sourceURL: sourceURL)
                if value.isPromise {
                    let fulfilled = JSValue(function: { args in
                        let result = args[0]
                        if !result.isUndefined { report.setResult(args.context.format([result])) }
                        return nil
                    }, in: context)
                    let rejected = JSValue(function: { args in
                        let reason = args[0]
                        // JSC may already have reported it as unhandled before we attached this handler.
                        if !reported.contains(reason) { report.exception(JSException(reason)) }
                        return nil
                    }, in: context)
                    try value.invokeMethod("then", arguments: [fulfilled, rejected])
                } else if !value.isUndefined {
                    report.setResult(context.format([value]))
                }
            } catch let error as JSException {
                report.exception(error)
            } catch {
                report.exception(JSException(name: "Error", message: "\(error)"))
            }
        }
        let remaining = limit - (ContinuousClock.now - start)
        // As Node does, an active interval keeps the run going until it is cleared.
        if await runtime.runUntilIdle(timeout: max(remaining, .zero), includingIntervals: true) == .timedOut {
            guards.timedOut(report)
        }
        await runtime.shutdown()
        return guards.finish(report)
    }

    /// `--module`: a headless web view on a blank page at the target's base, the code evaluated as an ES module there
    /// (``HeadlessWebView/evaluateModule(_:url:)``), then, as for a script, the run until idle (intervals included)
    /// and the module's `default` export printed (nothing without one).
    private func run(_ target: ModuleTarget) async -> ExitStatus {
        let start = ContinuousClock.now
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let deadline = start + limit
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.eval", executionTimeLimit: limit))
        let webView = HeadlessWebView(runtime: runtime)
        let report = Report()
        webView.events.observe { event in
            switch event.kind {
            case .console(let message): EvalSession.consoleSink(message)
            case .exception(let error): report.exception(error)
            default: break
            }
        }
        let guards = Guards(runtime: runtime, deadline: deadline, timeout: timeout, maxMemory: maxMemory)
        defer { guards.cancel() }
        await runtime.setDeadline(deadline)
        if guards.memory != nil { await runtime.setChecksInterrupts(true) }
        do {
            try await webView.loadHTMLString("<!DOCTYPE html>\n<html><head></head><body></body></html>\n", baseURL: target.base)
            // The module (its imports, its top-level await) runs on the runtime's thread while this waits; one
            // whose await never settles runs into the time limit.
            let source = self.source
            let once = Mutex(false)
            let sleeper = Mutex<Task<Void, Never>?>(nil)
            let evaluated = await withCheckedContinuation { (continuation: CheckedContinuation<Result<JSONValue?, any Error>?, Never>) in
                let resume: @Sendable (Result<JSONValue?, any Error>?) -> Void = { outcome in
                    if once.withLock({ done in defer { done = true }; return !done }) { continuation.resume(returning: outcome) }
                }
                Task {
                    do { resume(.success(try await webView.evaluateModule(source, url: target.url))) } catch { resume(.failure(error)) }
                }
                sleeper.withLock { $0 = Task { try? await Task.sleep(until: deadline, clock: .continuous); resume(nil) } }
            }
            sleeper.withLock { $0?.cancel() }
            var finished = evaluated != nil
            if finished {
                let remaining = limit - (ContinuousClock.now - start)
                finished = await runtime.runUntilIdle(timeout: max(remaining, .zero), includingIntervals: true) != .timedOut
            }
            if !finished {
                guards.timedOut(report)
            } else if let value = try evaluated?.get() {
                report.setResult(value.stringValue ?? value.jsonString)
            }
        } catch {
            // The blank page's load fails too when the time limit passes during it (a loaded machine, a short limit).
            if ContinuousClock.now >= deadline {
                guards.timedOut(report)
            } else {
                report.exception(error as? JSException ?? JSException(name: "Error", message: "\(error)"))
            }
        }
        await webView.close()
        await runtime.shutdown()
        return guards.finish(report)
    }

    /// log/info/debug to stdout, warn/error to stderr, as they happen.
    static let consoleSink: ConsoleSink = { message in
        switch message.level {
        case .log, .info, .debug: StandardStreams.out(message.text + "\n")
        case .warn, .error: StandardStreams.err(message.text + "\n")
        }
    }
}

/// The limits of one run, a script's or a module's: the last-resort deadline and `--max-memory`'s watch.
private struct Guards {
    let timeout: Double
    let lastResort: HardDeadline
    let memory: MemoryLimit?

    init(runtime: JavaScriptRuntime, deadline: ContinuousClock.Instant, timeout: Double, maxMemory: Int?) {
        self.timeout = timeout
        lastResort = HardDeadline(deadline: deadline) {
            StandardStreams.err(HardDeadline.message(command: "eval", timeout: timeout))
        }
        memory = maxMemory.map { MemoryLimit.watching(runtime, bytes: $0, command: "eval") }
    }

    func cancel() {
        lastResort.cancel()
        memory?.cancel()
    }

    /// The run reached the time limit with work pending: said and recorded, unless the memory limit stopped it.
    func timedOut(_ report: Report) {
        guard memory?.isExceeded != true else { return }
        StandardStreams.err("hybrid eval: time limit of \(String(format: "%g", timeout)) s reached with work still pending\n")
        report.timedOut()
    }

    /// Prints the result, last, and gives the exit status.
    func finish(_ report: Report) -> ExitStatus {
        if let result = report.result { StandardStreams.out(result + "\n") }
        if memory?.isExceeded == true { return max(report.status, .memory) }
        return report.status
    }
}

/// What the run produced: the completion value's text and the exit status. Written on the runtime thread.
private final class Report: Sendable {
    private struct State {
        var result: String?
        var status = ExitStatus.success
    }
    private let state = Mutex(State())

    var result: String? { state.withLock { $0.result } }
    var status: ExitStatus { state.withLock { $0.status } }

    func setResult(_ text: String) { state.withLock { $0.result = text } }

    func timedOut() { state.withLock { $0.status = max($0.status, .timeout) } }

    /// Prints `file:line:column: Name: message` and the stack, and records exit status 1 (3 for the watchdog).
    func exception(_ error: JSException) {
        var text = error.description
        if let stack = error.stack, !stack.isEmpty {
            text += "\n" + stack.split(separator: "\n").map { "    at \($0)" }.joined(separator: "\n")
        }
        StandardStreams.err(text + "\n")
        state.withLock { $0.status = max($0.status, error.isExecutionTimeLimitExceeded ? .timeout : .exception) }
    }
}

/// Reasons already reported, so an awaited promise's rejection is not reported twice. Runtime thread only.
private final class ReportedReasons {
    private var values: [JSValue] = []
    func add(_ value: JSValue) { values.append(value) }
    func contains(_ value: JSValue) -> Bool { values.contains { $0.isEqual(to: value) } }
}
