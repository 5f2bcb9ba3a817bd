internal import CSoup
import Foundation
import JavaScript

/// The native half of the platform scripts: one object of Swift functions per page, handed to the
/// scripts as `native` (it never becomes a global).
///
/// The functions hold the ``WebPlatformInstance`` strongly and it holds the page and context
/// weakly, so a dropped page is freed even while its functions live on in the JavaScript heap.
enum PlatformNatives {
    static func make(for instance: WebPlatformInstance, host: any WebPlatformHost, in context: JSContext) -> JSValue {
        let native = makeBasics(in: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("report") { [weak instance] args in
            instance?.host?.report(JSException(args[0]))
            return nil
        }
        define("resolveURL") { [weak instance] args in
            let raw = args.string(at: 0) ?? ""
            guard let base = instance?.host?.documentURL, let url = resolve(raw, against: base) else {
                throw JSException(name: "SyntaxError", message: "Invalid URL: '\(raw)'")
            }
            return url.absoluteString
        }
        define("getCookie") { [weak instance] _ in
            guard let host = instance?.host else { return "" }
            return host.session.cookies.documentCookie(for: host.documentURL)
        }
        define("setCookie") { [weak instance] args in
            guard let host = instance?.host else { return nil }
            host.session.cookies.setDocumentCookie(args.string(at: 0) ?? "", for: host.documentURL)
            return nil
        }
        native.setValue(StorageBackend.make(host.session.storage.area(for: host.documentURL), in: context), forProperty: "localStorage")
        native.setValue(StorageBackend.make(host.sessionStorage, in: context), forProperty: "sessionStorage")
        // send(method, url, headers, body, timeout, callback, keepalive, initiator, streaming, referrerPolicy,
        // referrer): the request's id; callback(result) later. A keepalive request outlives the page
        // (WebPlatformInstance.close); with an initiator (`fetch`, `img`, ...) a finished load becomes a Resource Timing
        // entry; a streaming one reports its head and each chunk first (`fetch`'s response.body). referrerPolicy is the
        // request's (`fetch`'s, an element's `referrerpolicy`; '' or none: the document's), referrer `fetch`'s (a URL of
        // the page's origin, '' for none; none: the page's).
        define("send") { args in
            instance.send(request(from: args), callback: args[5], keepalive: args.bool(at: 6), initiator: args.string(at: 7),
                          streaming: args.bool(at: 8), referrer: RequestReferrer(sendArguments: args))
        }
        // resourceTimings(from): the Resource Timing records from index `from` on, each [name, initiatorType, startTime,
        // responseEnd, decodedBodySize, encodedBodySize, transferSize] (platform/performance.js makes the entries).
        define("resourceTimings") { args in
            let from = max(0, args.int(at: 0) ?? 0)
            let records = instance.resourceRecords
            guard from < records.count else { return [[JSONValue]]() }
            return records[from...].map { record -> [JSONValue] in
                [.string(record.url), .string(record.initiator), .number(record.start), .number(record.end),
                 .number(Double(record.decodedSize)), .number(Double(record.encodedSize)),
                 .number(Double(record.isNetwork ? record.encodedSize + 300 : 0))]
            }
        }
        // resourceTimingControl(action, value): 'clear', 'size' (the buffer size), 'observe' (value: called after each
        // new record).
        define("resourceTimingControl") { args in
            switch args.string(at: 0) {
            case "clear": instance.clearResourceRecords()
            case "size": instance.resourceBufferSize = max(0, args.int(at: 1) ?? 0)
            case "observe": instance.resourceObserver = args.isFunction(at: 1) ? args[1] : nil
            default: break
            }
            return nil
        }
        // sendSync(method, url, headers, body, timeout): the result object, once the request has ended (sync XHR).
        define("sendSync") { args in
            instance.sendSynchronously(request(from: args))
        }
        define("abort") { args in
            if let id = args.int(at: 0) { instance.abort(id) }
            return nil
        }
        return native
    }

    /// The request of `send(method, url, headers, body, timeout, callback)` (`xmlhttprequest-send.js`), in a page or
    /// a worker.
    static func request(from args: JSArguments) -> WebRequest {
        let url = URL(string: args.string(at: 1) ?? "") ?? URL(string: "about:blank")!
        let headers = (args[2].toArray() ?? []).compactMap { pair -> (String, String)? in
            guard let name = pair[0].toString(), let value = pair[1].toString() else { return nil }
            return (name, value)
        }
        let bodyRef = args.ref(at: 3)
        let body: [UInt8]? = args[3].isString ? Array((args.string(at: 3) ?? "").utf8)
            : TypedArrayBytes.bytes(of: bodyRef, in: args.contextRef)
        let timeout = args.double(at: 4)
        return WebRequest(url: url, method: args.string(at: 0) ?? "GET", headers: headers, body: body,
                          timeout: timeout > 0 && timeout.isFinite ? .milliseconds(Int64(timeout)) : nil)
    }

    /// The natives that need no page (text encoding, base64, UUIDs, the CommonJS loader): shared by pages and workers.
    static func makeBasics(in context: JSContext) -> JSValue {
        let native = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("encodeUTF8") { args in
            RawJSValue(ref: TypedArrayBytes.makeUint8Array(Array((args.string(at: 0) ?? "").utf8), in: args.contextRef))
        }
        define("decodeUTF8") { args in
            var bytes = TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef) ?? []
            if !args.bool(at: 2), bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if args.bool(at: 1) {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw JSException(name: "TypeError", message: "TextDecoder: the encoded data is not valid UTF-8")
                }
                return text
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // decodeText(bytes, labels): the bytes decoded as Encoding's "decode" does (a byte order mark wins), in the
        // first of `labels` that names an encoding supported here, else UTF-8; malformed input becomes U+FFFD.
        define("decodeText") { args in
            let bytes = TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef) ?? []
            let labels = (args[1].toArray() ?? []).compactMap { $0.isString ? $0.toString() : nil }
            return TextDecoding.decode(bytes, labels: labels)
        }
        define("base64") { args in
            Data(TypedArrayBytes.bytes(of: args.ref(at: 0), in: args.contextRef) ?? []).base64EncodedString()
        }
        define("uuid") { _ in UUID().uuidString.lowercased() }
        define("makeRequire") { args in
            try CommonJSModules.makeRequire(in: args.context)
        }
        // compileModule(id, parameterNames): a package file as `function (parameterNames...) { source }`,
        // for a library that must see its own bindings (whatwg-fetch gets a setTimeout that page
        // visibility does not pause).
        define("compileModule") { args in
            let id = args.string(at: 0) ?? ""
            let parameters = args.string(at: 1) ?? ""
            guard let path = CommonJSModules.resolvePath(id, from: "/", searchPaths: CommonJSModules.defaultSearchPaths),
                  let script = CommonJSModules.script(at: path, parameters: parameters) else {
                throw CommonJSModules.ModuleNotFound(id: id, from: "/")
            }
            return try args.context.evaluate(script)
        }
        return native
    }

    /// Resolves `raw` against `base` as a browser would for the common cases; nil when invalid.
    static func resolve(_ raw: String, against base: URL) -> URL? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let url = URL(string: trimmed, relativeTo: base)
            ?? trimmed.addingPercentEncoding(withAllowedCharacters: .urlAllowed).flatMap { URL(string: $0, relativeTo: base) }
        guard let absolute = url?.absoluteURL, let scheme = absolute.scheme?.lowercased(), !scheme.isEmpty else { return nil }
        if scheme == "http" || scheme == "https" {
            // What libsoup cannot parse, or a URL without a host, would only fail later.
            guard let uri = hybrid_platform_parse_uri(absolute.absoluteString) else { return nil }
            defer { g_uri_unref(uri) }
            guard let host = g_uri_get_host(uri), host.pointee != 0 else { return nil }
        }
        return absolute
    }
}

private extension CharacterSet {
    /// Printable ASCII stays as is; spaces, controls and non-ASCII characters are percent-encoded.
    static let urlAllowed = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
}
