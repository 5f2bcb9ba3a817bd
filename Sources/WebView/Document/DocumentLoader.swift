import Foundation
import JavaScript

/// Drives one document from HTML text to its `load` event: incremental parsing, scripts in document
/// order (inline, `src`, `defer`, `async`), `readyState`, `DOMContentLoaded` and `load` as tasks.
///
/// Runtime-thread only. The parser is fed chunk by chunk (see ``HTMLSource``): after each chunk the
/// scripts it completed run, so an inline script sees only the document parsed before it. A blocking
/// `src` script stops the parser until it is loaded and has run.
final class DocumentLoader {
    private unowned let document: DocumentHandle
    private let source: HTMLSource
    private let resources: PageResourceLoader
    private var nextChunk = 0
    private var queue: [(script: JSValue, place: ScriptPlace)] = []
    /// Text `document.write` inserted that the parser has not taken yet: it comes before the source's next chunk.
    private var written: [ScriptPlace] = []
    /// How many of `written`'s first chunks come before the running parser script's insertion point.
    private var insertionPoint = 0
    /// The insertion points of the parser scripts running (inline or parser-blocking; nested when a script writes one):
    /// the places in the document right after their end tags. Empty: `document.write` has no insertion point.
    private var insertionPoints: [(line: Int, column: Int)] = []
    /// External scripts running (HTML's ignore-destructive-writes counter): their `document.write` without an
    /// insertion point is ignored.
    private var ignoreDestructiveWrites = 0
    /// Nested `document.write` calls, and whether they went deeper than WebKit's limit (until the outermost returns).
    private var writeDepth = 0, writeTooDeep = false
    /// Whether the parser was told the input ended.
    private var parserEnded = false
    private var blocked = false
    private var parsingDone = false
    private var deferred: [ExternalScript] = []
    private var pendingAsync = 0
    private var cancels: [() -> Void] = []
    private var cancelled = false
    private let onDOMContentLoaded: () -> Void
    private let onLoad: () -> Void

    init(document: DocumentHandle, html: String, resources: PageResourceLoader,
         onDOMContentLoaded: @escaping () -> Void, onLoad: @escaping () -> Void) {
        self.document = document
        source = HTMLSource(html)
        self.resources = resources
        self.onDOMContentLoaded = onDOMContentLoaded
        self.onLoad = onLoad
    }

    func cancel() {
        cancelled = true
        for cancel in cancels { cancel() }
        cancels.removeAll()
        queue.removeAll()
        written.removeAll()
        deferred.removeAll()
    }

    private var env: JSValue? { cancelled ? nil : document.env }

    /// Parses on until the end of the document or a blocking script.
    func resume() {
        while let env, !blocked {
            if !queue.isEmpty {
                let (script, place) = queue.removeFirst()
                process(script, place: place, env: env)
                continue
            }
            if !written.isEmpty {
                let place = written.removeFirst()
                queue.append(contentsOf: feed(place.chunk.text, end: false, env: env).map { ($0, place) })
                continue
            }
            if nextChunk < source.chunks.count {
                let place = ScriptPlace(chunk: source.chunks[nextChunk], source: source, base: nil)
                nextChunk += 1
                // Not the end yet, even for the last chunk: a script that ends the document runs before the end, as
                // on WebKit (no `<body>` yet when none was written; what it writes is parsed).
                queue.append(contentsOf: feed(place.chunk.text, end: false, env: env).map { ($0, place) })
                continue
            }
            guard !parserEnded else { break }
            // The end of the input, once every script that could write has run.
            parserEnded = true
            let place = ScriptPlace(chunk: source.chunks[source.chunks.count - 1], source: source, base: nil)
            queue.append(contentsOf: feed("", end: true, env: env).map { ($0, place) })
        }
        if env != nil, !blocked, !parsingDone, parserEnded, queue.isEmpty { finishParsing() }
    }

    /// Parses `text` on; the script elements it completed.
    private func feed(_ text: String, end: Bool, env: JSValue) -> [JSValue] {
        (try? env.invokeMethod("feed", arguments: [text, end]).toArray()) ?? []
    }

