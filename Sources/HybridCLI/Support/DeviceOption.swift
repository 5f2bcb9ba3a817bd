import Foundation
import Hybrid

/// `--device NAME|FILE.json` of `hybrid run` and `hybrid test`: a built-in profile by name, or a JSON profile file.
enum DeviceOption {
    /// The built-in names, one per line, for `--device list` and the help.
    static var names: String { DeviceProfile.builtIn.map(\.name).joined(separator: "\n") }

    /// The help of `--device`.
    static let help = "The device the page sees: a built-in name or a JSON profile file (--device list prints the names)."

    /// The profile `text` names; an unknown name or a bad file is one line naming the valid names or the problem.
    static func resolve(_ text: String) throws(RunInputError) -> DeviceProfile {
        if let profile = DeviceProfile.named(text) { return profile }
        let looksLikeFile = text.hasSuffix(".json") || text.contains("/")
        guard looksLikeFile || FileManager.default.fileExists(atPath: text) else {
            throw RunInputError("--device \(text): unknown device; use one of "
                                + DeviceProfile.builtIn.map { "'\($0.name)'" }.joined(separator: ", ") + ", or a JSON file")
        }
        guard let data = FileManager.default.contents(atPath: text) else {
            throw RunInputError("--device \(text): cannot read the file")
        }
        do {
            return try DeviceProfile.decode(from: data)
        } catch {
            throw RunInputError("--device \(text): \(error.message)")
        }
    }
}
