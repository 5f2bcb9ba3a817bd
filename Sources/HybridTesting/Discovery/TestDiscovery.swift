import Foundation

/// Finds test files: `*.test.html` and `*.test.js` recursively under each folder, and any file named
/// explicitly whatever its name. The result is sorted by path, without duplicates.
public enum TestDiscovery {
    /// The folder searched when no path is given.
    public static let defaultFolder = "web/tests"

    /// Finds the test files under `paths` (files or folders, relative to `directory`).
    ///
    /// Paths are shown as given (a folder's files as `folder/sub/name.test.js`). Hidden folders and
    /// `node_modules` are not searched. Throws ``TestDiscoveryError`` for a path that does not exist.
    public static func find(_ paths: [String], relativeTo directory: URL? = nil) throws -> [TestFile] {
        let base = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var found: [String: TestFile] = [:]
        for path in paths.isEmpty ? [defaultFolder] : paths {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw TestDiscoveryError.notFound(path)
            }
            if isDirectory.boolValue {
                var visited: Set<String> = []
                for file in try scan(url, shownAs: trimmedSlashes(path), visited: &visited) {
                    found[file.url.path] = found[file.url.path] ?? file
                }
            } else {
                let file = TestFile(url: url, path: path)
                found[file.url.path] = found[file.url.path] ?? file
            }
        }
        return found.values.sorted { $0.path < $1.path }
    }

    /// Lists `folder` recursively; `visited` (real paths) stops symbolic-link cycles.
    private static func scan(_ folder: URL, shownAs prefix: String, visited: inout Set<String>) throws -> [TestFile] {
        guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw TestDiscoveryError.unreadable(prefix, error.localizedDescription)
        }
        var files: [TestFile] = []
        for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" {
            let url = folder.appendingPathComponent(name)
            let shown = prefix.isEmpty ? name : prefix + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                files += try scan(url, shownAs: shown, visited: &visited)
            } else if TestFile.isTestFileName(name) {
                files.append(TestFile(url: url, path: shown))
            }
        }
        return files
    }

    private static func trimmedSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path == "." { return "" }
        if path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }
}

/// Why test files could not be found.
public enum TestDiscoveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(String)
    /// A folder could not be listed.
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .notFound(let path): "no such file or folder: \(path)"
        case .unreadable(let path, let reason): "cannot read folder \(path): \(reason)"
        }
    }
}
