import Foundation
import Glibc

/// A private `Xvfb` for the host when no display is given: started before GTK opens its display, stopped at exit.
enum PrivateDisplay {
    nonisolated(unsafe) static var pid: pid_t = 0

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func start() throws {
        let process = Process()
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else {
            throw Failure(description: "DISPLAY is not set and Xvfb is not installed: "
                + "install it with scripts/bootstrap --webkit, or set DISPLAY")
        }
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -displayfd 1: Xvfb picks a free display and writes its number to its standard output. -terminate: it ends
        // when its last client (this host, its web process) disconnects, so a host that crashes leaves none behind.
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-terminate", "-screen", "0", "1920x1080x24"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        pid = process.processIdentifier
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            stop()
            throw Failure(description: "Xvfb did not start (it wrote \(text.debugDescription))")
        }
        setenv("DISPLAY", ":\(number)", 1)
    }

    static func stop() {
        if pid > 0 { kill(pid, SIGTERM) }
        pid = 0
    }
}
