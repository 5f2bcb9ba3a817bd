import Foundation
import Synchronization
import HybridTesting
import Hybrid

/// `hybrid run --replay-har FILE`: every request of the web view, its documents' own included, is answered from the
/// HAR (the page's own server passes), so a page recorded with `--record-har` runs with its server gone.
enum RunHARReplay {
    /// Answers `webView`'s requests from `har` from now on; before its first load.
    static func attach(_ har: HARReplay, passThrough: String?, to webView: HeadlessWebView) async {
        await webView.withSession { session in
            session.interceptor = { request, respond in har.answer(request, passThrough: passThrough, respond) }
        }
    }
}

/// `hybrid run --record-har FILE`: every request the web view makes that gets a response (its documents, their
/// scripts, XHR, fetch), with its response and its timings, written as a HAR 1.2 file when the run ends (the file is
/// opened before the run: a bad path is an input error at once).
final class RunHARRecorder: Sendable {
    let file: OutputFile
    private let entries = Mutex<[JSONValue]>([])

    init(path: String) throws(OutputFileError) {
        file = try OutputFile(path: path)
    }

    /// Records `webView`'s requests from now on; before its first load, so the document's own is recorded.
    func attach(to webView: HeadlessWebView) async {
        await webView.withSession { [weak self] session in
            session.recorder = { request, result in
                guard case .success(let response) = result else { return }
                self?.record(request, response)
            }
        }
    }

    private func record(_ request: WebRequest, _ response: LoadedResource) {
        func headers(_ list: [(String, String)]) -> JSONValue {
            .array(list.map { ["name": .string($0.0), "value": .string($0.1)] })
        }
        var content: JSONObject = ["size": .number(Double(response.body.count)),
                                   "mimeType": .string(response.mimeType ?? "application/octet-stream")]
        if let text = String(validating: response.body, as: UTF8.self) {
            content["text"] = .string(text)
        } else {
            content["text"] = .string(Data(response.body).base64EncodedString())
            content["encoding"] = "base64"
        }
        var wireRequest: JSONObject = [
            "method": .string(request.method), "url": .string(request.url.absoluteString), "httpVersion": "HTTP/1.1",
            "headers": headers(request.headers), "queryString": [], "cookies": [], "headersSize": -1,
            "bodySize": .number(Double(request.body?.count ?? 0)),
        ]
        if let body = request.body {
            wireRequest["postData"] = ["mimeType": .string(request.headers.first { $0.0.lowercased() == "content-type" }?.1 ?? ""),
                                       "text": .string(String(decoding: body, as: UTF8.self))]
        }
        let timings = response.timings ?? NetworkTimings(started: Date(), wait: 0)
        // HAR 1.2: milliseconds, -1 for a phase that did not happen or is not known (never for send, wait, receive).
        func milliseconds(_ value: Double) -> JSONValue { .number(value < 0 ? -1 : (value * 1000).rounded() / 1000) }
        let entry: JSONValue = [
            // ISO 8601 with its time zone, as HAR 1.2 asks ("2026-11-28T05:40:37.440Z").
            "startedDateTime": .string(timings.started.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
            "time": milliseconds(timings.total), "request": .object(wireRequest),
            "response": ["status": .number(Double(response.status)), "statusText": .string(response.statusText),
                         "httpVersion": "HTTP/1.1", "headers": headers(response.headers), "cookies": [],
                         "content": .object(content), "redirectURL": "", "headersSize": -1,
                         "bodySize": .number(Double(response.body.count))],
            "cache": [:],
            "timings": ["blocked": milliseconds(timings.blocked), "dns": milliseconds(timings.dns),
                        "connect": milliseconds(timings.connect), "ssl": milliseconds(timings.ssl),
                        "send": milliseconds(timings.send), "wait": milliseconds(timings.wait),
                        "receive": milliseconds(timings.receive)],
        ]
        entries.withLock { $0.append(entry) }
    }

    /// Writes the HAR and closes the file; the failure, if any.
    func finish() -> OutputFileError? {
        let log: JSONValue = ["log": ["version": "1.2", "creator": ["name": "hybrid run", "version": .string(HybridVersion.string)],
                                      "entries": .array(entries.withLock { $0 })]]
        return file.close(after: log.jsonString + "\n")
    }
}
