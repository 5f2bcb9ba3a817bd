import FixtureServer
import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

/// `navigator.sendBeacon` against a fixture server route that records what arrives.
@Suite struct BeaconTests {
    @Test func beaconsPostTheirBodyWithinTheQuotaAndRejectBadURLs() async throws {
        let received = Mutex<[String]>([])
        let page = try await ConnectionFixture { server in
            try server.route("POST", "/beacon") { request in
                received.withLock { $0.append("\(request.headers["content-type"] ?? "-") \(request.text)") }
                return .status(204)
            }
        }
        let result = try await page.webView.evaluateJavaScript("""
            (function () {
              function attempt(f) { try { return f(); } catch (e) { return e.name + ': ' + e.message; } }
              return [
                navigator.sendBeacon('/beacon', 'hello'),
                navigator.sendBeacon('beacon', new Blob(['{"a":1}'], { type: 'application/json' })),
                navigator.sendBeacon('/beacon', 'x'.repeat(70000)),
                attempt(function () { return navigator.sendBeacon('ftp://example.test/'); }),
                attempt(function () { return navigator.sendBeacon('http://[bad'); }),
                attempt(function () { return navigator.sendBeacon(); })
              ];
            })()
            """)
        // WebKit's words (observed on WebKitGTK 2.50 with hybrid conform).
        #expect(result == [true, true, false, "TypeError: Beacons can only be sent over HTTP(S)", "TypeError: This URL is invalid",
                           "TypeError: Not enough arguments"])
        let clock = ContinuousClock()
        let deadline = clock.now + .generous
        while received.withLock({ $0.count }) < 2, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(received.withLock { $0.sorted() } == [#"application/json {"a":1}"#, "text/plain;charset=UTF-8 hello"])
        await page.finish()
    }
}
