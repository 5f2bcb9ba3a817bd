internal import CCairo
import Foundation
import Synchronization

/// Font selection and text metrics shared by the canvas (`measureText`, `fillText`) and the geometry's text layout
/// (`Resources/geometry/geometry.js`), so that a string measures the same in both.
///
/// A CSS family list is reduced to one family as Chromium does it (``Face/firstFamily(_:)``), the CSS generic names
/// mapped to fontconfig's aliases (`system-ui` and `-apple-system` to `sans-serif`, ...); fontconfig picks the face.
/// Metrics are unhinted (fractional advances, as Chromium's and WebKit's), without kerning or shaping: Cairo's font
/// API has neither (the Geometry model article says what that changes).
enum CairoText {
    /// The face of a CSS font: family list, size in pixels, bold (weight 600 and up), italic (or oblique).
    struct Face: Hashable {
        var family: String
        var size: Double
        var bold: Bool
        var italic: Bool

        init(families: String, size: Double, bold: Bool, italic: Bool) {
            family = Self.firstFamily(families)
            self.size = size
            self.bold = bold
            self.italic = italic
        }

        private static let generic = [
            "system-ui": "sans-serif", "-apple-system": "sans-serif", "blinkmacsystemfont": "sans-serif",
            "ui-sans-serif": "sans-serif", "ui-serif": "serif", "ui-monospace": "monospace", "ui-rounded": "sans-serif",
            "cursive": "sans-serif", "fantasy": "sans-serif",
        ]

        /// The family of a CSS `font-family` list that fontconfig has, as Chromium picks it: the first name whose
        /// match is a face of that family or of a metric-compatible one (Liberation Sans for Arial; fontconfig's other
        /// substitutes, such as Nimbus Roman for `Times`, are not taken), or the first generic name (mapped to
        /// fontconfig's aliases); `sans-serif` when none is.
        static func firstFamily(_ list: String) -> String {
            if let known = resolved.withLock({ $0[list] }) { return known }
            var family = "sans-serif"
            for entry in list.split(separator: ",") {
                var name = entry.trimmingCharacters(in: .whitespacesAndNewlines)
                if name.count >= 2, let q = name.first, q == "\"" || q == "'", name.last == q {
                    name = String(name.dropFirst().dropLast())
                }
                if name.isEmpty { continue }
                let lower = name.lowercased()
                if let alias = generic[lower] ?? (["serif", "sans-serif", "monospace"].contains(lower) ? lower : nil) {
                    family = alias
                    break
                }
                if installed(name) { family = name; break }
            }
            resolved.withLock { cache in
                if cache.count > 256 { cache.removeAll() }
                cache[list] = family
            }
            return family
        }

        private static let resolved = Mutex<[String: String]>([:])

        /// The metric-compatible families Chromium also takes for a name (its `IsMetricCompatibleReplacement`).
        private static let compatible: [String: Set<String>] = [
            "arial": ["liberation sans", "arimo"], "times new roman": ["liberation serif", "tinos"],
            "courier new": ["liberation mono", "cousine"], "cambria": ["caladea"], "calibri": ["carlito"],
        ]

        /// True when fontconfig's best match for `name` is a face of that family (any of its family names) or of a
        /// metric-compatible one.
        private static func installed(_ name: String) -> Bool {
            guard let pattern = FcPatternCreate() else { return false }
            defer { FcPatternDestroy(pattern) }
            _ = name.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return false }
            defer { FcPatternDestroy(match) }
            var index: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            let accepted = compatible[name.lowercased(), default: []].union([name.lowercased()])
            while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let value {
                if accepted.contains(String(cString: value).lowercased()) { return true }
                index += 1
            }
            return false
        }
    }

    /// Selects `face` on `cr` (sizes are capped at 10,000 px); unhinted metrics.
    static func select(_ face: Face, on cr: OpaquePointer) {
        guard face.size.isFinite, face.size > 0 else { return }
        cairo_select_font_face(cr, face.family, face.italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               face.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, min(face.size, 10_000))
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// `[width, actualLeft, actualRight, actualAscent, actualDescent, fontAscent, fontDescent]` of `text` in the
    /// font selected on `cr`, horizontal values relative to the left end of the text.
    static func measure(_ text: String, on cr: OpaquePointer) -> [Double] {
        var extents = cairo_text_extents_t()
        var font = cairo_font_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_font_extents(cr, &font)
        return [extents.x_advance, -extents.x_bearing, extents.x_bearing + extents.width, -extents.y_bearing,
                extents.height + extents.y_bearing, font.ascent, font.descent]
    }

    /// The advance widths of `texts` in `face`, after the font's ascent, descent and x-height (the ink height of
    /// "x"): `[ascent, descent, xHeight, w0, w1, ...]`.
    static func advances(_ texts: [String], face: Face, on cr: OpaquePointer) -> [Double] {
        select(face, on: cr)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, "x", &extents)
        var out = [font.ascent, font.descent, extents.height]
        out.reserveCapacity(texts.count + 3)
        for text in texts {
            cairo_text_extents(cr, text, &extents)
            out.append(extents.x_advance)
        }
        if cairo_status(cr) != CAIRO_STATUS_SUCCESS { return [] }
        return out
    }
}

/// A page's text measurer for the layout: a 1 x 1 Cairo surface made on the first measurement (a page that never
/// reads geometry never makes one), on the runtime thread, freed with the page's ``CanvasRegistry``.
final class TextMeasurer {
    private var surface: OpaquePointer?
    private var cr: OpaquePointer?

    deinit { close() }

    /// `[ascent, descent, xHeight, widths...]` of `texts` in `face`; an empty array when Cairo fails.
    func advances(_ texts: [String], face: CairoText.Face) -> [Double] {
        if cr == nil {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
            cr = surface.map { cairo_create($0) }
        }
        guard let context = cr else { return [] }
        if cairo_status(context) != CAIRO_STATUS_SUCCESS {   // a failed context measures nothing again: start over
            close()
            return []
        }
        return CairoText.advances(texts, face: face, on: context)
    }

    func close() {
        if let cr { cairo_destroy(cr) }
        if let surface { cairo_surface_destroy(surface) }
        cr = nil
        surface = nil
    }
}
