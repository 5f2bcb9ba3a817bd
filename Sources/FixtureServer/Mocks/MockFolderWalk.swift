import Glibc

/// Finds the `.json` files of one method's folder in a mocks folder, following symlinks like `find -L`, but never
/// around a loop and never without end.
///
/// - A folder already on the way down (same device and inode: a link to itself or to an ancestor) is not entered
///   again. Nothing is lost: every file under it is found through the ancestor.
/// - Links to folders elsewhere are aliases and are walked (`GET/api/v1 -> v2` answers both).
/// - At most ``maximumDepth`` folders deep and ``maximumEntries`` entries in all: links can still multiply the
///   paths (`a/x -> b`, `a/y -> b`, `b/x -> c`, ... doubles them at each level). Past a bound the walk fails with
///   ``FixtureServerError/invalidMocks(_:)`` naming it.
///
/// Dotfiles and dot-folders are skipped.
struct MockFolderWalk {
    static let maximumDepth = 32
    static let maximumEntries = 10_000

    /// A folder's identity on disk.
    private struct FolderID: Hashable {
        var device: UInt
        var inode: UInt
    }

    private let top: String
    private var entries = 0
    private var ancestors: Set<FolderID> = []
    private var found: [(segments: [String], file: String)] = []

    /// The `.json` files under `folder` (a method's folder), each with its path segments below `folder`.
    static func files(in folder: String) throws(FixtureServerError) -> [(segments: [String], file: String)] {
        var walk = MockFolderWalk(top: folder)
        try walk.enter(folder, segments: [])
        return walk.found
    }

    private init(top: String) {
        self.top = top
    }

    private mutating func enter(_ directory: String, segments: [String]) throws(FixtureServerError) {
        guard let id = Self.folderID(directory), !ancestors.contains(id) else { return }
        guard segments.count <= Self.maximumDepth else {
            throw .invalidMocks("folders nested deeper than \(Self.maximumDepth) under \(top)")
        }
        ancestors.insert(id)
        defer { ancestors.remove(id) }
        for name in MockFolder.list(directory) where !name.hasPrefix(".") {
            entries += 1
            guard entries <= Self.maximumEntries else {
                throw .invalidMocks("more than \(Self.maximumEntries) files and folders (symlinks followed) under \(top)")
            }
            let path = directory + "/" + name
            if PathResolver.isDirectory(path) {
                try enter(path, segments: segments + [name])
            } else if name.hasSuffix(".json"), name.count > 5 {
                found.append((segments + [name], path))
            }
        }
    }

    private static func folderID(_ path: String) -> FolderID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FolderID(device: UInt(info.st_dev), inode: UInt(info.st_ino))
    }
}
