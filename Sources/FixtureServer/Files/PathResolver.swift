import Glibc

/// Maps a request path to a file under the served root, refusing every way out of it.
///
/// The path is percent-decoded exactly once. Refused (``Resolution/forbidden``): encoded slashes or
/// backslashes, raw backslashes, NUL bytes, `.` and `..` segments (raw or encoded), what is still
/// percent-encoded after one decoding (double encoding), invalid escapes, and a file whose real path (symlinks
/// followed) is not under the root's real path. Dotfiles and dot-folders answer ``Resolution/notFound``.
public struct PathResolver: Sendable {
    /// What a request path refers to.
    public enum Resolution: Equatable, Sendable {
        /// A regular file: its real path.
        case file(String)
        /// A directory: its real path.
        case directory(String)
        /// Nothing servable there.
        case notFound
        /// A path that tries to leave the root, or is malformed.
        case forbidden
    }

    /// The root's real path (symlinks resolved), without a trailing slash.
    public let root: String

    /// Makes a resolver for `root`; nil when the root is not an existing directory.
    public init?(root: String) {
        guard let real = Self.realPath(root), Self.isDirectory(real) else { return nil }
        self.root = real == "/" ? "" : real
    }

    /// Resolves the still percent-encoded path of a request (`/a/b%20c.html`).
    public func resolve(encodedPath: String) -> Resolution {
        guard let segments = Self.segments(of: encodedPath) else { return .forbidden }
        if segments.contains(where: { $0.hasPrefix(".") }) { return .notFound }
        let candidate = root + "/" + segments.joined(separator: "/")
        guard let real = Self.realPath(candidate) else { return .notFound }
        guard real == root || real.hasPrefix(root + "/") || (root.isEmpty && real.hasPrefix("/")) else {
            return .forbidden
        }
        // A symlink inside the root may still point at a dotfile inside it.
        if real.dropFirst(root.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(real)
        case S_IFDIR: return .directory(real)
        default: return .notFound
        }
    }

    /// The decoded, non-empty segments of `encodedPath`, or nil when it must be refused.
    static func segments(of encodedPath: String) -> [String]? {
        let raw = Array(encodedPath.utf8)
        guard raw.first == UInt8(ascii: "/") else { return nil }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hex(raw[index + 1]), let low = hex(raw[index + 2]) else {
                    return nil
                }
                let value = high << 4 | low
                // Encoded separators, NUL and a second level of encoding are never part of a fixture's name.
                if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") || value == 0
                    || value == UInt8(ascii: "%") {
                    return nil
                }
                decoded.append(value)
                index += 3
            } else {
                if byte == UInt8(ascii: "\\") || byte == 0 { return nil }
                decoded.append(byte)
                index += 1
            }
        }
        var segments: [String] = []
        for part in decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let segment = String(validating: part, as: UTF8.self) else { return nil }
            if segment == "." || segment == ".." { return nil }
            segments.append(segment)
        }
        return segments
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
