internal import CCairo
import Foundation

/// A canvas's shadow (`shadowColor`, `shadowBlur`, `shadowOffsetX`, `shadowOffsetY`), as the page's context last set it.
struct CanvasShadow {
    var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0, blur = 0.0, offsetX = 0.0, offsetY = 0.0

    /// The standard draws a shadow only when its colour is not transparent and it is blurred or offset.
    var isVisible: Bool { alpha > 0 && (blur > 0 || offsetX != 0 || offsetY != 0) }

    /// The standard's Gaussian blur has a standard deviation of half `shadowBlur` (capped here at 100 pixels).
    var sigma: Double { min(blur / 2, 100) }
}

extension CanvasSurface {
    /// Draws the shadow of the shape that `draw` paints, before the shape itself.
    ///
    /// Cairo has no blur, so the shape is drawn again, moved by the offset (in canvas pixels: the transform does not
    /// apply to it, as the standard says), into an alpha mask as large as the canvas plus three standard deviations
    /// on each side; three box blurs of the mask approximate the Gaussian blur, and the shadow colour is painted
    /// through it with the current clip and compositing operator. Unlike the standard, the shape is clipped before
    /// its shadow is made, and a shape more than three standard deviations outside the canvas casts none.
    func drawShadow(on cr: OpaquePointer, alpha: Double, _ draw: (OpaquePointer) -> Void) {
        guard shadow.isVisible, width > 0, height > 0 else { return }
        let sigma = shadow.sigma, pad = Int((3 * sigma).rounded(.up))
        let maskWidth = width + 2 * pad, maskHeight = height + 2 * pad
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let shape = cairo_create(mask) else { return }
        cairo_translate(shape, Double(pad) + shadow.offsetX, Double(pad) + shadow.offsetY)
        var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        cairo_get_matrix(cr, &matrix)
        cairo_transform(shape, &matrix)
        if let path = cairo_copy_path(cr) {
            cairo_append_path(shape, path)
            cairo_path_destroy(path)
        }
        cairo_set_source(shape, cairo_get_source(cr))
        cairo_set_fill_rule(shape, cairo_get_fill_rule(cr))
        cairo_set_line_width(shape, cairo_get_line_width(cr))
        cairo_set_line_cap(shape, cairo_get_line_cap(cr))
        cairo_set_line_join(shape, cairo_get_line_join(cr))
        cairo_set_miter_limit(shape, cairo_get_miter_limit(cr))
        let dashCount = Int(cairo_get_dash_count(cr))
        if dashCount > 0 {
            var dashes = [Double](repeating: 0, count: dashCount), offset = 0.0
            cairo_get_dash(cr, &dashes, &offset)
            cairo_set_dash(shape, dashes, Int32(dashCount), offset)
        }
        draw(shape)
        cairo_destroy(shape)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            Self.blur(data, width: maskWidth, height: maskHeight, stride: Int(cairo_image_surface_get_stride(mask)), sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, shadow.red, shadow.green, shadow.blue, shadow.alpha * min(1, max(0, alpha)))
        cairo_mask_surface(cr, mask, -Double(pad), -Double(pad))
        cairo_restore(cr)
    }

    /// Three box blurs in each direction, whose sizes approximate a Gaussian blur of standard deviation `sigma`
    /// (Kovesi, "Fast almost-Gaussian filtering", 2010).
    private static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0 else { return }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let lowerCount = Int(((12 * sigma * sigma - Double(3 * lower * lower + 12 * lower + 9)) / Double(-4 * lower - 4)).rounded())
        var line = [Int](repeating: 0, count: max(width, height))
        for pass in 0..<3 {
            let radius = ((pass < lowerCount ? lower : lower + 2) - 1) / 2
            guard radius > 0 else { continue }
            for y in 0..<height { boxBlur(data + y * stride, step: 1, count: width, radius: radius, line: &line) }
            for x in 0..<width { boxBlur(data + x, step: stride, count: height, radius: radius, line: &line) }
        }
    }

    /// Replaces each of `count` values `step` bytes apart with the mean of the `2 * radius + 1` around it (zero outside).
    private static func boxBlur(_ start: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, line: inout [Int]) {
        for index in 0..<count { line[index] = Int(start[index * step]) }
        let size = 2 * radius + 1
        var sum = 0
        for index in 0..<min(radius, count) { sum += line[index] }
        for index in 0..<count {
            if index + radius < count { sum += line[index + radius] }
            if index - radius - 1 >= 0 { sum -= line[index - radius - 1] }
            start[index * step] = UInt8((sum + size / 2) / size)
        }
    }
}
