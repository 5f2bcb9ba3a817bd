import Foundation
import Glibc
import HybridSpawn

/// A private `Xvfb` for the host when no display is given: started before GTK opens its display, stopped at exit.
enum PrivateDisplay {
    /// Set on the main thread before GTK starts. Never reaped here (this process exits first), so its pid stays
    /// Xvfb's.
    nonisolated(unsafe) static var xvfb: SpawnedChild?
    /// Xvfb's pid, for `stop()`, which the SIGTERM handler calls: `kill` is safe in a signal handler, a lock is not.
    nonisolated(unsafe) static var pid: pid_t = 0

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func start() throws {
        guard let path = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else {
            throw Failure(description: "DISPLAY is not set and Xvfb is not installed: "
                + "install it with scripts/bootstrap --webkit, or set DISPLAY")
        }
        // -displayfd 1: Xvfb picks a free display and writes its number to its standard output. -terminate: it ends
        // when its last client (this host, its web process) disconnects, so a host that crashes leaves none behind.
        let child: SpawnedChild
        do {
            child = try SpawnedChild(executable: URL(fileURLWithPath: path),
                                     arguments: ["-displayfd", "1", "-nolisten", "tcp", "-terminate",
                                                 "-screen", "0", "1920x1080x24"],
                                     standardOutput: .pipe, standardError: .null)
        } catch {
            throw Failure(description: "\(error)")
        }
        xvfb = child
        pid = child.pid
        var text = ""
        while !text.contains("\n") {
            let chunk = child.standardOutput!.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            stop()
            throw Failure(description: "Xvfb did not start (it wrote \(text.debugDescription))")
        }
        setenv("DISPLAY", ":\(number)", 1)
    }

    /// Asks Xvfb to end (SIGTERM, so that it removes its lock file and socket); this process exits next.
    static func stop() {
        if pid > 0 { kill(pid, SIGTERM) }
    }
}