    // MARK: Scripts

    private func process(_ script: JSValue, place: ScriptPlace, env: JSValue) {
        script["__hybridStarted"] = JSValue(bool: true, in: script.context)
        let kind = (try? env.invokeMethod("scriptKind", arguments: [script]).toString()) ?? "skip"
        if kind == "skip" { return }
        if kind == "importmap" { return importMap(script) }
        let src = try? script.invokeMethod("getAttribute", arguments: ["src"])
        if kind == "module" {
            let text = script["textContent"].toString() ?? ""
            let (line, column) = place.start(ofText: text.utf16.count)
            let module = moduleScript(script, src: src?.isString == true ? src?.toString() : nil, text: text, line: line, column: column)
            if script.invokeMethod("hasAttribute", withArguments: ["async"]).toBool() {
                pendingAsync += 1
                fetchModule(module) { [unowned self] in
                    pendingAsync -= 1
                    run(module)
                    checkLoadComplete()
                }
            } else {
                deferred.append(module)
                fetchModule(module) { [unowned self] in if parsingDone { runDeferred() } }
            }
            return
        }
        if let src, src.isString, let raw = src.toString() {
            let isAsync = script.invokeMethod("hasAttribute", withArguments: ["async"]).toBool()
            let isDefer = script.invokeMethod("hasAttribute", withArguments: ["defer"]).toBool()
            guard let url = URL(string: raw.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: document.baseURL)?.absoluteURL,
                  !raw.trimmingCharacters(in: .whitespaces).isEmpty else {
                fail(script, PageLoadError(url: raw, message: "invalid script URL"))
                return
            }
            let external = ExternalScript(element: script, url: url)
            if isAsync {
                pendingAsync += 1
                fetch(external) { [unowned self] in
                    pendingAsync -= 1
                    run(external)
                    checkLoadComplete()
                }
            } else if isDefer {
                deferred.append(external)
                fetch(external) { [unowned self] in if parsingDone { runDeferred() } }
            } else {
                blocked = true
                fetch(external) { [unowned self] in
                    afterBlockingStylesheets { [unowned self] in
                        blocked = false
                        runParserScript(at: place) { run(external) }
                        resume()
                    }
                }
            }
            return
        }
        let text = script["textContent"].toString() ?? ""
        let (line, column) = place.start(ofText: text.utf16.count)
        let runInline = { [unowned self] in
            runParserScript(at: place) {
                execute(String(repeating: " ", count: max(column - 1, 0)) + text, sourceURL: document.url.absoluteString,
                        line: line, element: script)
            }
        }
        guard stylesheetsBlockScripts else { return runInline() }
        blocked = true
        afterBlockingStylesheets { [unowned self] in
            blocked = false
            runInline()
            resume()
        }
    }

    // MARK: document.write

    /// Whether `document.open()` replaces the document now: not while a parser script runs (WebKit ignores it
    /// there), and not before parsing is done (aborting the parser is not modelled: the call is ignored).
    var canOpen: Bool { env != nil && insertionPoints.isEmpty && parsingDone }

    /// Runs a parser script (inline, or parser-blocking external): while it runs, `document.write` has an insertion
    /// point, right after the script's end tag, before any text written earlier and not parsed yet.
    private func runParserScript(at place: ScriptPlace, _ body: () -> Void) {
        let saved = insertionPoint, count = written.count
        insertionPoint = 0
        insertionPoints.append(place.end)
        body()
        insertionPoints.removeLast()
        // What the script wrote and the parser has not taken (a written script holds it) comes before the outer
        // script's insertion point.
        insertionPoint = insertionPoints.isEmpty ? 0 : saved + max(written.count - count, 0)
    }

