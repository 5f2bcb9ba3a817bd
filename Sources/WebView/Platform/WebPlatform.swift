import JavaScript

/// The web APIs a page needs beyond domino's DOM, installed into each page's global object.
///
/// ```swift
/// let platform = WebPlatform.install(in: context, host: page)  // before any page script
/// // ... when the document goes away:
/// platform.close()
/// ```
public enum WebPlatform {
    /// Installs `URL`, `URLSearchParams`, `atob`/`btoa`, `TextEncoder`/`TextDecoder`,
    /// `localStorage`/`sessionStorage`, `document.cookie`, `XMLHttpRequest`, `fetch`/`Headers`/
    /// `Request`/`Response`, `AbortController`/`AbortSignal`, `crypto` (with `crypto.subtle` in secure contexts, on
    /// libgcrypt), `structuredClone`, `MessageChannel`/`MessagePort`/`BroadcastChannel`, `DOMException` and
    /// `performance.now()` (when missing) into `context`'s global object, and the 2D canvas (`getContext('2d')`, on
    /// Cairo), images (`<img>`, `Image`: natural sizes from gdk-pixbuf), media elements (`<audio>`, `<video>`) and
    /// dedicated workers (`Worker`, each on a runtime thread of its own) when `host` is a page's document.
    ///
    /// Call it after the DOM's window is the global (`document` set) and before any page script.
    /// An installation error (a script failing) goes to `host.report`. Keep the returned instance and
    /// call its ``WebPlatformInstance/close()`` when the document goes away, so pending requests are
    /// cancelled and their work tokens end.
    @discardableResult
    public static func install(in context: JSContext, host: any WebPlatformHost) -> WebPlatformInstance {
        let instance = WebPlatformInstance(context: context, host: host)
        let native = PlatformNatives.make(for: instance, host: host, in: context)
        CanvasNatives.install(on: native, registry: instance.canvases, in: context)
        ImageNatives.install(on: native, host: host, in: context)
        CryptoNatives.install(on: native, host: host, in: context)
        SubresourceIntegrity.install(on: native, in: context)   // fetch's `integrity` (platform/modules.js)
        CompressionNatives.install(on: native, in: context)
        DeviceServiceNatives.install(on: native, host: host, in: context)
        WorkerNatives.install(on: native, host: host, in: context)
        WebSocketNatives.install(on: native, owner: instance, in: context)
        EventSourceNatives.install(on: native, owner: instance, in: context)
        // The canvas script gives domino's canvases their methods through the page's own domino modules.
        if let env = (host as? DocumentHandle)?.env {
            native.setValue(env["require"], forProperty: "domRequire")
            native.setValue(env, forProperty: "domEnv")   // the DOM's lazy installers report what they make (native-code.js)
        }
        let internals = JSValue(newObjectIn: context)
        let global = context.globalObject
        for (_, script) in WebViewScripts.platform + [("canvas", WebViewScripts.canvas)] + WebViewScripts.media
                + [("services", WebViewScripts.services), ("native-code", WebViewScripts.nativeCode)] {
            do {
                let installer = try context.evaluate(script.script.get())
                try installer.call(arguments: [global, native, internals])
            } catch let error as JSException {
                host.report(error)
            } catch {
                host.report(JSException(name: "Error", message: "web platform: \(error)"))
            }
        }
        return instance
    }
}
