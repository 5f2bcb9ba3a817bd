internal import CSoup
import Foundation

/// Reads one `file:` URL with GIO's asynchronous file API, completing on the session's main context.
final class FileTransfer {
    private let url: URL
    private let file: OpaquePointer
    private let cancellable: Cancellable
    private var completion: ((Result<LoadedResource, WebLoadError>) -> Void)?

    private init(url: URL, cancellable: Cancellable, completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) {
        self.url = url
        self.cancellable = cancellable
        self.completion = completion
        // Not `g_file_new_for_path`: it asks `g_vfs_get_default`, which runs GLib's setuid check on every call, and
        // that check aborts the process when a signal lands inside it (see `GIOStartup`). A runtime thread is one the
        // engine's collector suspends with a signal, so each page's file loads were a chance to abort under load.
        // The local VFS is what the default one gives for a path here (no GVfs daemon is asked for a local file).
        file = g_vfs_get_file_for_path(g_vfs_get_local(), url.path)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(file)) }

    /// Starts reading; the caller has pushed the session's main context as thread-default.
    static func start(_ url: URL, cancellable: Cancellable, completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) {
        let transfer = FileTransfer(url: url, cancellable: cancellable, completion: completion)
        g_file_load_contents_async(transfer.file, cancellable.gCancellable, { _, result, data in
            Unmanaged<FileTransfer>.fromOpaque(data!).takeRetainedValue().finish(result)
        }, Unmanaged.passRetained(transfer).toOpaque())
    }

    private func finish(_ result: OpaquePointer?) {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let ok = g_file_load_contents_finish(file, result, &contents, &length, nil, &error) != 0
        defer { g_free(contents); if let error { g_error_free(error) } }
        guard !cancellable.isCancelled, let completion else { return }
        self.completion = nil
        guard ok else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            completion(.failure(WebLoadError(url: url.absoluteString, message: reason, kind: .fileNotFound)))
            return
        }
        let body = contents.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        completion(.success(LoadedResource(url: url, status: 200, statusText: "OK", mimeType: MimeTypes.forPath(url.path),
                                           body: body, headers: [("Content-Type", MimeTypes.forPath(url.path)),
                                                                 ("Content-Length", String(body.count))])))
    }
}
