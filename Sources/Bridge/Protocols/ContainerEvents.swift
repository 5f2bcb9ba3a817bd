import JavaScript
import WebView

/// A protocol adapter that fires its protocol's events into the page: Cordova's `deviceready` and `resume`,
/// a Capacitor plugin's listener events (`App.appStateChange`), React Native's `message`, WeChat's
/// `menu:share:timeline`, Alipay's `back`.
protocol ContainerEventSource: AnyObject, Sendable {
    /// The events it can fire now, by name. Runtime thread.
    func eventNames() -> [String]
    /// Fires `name` with `data` in the current page; false when `name` is not one of its events. Runtime thread.
    func fire(_ name: String, data: JSONValue?) -> Bool
}

extension WebViewJavascriptBridge {
    /// Fires one event of the container's protocols into the page, as the native app would: `deviceready`,
    /// `pause` or `resume` in Cordova, a plugin listener event `Plugin.event` (`App.appStateChange`) or a document
    /// event `resume` in Capacitor, `message` (the data as the message's text) in React Native and Flutter, an event
    /// of WeChat's to the page's `WeixinJSBridge.on` listener (`menu:share:timeline`: the user chose to share, and the
    /// JS-SDK's `wx.onMenuShareTimeline` runs the page's `trigger` and shares), an Alipay document event with
    /// `event.data` (`resume`, `back`: when the page calls `preventDefault()` to stay, the transcript has the page's
    /// `response` with outcome `prevented` after the event). `WeixinJSBridgeReady` and `AlipayJSBridgeReady` fire once: before the page's `load` they bring the
    /// bridge in early, later they only warn. ``eventNames`` lists what the container fires now. `hybrid run --event
    /// NAME=JSON` calls this.
    ///
    /// Throws `unknown_event` when no protocol of the container fires `name` (the message lists those it does),
    /// `page_gone` when there is no page.
    public func fireEvent(_ name: String, data: JSONValue? = nil) async throws(BridgeError) {
        let core = self.core
        let outcome: (fired: Bool, names: [String]) = await runtime.perform { _ in
            let sources = core.state.withLock { $0.eventSources }
            for source in sources where source.fire(name, data: data) { return (true, []) }
            return (false, sources.flatMap { $0.eventNames() })
        }
        guard !outcome.fired else { return }
        let container = core.state.withLock { $0.container }
        throw BridgeError(code: BridgeError.unknownEvent,
                          message: "container \(container.name) fires no event \"\(name)\" now; it fires: "
                          + (outcome.names.isEmpty ? "none" : outcome.names.joined(separator: ", ")))
    }

    /// The events ``fireEvent(_:data:)`` can fire in the current page, by protocol: fixed ones (`deviceready`,
    /// `message`) and those the page listens for (Capacitor listeners, as `Plugin.event`).
    public var eventNames: [String] {
        get async {
            let core = self.core
            return await runtime.perform { _ in core.state.withLock { $0.eventSources }.flatMap { $0.eventNames() } }
        }
    }

    /// Adds an adapter's events to those ``fireEvent(_:data:)`` fires.
    func addEventSource(_ source: any ContainerEventSource) {
        core.state.withLock { $0.eventSources.append(source) }
    }
}

extension BridgeError {
    /// ``WebViewJavascriptBridge/fireEvent(_:data:)`` was asked for an event no protocol of the container fires.
    public static let unknownEvent = "unknown_event"
}