    /// `document.write` (page.js), as HTML and WebKit do it: while a parser script runs, `text` goes in at its
    /// insertion point and is parsed at once up to there, a written inline script running at once, unless a script
    /// holds the parser (a written `src` script, which runs when loaded, after the writer; the text waits for it).
    /// From an external script run without an insertion point (`async`, `defer`, inserted), it is ignored; from
    /// other code once the document is parsed it opens the document, replacing its content (`canOpen`).
    func write(_ text: String) {
        guard let env else { return }
        // WebKit's recursion limit (Document::write, 21 nested writes): a script that writes itself stops there.
        writeDepth += 1
        defer { writeDepth -= 1; if writeDepth == 0 { writeTooDeep = false } }
        writeTooDeep = writeTooDeep || writeDepth > 21
        if writeTooDeep { return }
        guard let base = insertionPoints.last else {
            guard ignoreDestructiveWrites == 0, canOpen else { return }
            _ = try? env.invokeMethod("writeOpened", arguments: [text])
            return
        }
        let html = HTMLSource(text)
        let places = html.chunks.map { ScriptPlace(chunk: $0, source: html, base: base) }
        written.insert(contentsOf: places, at: min(insertionPoint, written.count))
        insertionPoint += places.count
        while !blocked, insertionPoint > 0, !written.isEmpty {
            let place = written.removeFirst()
            insertionPoint -= 1
            var scripts = feed(place.chunk.text, end: false, env: env)
            while !scripts.isEmpty, !blocked { process(scripts.removeFirst(), place: place, env: env) }
            queue.insert(contentsOf: scripts.map { ($0, place) }, at: 0)
        }
    }

    /// Whether a stylesheet the parser inserted is still loading (HTML's script-blocking style sheets, `cssom.js`):
    /// the parser's scripts and the deferred ones wait for it, so they see its styles.
    private var stylesheetsBlockScripts: Bool {
        (try? env?.invokeMethod("stylesheetsBlockScripts", arguments: []))?.toBool() ?? false
    }

    /// Runs `body` now when no stylesheet blocks scripts, else once none does (or never, once the load is cancelled).
    private func afterBlockingStylesheets(_ body: @escaping () -> Void) {
        guard stylesheetsBlockScripts, let env else { return body() }
        let callback = JSValue(function: { [weak self] _ in
            if self?.cancelled == false { body() }
            return nil
        }, name: "stylesheetsLoaded", in: document.context)
        _ = try? env.invokeMethod("whenStylesheetsLoaded", arguments: [callback])
    }

    /// A script inserted by a page script (not by the parser): runs at once (inline) or when loaded. As in
    /// browsers, a `src` script inserted before the `load` event delays it until the script has run or failed
    /// (script loaders, JSONP and chunked bundles insert their scripts this way).
    func insertedScript(_ script: JSValue) {
        guard let env else { return }
        script["__hybridStarted"] = JSValue(bool: true, in: script.context)
        let kind = (try? env.invokeMethod("scriptKind", arguments: [script]).toString()) ?? "skip"
        let src = script.invokeMethod("getAttribute", withArguments: ["src"])
        if kind == "skip" { return }
        if kind == "importmap" { return importMap(script) }
        if kind == "module" {
            // Line 0: an inserted module's text has no place in the document (see `moduleScriptTransform`).
            let module = moduleScript(script, src: src.isString ? src.toString() : nil, text: script["textContent"].toString() ?? "",
                                      line: 0, column: 1)
            return runWhenLoaded(module, fetch: fetchModule)
        }
        if src.isString, let raw = src.toString() {
            guard let url = URL(string: raw, relativeTo: document.baseURL)?.absoluteURL, !raw.isEmpty else {
                fail(script, PageLoadError(url: raw, message: "invalid script URL"))
                return
            }
            runWhenLoaded(ExternalScript(element: script, url: url), fetch: fetch)
        } else {
            execute(script["textContent"].toString() ?? "", sourceURL: document.url.absoluteString, line: 0, element: script)
        }
    }

