import Foundation

/// Writes to the standard streams unbuffered, so output interleaves as it happens.
/// A closed stream (a reader that went away: `hybrid run | head`) is ignored, never a crash.
enum StandardStreams {
    static func out(_ text: String) { try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) }
    static func err(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }
}
