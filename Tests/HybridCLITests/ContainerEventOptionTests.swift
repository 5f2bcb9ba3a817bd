import Foundation
import Testing
import TestSupport

/// `hybrid run --event NAME=JSON` and the Capacitor, Cordova, React Native and Flutter containers (issue 18).
@Suite struct ContainerEventOptionTests {
    private static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../web").standardized

    private static func mocks(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func eventFiresACapacitorListenerEventAndAnUnknownOneFailsNamingThoseItFires() async throws {
        let mocks = try Self.mocks(#"{"Network.getStatus": {"response": {"connected": true}}}"#)
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run([
            "run", "--container", "capacitor-ios", "--mock", mocks.path, "--transcript", transcript.path,
            "--event", #"Network.networkStatusChange={"connected":false}"#, "--eval", "JSON.stringify(statuses)",
            "--event", "nope", Self.web.appendingPathComponent("bridge/capacitor.html").path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#"[{"connected":false}]"#))
        #expect(result.stderr.contains(#"--event nope: unknown_event: container capacitor-ios fires no event "nope" now; it fires: "#
                                       + "Network.networkStatusChange, resume, pause"))
        let lines = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains(#""type":"event""#) && $0.contains(#""wire":"Capacitor.fromNative""#) })
    }

    @Test func eventResumesACordovaPageAndMessageReachesAReactNativePage() async throws {
        let cordova = try await HybridBinary.run([
            "run", "--container", "cordova-ios", "--event", "resume", "--eval", "log.join()",
            Self.web.appendingPathComponent("bridge/cordova.html").path,
        ])
        #expect(cordova.stdout.contains("DOMContentLoaded,deviceready,resume\n"), "\(cordova.stdout)\(cordova.stderr)")
        #expect((cordova.stdout + cordova.stderr).contains("native → JS event deviceready"))
        let reactNative = try await HybridBinary.run([
            "run", "--container", "react-native-ios", "--event", #"message="hello""#, "--eval", "received.join()",
            Self.web.appendingPathComponent("bridge/react-native.html").path,
        ])
        #expect(reactNative.status == 0, "\(reactNative.stdout)\(reactNative.stderr)")
        #expect(reactNative.stdout.contains("hello\n"))
        #expect(reactNative.stderr.contains("bridge react-native"))
    }

    @Test func eventSharesAWeChatPageFromTheMenuAndGoesBackInAlipay() async throws {
        let mocks = try Self.mocks(#"{"shareTimeline": {"response": {}}}"#)
        let page = Self.web.appendingPathComponent("../Tests/Fixtures/HybridTesting/protocols/wechat.html").standardized
        let weChat = try await HybridBinary.run([
            "run", "--container", "wechat-ios", "--mock", mocks.path, "--event", #"menu:share:timeline={"scene":"timeline"}"#,
            "--eval", "document.getElementById('shared').textContent", page.path,
        ])
        #expect(weChat.status == 0, "\(weChat.stdout)\(weChat.stderr)")
        #expect(weChat.stdout.contains("shareTimeline:ok\n"))
        #expect((weChat.stdout + weChat.stderr).contains("native → JS event menu:share:timeline"))
        let alipay = try await HybridBinary.run([
            "run", "--container", "alipay", "--event", #"resume={"resumeParams":{"from":"cli"}}"#, "--eval", "events.join()",
            Self.web.appendingPathComponent("bridge/alipay.html").path,
        ])
        #expect(alipay.status == 0, "\(alipay.stdout)\(alipay.stderr)")
        #expect(alipay.stdout.contains(#"resume {"resumeParams":{"from":"cli"}}"#))
    }

    @Test func eventWithBadJSONIsAUsageError() async throws {
        let result = try await HybridBinary.run(["run", "--container", "cordova-ios", "--event", "resume={",
                                                 Self.web.appendingPathComponent("bridge/cordova.html").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--event resume: invalid JSON"))
    }
}
