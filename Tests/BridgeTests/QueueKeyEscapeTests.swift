import Bridge
import JavaScript
import Testing

/// A queue whose member names are written with escapes (`"d\u0061ta"`, which `JSON.stringify` never writes but a
/// page that replaced `_fetchQueue` may) means what `JSON.parse` says it means.
@Suite struct QueueKeyEscapeTests {
    @Test(arguments: [#"[{"handlerName":"record","d\u0061ta":42}]"#,
                      #"[{"h\u0061ndlerName":"record","data":42}]"#,
                      #"[{"handlerName":"record","data":0,"d\u0061ta":42}]"#])
    func escapedMemberNamesAreRead(_ queue: String) async throws {
        let page = ContextPage()
        let received = Recorder<JSONValue?>()
        page.bridge.registerHandler("record") { data, _ in received.append(data) }
        try await page.load("")
        await page.idle()
        try await page.eval("""
            var realFetch = WebViewJavascriptBridge._fetchQueue;
            WebViewJavascriptBridge._fetchQueue = function () { WebViewJavascriptBridge._fetchQueue = realFetch; realFetch(); return \(JSONValue.string(queue).jsonString); };
            WebViewJavascriptBridge.callHandler('record', 0);
            """)
        await page.idle()
        #expect(received.all == [42])
    }
}
