import Glibc

/// The served files' ``FileEntry``s keyed by real path, revalidated with one `stat` per request.
///
/// A changed file (size, modification time or inode) gets a new entry. Loop thread only.
final class FileCache {
    private var entries: [String: FileEntry] = [:]
    private let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The current entry for the regular file at `path`, or nil when it cannot be read.
    func entry(for path: String) -> FileEntry? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            entries[path] = nil
            return nil
        }
        if let entry = entries[path], entry.matches(info) { return entry }
        guard let entry = FileEntry(path: path, info: info) else { return nil }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[path] = entry
        return entry
    }

    /// Drops every entry (and so every mapping).
    func removeAll() {
        entries.removeAll()
    }
}
