internal import CSoup

/// Answers GET and HEAD for files under the root: index files, listings, validators, ranges. Loop thread only.
final class FileResponder {
    let resolver: PathResolver
    let listDirectories: Bool
    let cacheControl: String
    private let cache = FileCache()
    private let resolutions = ResolutionCache()

    init(resolver: PathResolver, listDirectories: Bool, cacheControl: String) {
        self.resolver = resolver
        self.listDirectories = listDirectories
        self.cacheControl = cacheControl
    }

    func respond(to message: ServerMessage, method: String, path: String) {
        guard method == "GET" || method == "HEAD" else {
            message.setHeader("Allow", "GET, HEAD")
            message.fail(405)
            return
        }
        switch resolutions.resolve(path, with: resolver) {
        case .forbidden:
            message.fail(403)
        case .notFound:
            message.fail(404)
        case .file(let real):
            serveFile(real, to: message)
        case .directory(let real):
            guard path.hasSuffix("/") else {
                let query = message.query.map { "?" + $0 } ?? ""
                message.setHeader("Location", path + "/" + query)
                message.fail(301)
                return
            }
            if let index = cache.entry(for: real + "/index.html") {
                serve(index, to: message)
            } else if listDirectories {
                message.setHeader("Cache-Control", cacheControl)
                message.setBody(DirectoryListing.html(directory: real, urlPath: path),
                                contentType: "text/html; charset=utf-8")
                message.setStatus(200)
            } else {
                message.fail(404)
            }
        }
    }

    func removeAll() {
        cache.removeAll()
        resolutions.removeAll()
    }

    private func serveFile(_ path: String, to message: ServerMessage) {
        guard let entry = cache.entry(for: path) else {
            message.fail(404)
            return
        }
        serve(entry, to: message)
    }

    private func serve(_ entry: FileEntry, to message: ServerMessage) {
        message.appendHeader("ETag", entry.etag)
        message.appendHeader("Last-Modified", entry.lastModified)
        message.appendHeader("Cache-Control", cacheControl)
        message.appendHeader("Accept-Ranges", "bytes")
        if notModified(entry, message) {
            message.setStatus(304)
            return
        }
        // Range is defined for GET only (RFC 9110 §14.2): HEAD gets the headers of the whole file.
        var range = ByteRange(header: message.method == "GET" ? message.header("Range") : nil, size: entry.size)
        if range != .whole, let condition = message.header("If-Range"), condition != entry.etag,
           condition != entry.lastModified {
            range = .whole  // the file changed since the client's copy: the ranges no longer apply
        }
        switch range {
        case .whole:
            message.setBody(bytes: entry.bytes, contentType: entry.contentType)
            message.setStatus(200)
        case .ranges(let ranges) where ranges.count == 1:
            let range = ranges[0]
            let slice = g_bytes_new_from_bytes(entry.bytes, gsize(range.lowerBound), gsize(range.count))!
            defer { g_bytes_unref(slice) }
            message.setHeader("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(entry.size)")
            message.setBody(bytes: slice, contentType: entry.contentType)
            message.setStatus(206)
        case .ranges(let ranges):
            let parts = MultipartByteRanges(file: entry.bytes, size: entry.size, type: entry.contentType,
                                            ranges: ranges)
            message.setBody(chunks: parts.chunks, contentType: parts.contentType)
            message.setStatus(206)
        case .unsatisfiable:
            message.setHeader("Content-Range", "bytes */\(entry.size)")
            message.fail(416)
        }
    }

    /// `If-None-Match` wins over `If-Modified-Since`, as RFC 9110 says.
    private func notModified(_ entry: FileEntry, _ message: ServerMessage) -> Bool {
        if let tags = message.header("If-None-Match") {
            return tags.split(separator: ",").contains { tag in
                var tag = tag.drop { $0 == " " }
                while tag.last == " " { tag = tag.dropLast() }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                return tag == "*" || tag == entry.etag
            }
        }
        if let since = message.header("If-Modified-Since"), let seconds = HTTPDate.parse(since) {
            return entry.modifiedSeconds <= seconds
        }
        return false
    }
}
