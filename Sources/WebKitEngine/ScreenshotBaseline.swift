import CCairo
import Foundation
import WebView

/// A screenshot compared with a PNG baseline stored on disk, as snapshot tests compare values: the first screenshot
/// becomes the baseline, later ones must match it within a ``Tolerance``, and `update` replaces a baseline that
/// differs instead of failing. On a mismatch the screenshot is written beside the baseline as `NAME.actual.png` and
/// the differing pixels, red over a faded copy of the baseline, as `NAME.diff.png`; a match removes both.
///
/// ```swift
/// let png = try await view.takeSnapshot()
/// let outcome = try ScreenshotBaseline(url: URL(fileURLWithPath: "__screenshots__/home.png")).check(png)
/// ```
///
/// PNG files are read and written with Cairo; pixels are compared as Cairo holds them (ARGB, alpha-premultiplied).
public struct ScreenshotBaseline: Sendable {
    /// How different a screenshot may be and still match.
    public struct Tolerance: Sendable, Equatable {
        /// How far apart two pixels' colours may be and still count as the same: the Euclidean distance of their
        /// red, green, blue and alpha channels as a fraction of the largest possible one (0: exactly equal; 1: any
        /// two colours). Default 0.1.
        public var colorDistance: Double
        /// The fraction of the pixels that may differ (0: none may). Default 0.001 (one pixel in a thousand).
        public var differingRatio: Double

        public init(colorDistance: Double = 0.1, differingRatio: Double = 0.001) {
            self.colorDistance = colorDistance
            self.differingRatio = differingRatio
        }
    }

    /// What a check did.
    public enum Outcome: Sendable, Equatable {
        /// There was no baseline: the screenshot was stored as the baseline.
        case recorded
        /// The screenshot matched the baseline; `differingPixels` differed within the tolerance.
        case matched(differingPixels: Int)
        /// The screenshot differed and `update` was given: it replaced the baseline.
        case updated(differingPixels: Int)
    }

    /// The baseline PNG file.
    public let url: URL
    public var tolerance: Tolerance

    public init(url: URL, tolerance: Tolerance = Tolerance()) {
        self.url = url
        self.tolerance = tolerance
    }

    /// Where a mismatching screenshot is written: `NAME.actual.png` beside the baseline.
    public var actualURL: URL { sibling("actual") }
    /// Where the differing pixels of a mismatch are drawn: `NAME.diff.png` beside the baseline.
    public var diffURL: URL { sibling("diff") }

    /// Compares `png` with the baseline (storing it when there is none, or replacing it when it differs and `update`
    /// is true). Throws ``ScreenshotMismatch`` when it differs beyond the tolerance, after writing
    /// ``actualURL`` and (for screenshots of the same size) ``diffURL``; throws ``WebKitEngineError`` with
    /// ``WebKitEngineError/Kind/snapshot`` when a PNG cannot be read or a file cannot be written.
    @discardableResult
    public func check(_ png: Data, update: Bool = false) throws -> Outcome {
        let actual = try PNGImage(data: png, what: "the screenshot")
        guard FileManager.default.fileExists(atPath: url.path) else {
            try write(png, to: url)
            removeLeftovers()
            return .recorded
        }
        let baselineData: Data
        do { baselineData = try Data(contentsOf: url) } catch {
            throw WebKitEngineError(.snapshot, "cannot read the baseline \(url.path): \(error.localizedDescription)")
        }
        let baseline = try PNGImage(data: baselineData, what: "the baseline \(url.path)")
        let sameSize = baseline.width == actual.width && baseline.height == actual.height
        let differing = sameSize ? baseline.differingPixels(from: actual, colorDistance: tolerance.colorDistance) : []
        let total = max(1, actual.width * actual.height)
        let ratio = sameSize ? Double(differing.count) / Double(total) : 1
        if sameSize && ratio <= tolerance.differingRatio {
            removeLeftovers()
            return .matched(differingPixels: differing.count)
        }
        if update {
            try write(png, to: url)
            removeLeftovers()
            return .updated(differingPixels: sameSize ? differing.count : total)
        }
        try write(png, to: actualURL)
        if sameSize {
            try write(baseline.diffImage(marking: differing), to: diffURL)
        } else {
            try? FileManager.default.removeItem(at: diffURL)
        }
        throw ScreenshotMismatch(baseline: url, actual: actualURL, diff: sameSize ? diffURL : nil,
                                 differingPixels: sameSize ? differing.count : total, totalPixels: total,
                                 baselineSize: [baseline.width, baseline.height], actualSize: [actual.width, actual.height],
                                 tolerance: tolerance)
    }

    private func sibling(_ suffix: String) -> URL {
        let name = url.lastPathComponent.hasSuffix(".png") ? String(url.lastPathComponent.dropLast(4)) : url.lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent("\(name).\(suffix).png")
    }

    private func removeLeftovers() {
        try? FileManager.default.removeItem(at: actualURL)
        try? FileManager.default.removeItem(at: diffURL)
    }

    private func write(_ data: Data, to file: URL) throws {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw WebKitEngineError(.snapshot, "cannot write \(file.path): \(error.localizedDescription)")
        }
    }
}

