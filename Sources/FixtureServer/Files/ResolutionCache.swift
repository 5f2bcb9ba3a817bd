internal import CSoup

/// Recent ``PathResolver`` answers keyed by the encoded request path, so a hot file costs one `stat` per request
/// instead of a `realpath` walk.
///
/// Entries live one second: a symlink or folder changed on disk is seen within a second, and a cached answer can
/// only name a path that was inside the root when it was resolved (``FileCache`` still `stat`s it every time).
/// Loop thread only.
final class ResolutionCache {
    private var entries: [String: (resolution: PathResolver.Resolution, expires: Int)] = [:]
    private let lifetime = 1_000_000  // microseconds
    private let capacity = 4096

    func resolve(_ encodedPath: String, with resolver: PathResolver) -> PathResolver.Resolution {
        let now = g_get_monotonic_time()
        if let entry = entries[encodedPath], entry.expires > now { return entry.resolution }
        let resolution = resolver.resolve(encodedPath: encodedPath)
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[encodedPath] = (resolution, now + lifetime)
        return resolution
    }

    func removeAll() {
        entries.removeAll()
    }
}
