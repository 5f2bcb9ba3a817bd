internal import CCairo
import Foundation

/// One canvas's bitmap: a Cairo ARGB32 image surface and its drawing context, on the runtime thread.
///
/// The page's `CanvasRenderingContext2D` (`Resources/canvas/canvas.js`) keeps the canvas state that
/// Cairo has no place for (styles, font, alpha, shadows) and calls these methods through
/// ``CanvasNatives``; Cairo's own state stack mirrors `save()`/`restore()` for the transform, clip,
/// line style and compositing operator. A surface larger than ``maximumArea`` pixels, or wider or
/// taller than ``maximumSide``, is not allocated: drawing on it does nothing, as in WebKit.
final class CanvasSurface {
    /// WebKit's canvas area limit on iOS (4096 x 4096 pixels).
    static let maximumArea = 4096 * 4096
    /// Cairo's largest image side.
    static let maximumSide = 32767

    private(set) var width = 0
    private(set) var height = 0
    private var surface: OpaquePointer?
    private var cr: OpaquePointer?
    private weak var registry: CanvasRegistry?
    /// The shadow drawn under fills, strokes, text and images (`CanvasShadow.swift`).
    var shadow = CanvasShadow()

    init(width: Double, height: Double, registry: CanvasRegistry) {
        self.registry = registry
        resize(width: width, height: height)
    }

    deinit { release() }

    /// True when a bitmap is allocated (the size is not zero and within the caps).
    var hasBitmap: Bool { cr != nil }

    /// Frees the bitmap; later drawing does nothing.
    func release() {
        savedPaths.forEach { cairo_path_destroy($0) }
        savedPaths = []
        if let cr { cairo_destroy(cr) }
        if let surface {
            cairo_surface_destroy(surface)
            registry?.surfaceFreed()
        }
        cr = nil
        surface = nil
    }

    /// A new, transparent bitmap of the given size (a canvas's `width`/`height` set), with the state reset.
    func resize(width newWidth: Double, height newHeight: Double) {
        release()
        singular = false
        savedSingular = []
        width = Self.dimension(newWidth)
        height = Self.dimension(newHeight)
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide,
              width * height <= Self.maximumArea else { return }
        let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let created, cairo_surface_status(created) == CAIRO_STATUS_SUCCESS else {
            if let created { cairo_surface_destroy(created) }
            return
        }
        surface = created
        cr = cairo_create(created)
        registry?.surfaceAllocated()
    }

    private static func dimension(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return value > 1e9 ? Int(1e9) : Int(value)
    }

    // MARK: Operations

    /// The numeric operations, in the order of `OP` in `canvas.js`.
    enum Operation: Int {
        case save, restore, beginPath, moveTo, lineTo, closePath, bezierCurveTo, quadraticCurveTo, arc, ellipse, rect,
             arcTo, translate, rotate, scale, transform, setTransform, resetTransform, clearRect, lineWidth, lineCap,
             lineJoin, miterLimit, compositeOperation, clip, fill, stroke, fillRect, strokeRect, lineDashOffset,
             pushPath, popPath

        /// The number of numeric arguments.
        var arity: Int {
            [0, 0, 0, 2, 2, 0, 6, 4, 6, 8, 4, 5, 2, 1, 2, 6, 6, 0, 4, 1, 1, 1, 1, 1, 1, 2, 1, 5, 5, 1, 0, 0][rawValue]
        }
    }