    /// Runs an inserted `src` or module script once fetched; inserted before `load` is queued, it delays `load` until
    /// it has run or failed.
    private func runWhenLoaded(_ script: ExternalScript, fetch: (ExternalScript, @escaping () -> Void) -> Void) {
        let delaysLoad = !loadQueued
        if delaysLoad { pendingAsync += 1 }
        fetch(script) { [unowned self] in
            run(script)
            if delaysLoad {
                pendingAsync -= 1
                checkLoadComplete()
            }
        }
    }

    /// Makes the `load` event wait (an image or an iframe loading, as in browsers): true unless `load` is already queued or done, in which
    /// case nothing waits and ``endLoadDelay()`` must not be called.
    func beginLoadDelay() -> Bool {
        guard !loadQueued, !cancelled else { return false }
        pendingAsync += 1
        return true
    }

    /// Ends a wait ``beginLoadDelay()`` started.
    func endLoadDelay() {
        guard !cancelled, pendingAsync > 0 else { return }
        pendingAsync -= 1
        checkLoadComplete()
    }

    private func fetch(_ script: ExternalScript, then: @escaping () -> Void) {
        if script.url.scheme?.lowercased() == "blob" {
            // The page's blob URL store (platform/blob.js) is read now, as the fetch starts; the script runs in a task.
            script.result = PageResourceLoader.blobScript(script.url, env: env)
            document.core?.queueTask(for: document) { [weak self] in if self?.cancelled == false { then() } }
            return
        }
        let start = document.context.now
        let cancel = resources.load(script.url, for: document, policy: script.referrerPolicy,
                                    integrity: script.integrity) { [weak self] result in
            guard let self, !self.cancelled else { return }
            if case .success(let resource) = result {   // a Resource Timing entry, initiatorType 'script'
                let size = resource.text.utf8.count
                document.platform?.recordResource(url: script.url, initiator: "script", start: start, decodedSize: size, encodedSize: size)
            }
            if case .success(let resource) = result, let refusal = MimeTypes.classicScriptRefusal(resource.mimeType) {
                script.result = .failure(PageLoadError(url: script.url.absoluteString, message: refusal))
            } else {
                script.result = result
            }
            then()
        }
        cancels.append(cancel)
    }

    /// An import map: its rules go into the page's module loader; an external one (`src`) fires `error`, as in browsers.
    private func importMap(_ element: JSValue) {
        if element.invokeMethod("hasAttribute", withArguments: ["src"]).toBool() { return fire("error", at: element) }
        guard let loader = ESModules.loader(for: document, resources: resources) else { return }
        _ = try? loader.invokeMethod("addImportMap", arguments: [element["textContent"].toString() ?? "", document.baseURL.absoluteString])
    }

    /// `<link rel=modulepreload href>`: the module and its imports are fetched into the page's module map now, so a
    /// later `import` finds them; `load` or `error` fires on the link.
    func modulePreload(_ link: JSValue, href: String) {
        guard let url = URL(string: href), let loader = ESModules.loader(for: document, resources: resources) else {
            return fire("error", at: link)
        }
        // As HTML says for a modulepreload link, the document's load event waits for the module graph's fetch.
        let delaysLoad = beginLoadDelay()
        let callback = JSValue(function: { [weak self] args in
            self?.fire(args.bool(at: 0) ? "load" : "error", at: link)
            if delaysLoad { self?.endLoadDelay() }
            return nil
        }, name: "modulePreloaded", in: document.context)
        _ = try? loader.invokeMethod("preload", arguments: [url.absoluteString, callback])
    }

    /// A module script: external (`src`, resolved against the base URL) or inline (`text` at `line` and `column` of
    /// the document).
    private func moduleScript(_ element: JSValue, src: String?, text: String, line: Int, column: Int) -> ExternalScript {
        let raw = src?.trimmingCharacters(in: .whitespacesAndNewlines)
        let url = raw.flatMap { $0.isEmpty ? nil : URL(string: $0, relativeTo: document.baseURL)?.absoluteURL }
        let module = ExternalScript(element: element, url: url ?? document.baseURL)
        module.module = .init(inline: src == nil ? text : nil, line: line, column: column, invalidURL: src != nil && url == nil)
        return module
    }

