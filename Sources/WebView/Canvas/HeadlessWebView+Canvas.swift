import Foundation
import JavaScript

/// One `<canvas>` of a page, as a PNG file.
public struct CanvasSnapshot: Sendable, Equatable {
    /// The canvas's `id`, or `canvas-<n>` (its index among the document's canvases, from 1) without one.
    public let name: String
    /// The bitmap's size in pixels (`width` and `height` of the element).
    public let width: Int
    public let height: Int
    /// The PNG file (Cairo's PNG writer); nil when the canvas has no bitmap (a zero size, or larger than
    /// the 4096 x 4096 pixel cap).
    public let png: Data?
}

extension HeadlessWebView {
    /// Every `<canvas>` in the current document, in document order, as PNG files: what it shows now,
    /// transparent where nothing was drawn. `hybrid run --canvas-out DIR` saves them.
    public func canvasSnapshots() async throws -> [CanvasSnapshot] {
        try await withCore { core in
            let document = try core.requireDocument()
            let export = document.context.globalObject["__hybridCanvasExport"]
            guard export.isObject else { return [] }
            let list = try export.call(arguments: [])
            return (list.toArray() ?? []).map { item in
                let png = item["png"]
                return CanvasSnapshot(name: item["name"].toString() ?? "canvas",
                                      width: Int(item["width"].toDouble()),
                                      height: Int(item["height"].toDouble()),
                                      png: png.isObject ? TypedArrayBytes.bytes(of: png.ref, in: document.context.ref).map { Data($0) } : nil)
            }
        }
    }
}
