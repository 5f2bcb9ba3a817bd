import Foundation
import JavaScript
import Synchronization

/// The services a page asks the device for — the clipboard, the location, notifications, vibration, sharing — as
/// seams a test drives, the way the bridge's mocks stand in for native handlers.
///
/// A ``WebViewConfiguration`` carries one (``WebViewConfiguration/services``); web views made from the same
/// configuration share it, as the apps of one phone share its clipboard. Set what the device would answer before the
/// page asks, and read what the page did afterwards:
///
/// ```swift
/// let services = DeviceServices()
/// services.geolocation = .position(GeolocationPosition(latitude: 31.23, longitude: 121.47, accuracy: 10))
/// services.clipboardText = "coupon-42"
/// var configuration = WebViewConfiguration()
/// configuration.services = services
/// // ... load the page, click its "share" button ...
/// #expect(services.shares.first?.url == "https://example.com/item/7")
/// ```
///
/// What changes under a live page and fires its events — going offline, a new position for `watchPosition` —
/// goes through the web view: ``HeadlessWebView/setOnline(_:)``, ``HeadlessWebView/setGeolocation(_:)``.
///
/// Each service behaves as it does in WKWebView on the device profile's system (see <doc:SupportedAPIs>): the
/// clipboard and sharing need a user gesture (``HeadlessWebView/click(_:)``), `navigator.share` exists on iOS only,
/// `navigator.vibrate` everywhere but iOS, and `Notification` only once the app says what its permission is
/// (``notificationPermission``), since WKWebView has no notifications. Thread-safe.
public final class DeviceServices: Sendable {
    private struct State {
        var clipboard: [ClipboardEntry] = []
        var geolocation: GeolocationReading = .error(.permissionDenied)
        var isOnline = true
        var notificationPermission: NotificationPermission?
        var notificationRequestAnswer: NotificationPermission = .denied
        var shareOutcome: ShareOutcome = .completed
        var shares: [ShareRequest] = []
        var vibrations: [[Int]] = []
        var notifications: [ShownNotification] = []
    }
    private let state = Mutex(State())

    public init() {}

    // MARK: Clipboard

    /// The clipboard's content: one entry per type (`text/plain`, `text/html`, `image/png`, ...), as the page's
    /// `navigator.clipboard.write` left it or the host set it. Empty at first.
    public var clipboard: [ClipboardEntry] {
        get { state.withLock { $0.clipboard } }
        set { state.withLock { $0.clipboard = newValue } }
    }

    /// The clipboard's `text/plain` entry (nil when there is none); setting it replaces the whole clipboard.
    public var clipboardText: String? {
        get { state.withLock { $0.clipboard.first { $0.type == "text/plain" }.map { String(decoding: $0.data, as: UTF8.self) } } }
        set { state.withLock { $0.clipboard = newValue.map { [ClipboardEntry(type: "text/plain", data: Data($0.utf8))] } ?? [] } }
    }

    // MARK: Location

    /// What `navigator.geolocation` answers: a position, or an error. ``GeolocationReading/error(_:)`` with
    /// ``GeolocationPositionErrorCode/permissionDenied`` unless set (the user said no), so a page that needs the
    /// location fails until a test gives one. Change it under a live page with ``HeadlessWebView/setGeolocation(_:)``
    /// to notify `watchPosition` callbacks.
    public var geolocation: GeolocationReading {
        get { state.withLock { $0.geolocation } }
        set { state.withLock { $0.geolocation = newValue } }
    }

    // MARK: Network

    /// `navigator.onLine`; true unless set. Change it under a live page with ``HeadlessWebView/setOnline(_:)``, which
    /// fires `online`/`offline`.
    public var isOnline: Bool {
        get { state.withLock { $0.isOnline } }
        set { state.withLock { $0.isOnline = newValue } }
    }

    // MARK: Notifications

