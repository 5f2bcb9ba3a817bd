@testable import Bridge
import JavaScript
import Testing

/// A handler name is only a name: the names of `Object.prototype`'s members are unknown handlers
/// unless a page registers them, and a response id is only ever a callback id.
@Suite struct HandlerNameTests {
    static let prototypeNames = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf",
                                 "__defineGetter__", "propertyIsEnumerable", "toLocaleString"]

    @Test(arguments: prototypeNames)
    func prototypeMemberNamesAreUnknownJavaScriptHandlers(_ name: String) async throws {
        let page = ContextPage()
        try await page.load(setupScript(""))
        await page.idle()
        await #expect(throws: BridgeError(code: BridgeError.handlerNotFound, message: "no JavaScript handler named \"\(name)\"")) {
            try await page.bridge.call(name, "x")
        }
        #expect(page.exceptions.all.isEmpty)
    }

    @Test(arguments: prototypeNames)
    func prototypeMemberNamesAreUnknownNativeHandlers(_ name: String) async throws {
        let page = ContextPage()
        try await page.load(setupScript(""))
        await page.idle()
        try await page.eval("""
            WebViewJavascriptBridge.call(\(JSONValue.string(name).jsonString)).then(function () { globalThis.code = 'answered'; },
                                                                               function (e) { globalThis.code = e.code; });
            """)
        await page.idle()
        #expect(try await page.eval("code") == "handler_not_found")
    }

    @Test(arguments: prototypeNames)
    func aPageMayRegisterAHandlerUnderAPrototypeMemberName(_ name: String) async throws {
        let page = ContextPage()
        let literal = JSONValue.string(name).jsonString
        try await page.load(setupScript("""
            bridge.registerHandler(\(literal), function (d) { return 'mine ' + d; });
            bridge.registerHandler('other', function (d) { return 'other ' + d; });
            """))
        await page.idle()
        #expect(try await page.callUntilIdle(name, 1)?.get() == "mine 1")
        #expect(try await page.callUntilIdle("other", 2)?.get() == "other 2")
        // Registering it changed no other name: `call` is not Function.prototype.call now.
        let call = await page.callUntilIdle("call")
        #expect(call.map { if case .failure(let error) = $0 { error.code } else { "answered" } } == BridgeError.handlerNotFound)
    }

    @Test(arguments: prototypeNames)
    func responseIdsNamedLikePrototypeMembersAreUnknown(_ name: String) async throws {
        let page = ContextPage()
        try await page.load(setupScript(""))
        await page.idle()
        let message = JSONValue.object(["responseId": .string(name), "responseData": 1]).jsonString
        try await page.eval("""
            WebViewJavascriptBridge.disableJavscriptAlertBoxSafetyTimeout();
            WebViewJavascriptBridge._handleMessageFromObjC(\(JSONValue.string(message).jsonString));
            """)
        await page.idle()
        #expect(page.console.all.contains { $0.contains("unknown or repeated responseId \(name)") })
        #expect(page.exceptions.all.isEmpty)
    }
}
