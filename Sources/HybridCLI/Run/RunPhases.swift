import Foundation
import Hybrid
import Synchronization

/// The outcome of one phase under the run's deadline.
enum PhaseOutcome<T: Sendable>: Sendable {
    case done(T)
    case failed(any Error)
    case timedOut
}

extension PhaseOutcome {
    /// Runs `operation`, or gives up when `deadline` passes first (the operation is left behind: the run is ending
    /// anyway).
    static func within(deadline: ContinuousClock.Instant,
                       _ operation: @escaping @Sendable () async throws -> T) async -> PhaseOutcome<T> {
        let once = Mutex<CheckedContinuation<PhaseOutcome<T>, Never>?>(nil)
        let remaining = max(deadline - .now, .zero)
        return await withCheckedContinuation { continuation in
            once.withLock { $0 = continuation }
            let resume: @Sendable (PhaseOutcome<T>) -> Void = { outcome in
                once.withLock { $0.take() }?.resume(returning: outcome)
            }
            Task {
                do { resume(.done(try await operation())) } catch { resume(.failed(error)) }
            }
            Task {
                try? await Task.sleep(for: remaining)
                resume(.timedOut)
            }
        }
    }
}

/// What the phases act on: a web view and its bridge.
struct RunTarget: Sendable {
    let webView: HeadlessWebView
    let bridge: WebViewJavascriptBridge
}

/// Helpers shared by the phases of a run: the deadline, idleness, the page id, closing.
struct RunPhases {
    /// The run's own web view (the page without --routes; app events are emitted on it).
    let webView: HeadlessWebView
    /// The page the next step acts on: the run's web view, or with --routes the visible web page.
    let target: @Sendable () async -> RunTarget
    let report: RunReport
    let transcript: RunTranscript
    let deadline: ContinuousClock.Instant

    var remaining: Duration { max(deadline - .now, .zero) }

    /// Runs `operation`, or gives up when the deadline passes first (the operation is left behind:
    /// the run is ending anyway).
    func withDeadline<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async -> PhaseOutcome<T> {
        await PhaseOutcome.within(deadline: deadline, operation)
    }

    /// Runs until the page is idle; false when the deadline came first. Records the `idle` milestone.
    func runUntilIdle() async -> Bool {
        // Until the page the next step acts on is idle: a step may open another page (--routes).
        var webView = await target().webView
        while true {
            guard await webView.runUntilIdle(timeout: remaining) == .idle else { return false }
            let next = await target().webView
            if next === webView { break }
            webView = next
        }
        let page = await pageID()
        let url = await webView.url?.absoluteString ?? ""
        webView.events.emit(WebViewEvent(page: page, kind: .load(milestone: .idle, url: url)))
        return true
    }

    func pageID() async -> Int {
        (try? await target().webView.withDocument { $0.id }) ?? 0
    }

    /// Reports the time limit (status 3) and returns the run's status; closing is the caller's.
    func timedOut(in phase: String, timeout: Double) -> ExitStatus {
        StandardStreams.err("hybrid run: time limit of \(String(format: "%g", timeout)) s reached while \(phase)\n")
        report.raise(.timeout)
        return report.status
    }
}