    /// `Notification.permission`; nil (the default) leaves `Notification` undefined, as in WKWebView, which has no
    /// notifications. Set it for an app whose container offers them.
    public var notificationPermission: NotificationPermission? {
        get { state.withLock { $0.notificationPermission } }
        set { state.withLock { $0.notificationPermission = newValue } }
    }

    /// What the user answers when `Notification.requestPermission()` asks (only while the permission is
    /// ``NotificationPermission/default``): ``NotificationPermission/denied`` unless set.
    public var notificationRequestAnswer: NotificationPermission {
        get { state.withLock { $0.notificationRequestAnswer } }
        set { state.withLock { $0.notificationRequestAnswer = newValue } }
    }

    /// The notifications the pages showed (`new Notification(title, options)` with permission granted), oldest first.
    public var notifications: [ShownNotification] { state.withLock { $0.notifications } }

    // MARK: Sharing and vibration

    /// How the share sheet ends: ``ShareOutcome/completed`` (the `navigator.share` promise resolves) unless set.
    public var shareOutcome: ShareOutcome {
        get { state.withLock { $0.shareOutcome } }
        set { state.withLock { $0.shareOutcome = newValue } }
    }

    /// What the pages shared with `navigator.share`, oldest first.
    public var shares: [ShareRequest] { state.withLock { $0.shares } }

    /// The patterns the pages passed to `navigator.vibrate` (milliseconds, vibrate and pause in turn), oldest first;
    /// `[]` for a call that cancels.
    public var vibrations: [[Int]] { state.withLock { $0.vibrations } }

    /// Forgets the recorded shares, vibrations and notifications.
    public func clearRecords() {
        state.withLock {
            $0.shares = []
            $0.vibrations = []
            $0.notifications = []
        }
    }

    func record(share: ShareRequest) -> ShareOutcome {
        state.withLock {
            $0.shares.append(share)
            return $0.shareOutcome
        }
    }

    func record(vibration: [Int]) { state.withLock { $0.vibrations.append(vibration) } }

    func record(notification: ShownNotification) { state.withLock { $0.notifications.append(notification) } }

    /// Answers `Notification.requestPermission()`: the stored permission, or the user's answer when it is `default`.
    func requestNotificationPermission() -> NotificationPermission? {
        state.withLock {
            guard let current = $0.notificationPermission else { return nil }
            if current == .default { $0.notificationPermission = $0.notificationRequestAnswer }
            return $0.notificationPermission
        }
    }
}

/// One entry of the clipboard: a type and its bytes.
public struct ClipboardEntry: Sendable, Hashable {
    /// The MIME type (`text/plain`).
    public var type: String
    /// The content.
    public var data: Data

    public init(type: String, data: Data) {
        self.type = type
        self.data = data
    }
}

/// What `navigator.geolocation` answers (``DeviceServices/geolocation``).
public enum GeolocationReading: Sendable, Hashable {
    /// The device is here.
    case position(GeolocationPosition)
    /// The request fails with this `GeolocationPositionError` code.
    case error(GeolocationPositionErrorCode)
}

/// A position, as `GeolocationCoordinates` reports it.
public struct GeolocationPosition: Sendable, Hashable {
    /// Degrees.
    public var latitude: Double
    /// Degrees.
    public var longitude: Double
    /// Metres (95% confidence).
    public var accuracy: Double
    /// Metres above the WGS 84 ellipsoid, if known.
    public var altitude: Double?
    /// Metres, if known.
    public var altitudeAccuracy: Double?
    /// Degrees clockwise from true north, if known.
    public var heading: Double?
    /// Metres per second, if known.
    public var speed: Double?

    public init(latitude: Double, longitude: Double, accuracy: Double = 10, altitude: Double? = nil,
                altitudeAccuracy: Double? = nil, heading: Double? = nil, speed: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.altitude = altitude
        self.altitudeAccuracy = altitudeAccuracy
        self.heading = heading
        self.speed = speed
    }

