import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct DeviceProfileTests {
    @Test func builtInProfilesEndWithTheRuntimeVersionAndRoundTripThroughJSON() throws {
        #expect(DeviceProfile.builtIn.first == .default)
        #expect(Set(DeviceProfile.builtIn.map(\.name)).count == DeviceProfile.builtIn.count)
        for profile in DeviceProfile.builtIn {
            #expect(profile.userAgent.hasSuffix(" HybridRuntime/\(HybridVersion.string)"), "\(profile.name)")
            #expect(try DeviceProfile.decode(from: profile.jsonData()) == profile, "\(profile.name)")
            #expect(profile.problem == nil)
        }
        #expect(DeviceProfile.iPhone15.userAgent.hasPrefix("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)"))
        #expect(!DeviceProfile.iPhone15.userAgent.contains("Safari"))  // WKWebView, not Safari
        #expect(DeviceProfile.pixel8.userAgent.contains("; wv)"))
        #expect(DeviceProfile.iPhone15WeChat.userAgent.contains(" MicroMessenger/8."))
        #expect(DeviceProfile.iPhone15Alipay.userAgent.contains(" AlipayClient/10."))
        #expect(DeviceProfile.named("iphone-se") == .iPhoneSE)
        #expect(DeviceProfile.named("IPHONE 15 PRO MAX") == .iPhone15ProMax)
        #expect(DeviceProfile.named("iPhone 16") == nil)
    }

    @Test func aCustomProfileNeedsOnlyNameAndSizeAndTakesDefaultsForTheRest() throws {
        let profile = try DeviceProfile.decode(from: Data(#"{"name": "kiosk", "width": 1024, "height": 768, "maxTouchPoints": 0, "system": "desktop", "colorScheme": "dark", "safeArea": {"top": 20}}"#.utf8))
        #expect(profile.viewportWidth == 1024 && profile.viewportHeight == 768)
        #expect(profile.screenWidth == 1024 && profile.screenHeight == 768)
        #expect(profile.orientation == .landscape)
        #expect(profile.hover == .hover && profile.pointer == .fine)
        #expect(profile.colorScheme == .dark)
        #expect(profile.devicePixelRatio == DeviceProfile.default.devicePixelRatio)
        #expect(profile.userAgent == DeviceProfile.default.userAgent)
        #expect(profile.safeArea == DeviceProfile.Insets(top: 20))
        #expect(profile.rotatedSafeArea == .zero)
    }

    @Test func badJSONIsAnErrorNamingTheKey() {
        func message(_ json: String) -> String? {
            do { _ = try DeviceProfile.decode(from: Data(json.utf8)); return nil } catch { return error.message }
        }
        #expect(message(#"{"name": "x", "height": 10}"#) == "device profile: 'width' is missing")
        #expect(message(#"{"name": "x", "width": "wide", "height": 10}"#) == "device profile: 'width' is not an integer")
        #expect(message(#"{"name": "x", "width": 10, "height": 10, "orientation": "sideways"}"#) == "device profile: 'orientation' has an unknown value")
        #expect(message(#"{"name": "x", "width": 0, "height": 10}"#) == "device profile: 'width' and 'height' must be above 0")
        #expect(message(#"{"name": "x", "width": 10, "height": 10, "devicePixelRatio": -1}"#) == "device profile: 'devicePixelRatio' must be a number above 0")
        #expect(message(#"{"name": "x", "width": 10, "height": 10, "safeArea": {"top": "a"}}"#) == "device profile: 'safeArea.top' is not a number")
        #expect(message("{not json") == "device profile: not valid JSON")
        #expect(message("[]") != nil)
    }

    @Test func rotationSwapsTheViewportAndSafeAreaAndTheScreenOffIOS() {
        let phone = DeviceProfile.iPhone15.rotated()
        #expect(phone.viewportWidth == 852 && phone.viewportHeight == 393 && phone.orientation == .landscape)
        #expect(phone.screenWidth == 393 && phone.screenHeight == 852)  // WebKit keeps the screen in portrait
        #expect(phone.safeArea == DeviceProfile.Insets(right: 59, bottom: 21, left: 59))
        #expect(phone.rotated() == .iPhone15)
        let android = DeviceProfile.pixel8.rotated()
        #expect(android.screenWidth == 915 && android.screenHeight == 412 && android.orientationAngle == 90)
    }
}
