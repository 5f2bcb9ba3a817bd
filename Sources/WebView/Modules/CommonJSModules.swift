import Foundation
import JavaScript

/// Node-style `require` for the JavaScript libraries a page environment is built from: domino
/// (the DOM), core-js (URL, atob), whatwg-fetch. They come from Debian's packages under
/// `/usr/share/nodejs`, are read from disk once per process, and compiled into each page's context.
///
/// Resolution follows Node's rules for files (`X`, `X.js`, `X.json`, `X/package.json` `main`,
/// `X/index.js`); bare names are looked up in the search paths. Node's built-in modules are not
/// provided: none of these libraries needs them.
public enum CommonJSModules {
    /// Where Debian installs Node packages.
    public static let defaultSearchPaths = ["/usr/share/nodejs"]

    /// The Debian package that provides each library the runtime loads, for error messages.
    public static let debianPackages = [
        "domino": "node-domino",
        "core-js": "node-core-js",
        "whatwg-fetch": "node-whatwg-fetch",
        "@xmldom": "node-xmldom",
        "acorn": "node-acorn",
    ]

    /// A module that could not be found or read.
    public struct ModuleNotFound: Error, CustomStringConvertible, Sendable {
        public var id: String
        public var from: String
        public var description: String {
            let package = id.split(separator: "/").first.map(String.init) ?? id
            if let debian = CommonJSModules.debianPackages[package] {
                return "Cannot find module '\(id)': install the Debian package \(debian) (apt-get install \(debian))"
            }
            return "Cannot find module '\(id)' from '\(from)'"
        }
    }

    /// Makes a `require` function in `context`, resolving relative ids against `directory`.
    ///
    /// Each context gets its own module cache (`require.cache`), as each page must get its own
    /// instances; the sources are shared by the process. Nothing is defined on the global object.
    public static func makeRequire(in context: JSContext, directory: String = "/",
                                   searchPaths: [String] = defaultSearchPaths) throws -> JSValue {
        try makeRequire(in: context, directory: directory, searchPaths: searchPaths, builtins: [])
    }

    /// ``makeRequire(in:directory:searchPaths:)`` where each id in `builtins` (Node's `crypto`, `path`) resolves to
    /// itself as its file name without a file being looked up: the caller puts its own module for it in
    /// `require.cache[id]` (`{exports, loaded: true}`) before anything requires it.
    package static func makeRequire(in context: JSContext, directory: String = "/", searchPaths: [String] = defaultSearchPaths,
                                    builtins: Set<String>) throws -> JSValue {
        let resolve = JSValue(function: { args in
            let from = args.string(at: 0) ?? "/"
            let id = args.string(at: 1) ?? ""
            if builtins.contains(id) { return id }
            guard let path = resolvePath(id, from: from, searchPaths: searchPaths) else {
                throw ModuleNotFound(id: id, from: from)
            }
            return path
        }, name: "resolve", in: context)
        let compile = JSValue(function: { args in
            let path = args.string(at: 0) ?? ""
            guard let script = script(at: path) else { throw ModuleNotFound(id: path, from: path) }
            return try args.context.evaluate(script)
        }, name: "compile", in: context)
        let factory = try context.evaluate(WebViewScripts.commonJS.script.get())
        return try factory.call(arguments: [resolve, compile]).call(arguments: [directory])
    }

    /// Resolutions found so far, per process: the installed packages do not change while it runs,
    /// and core-js alone takes ~110 resolutions per page (each several file-system checks).
    private static let resolutions = ReadMostlyCache<String, String>()

    /// Resolves `id` as Node does from the directory `from`; nil when nothing matches.
    /// Successful resolutions are cached for the process.
    static func resolvePath(_ id: String, from: String, searchPaths: [String]) -> String? {
        let key = searchPaths.joined(separator: "\u{1}") + "\u{0}" + from + "\u{0}" + id
        if let cached = resolutions[key] { return cached }
        guard let path = uncachedResolvePath(id, from: from, searchPaths: searchPaths) else { return nil }
        return resolutions.insert(path, for: key)
    }

    private static func uncachedResolvePath(_ id: String, from: String, searchPaths: [String]) -> String? {
        if id.hasPrefix("./") || id.hasPrefix("../") || id.hasPrefix("/") || id == "." || id == ".." {
            let base = id.hasPrefix("/") ? id : (from as NSString).appendingPathComponent(id)
            return resolveFileOrDirectory((base as NSString).standardizingPath)
        }
        guard !id.isEmpty else { return nil }
        for root in searchPaths {
            if let path = resolveFileOrDirectory((root as NSString).appendingPathComponent(id)) { return path }
        }
        return nil
    }

    private static func resolveFileOrDirectory(_ path: String) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        for candidate in [path, path + ".js", path + ".json"] {
            if files.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
        }
        guard files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        if let main = packageMain(in: path),
           let resolved = resolveFileOrDirectory(((path as NSString).appendingPathComponent(main) as NSString).standardizingPath),
           resolved != path {
            return resolved
        }
        let index = (path as NSString).appendingPathComponent("index.js")
        return files.fileExists(atPath: index) ? index : nil
    }

    private struct PackageManifest: Decodable { var main: String? }

    private static func packageMain(in directory: String) -> String? {
        let url = URL(fileURLWithPath: directory).appendingPathComponent("package.json")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONDecoder().decode(PackageManifest.self, from: data))?.main
    }

    /// Modules by path, read once per process, each wrapped in the function that `compile` returns.
    private static let scripts = ReadMostlyCache<String, SharedScript>()

    /// The module at `path` as a script whose value is its module function, or, with `parameters`, a function of
    /// those parameter names (`"a, b"`) around the file's text; nil when the file cannot be read.
    static func script(at path: String, parameters: String? = nil) -> SharedScript? {
        let key = parameters.map { path + "\u{0}" + $0 } ?? path
        if let cached = scripts[key] { return cached }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let source = String(decoding: data, as: UTF8.self)
        let wrapped = if let parameters {
            "(function (\(parameters)) {" + source + "\n})"
        } else if path.hasSuffix(".json") {
            "(function () { return JSON.parse(\(JSONValue.string(source).jsonString)); })"
        } else {
            // The wrapper shares the module's first line so error lines match the file. Node's
            // `global` is a parameter, so module code sees it without the page seeing a new global; so is
            // `Object`, which commonjs.js gives domino's modules in a form that makes their members configurable.
            "(function (exports, require, module, __filename, __dirname, global, Object) {" + source + "\n})"
        }
        return scripts.insert(SharedScript(source: wrapped, sourceURL: path), for: key)
    }
}