    /// Runs `operation` with the numeric arguments `a`. Non-finite arguments make it do nothing, as the
    /// standard says for paths and transforms.
    func perform(_ operation: Operation, _ a: [Double]) {
        guard let cr, a.allSatisfy(\.isFinite) else { return }
        switch operation {
        case .save:
            cairo_save(cr)
            savedSingular.append(singular)
        case .restore:
            guard let last = savedSingular.popLast() else { return }
            cairo_restore(cr)
            singular = last
        case .beginPath: cairo_new_path(cr)
        case .moveTo: cairo_move_to(cr, a[0], a[1])
        case .lineTo: cairo_line_to(cr, a[0], a[1])
        case .closePath: cairo_close_path(cr)
        case .bezierCurveTo:
            ensureSubpath(a[0], a[1])
            cairo_curve_to(cr, a[0], a[1], a[2], a[3], a[4], a[5])
        case .quadraticCurveTo:
            ensureSubpath(a[0], a[1])
            var x0 = 0.0, y0 = 0.0
            cairo_get_current_point(cr, &x0, &y0)
            cairo_curve_to(cr, x0 + 2 / 3 * (a[0] - x0), y0 + 2 / 3 * (a[1] - y0),
                           a[2] + 2 / 3 * (a[0] - a[2]), a[3] + 2 / 3 * (a[1] - a[3]), a[2], a[3])
        case .arc: arc(x: a[0], y: a[1], radiusX: a[2], radiusY: a[2], rotation: 0, start: a[3], end: a[4], counterclockwise: a[5] != 0)
        case .ellipse: arc(x: a[0], y: a[1], radiusX: a[2], radiusY: a[3], rotation: a[4], start: a[5], end: a[6], counterclockwise: a[7] != 0)
        case .rect: cairo_rectangle(cr, a[0], a[1], a[2], a[3])
        case .arcTo: arcTo(a[0], a[1], a[2], a[3], radius: a[4])
        case .translate: multiply(by: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: a[0], y0: a[1]))
        case .rotate: multiply(by: cairo_matrix_t(xx: cos(a[0]), yx: sin(a[0]), xy: -sin(a[0]), yy: cos(a[0]), x0: 0, y0: 0))
        case .scale: multiply(by: cairo_matrix_t(xx: a[0], yx: 0, xy: 0, yy: a[1], x0: 0, y0: 0))
        case .transform: multiply(by: cairo_matrix_t(xx: a[0], yx: a[1], xy: a[2], yy: a[3], x0: a[4], y0: a[5]))
        case .setTransform:
            singular = false
            cairo_identity_matrix(cr)
            multiply(by: cairo_matrix_t(xx: a[0], yx: a[1], xy: a[2], yy: a[3], x0: a[4], y0: a[5]))
        case .resetTransform:
            singular = false
            cairo_identity_matrix(cr)
        case .clearRect:
            keepingPath {
                cairo_save(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_rectangle(cr, a[0], a[1], a[2], a[3])
                cairo_fill(cr)
                cairo_restore(cr)
            }
        case .lineWidth: cairo_set_line_width(cr, a[0])
        case .lineCap: cairo_set_line_cap(cr, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][min(2, max(0, Int(a[0])))])
        case .lineJoin: cairo_set_line_join(cr, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][min(2, max(0, Int(a[0])))])
        case .miterLimit: cairo_set_miter_limit(cr, a[0])
        case .compositeOperation: cairo_set_operator(cr, cairo_operator_t(rawValue: UInt32(max(0, min(28, Int(a[0]))))))
        case .clip:
            cairo_set_fill_rule(cr, a[0] != 0 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip_preserve(cr)
        case .fill:
            cairo_set_fill_rule(cr, a[0] != 0 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            paint(alpha: a[1]) { cairo_fill_preserve($0) }
        case .stroke: paint(alpha: a[0]) { cairo_stroke_preserve($0) }
        case .fillRect:
            keepingPath {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_rectangle(cr, a[0], a[1], a[2], a[3])
                paint(alpha: a[4]) { cairo_fill_preserve($0) }
            }
        case .strokeRect:
            keepingPath {
                cairo_rectangle(cr, a[0], a[1], a[2], a[3])
                paint(alpha: a[4]) { cairo_stroke_preserve($0) }
            }
        case .pushPath:
            // A Path2D is drawn, clipped or hit-tested in place of the current path, which it leaves as it was.
            if let saved = cairo_copy_path(cr) { savedPaths.append(saved) }
            cairo_new_path(cr)
        case .popPath:
            cairo_new_path(cr)
            guard let saved = savedPaths.popLast() else { return }
            cairo_append_path(cr, saved)
            cairo_path_destroy(saved)
        case .lineDashOffset:
            let count = Int(cairo_get_dash_count(cr))
            var dashes = [Double](repeating: 0, count: count)
            var offset = 0.0
            dashes.withUnsafeMutableBufferPointer { cairo_get_dash(cr, $0.baseAddress, &offset) }
            cairo_set_dash(cr, dashes, Int32(count), a[0])
        }
        recoverFromError()
    }

