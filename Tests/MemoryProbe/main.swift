import Foundation

// MemoryProbe: runs one scenario's create/destroy cycle many times after a warm-up and prints the
// resident memory before and after as one JSON line. Tests launch it as a child process, so tests
// running in parallel do not distort the figures. Not a product: only tests use it.
//
//     MemoryProbe <scenario> [--cycles N] [--warmup N] [--seconds N]   (--seconds: stop early, a bounded soak)
//
// Exit codes: 0 measured, 2 usage error (unknown scenario, bad number), 1 the scenario failed.

let arguments = Array(CommandLine.arguments.dropFirst())
let options: ProbeOptions
do {
    options = try ProbeOptions(arguments: arguments)
} catch {
    FileHandle.standardError.write(Data("MemoryProbe: \(error)\n".utf8))
    exit(2)
}

do {
    let report = try await Probe.run(options)
    print(report.jsonLine)
} catch {
    FileHandle.standardError.write(Data("MemoryProbe: \(options.scenario.name) failed: \(error)\n".utf8))
    exit(1)
}
