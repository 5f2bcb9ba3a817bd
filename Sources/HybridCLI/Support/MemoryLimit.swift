@preconcurrency import Dispatch
import Foundation
import Hybrid
import Synchronization

/// `--max-memory`: watches the process's resident memory off the runtime thread and, once it passes the
/// limit, stops the page's JavaScript (``JavaScriptRuntime/interrupt(reason:)``).
///
/// The monitor reads `/proc/self/statm` every 50 ms on a queue of its own. When the resident size passes the
/// limit it calls `onExceeded` once (the command interrupts its runtimes there, and records the reason); the
/// command then ends with ``ExitStatus/memory``. If it is still going ``HardDeadline/grace`` later (a script the
/// watchdog cannot reach), `onExpiry` says so and the process exits with that status, as `--timeout` does.
/// With `repeats` (`hybrid test`, which goes on with the next files) it calls `onExceeded` again each time the process
/// passes a new high-water mark (10% of the limit above the last), and never exits.
final class MemoryLimit: Sendable {
    /// The limit in bytes.
    let bytes: Int
    private let timer: Mutex<(any DispatchSourceTimer)?>
    private let exceeded = Atomic<Bool>(false)
    private let lastResort = Mutex<HardDeadline?>(nil)
    /// With `repeats`: the resident size the next call needs to pass (freed memory often stays resident).
    private let threshold: Mutex<(bytes: Int, settling: ContinuousClock.Instant)>

    /// Starts watching; `onExceeded` runs on the monitor's queue when the limit is passed: once, and the
    /// process exits `grace` later unless ``cancel()`` came first; or, with `repeats`, at each new high-water mark.
    init(bytes: Int, repeats: Bool = false, grace: Duration = HardDeadline.grace,
         onExceeded: @escaping @Sendable (_ resident: Int) -> Void,
         onExpiry: @escaping @Sendable () -> Void = {}) {
        self.bytes = bytes
        threshold = Mutex((bytes, .now))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "hybrid.memory"))
        self.timer = Mutex(timer)
        timer.schedule(deadline: .now(), repeating: .milliseconds(50))
        timer.setEventHandler { [weak self] in
            guard let self, let resident = MemoryLimit.residentBytes(), resident > bytes else { return }
            let first = !exceeded.exchange(true, ordering: .relaxed)
            if repeats {
                // Again only past a new high-water mark: what the stopped files freed may stay resident, and the
                // files after them must not fail for it. For a grace after each call the mark follows the resident
                // size: the files it stopped still allocate until the watchdog's next slice.
                let fire = threshold.withLock { threshold in
                    if ContinuousClock.now < threshold.settling {
                        threshold.bytes = max(threshold.bytes, resident + bytes / 10)
                        return false
                    }
                    guard resident > threshold.bytes else { return false }
                    threshold = (resident + bytes / 10, .now + grace)
                    return true
                }
                if fire { onExceeded(resident) }
                return
            }
            guard first else { return }
            self.timer.withLock { $0?.cancel(); $0 = nil }
            onExceeded(resident)
            let expiry = HardDeadline(deadline: .now, grace: grace, status: .memory, onExpiry: onExpiry)
            lastResort.withLock { $0 = expiry }
        }
        timer.resume()
    }

    /// A monitor for a command with one runtime: past the limit it says so on standard error and interrupts
    /// `runtime`; if the command is still going after the grace, it says that too, runs `onExpiry` and exits 4.
    static func watching(_ runtime: JavaScriptRuntime, bytes: Int, command: String,
                         onExpiry: @escaping @Sendable () -> Void = {}) -> MemoryLimit {
        let text = MemoryLimit.reason(bytes: bytes)
        return MemoryLimit(bytes: bytes, onExceeded: { resident in
            StandardStreams.err(MemoryLimit.message(command: command, bytes: bytes, resident: resident))
            runtime.interrupt(reason: text)
        }, onExpiry: {
            StandardStreams.err(MemoryLimit.expiryMessage(command: command, bytes: bytes))
            onExpiry()
        })
    }

    deinit {
        cancel()
    }

    /// True once the resident size passed the limit.
    var isExceeded: Bool { exceeded.load(ordering: .relaxed) }

    /// The command finished: no more checks, no exit.
    func cancel() {
        timer.withLock { $0?.cancel(); $0 = nil }
        lastResort.withLock { $0?.cancel(); $0 = nil }
    }

    /// The message the JavaScript error carries: `memory limit exceeded (300 MB)`.
    static func reason(bytes: Int) -> String { "memory limit exceeded (\(MemoryLimit.text(bytes)))" }

    /// The line a command prints when it stopped for the limit.
    static func message(command: String, bytes: Int, resident: Int, stopping: String = "stopping the JavaScript") -> String {
        "hybrid \(command): memory limit of \(MemoryLimit.text(bytes)) exceeded (\(MemoryLimit.text(resident)) resident); "
            + stopping + "\n"
    }

    /// The line a command prints when its JavaScript could not be stopped in time.
    static func expiryMessage(command: String, bytes: Int) -> String {
        "hybrid \(command): memory limit of \(MemoryLimit.text(bytes)) exceeded; JavaScript is still running and cannot "
            + "be interrupted\n"
    }

    /// `300 MB`, `2 GB`, `1.5 GB` (binary units, as the option takes them).
    static func text(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / 1_048_576
        if mebibytes >= 1024 { return String(format: "%g GB", (mebibytes / 1024 * 10).rounded() / 10) }
        return "\(Int(mebibytes.rounded())) MB"
    }

    /// The process's resident set size in bytes (the second field of `/proc/self/statm`, in pages).
    static func residentBytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
