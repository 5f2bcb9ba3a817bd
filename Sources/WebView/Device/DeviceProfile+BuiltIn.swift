import JavaScript

extension DeviceProfile {
    /// ` HybridRuntime/<version>`, the end of every built-in user agent.
    static let agentSuffix = " HybridRuntime/\(HybridVersion.string)"
    /// What WKWebView sends on iOS 17 (no `Version/` or `Safari/`, unlike Safari itself).
    static let iOSWebViewAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    private static func iPhone(_ name: String, width: Int, height: Int, dpr: Double, safeArea: Insets, rotatedSafeArea: Insets,
                               agent: String = iOSWebViewAgent, languages: [String] = ["en-US"]) -> DeviceProfile {
        DeviceProfile(name: name, viewportWidth: width, viewportHeight: height, devicePixelRatio: dpr,
                      safeArea: safeArea, rotatedSafeArea: rotatedSafeArea, maxTouchPoints: 5,
                      userAgent: agent + agentSuffix, platform: "iPhone", languages: languages, system: .iOS)
    }

    /// iPhone SE (3rd generation): 375 x 667, 2x, a 20 px status bar.
    public static let iPhoneSE = iPhone("iPhone SE", width: 375, height: 667, dpr: 2,
                                        safeArea: Insets(top: 20), rotatedSafeArea: .zero)
    /// iPhone 15: 393 x 852, 3x, Dynamic Island (59 px top, 34 px home indicator). The default profile.
    public static let iPhone15 = iPhone("iPhone 15", width: 393, height: 852, dpr: 3,
                                        safeArea: Insets(top: 59, bottom: 34),
                                        rotatedSafeArea: Insets(right: 59, bottom: 21, left: 59))
    /// iPhone 15 Pro Max: 430 x 932, 3x.
    public static let iPhone15ProMax = iPhone("iPhone 15 Pro Max", width: 430, height: 932, dpr: 3,
                                              safeArea: Insets(top: 59, bottom: 34),
                                              rotatedSafeArea: Insets(right: 59, bottom: 21, left: 59))
    /// The iPhone 15 inside WeChat: its WKWebView user agent with `MicroMessenger/...`, Chinese first.
    public static let iPhone15WeChat = iPhone(
        "iPhone 15 WeChat", width: 393, height: 852, dpr: 3, safeArea: Insets(top: 59, bottom: 34),
        rotatedSafeArea: Insets(right: 59, bottom: 21, left: 59),
        agent: iOSWebViewAgent + " MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN", languages: ["zh-CN", "en-US"])
    /// The iPhone 15 inside Alipay: its WKWebView user agent with `AlipayClient/...`, Chinese first.
    public static let iPhone15Alipay = iPhone(
        "iPhone 15 Alipay", width: 393, height: 852, dpr: 3, safeArea: Insets(top: 59, bottom: 34),
        rotatedSafeArea: Insets(right: 59, bottom: 21, left: 59),
        agent: iOSWebViewAgent + " AliApp(AP/10.6.0.6000) Nebula WK AlipayClient/10.6.0.6000 Language/zh-Hans Region/CN",
        languages: ["zh-CN", "en-US"])
    /// iPad (10th generation): 820 x 1180, 2x. Its WKWebView asks for desktop pages, as iPadOS does by default:
    /// a Mac user agent and `MacIntel`, told apart by `maxTouchPoints`.
    public static let iPad = DeviceProfile(
        name: "iPad", viewportWidth: 820, viewportHeight: 1180, devicePixelRatio: 2,
        safeArea: Insets(top: 24, bottom: 20), rotatedSafeArea: Insets(top: 24, bottom: 20), maxTouchPoints: 5,
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)" + agentSuffix,
        platform: "MacIntel", system: .iOS)
    /// Pixel 8 in an Android WebView (`; wv`): 412 x 915, 2.625x.
    public static let pixel8 = DeviceProfile(
        name: "Pixel 8", viewportWidth: 412, viewportHeight: 915, devicePixelRatio: 2.625, maxTouchPoints: 5,
        userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36" + agentSuffix,
        platform: "Linux armv8l", system: .android)
    /// A desktop web view (a Mac's WKWebView): 1280 x 800, 2x, mouse, no touch.
    public static let desktop = DeviceProfile(
        name: "desktop", viewportWidth: 1280, viewportHeight: 800, devicePixelRatio: 2, screenWidth: 1440, screenHeight: 900,
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)" + agentSuffix,
        platform: "MacIntel", system: .desktop)

    /// The default: a current iPhone in WKWebView (``iPhone15``).
    public static let `default` = iPhone15

    /// Every built-in profile, the default first.
    public static let builtIn: [DeviceProfile] = [.iPhone15, .iPhoneSE, .iPhone15ProMax, .iPhone15WeChat, .iPhone15Alipay,
                                                  .iPad, .pixel8, .desktop]

    /// The built-in profile called `name` (case and spaces or hyphens ignored: `iphone-se`), or nil.
    public static func named(_ name: String) -> DeviceProfile? {
        func key(_ text: String) -> String { String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }) }
        let wanted = key(name)
        return builtIn.first { key($0.name) == wanted }
    }
}
