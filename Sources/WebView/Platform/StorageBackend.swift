import JavaScript

/// The native functions behind one `Storage` object (`localStorage` or `sessionStorage`).
enum StorageBackend {
    /// `{get, set, remove, clear, key, length, keys}` over `area`.
    static func make(_ area: WebStorageArea, in context: JSContext) -> JSValue {
        let backend = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            backend.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("get") { args in area.getItem(args.string(at: 0) ?? "undefined") as String? }
        define("set") { args in area.setItem(args.string(at: 0) ?? "undefined", args.string(at: 1) ?? "undefined") }
        define("remove") { args in area.removeItem(args.string(at: 0) ?? "undefined"); return nil }
        define("clear") { _ in area.clear(); return nil }
        define("key") { args in args.int(at: 0).flatMap { area.key(at: $0) } as String? }
        define("length") { _ in area.count }
        define("keys") { _ in area.allKeys }
        return backend
    }
}
