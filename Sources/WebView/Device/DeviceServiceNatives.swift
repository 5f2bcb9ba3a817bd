import Foundation
import JavaScript

/// The native half of `Resources/device/services.js`: the page's way to the web view's ``DeviceServices``.
/// Runtime-thread only.
///
/// At page set-up only a few values are defined (`native.system`, `native.online`, `native.navigationType`, whether
/// notifications exist); the script calls `native.deviceServices()` on the page's first use of a service, which
/// makes the functions. Structured answers travel as JSON text.
enum DeviceServiceNatives {
    static func install(on native: JSValue, host: any WebPlatformHost, in context: JSContext) {
        let core = (host as? DocumentHandle)?.core
        let services = core?.configuration.services ?? DeviceServices()
        native.setValue(core?.device.system.rawValue ?? DeviceProfile.System.iOS.rawValue, forProperty: "system")
        native.setValue(services.isOnline, forProperty: "online")
        native.setValue(services.notificationPermission?.rawValue ?? "", forProperty: "notificationPermission")
        native.setValue(core?.navigationType == .reload ? "reload" : core?.navigationType == .backForward ? "back_forward" : "navigate",
                        forProperty: "navigationType")
        // The functions hold the services and the page's URL, never the page (which holds them).
        let page = host.documentURL.absoluteString
        native.setValue(JSValue(function: { args in make(services: services, page: page, in: args.context) },
                                name: "deviceServices", in: context), forProperty: "deviceServices")
    }

    private static func make(services: DeviceServices, page: String, in context: JSContext) -> JSValue {
        let functions = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            functions.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("online") { _ in services.isOnline }
        // clipboard(): [{type, data}] with data an ArrayBuffer.
        define("readClipboard") { args in
            let list = JSValue(newArrayIn: args.context)
            for (index, entry) in services.clipboard.enumerated() {
                let item = JSValue(newObjectIn: args.context)
                item.setValue(entry.type, forProperty: "type")
                item.setValue(RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(Array(entry.data), in: args.contextRef)), forProperty: "data")
                list[index] = item
            }
            return list
        }
        // writeClipboard(types, buffers): replaces the clipboard.
        define("writeClipboard") { args in
            let types = args[0].toArray() ?? [], buffers = args[1].toArray() ?? []
            services.clipboard = zip(types, buffers).map { type, buffer in
                ClipboardEntry(type: type.toString() ?? "", data: Data(TypedArrayBytes.bytes(of: buffer.ref, in: args.contextRef) ?? []))
            }
            return nil
        }
        // geolocation(): JSON, {"position": {...}} or {"error": code}.
        define("geolocation") { _ in reading(services.geolocation).jsonString }
        define("requestNotificationPermission") { _ in services.requestNotificationPermission()?.rawValue ?? "denied" }
        define("currentNotificationPermission") { _ in services.notificationPermission?.rawValue ?? "denied" }
        define("showNotification") { args in
            services.record(notification: ShownNotification(title: args.string(at: 0) ?? "", body: args.string(at: 1) ?? "",
                                                            tag: args.string(at: 2) ?? "", page: page))
            return nil
        }
        // share(title, text, url, fileNames): "completed" or "cancelled".
        define("share") { args in
            let files = (args[3].toArray() ?? []).map { $0.toString() ?? "" }
            let request = ShareRequest(title: args[0].isString ? args.string(at: 0) : nil, text: args[1].isString ? args.string(at: 1) : nil,
                                       url: args[2].isString ? args.string(at: 2) : nil, files: files)
            return services.record(share: request) == .completed ? "completed" : "cancelled"
        }
        define("vibrate") { args in
            services.record(vibration: (args[0].toArray() ?? []).map { Int($0.toDouble()) })
            return nil
        }
        return functions
    }

    /// A reading as the script takes it.
    static func reading(_ reading: GeolocationReading) -> JSONValue {
        switch reading {
        case .error(let code): return .object(["error": .number(Double(code.rawValue))])
        case .position(let p):
            func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
            return .object(["position": .object([
                "latitude": .number(p.latitude), "longitude": .number(p.longitude), "accuracy": .number(p.accuracy),
                "altitude": optional(p.altitude), "altitudeAccuracy": optional(p.altitudeAccuracy),
                "heading": optional(p.heading), "speed": optional(p.speed),
            ])])
        }
    }
}
