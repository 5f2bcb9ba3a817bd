import Foundation
import JavaScript

/// A document or script the page core fetched.
struct PageResource {
    var url: URL
    var text: String
}

/// Why a document or script could not be fetched.
public struct PageLoadError: Error, Sendable, CustomStringConvertible {
    /// The URL as requested.
    public var url: String
    /// What went wrong.
    public var message: String
    public var description: String { "cannot load \(url): \(message)" }
}

/// Loads documents and scripts for the page core, on the runtime thread, always calling back later
/// (never synchronously). Until the platform's `WebSession` is available this reads `file:` URLs;
/// other schemes fail with a clear error.
final class PageResourceLoader: @unchecked Sendable {
    private let loop: EventLoopThread
    private let runtime: JavaScriptRuntime

    init(runtime: JavaScriptRuntime) {
        self.runtime = runtime
        loop = runtime.loop
    }

    /// Loads `url`; `completion` runs on the runtime thread unless the returned cancel closure ran first.
    /// The load keeps the runtime busy (a work token) until it completes or is cancelled.
    @discardableResult
    func load(_ url: URL, completion: @escaping (Result<PageResource, PageLoadError>) -> Void) -> () -> Void {
        let token = runtime.beginWork()
        let state = CancelState()
        let box = CompletionBox(completion)
        loop.execute {
            defer { token.end() }
            guard !state.cancelled else { return }
            box.completion(PageResourceLoader.read(url))
        }
        return { state.cancelled = true; token.end() }
    }

    static func read(_ url: URL) -> Result<PageResource, PageLoadError> {
        guard url.isFileURL else {
            return .failure(PageLoadError(url: url.absoluteString,
                                          message: "only file: URLs can be loaded (\(url.scheme ?? "no scheme") is not supported yet)"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(PageLoadError(url: url.absoluteString, message: "no such file"))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(PageLoadError(url: url.absoluteString, message: "the file cannot be read"))
        }
        return .success(PageResource(url: url, text: String(decoding: data, as: UTF8.self)))
    }
}

/// Runtime-thread state shared with the loop callback.
private final class CancelState: @unchecked Sendable { var cancelled = false }
private final class CompletionBox: @unchecked Sendable {
    let completion: (Result<PageResource, PageLoadError>) -> Void
    init(_ completion: @escaping (Result<PageResource, PageLoadError>) -> Void) { self.completion = completion }
}
