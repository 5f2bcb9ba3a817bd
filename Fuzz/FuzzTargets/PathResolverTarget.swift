import FixtureServer
import Foundation

/// The fixture server's path resolver, on a temporary root beside a file and a dotfile it must never serve and
/// with symbolic links that point out of it: whatever it resolves is under the root, exists with the type it
/// reports, and has no dot-component; what its contract refuses (raw backslashes, NUL, bad escapes, encoded
/// separators, paths not starting with `/`) is forbidden.
package enum PathResolverTarget: FuzzTarget {
    package static let name = "PathResolverFuzz"

    /// The root, made once per process and removed when it exits.
    private static let fixture = Fixture()

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let path = String(decoding: input, as: UTF8.self)
        let resolver = fixture.resolver
        let resolution = resolver.resolve(encodedPath: path)
        switch resolution {
        case .file(let real), .directory(let real):
            guard real == resolver.root || real.hasPrefix(resolver.root + "/") else {
                throw PropertyViolation("\(quoted(path)) resolved outside the root: \(real)")
            }
            let below = real.dropFirst(resolver.root.count).split(separator: "/")
            guard !below.contains(where: { $0.hasPrefix(".") }) else {
                throw PropertyViolation("\(quoted(path)) resolved to a dot-path: \(real)")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder),
                  isFolder.boolValue == (resolution == .directory(real)) else {
                throw PropertyViolation("\(quoted(path)) resolved to \(resolution), which is not what is there")
            }
        case .notFound, .forbidden:
            break
        }
        if let reason = mustBeForbidden(path), resolution != .forbidden {
            throw PropertyViolation("\(quoted(path)) has \(reason) but resolved to \(resolution)")
        }
    }

    /// Why the contract refuses `path`, if it does for a reason visible in the text alone.
    private static func mustBeForbidden(_ path: String) -> String? {
        let bytes = Array(path.utf8)
        if bytes.first != UInt8(ascii: "/") { return "no leading '/'" }
        if bytes.contains(UInt8(ascii: "\\")) { return "a backslash" }
        if bytes.contains(0) { return "a NUL byte" }
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "%") else { continue }
            guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
                return "an invalid escape"
            }
            switch high << 4 | low {
            case UInt8(ascii: "/"): return "an encoded '/'"
            case UInt8(ascii: "\\"): return "an encoded backslash"
            case 0: return "an encoded NUL"
            case UInt8(ascii: "%"): return "double encoding"
            default: index += 2
            }
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `parent/root/` with files, a folder, dotfiles and links (in and out), beside `parent/outside.txt` and
    /// `parent/.secret`.
    private final class Fixture: Sendable {
        let parent: String
        let resolver: PathResolver

        init() {
            let files = FileManager.default
            parent = files.temporaryDirectory.appendingPathComponent("hybrid-fuzz-\(getpid())").path
            let root = parent + "/root"
            try? files.removeItem(atPath: parent)
            do {
                try files.createDirectory(atPath: root + "/dir/sub", withIntermediateDirectories: true)
                for name in ["outside.txt", ".secret", "root/index.html", "root/a b.txt", "root/%41.txt",
                             "root/\u{fc}n\u{ef}.txt", "root/.hidden", "root/dir/page.html", "root/dir/.env",
                             "root/dir/sub/deep.json"] {
                    try Data(name.utf8).write(to: URL(fileURLWithPath: parent + "/" + name))
                }
                for (link, target) in [("link-out", "../outside.txt"), ("link-parent", ".."), ("link-secret", "../.secret"),
                                       ("link-in", "dir/page.html"), ("link-hidden", ".hidden"), ("dir/up", "..")] {
                    try files.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
                }
            } catch {
                fatalError("PathResolverFuzz: cannot make its fixture in \(parent): \(error)")
            }
            resolver = PathResolver(root: root)!
            atexit { try? FileManager.default.removeItem(atPath: PathResolverTarget.fixture.parent) }
        }
    }
}
