import Foundation
import Synchronization
import HybridTesting
import Hybrid

/// `hybrid run --replay-har FILE`: every document's requests are answered from the HAR (the page's own server passes).
final class RunHARReplay: DocumentObserver {
    let har: HARReplay
    let passThrough: String?

    init(har: HARReplay, passThrough: String?) {
        self.har = har
        self.passThrough = passThrough
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let har = har, passThrough = passThrough
        document.session.interceptor = { request, respond in har.answer(request, passThrough: passThrough, respond) }
    }

    func documentWillClose(_ document: DocumentHandle) {}
}

/// `hybrid run --record-har FILE`: every request the pages make that gets a response, with its response, written as a
/// HAR 1.2 file when the run ends (the file is opened before the run: a bad path is an input error at once).
final class RunHARRecorder: DocumentObserver {
    let file: OutputFile
    private let entries = Mutex<[JSONValue]>([])

    init(path: String) throws(OutputFileError) {
        file = try OutputFile(path: path)
    }

    func documentDidCreate(_ document: DocumentHandle) {
        document.session.recorder = { [weak self] request, result in
            guard case .success(let response) = result else { return }
            self?.record(request, response)
        }
    }

    func documentWillClose(_ document: DocumentHandle) {}

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
        let entry: JSONValue = [
            "startedDateTime": .string(Date().ISO8601Format(.iso8601.time(includingFractionalSeconds: true).year().month().day())),
            "time": 0, "request": .object(wireRequest),
            "response": ["status": .number(Double(response.status)), "statusText": .string(response.statusText),
                         "httpVersion": "HTTP/1.1", "headers": headers(response.headers), "cookies": [],
                         "content": .object(content), "redirectURL": "", "headersSize": -1,
                         "bodySize": .number(Double(response.body.count))],
            "cache": [:], "timings": ["send": 0, "wait": 0, "receive": 0],
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