    /// Applies `matrix` before the current transform. One Cairo cannot invert (a zero scale, an overflow) is
    /// not applied: the canvas is marked singular and draws nothing until `setTransform`/`resetTransform`.
    private func multiply(by matrix: cairo_matrix_t) {
        guard let cr, !singular else { return }
        var current = cairo_matrix_t(), product = cairo_matrix_t(), m = matrix
        cairo_get_matrix(cr, &current)
        cairo_matrix_multiply(&product, &m, &current)
        let values = [product.xx, product.yx, product.xy, product.yy, product.x0, product.y0]
        let determinant = product.xx * product.yy - product.yx * product.xy
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e12 }), determinant != 0, determinant.isFinite,
              abs(determinant) > 1e-12 else {
            singular = true
            return
        }
        cairo_set_matrix(cr, &product)
    }

    /// A Cairo context in an error state draws nothing ever again: start a new one on the same bitmap
    /// (the transform, clip and line style reset) rather than let one bad call end the canvas.
    private func recoverFromError() {
        guard let cr, let surface, cairo_status(cr) != CAIRO_STATUS_SUCCESS else { return }
        cairo_destroy(cr)
        self.cr = cairo_create(surface)
        savedSingular = []
        singular = false
    }

    /// True while the transform is singular (`scale(0, 1)`): Cairo cannot hold it, so painting does nothing.
    private var singular = false
    private var savedSingular: [Bool] = []
    /// Current paths set aside by `pushPath` while a `Path2D` is used.
    private var savedPaths: [UnsafeMutablePointer<cairo_path_t>] = []

    /// Sets the dash pattern (`setLineDash`); an empty array means solid lines.
    func setLineDash(_ dashes: [Double], offset: Double) {
        guard let cr, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        let pattern = dashes.count % 2 == 1 ? dashes + dashes : dashes
        cairo_set_dash(cr, pattern, Int32(pattern.count), offset.isFinite ? offset : 0)
    }

    /// `isPointInPath` (`stroke` false) or `isPointInStroke`: whether the point, in canvas pixels (not under the
    /// transform), is inside the current path's fill or stroke.
    func contains(x: Double, y: Double, stroke: Bool, evenOdd: Bool) -> Bool {
        guard let cr, !singular, x.isFinite, y.isFinite else { return false }
        var ux = x, uy = y
        cairo_device_to_user(cr, &ux, &uy)
        if stroke { return cairo_in_stroke(cr, ux, uy) != 0 }
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        return cairo_in_fill(cr, ux, uy) != 0
    }

    /// The current transform as `[a, b, c, d, e, f]`.
    var transform: [Double] {
        var m = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        if let cr { cairo_get_matrix(cr, &m) }
        return [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
    }

    // MARK: Sources

    /// Paints with a solid colour (components 0...1, not premultiplied).
    func setColor(red: Double, green: Double, blue: Double, alpha: Double) {
        guard let cr else { return }
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }

    /// Paints with a gradient: linear from (x0, y0) to (x1, y1), or radial when `radial`; `stops` holds
    /// `offset, r, g, b, a` groups. The pattern is locked to the current transform, as a canvas gradient is.
    func setGradient(radial: Bool, _ g: [Double], stops: [Double]) {
        guard let cr, g.count >= 6, g.allSatisfy(\.isFinite) else { return }
        let pattern = radial ? cairo_pattern_create_radial(g[0], g[1], g[2], g[3], g[4], g[5])
            : cairo_pattern_create_linear(g[0], g[1], g[3], g[4])
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        var index = 0
        while index + 4 < stops.count {
            cairo_pattern_add_color_stop_rgba(pattern, stops[index], stops[index + 1], stops[index + 2],
                                              stops[index + 3], stops[index + 4])
            index += 5
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
    }

    /// Paints with a pattern of `source`'s bitmap (a snapshot taken by `createPattern`): `repetition` 0 `repeat`,
    /// 1 `repeat-x`, 2 `repeat-y`, 3 `no-repeat`; `m` is the pattern's transform (`[a, b, c, d, e, f]`, pattern space
    /// to user space), locked to the current transform as a canvas pattern is.
    ///
    /// Cairo repeats in both directions or none: for `repeat-x` (`repeat-y`) the tile gets transparent rows (columns)
    /// added until its next repeat falls outside the canvas, at most ``maximumSide`` pixels.
    func setPattern(_ source: CanvasSurface, repetition: Int, _ m: [Double]) {
        guard let cr, let image = source.surface, m.count == 6, m.allSatisfy(\.isFinite) else { return }
        var matrix = cairo_matrix_t(xx: m[0], yx: m[1], xy: m[2], yy: m[3], x0: m[4], y0: m[5])
        guard cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else { return }
        var tile = image
        var padded: OpaquePointer?
        if repetition == 1 || repetition == 2 {
            let (low, high) = visibleRange(inverse: matrix, vertical: repetition == 1)
            let size = repetition == 1 ? source.height : source.width
            let period = Int(min(Double(Self.maximumSide),
                                 max(Double(size), high.rounded(.up) + 1, Double(size) - low.rounded(.down))))
            padded = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(repetition == 1 ? source.width : period),
                                                Int32(repetition == 1 ? period : source.height))
            if let padded, cairo_surface_status(padded) == CAIRO_STATUS_SUCCESS {
                let copier = cairo_create(padded)
                cairo_set_source_surface(copier, image, 0, 0)
                cairo_paint(copier)
                cairo_destroy(copier)
                tile = padded
            }
        }
        defer { if let padded { cairo_surface_destroy(padded) } }
        guard let pattern = cairo_pattern_create_for_surface(tile) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, repetition == 3 ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
    }

    /// The range of pattern-space y (`vertical`) or x that the canvas covers, through the current transform and
    /// `inverse` (user space to pattern space).
    private func visibleRange(inverse: cairo_matrix_t, vertical: Bool) -> (Double, Double) {
        guard let cr else { return (0, 0) }
        var low = Double.infinity, high = -Double.infinity
        var inverse = inverse
        for (x, y) in [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))] {
            var px = x, py = y
            cairo_device_to_user(cr, &px, &py)
            cairo_matrix_transform_point(&inverse, &px, &py)
            let value = vertical ? py : px
            guard value.isFinite else { continue }
            low = min(low, value)
            high = max(high, value)
        }
        return low <= high ? (low, high) : (0, 0)
    }

    // MARK: Text

    /// Selects a font: the first family of a CSS font list (``CairoText/Face``), through fontconfig, at `size`
    /// user-space pixels.
    func setFont(family: String, size: Double, bold: Bool, italic: Bool) {
        guard let cr, size.isFinite, size > 0 else { return }
        CairoText.select(CairoText.Face(families: family, size: size, bold: bold, italic: italic), on: cr)
        recoverFromError()
    }

    /// `measureText`: `[width, actualLeft, actualRight, actualAscent, actualDescent, fontAscent, fontDescent]`,
    /// with horizontal values relative to the left end of the text.
    func measure(_ text: String) -> [Double] {
        guard let cr else { return [0, 0, 0, 0, 0, 0, 0] }
        return CairoText.measure(text, on: cr)
    }

    /// Fills or strokes `text` at (x, y), `dx`/`dy` from the alignment and baseline, squeezed to `maxWidth`
    /// when it is wider.
    func drawText(_ text: String, x: Double, y: Double, dx: Double, dy: Double, maxWidth: Double, stroke: Bool, alpha: Double) {
        guard let cr, x.isFinite, y.isFinite, !text.isEmpty else { return }
        let width = measure(text)[0]
        keepingPath {
            cairo_save(cr)
            cairo_translate(cr, x, y)
            if maxWidth.isFinite, maxWidth > 0, width > maxWidth { cairo_scale(cr, maxWidth / width, 1) }
            cairo_move_to(cr, dx, dy)
            cairo_text_path(cr, text)
            cairo_restore(cr)
            paint(alpha: alpha) { stroke ? cairo_stroke_preserve($0) : cairo_fill_preserve($0) }
        }
        recoverFromError()
    }

    // MARK: Pixels

    /// Copies the rectangle into `rgba` (non-premultiplied RGBA rows, `w * h * 4` bytes); pixels outside the
    /// bitmap are transparent black.
    func read(x: Int, y: Int, width w: Int, height h: Int, into rgba: UnsafeMutableRawBufferPointer) {
        guard let surface, w > 0, h > 0, rgba.count >= w * h * 4 else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<h {
            let sy = y + row
            guard sy >= 0, sy < height else { continue }
            for column in 0..<w {
                let sx = x + column
                guard sx >= 0, sx < width else { continue }
                let pixel = data.advanced(by: sy * stride + sx * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                let a = pixel >> 24, target = (row * w + column) * 4
                guard a > 0 else { continue }
                func channel(_ shift: UInt32) -> UInt8 { UInt8(min(255, ((pixel >> shift) & 0xFF) * 255 / a)) }
                rgba[target] = channel(16)
                rgba[target + 1] = channel(8)
                rgba[target + 2] = channel(0)
                rgba[target + 3] = UInt8(a)
            }
        }
    }

    /// Writes non-premultiplied RGBA pixels (an image `imageWidth` pixels wide) to the bitmap: the image's
    /// rectangle (`dirtyX`, `dirtyY`, `dirtyWidth`, `dirtyHeight`) lands at (`x + dirtyX`, `y + dirtyY`).
    /// Ignores the transform, clip, alpha and compositing, as `putImageData` does.
    func write(_ rgba: UnsafeRawBufferPointer, imageWidth: Int, x: Int, y: Int, dirty: (x: Int, y: Int, width: Int, height: Int)) {
        guard let surface, imageWidth > 0, let data = cairo_image_surface_get_data(surface) else { return }
        let imageHeight = rgba.count / 4 / imageWidth
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in max(0, dirty.y)..<max(max(0, dirty.y), min(imageHeight, dirty.y + dirty.height)) {
            let ty = y + row
            guard ty >= 0, ty < height else { continue }
            for column in max(0, dirty.x)..<max(max(0, dirty.x), min(imageWidth, dirty.x + dirty.width)) {
                let tx = x + column
                guard tx >= 0, tx < width else { continue }
                let source = (row * imageWidth + column) * 4
                let a = UInt32(rgba[source + 3])
                func channel(_ offset: Int) -> UInt32 { (UInt32(rgba[source + offset]) * a + 127) / 255 }
                let pixel = a << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
                data.advanced(by: ty * stride + tx * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = pixel }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Draws the rectangle `requested` (x, y, width, height) of `source`'s bitmap into the rectangle `target` of this
    /// one, under the transform, clip and compositing operator; `smoothing` is `imageSmoothingEnabled` and
    /// `imageSmoothingQuality` as one number: 0 scales by nearest pixel, 1 (`low`) bilinear, 2 (`medium`) Cairo's
    /// "good", 3 (`high`) its "best" filter. A source rectangle reaching outside the source is clipped to it, and the destination in proportion, as the
    /// standard says; the edges are sampled clamped (Cairo's `EXTEND_PAD`), so a scaled image keeps opaque borders.
    func draw(_ source: CanvasSurface, from requested: [Double], to target: [Double], alpha: Double, smoothing: Int) {
        guard let cr, let sourceSurface = source.surface, !singular, requested.count == 4, target.count == 4,
              (requested + target).allSatisfy(\.isFinite), requested[2] > 0, requested[3] > 0, target[2] > 0, target[3] > 0 else { return }
        let x0 = max(requested[0], 0), y0 = max(requested[1], 0)
        let x1 = min(requested[0] + requested[2], Double(source.width)), y1 = min(requested[1] + requested[3], Double(source.height))
        guard x1 > x0, y1 > y0 else { return }
        let scaleX = target[2] / requested[2], scaleY = target[3] / requested[3]
        let s = [x0, y0, x1 - x0, y1 - y0]
        let d = [target[0] + (x0 - requested[0]) * scaleX, target[1] + (y0 - requested[1]) * scaleY, s[2] * scaleX, s[3] * scaleY]
        // Drawing a canvas onto itself reads a copy.
        var copy: OpaquePointer?
        if source === self {
            copy = cairo_surface_create_similar_image(sourceSurface, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            if let copy {
                let copier = cairo_create(copy)
                cairo_set_source_surface(copier, sourceSurface, 0, 0)
                cairo_paint(copier)
                cairo_destroy(copier)
            }
        }
        defer { if let copy { cairo_surface_destroy(copy) } }
        let image = copy ?? sourceSurface
        let body = { (c: OpaquePointer) in
            cairo_save(c)
            cairo_rectangle(c, d[0], d[1], d[2], d[3])
            cairo_clip(c)
            cairo_translate(c, d[0], d[1])
            cairo_scale(c, d[2] / s[2], d[3] / s[3])
            cairo_set_source_surface(c, image, -s[0], -s[1])
            cairo_pattern_set_filter(cairo_get_source(c), [CAIRO_FILTER_NEAREST, CAIRO_FILTER_BILINEAR, CAIRO_FILTER_GOOD, CAIRO_FILTER_BEST][min(3, max(0, smoothing))])
            cairo_pattern_set_extend(cairo_get_source(c), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(c, min(1, max(0, alpha)))
            cairo_restore(c)
        }
        keepingPath {
            drawShadow(on: cr, alpha: 1, body)
            body(cr)
        }
        recoverFromError()
    }

    /// The bitmap as a PNG file (Cairo's PNG writer); nil without a bitmap.
    func png() -> [UInt8]? {
        guard let surface else { return nil }
        return try? CairoPNG.encode(surface).get()
    }

    /// Calls `body` with the bitmap's pixels (Cairo ARGB32, premultiplied, native-endian), its size and row stride;
    /// nil without a bitmap.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ width: Int, _ height: Int, _ stride: Int) -> T) -> T? {
        guard let surface else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return body(data, width, height, Int(cairo_image_surface_get_stride(surface)))
    }

    // MARK: Helpers

    /// Canvas paths outlive `fillRect`, `strokeRect`, `clearRect`, text and `drawImage`; Cairo's do not.
    private func keepingPath(_ body: () -> Void) {
        guard let cr else { return }
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        body()
        cairo_new_path(cr)
        if let saved {
            cairo_append_path(cr, saved)
            cairo_path_destroy(saved)
        }
    }

    /// Paints the current path with `draw` at `alpha` (globalAlpha): through a group when below 1, so
    /// gradients and strokes get it too.
    private func paint(alpha: Double, _ draw: (OpaquePointer) -> Void) {
        guard let cr, !singular, alpha > 0 else { return }
        drawShadow(on: cr, alpha: alpha, draw)
        guard alpha < 1 else { return draw(cr) }
        let op = cairo_get_operator(cr)
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw(cr)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, op)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// A canvas curve with no subpath starts one at its first control point.
    private func ensureSubpath(_ x: Double, _ y: Double) {
        guard let cr, cairo_has_current_point(cr) == 0 else { return }
        cairo_move_to(cr, x, y)
    }

    private func arc(x: Double, y: Double, radiusX: Double, radiusY: Double, rotation: Double, start: Double,
                     end: Double, counterclockwise: Bool) {
        guard let cr, radiusX >= 0, radiusY >= 0 else { return }
        var end = end
        let full = 2 * Double.pi
        if !counterclockwise, end - start >= full { end = start + full }
        if counterclockwise, start - end >= full { end = start - full }
        if radiusX == 0 || radiusY == 0 {
            // A flat ellipse: Cairo cannot scale by zero, so draw its outline's end points.
            let point = { (angle: Double) -> (Double, Double) in
                let px = radiusX * cos(angle), py = radiusY * sin(angle)
                return (x + px * cos(rotation) - py * sin(rotation), y + px * sin(rotation) + py * cos(rotation))
            }
            let (sx, sy) = point(start), (ex, ey) = point(end)
            cairo_has_current_point(cr) != 0 ? cairo_line_to(cr, sx, sy) : cairo_move_to(cr, sx, sy)
            cairo_line_to(cr, ex, ey)
            return
        }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_rotate(cr, rotation)
        cairo_scale(cr, radiusX, radiusY)
        counterclockwise ? cairo_arc_negative(cr, 0, 0, 1, start, end) : cairo_arc(cr, 0, 0, 1, start, end)
        cairo_restore(cr)
    }

    private func arcTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, radius: Double) {
        guard let cr, radius >= 0 else { return }
        guard cairo_has_current_point(cr) != 0 else { return cairo_move_to(cr, x1, y1) }
        var x0 = 0.0, y0 = 0.0
        cairo_get_current_point(cr, &x0, &y0)
        let (ax, ay) = (x0 - x1, y0 - y1), (bx, by) = (x2 - x1, y2 - y1)
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else { return cairo_line_to(cr, x1, y1) }
        let angle = acos(max(-1, min(1, (ax * bx + ay * by) / (la * lb))))
        let tangent = radius / tan(angle / 2)
        let (t0x, t0y) = (x1 + ax / la * tangent, y1 + ay / la * tangent)
        let (t1x, t1y) = (x1 + bx / lb * tangent, y1 + by / lb * tangent)
        // The centre is on the bisector, `radius / sin(angle / 2)` from the corner.
        let (ux, uy) = (ax / la + bx / lb, ay / la + by / lb)
        let lu = (ux * ux + uy * uy).squareRoot()
        let distance = radius / sin(angle / 2)
        let (cx, cy) = (x1 + ux / lu * distance, y1 + uy / lu * distance)
        let a0 = atan2(t0y - cy, t0x - cx), a1 = atan2(t1y - cy, t1x - cx)
        cairo_line_to(cr, t0x, t0y)
        cross > 0 ? cairo_arc_negative(cr, cx, cy, radius, a0, a1) : cairo_arc(cr, cx, cy, radius, a0, a1)
    }
}
