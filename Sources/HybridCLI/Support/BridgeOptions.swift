import ArgumentParser
import Hybrid

/// The bridge's settings on the command line, shared by `hybrid run` and `hybrid test`: `--lenient`, `--timing-seed S`,
/// `--max-message-size BYTES` and `--container NAME`.
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
                                            + "alipay, capacitor-ios, capacitor-android, cordova-ios, react-native-ios, flutter or "
                                            + "flutter:Channel1,Channel2; combine with +, e.g. ios-wvjb+dsbridge-ios).", valueName: "name"))
    var container = ContainerProfile.iOSWebViewJavascriptBridge.name

    /// The container `--container` names (validated).
    var containerProfile: ContainerProfile { ContainerProfile(named: container) ?? .iOSWebViewJavascriptBridge }

    func validate() throws {
        if let maxMessageSize, maxMessageSize < 0 { throw ValidationError("--max-message-size must be 0 or more bytes") }
        do {
            _ = try ContainerProfile(parsing: container)
        } catch {
            throw ValidationError("--container: \(error.message)")
        }
    }
}
