import Foundation
import TestSupport
import Testing
import WebKitEngine
import WebView

/// Screenshots against stored PNG baselines: recorded the first time, matched after, a changed colour failing with
/// the screenshot and a diff image written, `update` replacing the baseline.
@Suite struct ScreenshotBaselineTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aScreenshotThatIsNotAPNGIsAClearErrorAndNoBaselineIsWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = ScreenshotBaseline(url: folder.appendingPathComponent("page.png"))
        let error = #expect(throws: WebKitEngineError.self) { try baseline.check(Data("not a png".utf8)) }
        #expect(error?.kind == .snapshot)
        #expect(error?.message.hasPrefix("the screenshot is not a PNG image Cairo can read") == true)
        #expect(!FileManager.default.fileExists(atPath: baseline.url.path))
    }

    @Test(.enabled(if: WebKitWebView.unavailableReason == nil, Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
    func aChangedColourFailsWithADiffImageAndPassesAfterAnUpdate() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = DeviceProfile.iPhoneSE
        let view = try await WebKitWebView.start(WebKitWebViewTests.generous(device: device))
        func page(_ colour: String) -> String {
            "<body style='margin:0;background:#fff'><div style='width:100px;height:50px;background:\(colour)'></div></body>"
        }
        // Snapshots are in device pixels: the device's pixel ratio (2) times its viewport.
        let scale = Int(device.devicePixelRatio)
        let (width, height) = (device.viewportWidth * scale, device.viewportHeight * scale)
        let boxPixels = 100 * 50 * scale * scale
        let url = folder.appendingPathComponent("__screenshots__/box.png")
        let baseline = ScreenshotBaseline(url: url)

        try await view.loadHTMLString(page("#0000ff"), baseURL: nil)
        #expect(try await view.expectScreenshot(matches: url) == .recorded)
        #expect(WebKitWebViewTests.pngSize(try Data(contentsOf: url)) == [width, height])
        #expect(try await view.expectScreenshot(matches: url) == .matched(differingPixels: 0))

        try await view.loadHTMLString(page("#00ff00"), baseURL: nil)
        let mismatch = await #expect(throws: ScreenshotMismatch.self) { try await view.expectScreenshot(matches: url) }
        // The box, 100 x 50 CSS pixels, changed colour: exactly its pixels differ.
        #expect(mismatch?.differingPixels == boxPixels)
        #expect(mismatch?.diff == baseline.diffURL)
        #expect(mismatch?.description.hasPrefix("\(boxPixels) of \(width * height) pixels") == true)
        let diff = try Data(contentsOf: baseline.diffURL)
        #expect(WebKitWebViewTests.pngSize(diff) == [width, height])
        #expect(FileManager.default.fileExists(atPath: baseline.actualURL.path))

        // A tolerance of every pixel lets it pass, without touching the baseline.
        let lenient = ScreenshotBaseline.Tolerance(colorDistance: 0.1, differingRatio: 1)
        #expect(try await view.expectScreenshot(matches: url, tolerance: lenient) == .matched(differingPixels: boxPixels))

        #expect(try await view.expectScreenshot(matches: url, update: true) == .updated(differingPixels: boxPixels))
        #expect(try await view.expectScreenshot(matches: url) == .matched(differingPixels: 0))
        #expect(!FileManager.default.fileExists(atPath: baseline.diffURL.path))
        #expect(!FileManager.default.fileExists(atPath: baseline.actualURL.path))

        // Another size is a mismatch of its own, named.
        let small = ScreenshotBaseline(url: folder.appendingPathComponent("small.png"))
        try small.check(try await view.takeSnapshot())
        await view.close()
        let other = try await WebKitWebView.start(WebKitWebViewTests.generous(device: .default))
        try await other.loadHTMLString(page("#00ff00"), baseURL: nil)
        let resized = await #expect(throws: ScreenshotMismatch.self) {
            try await other.expectScreenshot(matches: small.url)
        }
        await other.close()
        #expect(resized?.diff == nil)
        #expect(resized?.description.contains("the baseline \(small.url.path) \(width)x\(height)") == true)
    }
}
