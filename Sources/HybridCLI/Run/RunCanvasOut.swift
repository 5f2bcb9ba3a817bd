import Foundation
import Hybrid

/// `hybrid run --canvas-out DIR`: every `<canvas>` of the page as `DIR/<id or canvas-N>.png`, when the run ends.
enum RunCanvasOut {
    static func save(from webView: HeadlessWebView, to folder: String, phases: RunPhases) async {
        let report = phases.report
        let snapshots: [CanvasSnapshot]
        switch await phases.withDeadline({ try await webView.canvasSnapshots() }) {
        case .done(let list): snapshots = list
        case .timedOut, .failed:
            StandardStreams.err(report.style.red("hybrid run: --canvas-out: the page's canvases could not be read") + "\n")
            report.raise(.usage)
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var used = Set<String>()
            for snapshot in snapshots {
                guard let png = snapshot.png else {
                    report.line(report.style.dim("canvas \(snapshot.name): no bitmap (\(snapshot.width) x \(snapshot.height)), not saved"))
                    continue
                }
                let name = uniqueName(fileName(snapshot.name), used: &used)
                let path = (folder as NSString).appendingPathComponent(name + ".png")
                try png.write(to: URL(fileURLWithPath: path))
                report.line(report.style.dim("canvas \(snapshot.name): \(snapshot.width) x \(snapshot.height) → \(path)"))
            }
        } catch {
            StandardStreams.err(report.style.red("hybrid run: --canvas-out \(folder): \(error.localizedDescription)") + "\n")
            report.raise(.usage)
        }
    }

    /// A canvas name as a file name: letters, digits, `.`, `_` and `-` kept, anything else `_`.
    static func fileName(_ name: String) -> String {
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        return safe.isEmpty || safe.hasPrefix(".") ? "canvas" + safe : safe
    }

    private static func uniqueName(_ name: String, used: inout Set<String>) -> String {
        var candidate = name, n = 2
        while used.contains(candidate) {
            candidate = "\(name)-\(n)"
            n += 1
        }
        used.insert(candidate)
        return candidate
    }
}
