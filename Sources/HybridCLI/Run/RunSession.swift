import Foundation
import Hybrid
import Synchronization

/// One `hybrid run`: the phases load, idle, clicks, evals, asserts, DOM dump, under one time limit.
struct RunSession {
    var url: URL
    var clicks: [String]
    var evals: [String]
    var asserts: [String]
    var dumpDOM: Bool
    var timeout: Double
    var transcriptPath: String?

    func run() async -> ExitStatus {
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(timeout * 1000))
        let transcript: RunTranscript
        do {
            transcript = try RunTranscript(path: transcriptPath, start: start)
        } catch {
            StandardStreams.err("hybrid run: cannot write the transcript \(transcriptPath ?? ""): \(error.localizedDescription)\n")
            return .usage
        }
        transcript.write(kind: "meta", page: 0, at: start, [
            "schema": 1, "version": .string(HybridVersion.string), "url": .string(url.absoluteString),
            "timeout": .number(timeout),
        ])
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.run", executionTimeLimit: .milliseconds(Int64(timeout * 1000))))
        let webView = HeadlessWebView(runtime: runtime)
        let report = RunReport()
        webView.observeEvents { event in
            report.print(event)
            transcript.write(event)
        }
        defer { transcript.close() }
        let phases = RunPhases(webView: webView, report: report, transcript: transcript, deadline: deadline)

        // Load: until the load event.
        switch await phases.withDeadline({ try await webView.load(url) }) {
        case .timedOut:
            await webView.stopLoading()
            return await phases.finish(timedOutIn: "loading \(url.absoluteString)", timeout: timeout)
        case .failed(let error):
            StandardStreams.err("hybrid run: \(error)\n")
            await phases.close()
            return max(report.status, .usage)
        case .done:
            break
        }
        // Idle, then each click followed by idle.
        if await !phases.runUntilIdle() { return await phases.finish(timedOutIn: "running until idle", timeout: timeout) }
        for selector in clicks {
            switch await phases.withDeadline({ try await webView.click(selector) }) {
            case .timedOut: return await phases.finish(timedOutIn: "--click \(selector)", timeout: timeout)
            case .failed(let error):
                StandardStreams.err("hybrid run: --click \(selector): \(error)\n")
                report.raise(.exception)
            case .done: break
            }
            if await !phases.runUntilIdle() { return await phases.finish(timedOutIn: "running until idle", timeout: timeout) }
        }
        for code in evals {
            switch await phases.withDeadline({ try await webView.callAsyncJavaScript(code) }) {
            case .timedOut: return await phases.finish(timedOutIn: "--eval \(code)", timeout: timeout)
            case .failed(let error):
                report.failure(error)
                transcript.write(kind: "eval", page: await phases.pageID(), ["code": .string(code), "error": .string("\(error)")])
            case .done(let value):
                StandardStreams.out(RunReport.format(value) + "\n")
                transcript.write(kind: "eval", page: await phases.pageID(), ["code": .string(code), "value": value])
            }
        }
        var firstFalsy: String?
        for code in asserts {
            switch await phases.withDeadline({ try await webView.callAsyncJavaScript("!!(\(code)\n)") }) {
            case .timedOut: return await phases.finish(timedOutIn: "--assert \(code)", timeout: timeout)
            case .failed(let error):
                report.failure(error)
                firstFalsy = firstFalsy ?? code
                transcript.write(kind: "assert", page: await phases.pageID(), ["code": .string(code), "passed": false])
            case .done(let value):
                let passed = value == .bool(true)
                if !passed { firstFalsy = firstFalsy ?? code }
                transcript.write(kind: "assert", page: await phases.pageID(), ["code": .string(code), "passed": .bool(passed)])
            }
        }
        if let firstFalsy {
            StandardStreams.err("hybrid run: assertion failed: \(firstFalsy)\n")
            report.raise(.exception)
        }
        if dumpDOM, case .done(let html) = await phases.withDeadline({ try await webView.html() }) {
            StandardStreams.out(html + "\n")
        }
        await phases.close()
        return report.status
    }
}
