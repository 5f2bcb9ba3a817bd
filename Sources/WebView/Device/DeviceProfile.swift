import Foundation
import JavaScript

/// The device a ``HeadlessWebView`` pretends to be: its viewport, screen, pixel ratio, orientation, safe area,
/// touch support, user agent and user preferences, as a page reads them (`innerWidth`, `screen`,
/// `navigator.userAgent`, `env(safe-area-inset-*)`, media queries).
///
/// Pick a built-in profile (``builtIn``, ``named(_:)``) or decode one from JSON (``decode(from:)``), and set it on
/// ``WebViewConfiguration/device`` or with ``HeadlessWebView/setDevice(_:)``. Sizes are CSS pixels.
///
/// ```swift
/// var configuration = WebViewConfiguration()
/// configuration.device = .iPhoneSE
/// let webView = HeadlessWebView(runtime: runtime, configuration: configuration)
/// ```
public struct DeviceProfile: Sendable, Hashable, Codable {
    /// The operating system family, for the behaviour that differs between engines: `window.orientation` and
    /// `orientationchange` exist on iOS and Android only; iOS keeps `screen.width`/`height` in portrait when the
    /// device rotates, Android and desktops swap them.
    public enum System: String, Sendable, Hashable, Codable, CaseIterable {
        case iOS, android, desktop
    }
    /// `portrait` or `landscape`.
    public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
        case portrait, landscape
    }
    /// The `prefers-color-scheme` media feature.
    public enum ColorScheme: String, Sendable, Hashable, Codable, CaseIterable {
        case light, dark
    }
    /// The `prefers-reduced-motion` media feature.
    public enum ReducedMotion: String, Sendable, Hashable, Codable, CaseIterable {
        case noPreference = "no-preference"
        case reduce
    }
    /// The `hover` media feature.
    public enum Hover: String, Sendable, Hashable, Codable, CaseIterable {
        case none, hover
    }
    /// The `pointer` media feature.
    public enum Pointer: String, Sendable, Hashable, Codable, CaseIterable {
        case none, coarse, fine
    }
    /// The `display-mode` media feature.
    public enum DisplayMode: String, Sendable, Hashable, Codable, CaseIterable {
        case browser, standalone
    }
    /// Safe-area insets in CSS pixels (`env(safe-area-inset-top)`, ...).
    public struct Insets: Sendable, Hashable, Codable {
        public var top: Double
        public var right: Double
        public var bottom: Double
        public var left: Double

        public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }

        /// No insets.
        public static let zero = Insets()
    }

    /// The profile's name (`iPhone 15`); `--device NAME` matches it without regard to case.
    public var name: String
    /// The layout viewport's width (`innerWidth`), JSON key `width`.
    public var viewportWidth: Int
    /// The layout viewport's height (`innerHeight`), JSON key `height`.
    public var viewportHeight: Int
    /// Device pixels per CSS pixel (`devicePixelRatio`).
    public var devicePixelRatio: Double
    /// `screen.width`.
    public var screenWidth: Int
    /// `screen.height`.
    public var screenHeight: Int
    /// The current orientation.
    public var orientation: Orientation
    /// The safe-area insets in the current orientation.
    public var safeArea: Insets
    /// The safe-area insets after a ``rotated()``.
    public var rotatedSafeArea: Insets
    /// `navigator.maxTouchPoints`; above zero, the page also sees `ontouchstart` (touch event detection).
    public var maxTouchPoints: Int
    /// `navigator.userAgent`, also sent as the `User-Agent` of the web view's requests.
    public var userAgent: String
    /// `navigator.platform`.
    public var platform: String
    /// `navigator.languages` (the first is `navigator.language`); never empty.
    public var languages: [String]
    /// Operating system behaviour (see ``System``).
    public var system: System
    public var colorScheme: ColorScheme
    public var reducedMotion: ReducedMotion
    public var hover: Hover
    public var pointer: Pointer
    public var displayMode: DisplayMode

    /// Makes a profile; the screen defaults to the viewport, the orientation to the viewport's shape.
    public init(name: String, viewportWidth: Int, viewportHeight: Int, devicePixelRatio: Double = 1,
                screenWidth: Int? = nil, screenHeight: Int? = nil, orientation: Orientation? = nil,
                safeArea: Insets = .zero, rotatedSafeArea: Insets = .zero, maxTouchPoints: Int = 0,
                userAgent: String, platform: String, languages: [String] = ["en-US"], system: System,
                colorScheme: ColorScheme = .light, reducedMotion: ReducedMotion = .noPreference,
                hover: Hover? = nil, pointer: Pointer? = nil, displayMode: DisplayMode = .browser) {
        self.name = name
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.devicePixelRatio = devicePixelRatio
        self.screenWidth = screenWidth ?? viewportWidth
        self.screenHeight = screenHeight ?? viewportHeight
        self.orientation = orientation ?? (viewportWidth > viewportHeight ? .landscape : .portrait)
        self.safeArea = safeArea
        self.rotatedSafeArea = rotatedSafeArea
        self.maxTouchPoints = maxTouchPoints
        self.userAgent = userAgent
        self.platform = platform
        self.languages = languages.isEmpty ? ["en-US"] : languages
        self.system = system
        self.colorScheme = colorScheme
        self.reducedMotion = reducedMotion
        self.hover = hover ?? (maxTouchPoints > 0 ? .none : .hover)
        self.pointer = pointer ?? (maxTouchPoints > 0 ? .coarse : .fine)
        self.displayMode = displayMode
    }

    /// The same device turned a quarter: viewport swapped, orientation and safe area switched; the screen's width
    /// and height swap too except on iOS (WebKit reports them in portrait).
    public func rotated() -> DeviceProfile {
        var next = self
        next.viewportWidth = viewportHeight
        next.viewportHeight = viewportWidth
        if system != .iOS {
            next.screenWidth = screenHeight
            next.screenHeight = screenWidth
        }
        next.orientation = orientation == .portrait ? .landscape : .portrait
        next.safeArea = rotatedSafeArea
        next.rotatedSafeArea = safeArea
        return next
    }

    /// The angle of `screen.orientation.angle` and `window.orientation`: 0 in portrait, 90 in landscape.
    public var orientationAngle: Int { orientation == .portrait ? 0 : 90 }
}
