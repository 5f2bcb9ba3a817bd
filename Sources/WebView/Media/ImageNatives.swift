internal import CGdkPixbuf
internal import CJavaScriptCore
internal import CSoup
import Foundation
import JavaScript

/// The native half of `Resources/media/images.js` and `media/media.js`: functions on the platform's `native`
/// object that tell an image's natural size and the image types gdk-pixbuf's loaders decode, decode `data:` URLs
/// (libsoup), hold the
/// document's `load` event while images load, and the media settings of the web view's configuration.
/// Runtime-thread only.
enum ImageNatives {
    static func install(on native: JSValue, host: any WebPlatformHost, in context: JSContext) {
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        // imageSize(bytes): [width, height], or null when the bytes are not a whole image gdk-pixbuf can read.
        define("imageSize") { args in
            guard let bytes = TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef), !bytes.isEmpty else { return nil }
            var width: gint = 0
            var height: gint = 0
            let ok = bytes.withUnsafeBufferPointer { hybrid_image_size($0.baseAddress, gsize($0.count), &width, &height) }
            return ok != 0 ? [Double(width), Double(height)] : nil
        }
        // imageTypes(): the MIME types gdk-pixbuf's loaders can decode here (lower case).
        define("imageTypes") { _ in
            guard let list = hybrid_image_mime_types() else { return [String]() }
            defer { g_strfreev(list) }
            var types: [String] = []
            var index = 0
            while let type = list[index] {
                types.append(String(cString: type).lowercased())
                index += 1
            }
            return types
        }
        // decodeDataURL(url): {type, body: ArrayBuffer}, or null when libsoup cannot decode it.
        define("decodeDataURL") { args in
            guard let url = args.string(at: 0), let (type, bytes) = DataURL.decode(url) else { return nil }
            let result = JSValue(newObjectIn: args.context)
            result.setValue(type, forProperty: "type")
            result.setValue(RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(bytes, in: args.contextRef)), forProperty: "body")
            return result
        }
        // delayLoad(): true when the document's `load` event now waits for a matching loadDelayDone().
        define("delayLoad") { [weak host] _ in
            (host as? DocumentHandle)?.loader?.beginLoadDelay() ?? false
        }
        define("loadDelayDone") { [weak host] _ in
            (host as? DocumentHandle)?.loader?.endLoadDelay()
            return nil
        }
        // taskTimer(callback, delay, keepsBusy): the runtime's internal one-shot timer, for events fired as tasks.
        let timers = context.internalTimerFunctions()
        native.setValue(timers.schedule, forProperty: "taskTimer")
        native.setValue(timers.cancel, forProperty: "cancelTaskTimer")
        // The media elements' settings (`media/media.js`), from the web view's configuration.
        let configuration = (host as? DocumentHandle)?.core?.configuration ?? WebViewConfiguration()
        native.setValue(configuration.mediaTypesRequiringUserActionForPlayback.rawValue, forProperty: "mediaGesturePolicy")
        native.setValue(max(0, configuration.mediaDuration.seconds), forProperty: "mediaDuration")
        // The page layer (`env`): its attribute hooks, element prototypes and trusted dispatch.
        if let env = (host as? DocumentHandle)?.env { native.setValue(env, forProperty: "domEnv") }
    }
}
