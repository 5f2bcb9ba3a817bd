import Foundation
import Hybrid

/// `hybrid run` with no page: the demo `web/index.html`, its native handlers and its script
/// (click every button, call `changeBGColor` and `testJavaScriptFunction` from native, check the DOM).
enum RunDemo {
    /// The page's buttons, clicked in this order.
    static let clicks = ["#scan", "#color", "#location", "#share", "#pay", "#goBack"]
    /// Native calls into the page.
    static let calls = [
        RunOptions.Call(handler: "changeBGColor", data: "background changed by native"),
        RunOptions.Call(handler: "testJavaScriptFunction", data: ["from": "Swift"]),
    ]
    /// What the page must show afterwards.
    static let asserts = [
        "document.body.style.backgroundColor === 'orange'",
        "document.getElementById('returnValue').value === 'background changed by native'",
    ]

    /// Where the demo is looked for: `./web`, then `<executable dir>/../share/hybrid/web`, then
    /// `<executable dir>/web` (see the README's install notes).
    static func candidates(currentDirectory: String = FileManager.default.currentDirectoryPath) -> [URL] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            URL(fileURLWithPath: currentDirectory).appendingPathComponent("web"),
            executable.appendingPathComponent("../share/hybrid/web").standardizedFileURL,
            executable.appendingPathComponent("web"),
        ].map { $0.appendingPathComponent("index.html") }
    }

    /// The demo page, or an input error saying where it looked.
    static func locate() throws(RunInputError) -> URL {
        let places = candidates()
        if let found = places.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
        throw RunInputError("no PAGE given and the demo page was not found; looked for "
                            + places.map(\.path).joined(separator: ", "))
    }

    /// The demo's native handlers, answering like the seed's tutorial app.
    static func registerHandlers(on bridge: WebViewJavascriptBridge) {
        bridge.registerHandler("scanClick") { _, respond in respond("scan result: www.example.com") }
        bridge.registerHandler("colorClick") { _, respond in respond("navigation bar colour changed") }
        bridge.registerHandler("locationClick") { _, respond in
            respond(["city": "Hangzhou", "latitude": 30.27, "longitude": 120.15])
        }
        bridge.registerHandler("shareClick") { data, respond in
            respond(["shared": true, "title": data?["title"] ?? .null])
        }
        bridge.registerHandler("payClick") { data, respond in
            respond(["status": "paid", "orderNo": data?["orderNo"] ?? .null])
        }
        bridge.registerHandler("goBackClick") { _, respond in respond(nil) }
    }
}