/// A screenshot that differs from its baseline beyond the tolerance.
public struct ScreenshotMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The baseline file.
    public let baseline: URL
    /// Where the screenshot was written.
    public let actual: URL
    /// Where the differing pixels were drawn; nil when the sizes differ.
    public let diff: URL?
    /// How many pixels differ (every pixel when the sizes differ).
    public let differingPixels: Int
    public let totalPixels: Int
    /// Width and height of the baseline and of the screenshot.
    public let baselineSize: [Int]
    public let actualSize: [Int]
    public let tolerance: ScreenshotBaseline.Tolerance

    public var description: String {
        if baselineSize != actualSize {
            return "the screenshot is \(actualSize[0])x\(actualSize[1]) pixels, the baseline \(baseline.path) "
                + "\(baselineSize[0])x\(baselineSize[1]); the screenshot is \(actual.path)"
        }
        let percent = String(format: "%.3g", Double(differingPixels) * 100 / Double(max(1, totalPixels)))
        return "\(differingPixels) of \(totalPixels) pixels (\(percent)%) differ from the baseline \(baseline.path) "
            + "(tolerance: colour distance \(tolerance.colorDistance), \(tolerance.differingRatio * 100)% of the "
            + "pixels); the screenshot is \(actual.path), the differences are drawn in \(diff?.path ?? "")"
    }
}

/// A PNG decoded by Cairo into 32-bit ARGB pixels (premultiplied, as Cairo holds them).
struct PNGImage {
    let width: Int
    let height: Int
    /// Row by row, `width` pixels each: `a << 24 | r << 16 | g << 8 | b`.
    let pixels: [UInt32]

    init(data: Data, what: String) throws {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Unmanaged.passRetained(Reader([UInt8](data)))
        defer { reader.release() }
        let loaded = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + reader.offset, count: count)
            }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }, reader.toOpaque())
        defer { cairo_surface_destroy(loaded) }
        guard cairo_surface_status(loaded) == CAIRO_STATUS_SUCCESS else {
            throw WebKitEngineError(.snapshot, "\(what) is not a PNG image Cairo can read ("
                                    + String(cString: cairo_status_to_string(cairo_surface_status(loaded))) + ")")
        }
        width = Int(cairo_image_surface_get_width(loaded))
        height = Int(cairo_image_surface_get_height(loaded))
        // Painted into ARGB32: a PNG without alpha loads as RGB24, whose top byte is undefined.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        cairo_set_source_surface(context, loaded, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(surface) {
            for row in 0..<height {
                let start = UnsafeRawPointer(data + row * stride)
                for column in 0..<width {
                    pixels[row * width + column] = start.load(fromByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        self.pixels = pixels
    }

    /// The indexes of the pixels whose colours are further apart than `colorDistance` (see
    /// ``ScreenshotBaseline/Tolerance/colorDistance``); the images have the same size.
    func differingPixels(from other: PNGImage, colorDistance: Double) -> [Int] {
        let limit = colorDistance * colorDistance * 4 * 255 * 255
        var differing: [Int] = []
        for index in pixels.indices where pixels[index] != other.pixels[index] {
            let a = pixels[index], b = other.pixels[index]
            var squared = 0.0
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = Double(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                squared += d * d
            }
            if squared > limit { differing.append(index) }
        }
        return differing
    }

    /// This image faded to a light grey, with the pixels at `indexes` in opaque red, as PNG data.
    func diffImage(marking indexes: [Int]) throws -> Data {
        var out = pixels.map { pixel -> UInt32 in
            let grey = (((pixel >> 16) & 0xFF) * 30 + ((pixel >> 8) & 0xFF) * 59 + (pixel & 0xFF) * 11) / 100
            let faded = 255 - (255 - grey) / 4
            return 0xFF00_0000 | faded << 16 | faded << 8 | faded
        }
        for index in indexes { out[index] = 0xFFFF_0000 }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for row in 0..<height {
                let start = UnsafeMutableRawPointer(data + row * stride)
                for column in 0..<width {
                    start.storeBytes(of: out[row * width + column], toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        switch CairoPNG.encode(surface) {
        case .success(let bytes): return Data(bytes)
        case .failure(let error): throw WebKitEngineError(.snapshot, "cannot encode the diff image (\(error.message))")
        }
    }
}

extension WebKitWebView {
    /// Takes a snapshot (``takeSnapshot()``) and checks it against the baseline PNG at `baseline` (see
    /// ``ScreenshotBaseline``): the first time it is stored, later it must match within `tolerance` or this throws
    /// ``ScreenshotMismatch`` (the screenshot and a diff image written beside the baseline); `update` replaces a
    /// baseline that differs.
    @discardableResult
    public func expectScreenshot(matches baseline: URL, tolerance: ScreenshotBaseline.Tolerance = .init(),
                                 update: Bool = false) async throws -> ScreenshotBaseline.Outcome {
        try ScreenshotBaseline(url: baseline, tolerance: tolerance).check(try await takeSnapshot(), update: update)
    }
}
