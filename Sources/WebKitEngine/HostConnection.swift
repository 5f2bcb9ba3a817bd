import Foundation
import Glibc
import HybridJSON
import Synchronization

/// The host process and the JSON lines to and from it: requests by id, each answered once (by the host, by a
/// timeout, or by the host's end), and events passed on.
final class HostConnection: Sendable {
    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<JSONValue?, any Error>] = [:]
        var timers: [Int: Task<Void, Never>] = [:]
        var ready: CheckedContinuation<Void, any Error>?
        var isReady = false
        /// Why the host is gone, once it is.
        var ended: WebKitEngineError?
        /// Closes waiting for the host's end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let process: Process
    private let input: HostPipe
    private let inputHandle: FileHandle
    private let state = Mutex(State())
    private let writing = Mutex(())
    private let events: AsyncStream<WebKitEvent>.Continuation

    init(executable: URL, arguments: [String], events: AsyncStream<WebKitEvent>.Continuation) throws {
        self.events = events
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let toHost = Pipe(), fromHost = Pipe()
        process.standardInput = toHost
        process.standardOutput = fromHost
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw WebKitEngineError(.hostEnded, "cannot start the WebKit host \(executable.path): \(error)")
        }
        inputHandle = toHost.fileHandleForWriting
        input = HostPipe(descriptor: inputHandle.fileDescriptor)
        let output = fromHost.fileHandleForReading
        // The reads block, so they have a thread of their own.
        Thread { [self] in read(output) }.start()
    }

    /// Waits for the host's `ready` (or its failure, or `limit`).
    func ready(within limit: Duration) async throws {
        let timer = Task { [self] in
            try? await Task.sleep(for: limit)
            if !Task.isCancelled {
                end(WebKitEngineError(.hostEnded, "the WebKit host did not start within \(limit)"))
                process.terminate()
            }
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, WebKitEngineError>? = state.withLock { state in
                if let ended = state.ended { return .failure(ended) }
                if state.isReady { return .success(()) }
                state.ready = continuation
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Sends `request` with a new id and waits for its answer. A request still unanswered after `timeout` fails
    /// and terminates the web process (the watchdog); `what` names it in that error.
    func request(_ request: JSONObject, timeout: Duration?, what: String) async throws -> JSONValue? {
        try await withCheckedThrowingContinuation { continuation in
            let registered: Result<Int, WebKitEngineError> = state.withLock { state in
                if let ended = state.ended { return .failure(ended) }
                let id = state.nextID
                state.nextID += 1
                state.waiting[id] = continuation
                if let timeout {
                    state.timers[id] = Task { [self] in
                        try? await Task.sleep(for: timeout)
                        guard !Task.isCancelled else { return }
                        let message = "\(what) did not finish within \(timeout); the web process was terminated"
                        if answer(id, with: .failure(WebKitEngineError(.timeout, message))) {
                            send(["id": 0, "op": "terminateWebProcess"])
                        }
                    }
                }
                return .success(id)
            }
            switch registered {
            case .failure(let error): continuation.resume(throwing: error)
            case .success(let id):
                var line = request
                line["id"] = .number(Double(id))
                if !send(line) {
                    answer(id, with: .failure(WebKitEngineError(.hostEnded, "the WebKit host has ended")))
                }
            }
        }
    }

    /// Asks the host to end and waits until it has; a host that does not end is killed.
    func close() async {
        let timer = Task { [self] in
            try? await Task.sleep(for: .seconds(30))
            if !Task.isCancelled { process.terminate() }
        }
        defer { timer.cancel() }
        _ = try? await request(["op": "close"], timeout: nil, what: "")
        try? inputHandle.close()
        // The reader thread ends the connection at the end of the host's output.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state in
                if state.ended == nil { state.endWaiters.append(continuation) }
                return state.ended != nil
            }
            if ended { continuation.resume() }
        }
    }

    @discardableResult
    private func send(_ object: JSONObject) -> Bool {
        let line = JSONValue.object(object).jsonString + "\n"
        return writing.withLock { _ in input.write(Array(line.utf8)) }
    }

    /// Answers request `id` unless it has been answered; true when this call answered it.
    @discardableResult
    private func answer(_ id: Int, with result: Result<JSONValue?, WebKitEngineError>) -> Bool {
        let (continuation, timer) = state.withLock { state in
            (state.waiting.removeValue(forKey: id), state.timers.removeValue(forKey: id))
        }
        timer?.cancel()
        guard let continuation else { return false }
        continuation.resume(with: result.mapError { $0 as any Error })
        return true
    }

    /// Fails everything waiting with `error` and ends the events; later requests fail with it too.
    private func end(_ error: WebKitEngineError) {
        let (waiting, timers, ready, endWaiters) = state.withLock { state in
            if state.ended == nil { state.ended = error }
            defer {
                state.waiting = [:]
                state.timers = [:]
                state.ready = nil
                state.endWaiters = []
            }
            return (state.waiting, state.timers, state.ready, state.endWaiters)
        }
        timers.values.forEach { $0.cancel() }
        endWaiters.forEach { $0.resume() }
        for continuation in waiting.values { continuation.resume(throwing: error) }
        ready?.resume(throwing: error)
        events.finish()
    }

    private func read(_ output: FileHandle) {
        var buffer: [UInt8] = []
        var fatal: String?
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            while let newline = buffer.firstIndex(of: 10) {
                let line = buffer[..<newline]
                defer { buffer.removeSubrange(...newline) }
                guard let message = (try? JSONValue(parsingUTF8: line))?.objectValue else { continue }
                if let text = handle(message) { fatal = text }
            }
        }
        try? output.close()
        if let fatal {
            let kind: WebKitEngineError.Kind = fatal.contains("scripts/bootstrap --webkit") ? .unavailable : .hostEnded
            end(WebKitEngineError(kind, fatal))
        } else {
            end(WebKitEngineError(.hostEnded, "the WebKit host has ended"))
        }
    }

    /// Handles one message of the host; returns the message of a `fatal` event.
    private func handle(_ message: JSONObject) -> String? {
        if let id = message["id"]?.intValue {
            if id == 0 { return nil }
            if let error = message["error"]?.stringValue {
                let kind: WebKitEngineError.Kind = if error.hasPrefix("the web process ended") {
                    .webProcessTerminated
                } else if error.hasPrefix("cannot load") || error.hasPrefix("the load was superseded") {
                    .load
                } else if error.hasPrefix("snapshot") || error.hasPrefix("cannot write the snapshot") {
                    .snapshot
                } else {
                    .javaScript
                }
                answer(id, with: .failure(WebKitEngineError(kind, error)))
            } else {
                answer(id, with: .success(message["result"]))
            }
            return nil
        }
        switch message["event"]?.stringValue {
        case "ready":
            let ready = state.withLock { state in
                state.isReady = true
                defer { state.ready = nil }
                return state.ready
            }
            ready?.resume()
        case "fatal":
            return message["message"]?.stringValue ?? "the WebKit host failed"
        case "console":
            events.yield(.console(level: message["level"]?.stringValue ?? "log",
                                  text: message["text"]?.stringValue ?? ""))
        case "uncaughtError":
            let source = message["sourceURL"]?.stringValue
            events.yield(.uncaughtError(message: message["message"]?.stringValue ?? "",
                                        sourceURL: source?.isEmpty == false ? source : nil,
                                        line: message["line"]?.intValue.flatMap { $0 > 0 ? $0 : nil }))
        case "webProcessTerminated":
            events.yield(.webProcessTerminated(reason: message["reason"]?.stringValue ?? "crashed"))
        default:
            break
        }
        return nil
    }
}
