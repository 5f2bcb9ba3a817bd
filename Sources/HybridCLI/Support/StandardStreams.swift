import Foundation

/// Writes to the standard streams unbuffered, so output interleaves as it happens.
enum StandardStreams {
    static func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
