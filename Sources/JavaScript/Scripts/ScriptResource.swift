import Foundation

/// One of the package's own JavaScript files (the timers and console here; the web platform, the bridge and the
/// test API in the modules above), read once per process.
///
/// Each module keeps its scripts as `.js` files in its `Resources/` folder, which Package.swift copies into the
/// module's resource bundle, `HybridRuntime_<Module>.resources`. SwiftPM builds the bundles beside the executables
/// (`.build/debug/`), and `scripts/install` installs them beside `hybrid`: a script is looked up beside the running
/// executable, where `Bundle.module` looks first. Unlike `Bundle.module`, a missing bundle or file is an error
/// naming the file (``ScriptResourceError``), never a crash.
///
/// A file starts with its script's first line, so error locations are the file's own lines; ``source`` is the
/// file's text without its final newline. Declare each resource as a `static let`, so it is read once:
///
/// ```swift
/// static let timers = ScriptResource(module: "JavaScript", file: "timers.js")
/// let installer = try context.evaluate(timers.source.get(), sourceURL: "hybrid:timers")
/// ```
package struct ScriptResource: Sendable {
    /// The module whose `Resources/` folder holds the file (`WebView`).
    package let module: String
    /// The file's path under `Resources/` (`platform/base.js`).
    package let file: String
    /// The file's text without its final newline, as a ``SharedScript`` named `sourceURL`, or why it could not be
    /// read. Read when the resource is made.
    package let script: Result<SharedScript, ScriptResourceError>

    /// The file's text without its final newline, or why it could not be read.
    package var source: Result<String, ScriptResourceError> { script.map(\.source) }

    /// Reads `file` from `module`'s resources, beside the running executable; the script runs as `sourceURL`
    /// (`hybrid:` and the file's path by default).
    package init(module: String, file: String, sourceURL: String? = nil) {
        self.module = module
        self.file = file
        let url = sourceURL ?? "hybrid:\(file)"
        script = Self.read(URL(fileURLWithPath: file, relativeTo: Self.folder(of: module)).standardizedFileURL)
            .map { SharedScript(source: $0, sourceURL: url) }
    }

    /// The name SwiftPM gives `module`'s resource bundle (the package's name, then the module's).
    package static func bundleName(of module: String) -> String {
        #if canImport(Darwin)
        "HybridRuntime_\(module).bundle"
        #else
        "HybridRuntime_\(module).resources"
        #endif
    }

    /// Where `module`'s `Resources/` folder is at run time: in its bundle, beside the running executable.
    package static func folder(of module: String) -> URL {
        Bundle.main.bundleURL.appendingPathComponent(bundleName(of: module), isDirectory: true)
            .appendingPathComponent("Resources", isDirectory: true)
    }

    private static func read(_ url: URL) -> Result<String, ScriptResourceError> {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            return .failure(ScriptResourceError(path: url.path, reason: exists ? "not readable" : "no such file"))
        }
        guard var text = String(data: data, encoding: .utf8) else {
            return .failure(ScriptResourceError(path: url.path, reason: "not UTF-8 text"))
        }
        if text.hasSuffix("\n") { text.removeLast() }
        return .success(text)
    }
}

/// A ``ScriptResource`` that could not be read: a bundle not installed beside the executable, or a file missing
/// from it.
package struct ScriptResourceError: Error, CustomStringConvertible, Sendable {
    /// The file's full path where it was looked for.
    package let path: String
    /// Why it could not be read: `no such file`, `not readable` or `not UTF-8 text`.
    package let reason: String

    /// `cannot read the JavaScript resource PATH: no such file (...)`, naming the file and where the bundles belong.
    package var description: String {
        "cannot read the JavaScript resource \(path): \(reason) (the HybridRuntime_* resource bundles belong beside "
            + "the executable; scripts/install installs them beside hybrid)"
    }
}