    /// Parses `LATITUDE,LONGITUDE[,ACCURACY]` (the CLI's `--geolocation`): nil unless both are numbers in range.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2 || parts.count == 3, let latitude = parts[0], let longitude = parts[1],
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        let accuracy = parts.count == 3 ? parts[2] : 10
        guard let accuracy, accuracy >= 0 else { return nil }
        self.init(latitude: latitude, longitude: longitude, accuracy: accuracy)
    }
}

/// `GeolocationPositionError.code`.
public enum GeolocationPositionErrorCode: Int, Sendable, Hashable {
    /// `PERMISSION_DENIED` (1): the user or the app refused.
    case permissionDenied = 1
    /// `POSITION_UNAVAILABLE` (2): no fix.
    case positionUnavailable = 2
    /// `TIMEOUT` (3): no fix within the request's `timeout`.
    case timeout = 3
}

/// `Notification.permission`.
public enum NotificationPermission: String, Sendable, Hashable {
    case `default`, granted, denied
}

/// A notification a page showed.
public struct ShownNotification: Sendable, Hashable {
    public var title: String
    public var body: String
    public var tag: String
    /// The page's URL.
    public var page: String
}

/// A `navigator.share` call.
public struct ShareRequest: Sendable, Hashable {
    public var title: String?
    public var text: String?
    /// Resolved against the page's URL.
    public var url: String?
    /// The names of shared files.
    public var files: [String]
}

/// How the share sheet ends (``DeviceServices/shareOutcome``).
public enum ShareOutcome: Sendable, Hashable {
    /// The user shared: the promise resolves.
    case completed
    /// The user dismissed the sheet: the promise rejects with an `AbortError`.
    case cancelled
}

/// A geolocation file that cannot be used (``GeolocationReading/init(contentsOf:)``).
public struct GeolocationFileError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

extension GeolocationReading {
    /// A reading from JSON: a position (`{"latitude": 31.23, "longitude": 121.47, "accuracy": 10}`, with the optional
    /// `altitude`, `altitudeAccuracy`, `heading` and `speed`) or an error (`{"error": "permissionDenied"}`,
    /// `"positionUnavailable"` or `"timeout"`, or its code 1-3). What `hybrid run --geolocation FILE` reads.
    public init(json: JSONValue) throws(GeolocationFileError) {
        guard case .object(let object) = json else { throw GeolocationFileError(description: "expected a JSON object") }
        if let error = object["error"] {
            let names: [String: GeolocationPositionErrorCode] = [
                "permissionDenied": .permissionDenied, "positionUnavailable": .positionUnavailable, "timeout": .timeout,
            ]
            if let name = error.stringValue, let code = names[name] { self = .error(code); return }
            if let number = error.intValue, let code = GeolocationPositionErrorCode(rawValue: number) { self = .error(code); return }
            throw GeolocationFileError(description: "\"error\" must be permissionDenied, positionUnavailable, timeout or 1-3")
        }
        func number(_ key: String) -> Double? { object[key]?.doubleValue }
        guard let latitude = number("latitude"), let longitude = number("longitude"),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw GeolocationFileError(description: "expected \"latitude\" (-90...90) and \"longitude\" (-180...180) in degrees, or \"error\"")
        }
        let accuracy = number("accuracy") ?? 10
        guard accuracy >= 0 else { throw GeolocationFileError(description: "\"accuracy\" must not be negative") }
        self = .position(GeolocationPosition(latitude: latitude, longitude: longitude, accuracy: accuracy, altitude: number("altitude"),
                                             altitudeAccuracy: number("altitudeAccuracy"), heading: number("heading"), speed: number("speed")))
    }

    /// A reading from a JSON file (see ``init(json:)``).
    public init(contentsOf url: URL) throws(GeolocationFileError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GeolocationFileError(description: "cannot read \(url.path)")
        }
        let json: JSONValue
        do { json = try JSONValue(parsingUTF8: data) } catch {
            throw GeolocationFileError(description: "\(url.path) is not JSON: \(error)")
        }
        do { try self.init(json: json) } catch { throw GeolocationFileError(description: "\(url.path): \(error.description)") }
    }
}
