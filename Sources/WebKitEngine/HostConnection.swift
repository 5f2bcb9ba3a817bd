import Foundation
import Glibc
import HybridJSON
import HybridSpawn
import Synchronization

/// The host process and the JSON lines to and from it: requests by id, each answered once (by the host, by a
/// timeout, or by the host's end), and events passed on.
final class HostConnection: Sendable {
    private struct State {
        var nextID = 1
        var waiting: [Int: @Sendable (Result<JSONValue?, WebKitEngineError>) -> Void] = [:]
        var timers: [Int: Task<Void, Never>] = [:]
        var ready: CheckedContinuation<Void, any Error>?
        var isReady = false
        /// Why the host is gone, once it is.
        var ended: WebKitEngineError?
        /// Closes waiting for the host's end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Its standard input and output are pipes to this process, its standard error `/dev/null`. Not Foundation's
    /// `Process`, whose `run()` crashes now and then in a process with many descriptors (see `SpawnedChild`); the
    /// thread that reads the host's output reaps it.
    private let process: SpawnedChild
    private let input: PipeWriter
    private let inputHandle: FileHandle
    private let state = Mutex(State())
    private let writing = Mutex(())
    /// Called on the reader thread with each event of the host, in order, and once with nil when the host ended.
    private let onEvent: @Sendable (JSONObject?) -> Void

    init(executable: URL, arguments: [String], environment: [String: String] = [:],
         onEvent: @escaping @Sendable (JSONObject?) -> Void) throws {
        self.onEvent = onEvent
        do {
            process = try SpawnedChild(executable: executable, arguments: arguments,
                                       environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                       standardInput: .pipe, standardOutput: .pipe, standardError: .null)
        } catch {
            throw WebKitEngineError(.hostEnded, "cannot start the WebKit host: \(error)")
        }
        // Both are pipes, as asked.
        inputHandle = process.standardInput!
        input = PipeWriter(descriptor: inputHandle.fileDescriptor)
        let output = process.standardOutput!
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
            send(request, timeout: timeout, what: what) { continuation.resume(with: $0.mapError { $0 as any Error }) }
        }
    }

    /// Sends `request` with a new id now (requests sent one after another from one thread reach the host in that
    /// order) and calls `completion` once with its answer, as ``request(_:timeout:what:)`` waits for it.
    func send(_ request: JSONObject, timeout: Duration?, what: String,
              completion: @escaping @Sendable (Result<JSONValue?, WebKitEngineError>) -> Void) {
        let registered: Result<Int, WebKitEngineError> = state.withLock { state in
            if let ended = state.ended { return .failure(ended) }
            let id = state.nextID
            state.nextID += 1
            state.waiting[id] = completion
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
        case .failure(let error): completion(.failure(error))
        case .success(let id):
            var line = request
            line["id"] = .number(Double(id))
            if !send(line) {
                answer(id, with: .failure(WebKitEngineError(.hostEnded, "the WebKit host has ended")))
            }
        }
    }

    /// Sends `request` without waiting for its answer (replies, dialog answers).
    func post(_ request: JSONObject) {
        var line = request
        line["id"] = 0
        send(line)
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
        let (completion, timer) = state.withLock { state in
            (state.waiting.removeValue(forKey: id), state.timers.removeValue(forKey: id))
        }
        timer?.cancel()
        guard let completion else { return false }
        completion(result)
        return true
    }

    /// Fails everything waiting with `error` and ends the events; later requests fail with it too.
    private func end(_ error: WebKitEngineError) {
        let (waiting, timers, ready, endWaiters, first) = state.withLock { state in
            let first = state.ended == nil
            if first { state.ended = error }
            defer {
                state.waiting = [:]
                state.timers = [:]
                state.ready = nil
                state.endWaiters = []
            }
            return (state.waiting, state.timers, state.ready, state.endWaiters, first)
        }
        timers.values.forEach { $0.cancel() }
        endWaiters.forEach { $0.resume() }
        for completion in waiting.values { completion(.failure(error)) }
        ready?.resume(throwing: error)
        if first { onEvent(nil) }
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
        process.waitForExit()
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
        default:
            onEvent(message)
        }
        return nil
    }
}
