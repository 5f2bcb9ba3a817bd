import Foundation

/// Why a child could not start: its executable is missing or cannot run, its working directory is missing, or this
/// process is out of descriptors or processes.
public struct SpawnError: Error, CustomStringConvertible, Sendable {
    /// The executable's path.
    public let executable: String
    /// The system's error (`ENOENT` for a missing executable or working directory), when it gave one.
    public let code: POSIXErrorCode?
    /// For example `cannot start /no/such/tool: No such file or directory`.
    public let description: String

    /// `what` the executable's path: the system's reason.
    init(executable: String, code: POSIXErrorCode?, what: String) {
        let reason = code.map { String(cString: strerror($0.rawValue)) } ?? "unknown error"
        self.init(executable: executable, code: code, description: "\(what) \(executable): \(reason)")
    }

    /// A failed start: when the working directory is the missing thing, the message says so.
    init(starting executable: String, in directory: String?, code: POSIXErrorCode?) {
        if let directory, code == .ENOENT, FileManager.default.fileExists(atPath: executable),
           !FileManager.default.fileExists(atPath: directory) {
            self.init(executable: executable, code: code,
                      description: "cannot start \(executable): no working directory \(directory)")
        } else {
            self.init(executable: executable, code: code, what: "cannot start")
        }
    }

    private init(executable: String, code: POSIXErrorCode?, description: String) {
        self.executable = executable
        self.code = code
        self.description = description
    }
}
