import Foundation
import JavaScript

/// ES modules for a page's `<script type="module">` and `import()`.
///
/// JavaScriptCore's module loader is not reachable through its classic C API (the shipped library exports only
/// the C++ `JSC::loadModule`/`importModule`, which need the fetch hooks of a WebKit global object; `import()` in a
/// C API context rejects with "Could not import the module"). So modules are translated to classic scripts, the way
/// bundlers' SSR transforms do: `modules.js` parses each one with Debian's acorn (node-acorn, loaded through
/// ``CommonJSModules`` on a page's first module) and edits it in place, keeping its lines, into a function that
/// runs under the module's URL, so errors and stacks point into the module's text.
///
/// Translations are kept per process by URL, first line and text, and, as ``SharedScript``s, parsed once per
/// virtual machine: a page that loads a module the process has seen pays neither acorn nor the engine's parser again.
enum ESModules {
    /// A module's translation: the script (a function of the module's hooks and its dependencies' namespaces) and
    /// what `modules.js` needs to link it (its specifiers, `export *` sources, top-level `await`), as JSON.
    private struct Translation: Sendable {
        var script: SharedScript
        var meta: String
    }

    /// Up to 64 MiB of module text (counted by key, which holds the text) per process; past that the table starts over.
    private static let translations = ReadMostlyCache<String, Translation>(costLimit: 64 << 20) { key, _ in key.utf8.count }

    /// Classic scripts' translations (their `import()` calls routed to the page's loader) by base URL and text, nil
    /// when a script has no `import()` (or does not parse): a page that runs a script the process has seen does not
    /// load acorn for it again. Bounded as ``translations``.
    private static let classicTranslations = ReadMostlyCache<ClassicScript, String?>(costLimit: 64 << 20) { key, _ in
        key.base.utf8.count + key.text.utf8.count
    }
    /// A classic script and the base URL its `import()` calls resolve against: the key of ``classicTranslations``
    /// (two strings side by side, so a lookup shares the script's storage instead of copying it into one key).
    private struct ClassicScript: Hashable, Sendable {
        var base: String
        var text: String
    }

    /// What ``translateClassic(_:base:loader:)`` keeps for `text` and `base`: nil when nothing is kept, `.some(nil)`
    /// when the script needs no translation. For tests.
    static func cachedClassicTranslation(_ text: String, base: String) -> String?? {
        classicTranslations[ClassicScript(base: base, text: text)]
    }

    /// `text`, a classic script whose `import()` calls resolve against `base`, as `loader` (the page's, from
    /// ``loader(for:resources:)``) translates it; nil when it needs no translation or the translation failed.
    /// Each `import` keyword becomes the name of the page's hook for `base`, of the same length (the script keeps
    /// its columns), once the loader bound that name on the page; where it cannot (the name is taken), the script is
    /// translated again with calls that name `base`.
    static func translateClassic(_ text: String, base: String, loader: JSValue) -> String? {
        let key = ClassicScript(base: base, text: text)
        let translation: String?
        if let cached = classicTranslations[key] {
            translation = cached
        } else {
            guard let translated = try? loader.invokeMethod("translateClassic", arguments: [text, base]) else { return nil }
            translation = classicTranslations.insert(translated.isString ? translated.toString() : nil, for: key)
        }
        guard let translation else { return nil }
        if (try? loader.invokeMethod("bindImport", arguments: [base]))?.toBool() == true { return translation }
        guard let long = try? loader.invokeMethod("translateClassic", arguments: [text, base, true]), long.isString else { return nil }
        return long.toString()
    }

    /// The body of an event handler attribute (`onclick="..."`) with its `import()` calls routed to the document's
    /// loader against its base URL, as a classic script's are; nil when it needs no translation. The body is
    /// translated inside the function it becomes (`return` is allowed there), with the same lines.
    static func translateHandler(_ body: String, document: DocumentHandle, resources: PageResourceLoader) -> String? {
        guard mayImport(body), let loader = loader(for: document, resources: resources) else { return nil }
        let head = "(function (event) {\n", tail = "\n})"
        guard let translated = translateClassic(head + body + tail, base: document.baseURL.absoluteString, loader: loader),
              translated.hasPrefix(head), translated.hasSuffix(tail) else { return nil }
        return String(translated.dropFirst(head.count).dropLast(tail.count))
    }

    private static func key(_ args: JSArguments) -> String {
        (args.string(at: 0) ?? "") + "\u{0}" + String(args.int(at: 1) ?? 1) + "\u{0}" + (args.string(at: 2) ?? "")
    }

