import Foundation
import Hybrid

/// The phases of a run, in order: load (the bridge is already attached) → idle → each `--rotate` → each `--file-input` → each `--click` →
/// each `--call` → each `--eval` → each `--assert` → `--dump-dom` → `--canvas-out`. The page runs until idle after
/// each step; every phase keeps the command-line order of its flags.
struct RunPhaseList {
    let options: RunOptions
    let phases: RunPhases

    /// `load` loads the page (returns at its load event); `url` names it in messages.
    func run(url: URL, load: @escaping @Sendable () async throws -> Void) async -> ExitStatus {
        let report = phases.report, transcript = phases.transcript
        let timeout = options.timeout
        switch await phases.withDeadline(load) {
        case .timedOut:
            await phases.target().webView.stopLoading()
            return phases.timedOut(in: "loading \(url.absoluteString)", timeout: timeout)
        case .failed where ContinuousClock.now >= phases.deadline:
            // On a loaded machine the time limit can pass while the page's own scripts run during the load: the
            // watchdog stops them and the load fails, but what ended the run is the time limit.
            return phases.timedOut(in: "loading \(url.absoluteString)", timeout: timeout)
        case .failed(let error):
            StandardStreams.err("hybrid run: \(error)\n")
            report.raise(.usage)
            return report.status
        case .done:
            break
        }
        if await !phases.runUntilIdle() { return phases.timedOut(in: "running until idle", timeout: timeout) }
        for _ in 0..<options.rotations {
            let webView = await phases.target().webView
            // Written before the turn, as every step is before what it causes: the line gives the device it turns to.
            let device = await webView.device.rotated()
            let (width, height) = (device.viewportWidth, device.viewportHeight)
            report.line(report.style.dim("rotate \(width)x\(height) \(device.orientation.rawValue)"))
            transcript.write(kind: "rotate", page: await phases.pageID(),
                             ["width": .number(Double(width)), "height": .number(Double(height)),
                              "orientation": .string(device.orientation.rawValue)])
            await webView.rotate()
            if await !phases.runUntilIdle() { return phases.timedOut(in: "running until idle", timeout: timeout) }
        }
        for (selector, files) in options.fileInputs {
            report.line(report.style.dim("file-input \(selector) \(files.map(\.name).joined(separator: ", "))"))
            // Each step is written before what it causes.
            transcript.write(kind: "fileInput", page: await phases.pageID(),
                             ["selector": .string(selector), "files": .array(files.map { .string($0.name) })])
            let webView = await phases.target().webView
            switch await phases.withDeadline({ try await webView.setFiles(files, for: selector) }) {
            case .timedOut: return phases.timedOut(in: "--file-input \(selector)", timeout: timeout)
            case .failed(let error):
                StandardStreams.err(report.style.red("hybrid run: --file-input '\(selector)': \(error)") + "\n")
                report.raise(.exception)
            case .done: break
            }
            if await !phases.runUntilIdle() { return phases.timedOut(in: "running until idle", timeout: timeout) }
        }
        for selector in options.clicks {
            report.line(report.style.dim("click \(selector)"))
            transcript.write(kind: "click", page: await phases.pageID(), ["selector": .string(selector)])
            let webView = await phases.target().webView
            switch await phases.withDeadline({ try await RunPageScripts.click(selector, in: webView) }) {
            case .timedOut: return phases.timedOut(in: "--click \(selector)", timeout: timeout)
            case .failed(let error):
                let message = error is RunClickError ? "\(error)" : "--click '\(selector)': \(error)"
                StandardStreams.err(report.style.red("hybrid run: \(message)") + "\n")
                report.raise(.exception)
            case .done: break
            }
            if await !phases.runUntilIdle() { return phases.timedOut(in: "running until idle", timeout: timeout) }
        }
        for call in options.calls {
            if await !RunBridge.call(call, bridge: phases.target().bridge, phases: phases) {
                return phases.timedOut(in: "--call \(call.handler)", timeout: timeout)
            }
        }
        for code in options.evals {
            transcript.write(kind: "eval", page: await phases.pageID(), ["code": .string(code)])
            let webView = await phases.target().webView
            switch await phases.withDeadline({ try await RunPageScripts.evaluate(code, in: webView) }) {
            case .timedOut: return phases.timedOut(in: "--eval \(code)", timeout: timeout)
            case .failed(let error):
                report.failure(error)
                transcript.write(kind: "evalResult", page: await phases.pageID(), ["code": .string(code), "error": .string("\(error)")])
            case .done(let value):
                StandardStreams.out(RunReport.format(value) + "\n")
                transcript.write(kind: "evalResult", page: await phases.pageID(), ["code": .string(code), "value": value])
            }
            if await !phases.runUntilIdle() { return phases.timedOut(in: "running until idle", timeout: timeout) }
        }
        if let timedOut = await assertions() { return timedOut }
        let webView = await phases.target().webView
        let clipboard = webView.services.clipboard
        if clipboard != (options.clipboard.map { [ClipboardEntry(type: "text/plain", data: Data($0.utf8))] } ?? []) {
            let text = webView.services.clipboardText
            report.line("clipboard " + (text.map { JSONValue.string($0).jsonString } ?? clipboard.map(\.type).joined(separator: ", ")))
            transcript.write(kind: "clipboard", page: await phases.pageID(),
                             ["types": .array(clipboard.map { .string($0.type) }), "text": text.map(JSONValue.string) ?? .null])
        }
        if options.dumpDOM, case .done(let html) = await phases.withDeadline({ try await webView.html() }) {
            StandardStreams.out(html + "\n")
        }
        if let folder = options.canvasOut { await RunCanvasOut.save(from: webView, to: folder, phases: phases) }
        return report.status
    }

    /// Every `--assert`, all evaluated; exit 1 naming the first falsy one. Nil unless the time ran out.
    private func assertions() async -> ExitStatus? {
        let webView = await phases.target().webView, report = phases.report, style = report.style
        var firstFalsy: String?
        for code in options.asserts {
            var passed = false
            switch await phases.withDeadline({ try await RunPageScripts.assertion(code, in: webView) }) {
            case .timedOut: return phases.timedOut(in: "--assert \(code)", timeout: options.timeout)
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
        }
        if let firstFalsy {
            StandardStreams.err(style.red("hybrid run: assertion failed: \(firstFalsy)") + "\n")
            report.raise(.exception)
        }
        return nil
    }
}
