import Foundation
import Synchronization

/// The canvas bitmaps of one page (``WebPlatformInstance``): closing the page frees them all at once,
/// without waiting for the garbage collector to finalize their canvases.
package final class CanvasRegistry: @unchecked Sendable {
    /// Touched on the runtime thread only.
    private var surfaces: [WeakSurface] = []
    private let allocated = Mutex(0)
    /// The layout's text measurer (runtime thread), made on the first measurement.
    private(set) lazy var textMeasurer = TextMeasurer()

    private struct WeakSurface { weak var surface: CanvasSurface? }

    /// The number of allocated bitmaps (any thread).
    package var liveBitmapCount: Int { allocated.withLock { $0 } }

    func add(_ surface: CanvasSurface) {
        if surfaces.count >= 64, surfaces.count.isMultiple(of: 64) { surfaces.removeAll { $0.surface == nil } }
        surfaces.append(WeakSurface(surface: surface))
    }

    func surfaceAllocated() { allocated.withLock { $0 += 1 } }
    func surfaceFreed() { allocated.withLock { $0 -= 1 } }

    /// Frees every bitmap of the page: its canvases draw nothing from now on.
    func close() {
        let all = surfaces
        surfaces.removeAll()
        for entry in all { entry.surface?.release() }
        textMeasurer.close()
    }
}