    /// Whether a classic script may call `import()`: `import`, optional white space, `(`. A cheap test before acorn
    /// looks for a real `ImportExpression`, so that scripts without one pay nothing for modules.
    static func mayImport(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer -> Bool in
            // memchr for each `i`, then the rest of the word: about 1 ms for 500 KB of script in a debug build, where
            // a generic `firstRange(of:)` took 150 ms optimised.
            guard let base = buffer.baseAddress else { return false }
            let word = Array("import".utf8), count = buffer.count
            var i = 0
            while i + word.count <= count {
                guard let found = memchr(base + i, Int32(word[0]), count - i - (word.count - 1)) else { return false }
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if (1..<word.count).allSatisfy({ buffer[i + $0] == word[$0] }) {
                    var next = i + word.count
                    while next < count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[next]) { next += 1 }
                    if next < count, buffer[next] == 0x28 { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// The document's module loader (`modules.js`), made on its first module; nil when the page is gone or the
    /// loader cannot be made (acorn not installed: the error is reported to the page).
    static func loader(for document: DocumentHandle, resources: PageResourceLoader) -> JSValue? {
        guard let env = document.env, !document.isClosed else { return nil }
        let existing = env["moduleLoader"]
        if existing.isObject { return existing }
        let fetch: JSFunctionBody = { [weak resources, weak document] args in
            let callback = args[1]
            func answer(_ result: Result<PageResource, PageLoadError>) {
                switch result {
                case .success(let resource):
                    _ = try? callback.call(arguments: [JSValue(nullIn: callback.context), resource.text, resource.mimeType ?? ""])
                case .failure(let error): _ = try? callback.call(arguments: [error.message])
                }
            }
            guard let resources, let url = args.string(at: 0).flatMap(URL.init(string:)) else {
                _ = try? callback.call(arguments: ["invalid URL"])
                return nil
            }
            if url.scheme?.lowercased() == "blob", let document {
                // The page's blob URL store (platform/blob.js), read now, as a classic script's is; answered in a task.
                let result = PageResourceLoader.blobScript(url, env: env)
                document.core?.queueTask(for: document) { answer(result) }
                return nil
            }
            resources.load(url, for: document,
                           integrity: args[2].isString ? args.string(at: 2) : nil, completion: answer)
            return nil
        }
        let report: JSFunctionBody = { [weak document] args in
            if let document, !document.isClosed { document.core?.uncaught(args[0], in: document) }
            return nil
        }
        // The page's `moduleScriptTransform`, read as each module arrives.
        let transform: JSFunctionBody = { [weak document] args in
            guard let document, let hook = document.moduleScriptTransform, let text = args.string(at: 1) else { return nil }
            return hook(text, args.string(at: 0) ?? "", args.int(at: 2) ?? 1)
        }
        do {
            let loader = try makeLoader(in: document.context, env: env, fetch: fetch, report: report, transform: transform)
            env["moduleLoader"] = loader
            return loader
        } catch {
            document.core?.deliverException(JSException(name: "Error", message: "cannot load ES modules: \(error)",
                                                        sourceURL: document.url.absoluteString), in: document)
            return nil
        }
    }

    /// A module loader (`modules.js`) for `context`, a page's or a worker's: `fetch(url, callback)` gets a module's
    /// text and media type (`callback(null, text, type)`, `type` '' when the response had none; or `callback(message)`
    /// when it cannot be fetched or does not match `integrity`, its optional third argument) and `report(error)` hears the
    /// errors of module scripts; `transform(url, text, line)`, if given, returns a module's source to use instead of
    /// `text` (or nil) before it is translated. The translations are the process's (``translations``), whichever
    /// context made them.
    static func makeLoader(in context: JSContext, env: JSValue, fetch: @escaping JSFunctionBody,
                           report: @escaping JSFunctionBody, transform: JSFunctionBody? = nil) throws -> JSValue {
        let native = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native[name] = JSValue(function: body, name: name, in: context)
        }
        define("fetch", fetch)
        if let transform { define("transform", transform) }
        define("cached") { args in translations[key(args)]?.meta }
        define("compile") { args in
            let key = key(args)
            let translation = translations[key] ?? translations.insert(Translation(
                // The translation starts at line 1 (an inline module's lines are padded to its document line): the
                // engine evaluates a shared script from line 1 whatever starting line it was given.
                script: SharedScript(source: args.string(at: 3) ?? "", sourceURL: args.string(at: 0) ?? ""),
                meta: args.string(at: 4) ?? "{}"), for: key)
            let function = try args.context.evaluate(translation.script)
            let pair = try args.context.evaluate("[]")
            _ = try pair.invokeMethod("push", arguments: [function, translation.meta])
            return pair
        }
        // The engine's own words for a module that did not parse (or whose translation did not): `{message, line}`
        // from its module-mode parser (line 1 is the text's first), or undefined when the engine parses it.
        define("checkSyntax") { args in
            do {
                try args.context.checkModuleSyntax(args.string(at: 1) ?? "", sourceURL: args.string(at: 0))
                return nil
            } catch let error as JSException {
                let found = JSValue(newObjectIn: args.context)
                found["message"] = JSValue(string: error.message, in: args.context)
                found["line"] = JSValue(double: Double(error.line ?? 1), in: args.context)
                return found
            }
        }
        define("report", report)
        define("isJavaScriptType") { args in JSValue(bool: MimeTypes.isJavaScript(args.string(at: 0) ?? ""), in: args.context) }
        define("moduleTypeRefusal") { args in MimeTypes.moduleRefusal(args.string(at: 0) ?? "", json: args[1].toBool()) }
        let require = try CommonJSModules.makeRequire(in: context)
        return try context.evaluate(WebViewScripts.modules.script.get()).call(arguments: [require, native, env])
    }
}
