import ArgumentParser
import Foundation
import Hybrid

/// The bridge's settings on the command line, shared by `hybrid run` and `hybrid test`: `--lenient`, `--timing-seed S`,
/// `--max-message-size BYTES`, `--container NAME`,
/// `--message-handler NAME`, `--mock-script FILE` and `--replay-har FILE`.
struct BridgeOptions: ParsableArguments {
    @Option(name: .customLong("max-message-size"),
            help: ArgumentHelp("The bridge's largest message in bytes of JSON text, either way (default 256 MiB, above "
                               + "what WKWebView delivers); larger ones are refused with payload_too_large.", valueName: "bytes"))
    var maxMessageSize: Int?

    @Flag(name: .long, help: "Run the bridge in its lenient compatibility setting (divergences are still reported).")
    var lenient = false

    @Option(name: .customLong("timing-seed"),
            help: ArgumentHelp("Run under the bridge's seeded timing S (injection and delivery delays drawn from S, on a "
                               + "virtual clock): replays a failure hybrid test --timing-seeds reported.", valueName: "S"))
    var timingSeed: UInt64?

    /// The bridge's timing: the seeded schedule of `--timing-seed`, else the device rule.
    var timing: BridgeTiming { timingSeed.map { BridgeTiming.explore(seed: $0) } ?? .device }

    @Option(name: .long, help: ArgumentHelp("The app the page runs in: which bridges it sees and its user agent (default "
                                            + "ios-wvjb; also android-jsbridge, dsbridge-ios, dsbridge-android, wechat-ios, wechat-android, "
                                            + "alipay, capacitor-ios, capacitor-android, cordova-ios, react-native-ios, react-native-android, flutter or "
                                            + "flutter:Channel1,Channel2; combine with +, e.g. ios-wvjb+dsbridge-ios).", valueName: "name"))
    var container = ContainerProfile.iOSWebViewJavascriptBridge.name

    @Option(name: .customLong("message-handler"),
            help: ArgumentHelp("Register window.webkit.messageHandlers.NAME (repeatable). A handler the mocks answer "
                               + "replies (postMessage returns a Promise of the mock's answer); any other only receives.",
                               valueName: "NAME"))
    var messageHandlers: [String] = []

    @Option(name: .customLong("mock-script"),
            help: ArgumentHelp("Mock native handlers with the functions a JavaScript module exports (module.exports = "
                               + "{ name(data) { ... } }), run in a context of its own, never in the page (repeatable; "
                               + "it wins over --mock and the sidecar).", valueName: "FILE"))
    var mockScripts: [String] = []

    @Option(name: .customLong("replay-har"),
            help: ArgumentHelp("Answer the page's requests from a HAR file (as browsers' developer tools save it), "
                               + "offline; a request it does not have fails, except to the page's own server.", valueName: "FILE"))
    var replayHAR: String?

    /// The container `--container` names (validated).
    var containerProfile: ContainerProfile { ContainerProfile(named: container) ?? .iOSWebViewJavascriptBridge }

    func validate() throws {
        if let maxMessageSize, maxMessageSize < 0 { throw ValidationError("--max-message-size must be 0 or more bytes") }
        if let bad = messageHandlers.first(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) {
            throw ValidationError("--message-handler needs a handler name without spaces, got \"\(bad)\"")
        }
        if let missing = mockScripts.first(where: { !FileManager.default.isReadableFile(atPath: $0) }) {
            throw ValidationError("--mock-script \(missing): cannot read the file")
        }
        if let replayHAR, !FileManager.default.isReadableFile(atPath: replayHAR) {
            throw ValidationError("--replay-har \(replayHAR): cannot read the file")
        }
        do {
            _ = try ContainerProfile(parsing: container)
        } catch {
            throw ValidationError("--container: \(error.message)")
        }
    }
}
