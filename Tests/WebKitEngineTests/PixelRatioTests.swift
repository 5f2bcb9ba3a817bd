import Foundation
import Testing
import WebKitEngine
import WebView

/// GTK 3 scales a display by whole numbers: a device whose pixel ratio is not one is refused before any process
/// starts, with the reason (so this runs without WebKitGTK too). A whole ratio is the page's `devicePixelRatio` and
/// the snapshot's density (WebKitWebViewTests, ScreenshotBaselineTests).
struct PixelRatioTests {
    @Test func aFractionalPixelRatioIsRefusedWithTheReasonNotRounded() async throws {
        var tiny = DeviceProfile.iPhoneSE
        tiny.name = "tiny"
        tiny.devicePixelRatio = 0.5
        var huge = tiny
        huge.devicePixelRatio = 1e300
        for device in [DeviceProfile.pixel8, tiny, huge] {
            let error = await #expect(throws: WebViewEngineUnsupportedError.self) {
                _ = try await WebKitWebView.start(.init(device: device))
            }
            #expect(error?.description == "the device pixel ratio \(device.devicePixelRatio) of \(device.name) (GTK "
                + "scales a display by whole numbers: use a device whose ratio is 1, 2 or 3) is not supported by the "
                + "webkit engine")
        }
    }
}
