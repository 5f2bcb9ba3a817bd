import Foundation

/// A fresh folder under the temporary directory, named `PREFIX-UUID`, with `files` (a path inside it → its text);
/// returns the folder.
public func temporaryFolder(_ files: [String: String], prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
}
