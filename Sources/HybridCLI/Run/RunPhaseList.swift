import Foundation
import Hybrid

/// The phases of a run, in order: load (the bridge is already attached) → idle → each `--rotate` → each `--file-input` →
/// the steps in command-line order (`RunStep`) → `--dump-dom` → `--canvas-out`. The page runs until idle after each step.
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
        await transcript.recordDOM(of: phases.target().webView, page: phases.pageID())
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
        let steps = RunStepRunner(phases: phases, timeout: timeout, virtualTime: options.virtualTime)
        for (index, step) in options.steps.enumerated() {
            if let timedOut = await steps.run(step, number: index + 1) { return timedOut }
            await transcript.recordDOM(of: phases.target().webView, page: phases.pageID())
        }
        if let firstFalsy = steps.firstFalsy {
            StandardStreams.err(report.style.red("hybrid run: assertion failed: \(firstFalsy)") + "\n")
            report.raise(.exception)
        }
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
}
