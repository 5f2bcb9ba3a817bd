internal import CSoup

/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`), through libsoup's parser and formatter.
enum HTTPDate {
    /// The HTTP date for `seconds` since the Unix epoch.
    static func format(seconds: Int) -> String {
        guard let date = g_date_time_new_from_unix_utc(seconds) else { return "" }
        defer { g_date_time_unref(date) }
        guard let text = soup_date_time_to_string(date, SOUP_DATE_HTTP) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The seconds since the Unix epoch of an HTTP date, or nil when it is not one.
    static func parse(_ text: String) -> Int? {
        guard let date = soup_date_time_new_from_http_string(text) else { return nil }
        defer { g_date_time_unref(date) }
        return Int(g_date_time_to_unix(date))
    }
}