    /// Fetches a module script and everything it imports (``ESModules``); `then` runs when all arrived or one failed.
    private func fetchModule(_ script: ExternalScript, then: @escaping () -> Void) {
        guard let module = script.module else { return }
        let document = document
        let fail = { (message: String) in
            script.result = .failure(PageLoadError(url: script.url.absoluteString, message: message))
            document.core?.queueTask(for: document) { [weak self] in if self?.cancelled == false { then() } }
        }
        if module.invalidURL { return fail("invalid script URL") }
        guard let loader = ESModules.loader(for: document, resources: resources) else { return fail("no module loader") }
        let context = document.context
        // The script runs as a task of its own (as a fetched script does), not inside the loader's call: its bodies
        // are microtasks, which the engine runs when the task's call into the page returns.
        let callback = JSValue(function: { [weak self] args in
            guard let self, !self.cancelled else { return nil }
            module.handle = args[0]
            script.result = .success(PageResource(url: script.url, text: ""))
            document.core?.queueTask(for: document) { [weak self] in if self?.cancelled == false { then() } }
            return nil
        }, name: "moduleFetched", in: context)
        let source: any JSValueConvertible = module.inline.map { JSValue(string: $0, in: context) } ?? JSValue(nullIn: context)
        do {
            let integrity: any JSValueConvertible = script.integrity.map { JSValue(string: $0, in: context) } ?? JSValue(nullIn: context)
            _ = try loader.invokeMethod("load", arguments: [script.url.absoluteString, source, module.line, module.column, callback,
                                                            integrity])
        } catch {
            fail("\(error)")
        }
    }

    private func runModule(_ script: ExternalScript, handle: JSValue) {
        guard let loader = env?["moduleLoader"], loader.isObject else { return }
        // An external module script's `load` is fired by the loader once its bodies ran (see modules.js `run`).
        let ran: JSValue = script.module?.inline == nil
            ? JSValue(function: { [weak self] _ in self?.fire("load", at: script.element); return nil }, name: "ran", in: document.context)
            : JSValue(undefinedIn: document.context)
        let outcome = (try? loader.invokeMethod("run", arguments: [handle, ran]).toString()) ?? "ok"
        if outcome == "network" {
            fail(script.element, PageLoadError(url: script.url.absoluteString, message: handle["message"].toString() ?? "failed"))
        }
    }

    private func run(_ script: ExternalScript) {
        guard env != nil, let result = script.result, !script.ran else { return }
        script.ran = true
        if let handle = script.module?.handle, case .success = result { return runModule(script, handle: handle) }
        switch result {
        case .success(let resource):
            ignoreDestructiveWrites += 1
            execute(resource.text, sourceURL: resource.url.absoluteString, line: 1, element: script.element)
            ignoreDestructiveWrites -= 1
            fire("load", at: script.element)
        case .failure(let error):
            fail(script.element, error)
        }
    }

    private func execute(_ text: String, sourceURL: String, line: Int, element: JSValue) {
        guard let env else { return }
        var text = text
        if let transform = document.scriptTransform, let changed = transform(text, sourceURL, line) { text = changed }
        let line = max(line, 1)   // 0: inserted with text (see `scriptTransform`), evaluated from line 1
        if ESModules.mayImport(text), let loader = ESModules.loader(for: document, resources: resources) {
            // `import()` in a classic script resolves against the script's URL, or the document's base URL inline.
            let base = sourceURL == document.url.absoluteString ? document.baseURL.absoluteString : sourceURL
            if let translated = ESModules.translateClassic(text, base: base, loader: loader) { text = translated }
        }
        env["currentScript"] = element
        document.context.evaluateScript(text, sourceURL: sourceURL, startingLineNumber: line)
        env["currentScript"] = JSValue(nullIn: document.context)
    }

    private func fail(_ element: JSValue, _ error: PageLoadError) {
        fire("error", at: element)
        document.core?.deliverException(JSException(name: "NetworkError", message: "failed to load script \(error.url): \(error.message)",
                                                    sourceURL: document.url.absoluteString), in: document)
    }

