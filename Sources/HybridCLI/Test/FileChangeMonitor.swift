internal import CGLib
import Foundation
import Hybrid

/// Hears the files that change in a set of folders through GLib's file monitor (`GFileMonitor`, inotify on Linux), on
/// a loop thread of its own: ``changes`` yields the path of each file created, written, moved in or touched.
final class FileChangeMonitor: Sendable {
    /// The changed files' paths, as the monitor reports them (a file written in several parts may come more than once).
    let changes: AsyncStream<String>
    private let sink: Sink
    private let loop = EventLoopThread(name: "hybrid.watch")
    /// The monitors by folder path. Loop thread.
    private let monitors: LoopBoundBox<[String: Monitor]>

    init() {
        let (changes, continuation) = AsyncStream.makeStream(of: String.self)
        self.changes = changes
        sink = Sink(continuation)
        monitors = LoopBoundBox(sending: [:], loop: loop)
    }

    /// Watches the entries of each of `folders` not watched yet; the folders that cannot be watched, with the reason.
    func watch(_ folders: Set<String>) async -> [String] {
        let monitors = monitors, sink = sink
        let failures = try? await loop.submit { () -> [String] in
            var failures: [String] = []
            for folder in folders.sorted() where monitors.value[folder] == nil {
                let file = g_vfs_get_file_for_path(g_vfs_get_local(), folder)  // no setuid check per call (GIOStartup)
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                var error: UnsafeMutablePointer<GError>?
                guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_NONE, nil, &error) else {
                    failures.append("\(folder): " + (error.map { String(cString: $0.pointee.message) } ?? "cannot watch"))
                    if let error { g_error_free(error) }
                    continue
                }
                _ = hybrid_file_monitor_connect(monitor, FileChangeMonitor.changed, Unmanaged.passUnretained(sink).toOpaque())
                monitors.value[folder] = Monitor(monitor)
            }
            return failures
        }
        return failures ?? []
    }

    /// Stops every monitor; ``changes`` ends.
    func close() async {
        let monitors = monitors
        try? await loop.submit {
            for monitor in monitors.value.values { monitor.cancel() }
            monitors.value.removeAll()
        }
        sink.continuation.finish()
        loop.shutdown()
    }

    /// Loop thread: a monitor's "changed" signal.
    private static let changed: hybrid_file_monitor_changed = { _, file, _, event, data in
        guard let file, let data else { return }
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED,
             G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_RENAMED:
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            Unmanaged<Sink>.fromOpaque(data).takeUnretainedValue().continuation.yield(String(cString: path))
        default:
            break
        }
    }

    /// Where the signal's callback yields (its user data, alive as long as this object).
    private final class Sink: Sendable {
        let continuation: AsyncStream<String>.Continuation
        init(_ continuation: AsyncStream<String>.Continuation) { self.continuation = continuation }
    }

    /// One folder's monitor. Loop thread.
    private final class Monitor {
        private let monitor: UnsafeMutablePointer<GFileMonitor>
        init(_ monitor: UnsafeMutablePointer<GFileMonitor>) { self.monitor = monitor }
        func cancel() {
            g_file_monitor_cancel(monitor)
            g_object_unref(monitor)
        }
    }
}
