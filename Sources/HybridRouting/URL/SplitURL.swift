/// A URL split into what the router matches on: scheme, decoded path segments and query parameters.
struct SplitURL: Sendable {
    /// Lower-cased scheme, nil for a path-only URL such as `/api/user/42`.
    var scheme: String?
    /// Decoded path segments; when the fragment is a path continuation, a marker element sits at ``fragmentIndex``
    /// followed by the fragment's segments.
    var segments: [String]
    /// Index of the fragment marker in ``segments``, if the fragment is a path continuation (`#/view/42`).
    var fragmentIndex: Int?
    /// Query parameters in arrival order per key: the query, then a fragment's query.
    var query: [String: [String]]

    /// The text standing for the fragment boundary in ``segments``. Matching checks ``fragmentIndex``, never this
    /// text, so a decoded `%23` segment can never pass for the boundary.
    static let fragmentMarker = "#"
}
