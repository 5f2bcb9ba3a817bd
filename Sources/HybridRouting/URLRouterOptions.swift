/// How a ``URLRouter`` splits URLs and compares path literals. Fixed when the router is created, so every pattern is
/// compiled with the same rules the URLs are split with.
public struct URLRouterOptions: Sendable, Equatable {
    /// `+` becomes a space before percent-decoding, in the path and the query (`%2B` stays `+`). Default on.
    public var decodePlus: Bool
    /// The URL's host is always the first path component. When off (the default), the host is the first path
    /// component unless it contains a `.` or is `localhost` (`app://user/42` has the path `user/42`, while
    /// `https://example.com/user/42` has the path `user/42` too).
    public var hostAsPath: Bool
    /// Path literals compare case-insensitively. Schemes and hosts always do.
    public var caseInsensitivePaths: Bool

    /// Creates options; the defaults match JLRoutes' defaults.
    public init(decodePlus: Bool = true, hostAsPath: Bool = false, caseInsensitivePaths: Bool = false) {
        self.decodePlus = decodePlus
        self.hostAsPath = hostAsPath
        self.caseInsensitivePaths = caseInsensitivePaths
    }
}