    private func fire(_ type: String, at element: JSValue) {
        guard let env else { return }
        _ = try? env.invokeMethod("fire", arguments: [element, type, false])
    }

    // MARK: Milestones

    private func finishParsing() {
        parsingDone = true
        setReadyState("interactive")
        runDeferred()
    }

    private func runDeferred() {
        while let first = deferred.first, first.result != nil {
            if stylesheetsBlockScripts { return afterBlockingStylesheets { [weak self] in self?.runDeferred() } }
            deferred.removeFirst()
            run(first)
        }
        guard deferred.isEmpty, !domContentLoadedQueued else { return }
        domContentLoadedQueued = true
        document.core?.queueTask(for: document) { [weak self] in
            guard let self, let env = self.env else { return }
            self.onDOMContentLoaded()
            _ = try? env.invokeMethod("domContentLoaded", arguments: [])
            self.domContentLoadedDone = true
            self.checkLoadComplete()
        }
    }
    private var domContentLoadedQueued = false
    private var domContentLoadedDone = false
    private var loadQueued = false

    private func checkLoadComplete() {
        guard domContentLoadedDone, pendingAsync == 0, !loadQueued else { return }
        loadQueued = true
        document.core?.queueTask(for: document) { [weak self] in
            guard let self, self.env != nil else { return }
            self.setReadyState("complete")
            _ = try? self.env?.invokeMethod("loaded", arguments: [])
            self.onLoad()
        }
    }

    private func setReadyState(_ state: String) {
        document.readyState = state
        _ = try? env?.invokeMethod("setReadyState", arguments: [state])
    }
}

/// A `src` script being fetched.
final class ExternalScript {
    let element: JSValue
    let url: URL
    var result: Result<PageResource, PageLoadError>?
    var ran = false
    /// Set for a module script.
    var module: ModuleScriptState?
    /// The element's `integrity` (Subresource Integrity metadata), when it has one.
    let integrity: String?
    /// The policy its `referrerpolicy` names, if any (else the document's applies).
    let referrerPolicy: ReferrerPolicy?
    init(element: JSValue, url: URL) {
        self.element = element
        self.url = url
        let integrity = element.invokeMethod("getAttribute", withArguments: ["integrity"])
        self.integrity = integrity.isString ? integrity.toString() : nil
        let policy = element.invokeMethod("getAttribute", withArguments: ["referrerpolicy"])
        referrerPolicy = policy.isString ? policy.toString().flatMap(ReferrerPolicy.init(token:)) : nil
    }
}

/// What a module script carries besides its URL: its inline text and where it starts, and the loader's handle to its
/// fetched module graph.
final class ModuleScriptState {
    let inline: String?
    let line: Int
    let column: Int
    let invalidURL: Bool
    var handle: JSValue?
    init(inline: String?, line: Int, column: Int, invalidURL: Bool) {
        self.inline = inline
        self.line = line
        self.column = column
        self.invalidURL = invalidURL
    }
}

/// Where a script element was parsed: a chunk of the document's source, or of text a script wrote
/// (`document.write`), which stands at `base`, the place in the document where it was written.
struct ScriptPlace {
    let chunk: HTMLSource.Chunk
    let source: HTMLSource
    let base: (line: Int, column: Int)?

    /// The 1-based line and column of `offset` in `source`, as a place in the document.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let (line, column) = source.position(of: offset)
        guard let base else { return (line, column) }
        return line == 1 ? (base.line, base.column + column - 1) : (base.line + line - 1, column)
    }

    /// Where a script's text of `length` UTF-16 units starts (it ends at the chunk's `</script`).
    func start(ofText length: Int) -> (line: Int, column: Int) {
        position(of: max((chunk.endTagStart ?? chunk.start) - length, 0))
    }

    /// Right after the chunk: where its script writes.
    var end: (line: Int, column: Int) { position(of: chunk.start + chunk.text.utf16.count) }
}
