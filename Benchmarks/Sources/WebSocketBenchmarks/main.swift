import BenchmarkSupport
import CSoupMinimal
import Foundation
import Hybrid

// A WebSocket round trip against the fixture server's echo endpoint (`.webSocket(.echo)`, on its own thread): a
// 32-byte text message sent, its echo received, one at a time. The page's `WebSocket` in a HeadlessWebView (a batch of
// round trips per `callAsyncJavaScript`: JavaScript, WebSocketNatives, libsoup's client on the runtime thread) against
// a plain libsoup client (C API, its own main context, no JavaScript), in the same run against the same server.

/// The baseline: libsoup's client on the calling thread's own main context, iterated until each echo is back.
final class PlainClient {
    private let context = g_main_context_new()!
    private let session: OpaquePointer
    private var connection: OpaquePointer?
    var received = 0

    init(url: String) {
        g_main_context_push_thread_default(context)
        session = OpaquePointer(soup_session_new())
        let message = soup_message_new("GET", url)
        soup_session_websocket_connect_async(UnsafeMutablePointer(session), message, nil, nil, 0, nil, { source, result, data in
            let client = Unmanaged<PlainClient>.fromOpaque(data!).takeUnretainedValue()
            client.connection = soup_session_websocket_connect_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, nil)
        }, Unmanaged.passUnretained(self).toOpaque())
        while connection == nil { g_main_context_iteration(context, 1) }
        g_object_unref(UnsafeMutableRawPointer(message))
        let onMessage: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, _, data in
            Unmanaged<PlainClient>.fromOpaque(data!).takeUnretainedValue().received += 1
        }
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "message", unsafeBitCast(onMessage, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    func roundTrips(_ count: Int, message: String) {
        for _ in 0..<count {
            let before = received
            soup_websocket_connection_send_text(connection, message)
            while received == before { g_main_context_iteration(context, 1) }
        }
    }

    func close() {
        soup_websocket_connection_close(connection, 1000, nil)
        while soup_websocket_connection_get_state(connection) != SOUP_WEBSOCKET_STATE_CLOSED { g_main_context_iteration(context, 1) }
        g_object_unref(UnsafeMutableRawPointer(connection))
        g_object_unref(UnsafeMutableRawPointer(session))
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("websocket-bench-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let server = FixtureServer(root: folder.path)
try server.route("GET", "/echo") { _ in .webSocket(.echo) }
let base = try await server.start()
let socketURL = "ws" + base.dropFirst(4) + "echo"
let roundTrips = Int(ProcessInfo.processInfo.environment["WS_BENCH_ROUND_TRIPS"] ?? "") ?? 2_000
let message = String(repeating: "x", count: 32)

printReportHeader("A WebSocket round trip against the fixture server's echo endpoint (32-byte text, one at a time)")
let plain = PlainClient(url: socketURL)
let baseline = measure("plain libsoup client (C API, no JavaScript)", operations: roundTrips) {
    plain.roundTrips(roundTrips, message: message)
}
plain.close()

let webView = HeadlessWebView(runtime: JavaScriptRuntime())
try await webView.loadHTMLString("""
    <script>
    var ws = new WebSocket('\(socketURL)'), waiting = null;
    ws.onmessage = function () { var done = waiting; waiting = null; done(); };
    var opened = new Promise(function (resolve) { ws.onopen = resolve; });
    function roundTrips(count) {
      return new Promise(function (resolve) {
        var left = count;
        function next() {
          if (left-- === 0) return resolve(count);
          waiting = next;
          ws.send('\(message)');
        }
        next();
      });
    }
    </script>
    """, baseURL: URL(string: base))
_ = try await webView.callAsyncJavaScript("opened.then(function () { return true; })")
let page = try await measure("page WebSocket: send() to message event", operations: roundTrips) {
    _ = try await webView.callAsyncJavaScript("roundTrips(\(roundTrips))")
}
report(page, against: baseline)
await webView.close()
await server.stop()
