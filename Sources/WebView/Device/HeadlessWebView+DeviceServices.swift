import Foundation
import JavaScript

extension HeadlessWebView {
    /// The device services the pages of this web view get (``WebViewConfiguration/services``).
    public var services: DeviceServices { configuration.services }

    /// Takes the device on or off the network, as a phone entering a tunnel: ``DeviceServices/isOnline`` changes and,
    /// when it changed, the current page's window gets `offline` or `online` and `navigator.onLine` follows.
    /// (Requests still reach the network: a page's own fetches are not failed by this.)
    public func setOnline(_ online: Bool) async {
        let changed = services.isOnline != online
        services.isOnline = online
        guard changed else { return }
        await notifyPage("online", online)
    }

    /// Moves the device: ``DeviceServices/geolocation`` becomes `reading` and the current page's
    /// `watchPosition` callbacks get it (its success or error callback), each as a task.
    public func setGeolocation(_ reading: GeolocationReading) async {
        services.geolocation = reading
        await notifyPage("geolocation", DeviceServiceNatives.reading(reading).jsonString)
    }

    private func notifyPage(_ kind: String, _ value: some JSValueConvertible & Sendable) async {
        await withCore { core in
            guard let document = core.document, !document.isClosed, let env = document.env else { return }
            _ = try? env.invokeMethod("deviceService", arguments: [kind, value])
        }
    }
}
