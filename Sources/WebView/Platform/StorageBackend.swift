internal import CJavaScriptCore
import JavaScript

/// The native functions behind one `Storage` object (`localStorage` or `sessionStorage`).
enum StorageBackend {
    /// `{get, set, remove, clear, key, length, keys}` over `area`.
    static func make(_ area: WebStorageArea, in context: JSContext) -> JSValue {
        let backend = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            backend.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("get") { args in orNull(area.getItem(args.string(at: 0) ?? "undefined"), args) }
        define("set") { args in area.setItem(args.string(at: 0) ?? "undefined", args.string(at: 1) ?? "undefined") }
        define("remove") { args in area.removeItem(args.string(at: 0) ?? "undefined"); return nil }
        define("clear") { _ in area.clear(); return nil }
        define("key") { args in orNull(args.int(at: 0).flatMap { area.key(at: $0) }, args) }
        define("length") { _ in area.count }
        define("keys") { _ in area.allKeys }
        return backend
    }

    /// The string, or `null` (a bare Swift nil would become `undefined`).
    private static func orNull(_ value: String?, _ args: JSArguments) -> any JSValueConvertible {
        value ?? RawJSValue(ref: JSValueMakeNull(args.contextRef))
    }
}
