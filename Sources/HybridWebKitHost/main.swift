import Foundation
import Glibc
import HybridJSON

// hybrid-webkit-host [--width W] [--height H] [--user-agent UA]
//
// Runs one WebKitGTK web view in an offscreen GTK window on this process's main thread, for the WebKitEngine module,
// which starts it. Requests and answers are JSON lines on standard input and output (WebKitEngine's
// WebKitHostProtocol.md describes them). When DISPLAY is not set, a private Xvfb is started and stopped at exit.
// Standard input's end (the parent gone) ends the host.

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fatal(_ message: String) -> Never {
    Host.write(["event": "fatal", "message": .string(message)])
    PrivateDisplay.stop()
    exit(1)
}

let symbols: Symbols
switch Symbols.load() {
case .success(let loaded): symbols = loaded
case .failure(let error): fatal(error.message)
}
if (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty {
    do { try PrivateDisplay.start() } catch { fatal("\(error)") }
}
// No GPU under Xvfb: WebKit's accelerated compositing aborts the host there (WebKitGTK 2.50, 2026-11-27), so pages
// are composited in software unless the caller says otherwise.
setenv("WEBKIT_DISABLE_COMPOSITING_MODE", "1", 0)
signal(SIGTERM) { _ in
    PrivateDisplay.stop()
    _exit(143)
}
signal(SIGPIPE, SIG_IGN)
guard symbols.gtkInitCheck(nil, nil) != 0 else {
    fatal("GTK cannot open the display \(ProcessInfo.processInfo.environment["DISPLAY"] ?? "")")
}
Host.shared = Host(gtk: symbols, width: Int32(option("--width") ?? "") ?? 393,
                   height: Int32(option("--height") ?? "") ?? 852, userAgent: option("--user-agent"))

/// One line of standard input, handed to the main thread.
final class Line {
    let text: String?
    init(_ text: String?) { self.text = text }
}

Thread {
    while true {
        let line = readLine(strippingNewline: true)
        let box = Unmanaged.passRetained(Line(line)).toOpaque()
        _ = symbols.idleAdd({ data in
            let line = Unmanaged<Line>.fromOpaque(data!).takeRetainedValue()
            if let text = line.text { Host.shared.handle(line: text) } else { Host.shared.gtk.gtkMainQuit() }
            return 0
        }, box)
        if line == nil { return }
    }
}.start()

Host.write(["event": "ready"])
symbols.gtkMain()
PrivateDisplay.stop()
exit(0)
