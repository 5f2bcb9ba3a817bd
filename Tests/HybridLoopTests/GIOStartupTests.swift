import Foundation
import Testing

/// GLib's setuid check aborts the process when a signal lands inside it, and JavaScriptCore's collector signals runtime
/// threads; `GIOStartup` runs the once-per-process checks before runtime threads exist. `g_vfs_get_default` runs the
/// check on every call, so no source may reach it (a `file:` load made one `GFile` per resource and aborted the
/// process about once in a few thousand page loads under load).
@Suite struct GIOStartupTests {
    @Test
    func noSourceMakesFilesThroughTheDefaultVFS() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let callers = ["g_file_new_for_path(", "g_file_new_for_uri(", "g_file_new_for_commandline_arg(",
                       "g_file_parse_name(", "g_vfs_get_default("]
        var checked = 0
        var offenders: [String] = []
        for case let file as URL in enumerator where ["swift", "h", "c"].contains(file.pathExtension) {
            let text = try String(contentsOf: file, encoding: .utf8)
            checked += 1
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for caller in callers where line.contains(caller) {
                    offenders.append("\(file.lastPathComponent):\(number + 1): \(caller)")
                }
            }
        }
        #expect(checked > 100, "found only \(checked) source files under \(sources.path)")
        #expect(offenders.isEmpty, "use g_vfs_get_file_for_path(g_vfs_get_local(), path) instead: \(offenders)")
    }
}
