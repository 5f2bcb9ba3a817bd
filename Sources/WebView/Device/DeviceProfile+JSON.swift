import Foundation

/// A device profile that could not be read: the message says which key or value is wrong.
public struct DeviceProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension DeviceProfile.Insets {
    enum CodingKeys: String, CodingKey { case top, right, bottom, left }

    /// Reads insets from JSON; a missing side is 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(top: try c.decodeIfPresent(Double.self, forKey: .top) ?? 0,
                  right: try c.decodeIfPresent(Double.self, forKey: .right) ?? 0,
                  bottom: try c.decodeIfPresent(Double.self, forKey: .bottom) ?? 0,
                  left: try c.decodeIfPresent(Double.self, forKey: .left) ?? 0)
    }
}

extension DeviceProfile {
    enum CodingKeys: String, CodingKey {
        case name, width, height, devicePixelRatio, screenWidth, screenHeight, orientation, safeArea, rotatedSafeArea
        case maxTouchPoints, userAgent, platform, languages, system, colorScheme, reducedMotion, hover, pointer, displayMode
    }

    /// Reads a profile from JSON. Only `name`, `width` and `height` are required; a missing key takes the default
    /// profile's value (``iPhone15``'s user agent, platform, touch and pixel ratio), except the screen (the viewport),
    /// the orientation (the viewport's shape), the safe areas (zero) and `hover`/`pointer` (from `maxTouchPoints`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let base = DeviceProfile.default
        self.init(name: try c.decode(String.self, forKey: .name),
                  viewportWidth: try c.decode(Int.self, forKey: .width),
                  viewportHeight: try c.decode(Int.self, forKey: .height),
                  devicePixelRatio: try c.decodeIfPresent(Double.self, forKey: .devicePixelRatio) ?? base.devicePixelRatio,
                  screenWidth: try c.decodeIfPresent(Int.self, forKey: .screenWidth),
                  screenHeight: try c.decodeIfPresent(Int.self, forKey: .screenHeight),
                  orientation: try c.decodeIfPresent(Orientation.self, forKey: .orientation),
                  safeArea: try c.decodeIfPresent(Insets.self, forKey: .safeArea) ?? .zero,
                  rotatedSafeArea: try c.decodeIfPresent(Insets.self, forKey: .rotatedSafeArea) ?? .zero,
                  maxTouchPoints: try c.decodeIfPresent(Int.self, forKey: .maxTouchPoints) ?? base.maxTouchPoints,
                  userAgent: try c.decodeIfPresent(String.self, forKey: .userAgent) ?? base.userAgent,
                  platform: try c.decodeIfPresent(String.self, forKey: .platform) ?? base.platform,
                  languages: try c.decodeIfPresent([String].self, forKey: .languages) ?? base.languages,
                  system: try c.decodeIfPresent(System.self, forKey: .system) ?? base.system,
                  colorScheme: try c.decodeIfPresent(ColorScheme.self, forKey: .colorScheme) ?? .light,
                  reducedMotion: try c.decodeIfPresent(ReducedMotion.self, forKey: .reducedMotion) ?? .noPreference,
                  hover: try c.decodeIfPresent(Hover.self, forKey: .hover),
                  pointer: try c.decodeIfPresent(Pointer.self, forKey: .pointer),
                  displayMode: try c.decodeIfPresent(DisplayMode.self, forKey: .displayMode) ?? .browser)
        if let problem = problem {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: problem))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(viewportWidth, forKey: .width)
        try c.encode(viewportHeight, forKey: .height)
        try c.encode(devicePixelRatio, forKey: .devicePixelRatio)
        try c.encode(screenWidth, forKey: .screenWidth)
        try c.encode(screenHeight, forKey: .screenHeight)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(safeArea, forKey: .safeArea)
        try c.encode(rotatedSafeArea, forKey: .rotatedSafeArea)
        try c.encode(maxTouchPoints, forKey: .maxTouchPoints)
        try c.encode(userAgent, forKey: .userAgent)
        try c.encode(platform, forKey: .platform)
        try c.encode(languages, forKey: .languages)
        try c.encode(system, forKey: .system)
        try c.encode(colorScheme, forKey: .colorScheme)
        try c.encode(reducedMotion, forKey: .reducedMotion)
        try c.encode(hover, forKey: .hover)
        try c.encode(pointer, forKey: .pointer)
        try c.encode(displayMode, forKey: .displayMode)
    }

    /// What makes the profile unusable, or nil.
    var problem: String? {
        if name.isEmpty { return "'name' is empty" }
        if viewportWidth <= 0 || viewportHeight <= 0 { return "'width' and 'height' must be above 0" }
        if screenWidth <= 0 || screenHeight <= 0 { return "'screenWidth' and 'screenHeight' must be above 0" }
        if !(devicePixelRatio > 0) || !devicePixelRatio.isFinite { return "'devicePixelRatio' must be a number above 0" }
        if maxTouchPoints < 0 { return "'maxTouchPoints' must not be negative" }
        return nil
    }

    /// Reads a profile from JSON data, with an error that names the wrong key (`device profile: 'width' is missing`).
    public static func decode(from data: Data) throws(DeviceProfileError) -> DeviceProfile {
        do {
            return try JSONDecoder().decode(DeviceProfile.self, from: data)
        } catch let error as DecodingError {
            throw DeviceProfileError(message: "device profile: " + describe(error))
        } catch {
            throw DeviceProfileError(message: "device profile: \(error)")
        }
    }

    /// The profile as JSON (the format ``decode(from:)`` reads; keys sorted).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()  // cannot fail: strings, numbers and enums only
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            (keys + (last.map { [$0] } ?? [])).map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "'\(path(context.codingPath, key))' is missing"
        case .typeMismatch(let type, let context): return "'\(path(context.codingPath))' is not \(describe(type))"
        case .valueNotFound(let type, let context): return "'\(path(context.codingPath))' is null, not \(describe(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.debugDescription.hasPrefix("'") { return context.debugDescription }
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "'\(path(context.codingPath))' has an unknown value"
        @unknown default: return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is [String].Type: "an array of strings"
        default: "the right type"
        }
    }
}
