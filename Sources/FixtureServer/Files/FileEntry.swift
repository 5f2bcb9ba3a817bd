internal import CSoup
import Glibc

/// A served file's bytes and the header values derived from its metadata, built once per version of the file.
///
/// Small files are read into memory; large ones are memory-mapped, so a request never reads a large file whole.
/// Owned and used on the server's loop thread only.
final class FileEntry {
    /// Files up to this size are read into memory; larger ones are mapped.
    static let mapThreshold = 1 << 20

    let path: String
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let inode: UInt
    /// The whole file as a `GBytes *`.
    let bytes: OpaquePointer
    let contentType: String
    let etag: String
    let lastModified: String

    /// Loads `path`, whose `stat` is `info`; nil when it cannot be read.
    init?(path: String, info: stat) {
        self.path = path
        size = Int(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        inode = UInt(info.st_ino)
        guard let bytes = Self.load(path, size: size) else { return nil }
        self.bytes = bytes
        contentType = ContentTypes.type(forPath: path)
        etag = "\"" + String(size, radix: 16) + "-" + String(modifiedSeconds, radix: 16)
            + String(modifiedNanoseconds, radix: 16) + "\""
        lastModified = HTTPDate.format(seconds: modifiedSeconds)
    }

    deinit {
        g_bytes_unref(bytes)
    }

    /// True when `info` describes the same version of the file.
    func matches(_ info: stat) -> Bool {
        Int(info.st_size) == size && Int(info.st_mtim.tv_sec) == modifiedSeconds
            && Int(info.st_mtim.tv_nsec) == modifiedNanoseconds && UInt(info.st_ino) == inode
    }

    private static func load(_ path: String, size: Int) -> OpaquePointer? {
        if size == 0 { return g_bytes_new(nil, 0) }
        if size > mapThreshold {
            guard let mapped = g_mapped_file_new(path, 0, nil) else { return nil }
            defer { g_mapped_file_unref(mapped) }
            return g_mapped_file_get_bytes(mapped)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let buffer = g_malloc(gsize(size)) else { return nil }
        var done = 0
        while done < size {
            let count = read(fd, buffer + done, size - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { g_free(buffer); return nil }
            done += count
        }
        return g_bytes_new_take(buffer, gsize(size))
    }
}
