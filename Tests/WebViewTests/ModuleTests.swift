import Foundation
import JavaScript
import Testing
@testable import WebView

/// ES modules (``ESModules``): `<script type="module">`, `import`/`export` in their forms, live bindings, cycles,
/// top-level await, `import()`, and their failures, with pages and modules served from files.
@Suite struct ModuleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func namedDefaultNamespaceAndReExports() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='main.js'></script>",
            "main.js": """
                import { count, increment } from './counter.js';
                import * as counter from './counter.js';
                import greet, { name as who } from './lib/greet.js';
                import { star, renamed } from './lib/index.js';
                const seen = [count];
                increment();
                seen.push(count, counter.count, greet(), who, star, renamed, Object.keys(counter).join(),
                          Object.prototype.toString.call(counter), import.meta.url.endsWith('/main.js'));
                window.seen = seen;
                """,
            "counter.js": "export let count = 0;\nexport function increment() { count++; }\n",
            "lib/greet.js": "export const name = 'world';\nexport default function () { return 'hello ' + name; }\n",
            "lib/index.js": "export * from './star.js';\nexport { name as renamed } from './greet.js';\n",
            "lib/star.js": "export const star = '*';\nexport default 'not re-exported';\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("seen") == [
            0, 1, 1, "hello world", "world", "*", "world", "count,increment", "[object Module]", true,
        ])
        await webView.close()
    }

    /// JSON modules: `import ... with { type: 'json' }` (static, re-exported, and through `import()` with options from
    /// a module and from a classic script), one record per URL and type, and their failures: text that is not JSON,
    /// an unsupported type, a bad options argument.
    @Test func jsonModulesThroughImportAttributes() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var classic = import('./data.json', { with: { type: 'json' } }).then(m => m.default.name);</script>
                <script type='module' src='main.js'></script>
                """,
            "main.js": """
                import data from './data.json' with { type: 'json' };
                import { config } from './reexport.js';
                const dynamic = await import('./data.json', {
                  with: { type: 'json' }
                });
                const again = await import('./data.json', { assert: { type: 'json' } });
                const failures = await Promise.all([
                  import('./broken.json', { with: { type: 'json' } }).then(() => 'loaded', e => e.name),
                  import('./data.json', { with: { type: 'css' } }).then(() => 'loaded', e => e.name),
                  import('./data.json', 'json').then(() => 'loaded', e => e.name),
                  import('./uses-css.js').then(() => 'loaded', e => e.name),
                ]);
                window.seen = [data.name, data.list.length, config.debug, dynamic.default === data, again.default === data,
                               Object.keys(dynamic).join(), await classic, failures];
                """,
            "reexport.js": "export { default as config } from './config.json' with { type: 'json' };\n",
            "data.json": #"{ "name": "shop", "list": [1, 2, 3] }"#,
            "config.json": #"{ "debug": false }"#,
            "broken.json": "{ not json",
            "uses-css.js": "import sheet from './style.css' with { type: 'css' };\nexport default sheet;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        #expect(try await webView.evaluateJavaScript("seen") == [
            "shop", 3, false, true, true, "default", "shop", ["SyntaxError", "TypeError", "TypeError", "TypeError"],
        ])
        await webView.close()
    }

    /// `import()` in scripts the host evaluates (`evaluateJavaScript`, `callAsyncJavaScript`, `hybrid run --eval`)
    /// resolves against the document's base URL as a page's own script would; `import()` inside `eval` does not (it
    /// rejects as the engine's does).
    @Test func theHostsScriptsCanImport() async throws {
        let fixture = try PageFixture([
            "app/index.html": "<p>host</p>",
            "app/lib/math.js": "export const twice = n => n * 2;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("app/index.html"))
        #expect(try await webView.callAsyncJavaScript("import('./lib/math.js').then(m => m.twice(21))") == 42)
        _ = try await webView.evaluateJavaScript("window.pending = import('./lib/math.js').then(m => typeof m.twice)")
        #expect(try await webView.callAsyncJavaScript("pending") == "function")
        let viaEval = try await webView.callAsyncJavaScript("eval(\"import('./lib/math.js')\").then(() => 'imported', e => 'rejected')")
        #expect(viaEval == "rejected")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `import()` in an event handler attribute goes to the page's loader against the base URL, as in browsers; the
    /// body may `return`, the attribute keeps its text, and a handler without `import()` is compiled as it is.
    @Test func dynamicImportFromAnEventHandlerAttribute() async throws {
        let fixture = try PageFixture([
            "app/index.html": """
                <button id="a" onclick="window.loaded = import('./lib/math.js').then(m => m.twice(21)); return false">a</button>
                <button id="b" onclick="window.plain = 'imports nothing'">b</button>
                """,
            "app/lib/math.js": "export const twice = n => n * 2;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("app/index.html"))
        #expect(try await webView.callAsyncJavaScript("""
            const a = document.getElementById('a');
            const click = new MouseEvent('click', { bubbles: true, cancelable: true });
            const notCancelled = a.dispatchEvent(click);
            document.getElementById('b').click();
            document.getElementById('b').setAttribute('onclick', "window.later = import('./lib/math.js').then(m => m.twice(2))");
            document.getElementById('b').click();
            Promise.all([window.loaded, window.later]).then(([x, y]) =>
              [x, y, notCancelled, window.plain, a.getAttribute('onclick').startsWith("window.loaded = import('./lib")])
            """) == [42, 4, false, "imports nothing", true])
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        await webView.close()
    }

    /// `evaluateModule`: host code as a module at a URL, its imports resolved against it and run once per page, its
    /// default export returned (nil without one); its errors are thrown to the host, not reported as the page's.
    @Test func theHostEvaluatesCodeAsAModuleAndGetsItsDefaultExport() async throws {
        let fixture = try PageFixture([
            "app/index.html": "<p>host</p>",
            "app/lib/counter.js": "export let count = 0;\nexport function bump() { count++; }\nglobalThis.counterRuns = (globalThis.counterRuns || 0) + 1;\n",
            "app/lib/bad.js": "export const ok = 1;\nnull.prop;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("app/index.html"))
        let base = fixture.url("app/")
        let first = try await webView.evaluateModule("""
            import { count, bump } from './lib/counter.js';
            bump();
            await new Promise((resolve) => setTimeout(resolve, 1));
            export default { count, url: import.meta.url, title: document.querySelector('p').textContent };
            """, url: base)
        #expect(first == ["count": 1, "url": .string(base.absoluteString), "title": "host"])
        #expect(try await webView.evaluateModule("import { count, bump } from './lib/counter.js'; bump(); export default count", url: base) == 2)
        #expect(try await webView.evaluateJavaScript("counterRuns") == 1)
        #expect(try await webView.evaluateModule("export const x = 1;", url: base) == nil)
        #expect(try await webView.evaluateModule("export default Promise.resolve('awaited')", url: base) == "awaited")
        await #expect(throws: JSException.self) { try await webView.evaluateModule("import './lib/bad.js'", url: base) }
        await #expect(throws: JSException.self) { try await webView.evaluateModule("import './lib/none.js'", url: base) }
        await #expect(throws: JSException.self) { try await webView.evaluateModule("export default = 1", url: base) }
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        await webView.close()
    }

    /// A module that does not parse fails with the engine's own SyntaxError, as on the device: JavaScriptCore's message
    /// and line (in the document for an inline module, from its first line for an inserted one), no column, no stack;
    /// the error event's `colno` is 0. `Fixtures/ModuleSyntax` is the page; `ConformCommandTests` checks that WebKitGTK
    /// gives the same values for it, as it did (2.50) when these were written.
    @Test func aModuleThatDoesNotParseFailsWithTheEnginesSyntaxError() async throws {
        let (webView, _) = makeWebView()
        try await webView.load(Self.fixtures.appendingPathComponent("ModuleSyntax/index.html"))
        _ = await webView.runUntilIdle()
        let errors = try await webView.evaluateJavaScript("errors")
        #expect(errors == [
            ["SyntaxError: Unexpected token ';'", "bad1.js", 2, 0, "message,line,sourceURL", 2, "undefined"],
            ["SyntaxError: Only one 'default' export is allowed.", "bad2.js", 4, 0, "message,line,sourceURL", 4, "undefined"],
            ["SyntaxError: Unexpected token ';'. Expected a property name.", "index.html", 8, 0, "message,line,sourceURL", 8, "undefined"],
            ["SyntaxError: Cannot declare a let variable twice: 'a'.", "index.html", 2, 0, "message,line,sourceURL", 2, "undefined"],
        ] as JSONValue, "\(errors)")
        #expect(try await webView.evaluateJavaScript("later") == [
            ["SyntaxError", "Exported binding 'nope' needs to refer to a top-level declared variable.", 2, "undefined", "bad3.js"],
            ["SyntaxError", "Unexpected EOF", 2, "undefined", "bad4.js"],
        ])
        await webView.close()
    }

    /// A module is refused unless it is served as JavaScript (a JSON module: as JSON, or as JavaScript, which runs
    /// it as JavaScript), from a file, a blob: or a data: URL, with WebKit's TypeError. `Fixtures/ModuleTypes` is the
    /// page; `ConformCommandTests` checks that WebKitGTK gives the same values, as it did (2.50) when these were written.
    @Test func modulesAreRefusedUnlessServedAsJavaScriptOrJSON() async throws {
        let (webView, _) = makeWebView()
        try await webView.load(Self.fixtures.appendingPathComponent("ModuleTypes/index.html"))
        _ = await webView.runUntilIdle()
        func refused(_ type: String) -> [JSONValue] { ["TypeError", .string("'\(type)' is not a valid JavaScript MIME type.")] }
        let seen = try await webView.evaluateJavaScript("seen")
        let expected: [[JSONValue]] = [
            ["untyped blob"] + refused(""), ["text/plain;charset=utf-8"] + refused("text/plain"),
            ["text/javascript; charset=utf-8", "ok", "1"], ["TEXT/JavaScript", "ok", "1"], ["application/x-javascript", "ok", "1"],
            ["text/jsx"] + refused("text/jsx"), ["application/octet-stream"] + refused("application/octet-stream"),
            ["text/ecmascript", "ok", "1"], ["text/javascript1.5", "ok", "1"],
            ["application/json"] + refused("application/json"), ["module"] + refused("module"),
            ["json text/json", "ok", #"{"a":1}"#], ["json application/ld+json", "ok", #"{"a":1}"#],
            ["json text/javascript", "SyntaxError", "Unexpected token ':'"], ["json "] + refused(""),
            ["json application/JSON; charset=utf-8", "ok", #"{"a":1}"#],
            ["txt file"] + refused("text/plain"), ["mjs file", "ok", "2"],
            ["json file without type"] + refused("application/json"), ["json file", "ok", #"{"a":3}"#],
            ["js file as json", "ok", "4"],
            ["data js", "ok", "5"], ["data plain"] + refused("text/plain"), ["data none"] + refused("text/plain"),
        ]
        #expect(seen == .array(expected.map(JSONValue.array)), "\(seen)")
        await webView.close()
    }

    /// Importing a name the module does not export (or exports ambiguously through two `export *`) is a link error,
    /// as on the device: WebKit's SyntaxError, naming the importing module and line, and no module of the graph runs.
    @Test func importingAMissingOrAmbiguousNameFailsTheGraphBeforeAnyModuleRuns() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var errors = []; addEventListener('error', e => errors.push([e.message, e.filename.split('/').pop(), e.lineno]));</script>
                <script type='module' src='main.js'></script>
                <script type='module'>
                  window.later = await Promise.all([import('./main.js'), import('./main.js'), import('./ambiguous.js')]
                    .map(p => p.then(() => 'loaded', e => e.name + ': ' + e.message)));
                  const ns = await import('./stars.js');
                  window.starNames = Object.keys(ns).join();
                </script>
                """,
            "main.js": "import { yes } from './lib.js';\nimport { nope } from './lib.js';\nwindow.mainRan = true;\n",
            "lib.js": "window.libRan = true;\nexport const yes = 1;\n",
            "a.js": "export const shared = 'a';\nexport const onlyA = 1;\n",
            "b.js": "export const shared = 'b';\n",
            "stars.js": "export * from './a.js';\nexport * from './b.js';\n",
            "ambiguous.js": "import { shared } from './stars.js';\n",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        // WebKit's error event for a failure to link has no place (observed on WebKitGTK 2.50); the exception has one.
        #expect(try await webView.evaluateJavaScript("errors") == [["SyntaxError: Importing binding name 'nope' is not found.", "", 0]])
        #expect(try await webView.evaluateJavaScript("[window.mainRan || false, window.libRan || false]") == [false, false])
        #expect(try await webView.evaluateJavaScript("later") == [
            "SyntaxError: Importing binding name 'nope' is not found.", "SyntaxError: Importing binding name 'nope' is not found.",
            "SyntaxError: Importing binding name 'shared' cannot be resolved due to ambiguous multiple bindings.",
        ])
        #expect(try await webView.evaluateJavaScript("starNames") == "onlyA")
        await webView.close()
    }

    @Test func cyclesAndAModuleImportedTwiceRunOnce() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var runs = [];</script>
                <script type='module' src='a.js'></script>
                <script type='module'>import { fromB } from './b.js'; import { a } from './a.js'; runs.push('inline:' + fromB() + a);</script>
                """,
            "a.js": "import { b } from './b.js';\nruns.push('a');\nexport const a = 'A' + b;\nexport function hoisted() { return 'h'; }\n",
            "b.js": "import { a, hoisted } from './a.js';\nruns.push('b:' + hoisted());\nexport const b = 'B';\nexport function fromB() { return a; }\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("runs") == ["b:h", "a", "inline:ABAB"])
        await webView.close()
    }

    @Test func moduleScriptsAreDeferredInDocumentOrderAndSeeTheDOM() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var order = []; document.addEventListener('DOMContentLoaded', () => order.push('DOMContentLoaded'));</script>
                <script type='module' src='first.js'></script>
                <script defer src='deferred.js'></script>
                <script type='module'>order.push('inline:' + !!document.getElementById('late'));</script>
                <script>order.push('classic');</script>
                <script nomodule>order.push('nomodule');</script>
                <p id='late'>parsed after the scripts</p>
                """,
            "first.js": "order.push('first:' + document.readyState + ':' + (this === undefined));\n",
            "deferred.js": "order.push('defer');\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("order") == [
            "classic", "first:interactive:true", "defer", "inline:true", "DOMContentLoaded",
        ])
        await webView.close()
    }

    @Test func topLevelAwaitOrdersDependents() async throws {
        let fixture = try PageFixture([
            "index.html": "<script>var steps = [];</script><script type='module' src='main.js'></script>",
            "main.js": "import { value } from './slow.js';\nsteps.push('main:' + value);\n",
            "slow.js": "export let value = 'before';\nsteps.push('slow');\nawait Promise.resolve();\nvalue = await new Promise(r => setTimeout(() => r('after'), 1));\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("steps") == ["slow", "main:after"])
        await webView.close()
    }

    @Test func dynamicImportFromModulesAndImportMetaResolve() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='app/main.js'></script>",
            "app/main.js": "window.load = (name) => import('./routes/' + name + '.js').then(m => m.default);\nwindow.resolved = import.meta.resolve('../x.js');\n",
            "app/routes/home.js": "export default 'home page';\n",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.callAsyncJavaScript("load('home')") == "home page")
        #expect(try await webView.evaluateJavaScript("resolved") == .string(fixture.url("x.js").absoluteString))
        let missing: JSONValue = try await webView.callAsyncJavaScript("load('nowhere').then(() => 'loaded', e => e.name)")
        #expect(missing == "TypeError")
        await webView.close()
    }

    /// A module that throws while it runs, and one that does not parse: the error names the module's URL and line,
    /// and the importer does not run (classic scripts still do).
    @Test(arguments: [
        (file: "throws.js", text: "export const a = 1;\n\nthrow new Error('boom');\n", name: "Error", line: 3),
        (file: "bad.js", text: "export const x = 1;\nlet y = ;\n", name: "SyntaxError", line: 2),
    ])
    func anErrorInADependencyIsReportedWithItsURLAndLine(dependency: (file: String, text: String, name: String, line: Int)) async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='main.js'></script><script>var classicRan = true;</script>",
            "main.js": "import './\(dependency.file)';\nwindow.ranMain = true;\n",
            dependency.file: dependency.text,
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        let error = try #require(log.exceptions.first)
        #expect(error.name == dependency.name)
        #expect(error.sourceURL == fixture.url(dependency.file).absoluteString)
        #expect(error.line == dependency.line)
        #expect(try await webView.evaluateJavaScript("[typeof ranMain, classicRan]") == ["undefined", true])
        await webView.close()
    }

    @Test func aMissingDependencyFiresErrorAtTheScript() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var events = [];</script>
                <script type='module' src='main.js' onerror="events.push('error')" onload="events.push('load')"></script>
                <script type='module' src='ok.js' onload="events.push('load ok')"></script>
                """,
            "main.js": "import './missing.js';\nwindow.ranMain = true;\n",
            "ok.js": "import { bare } from 'bare-name';\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.evaluateJavaScript("[events, typeof ranMain]") == [["error", "load ok"], "undefined"])
        #expect(log.exceptions.contains { $0.message.contains("missing.js") })
        #expect(log.exceptions.contains { $0.message.contains("bare-name") })
        await webView.close()
    }

    /// The errors a page reads from `import()` and `window.onerror` are WebKit's (observed on WebKitGTK 2.50 with
    /// `hybrid conform`): its words, and no place for a module that fails to link.
    @Test func importFailuresAndLinkErrorsAreWebKits() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var placed = []; onerror = (m, f, l, c) => { placed.push([m, f, l, c]); };</script>
                <script type='module' src='css.js'></script>
                <script type='module' src='json.js'></script>
                <script type='module'>
                  const t = f => f().then(() => 'loaded', e => e.name + ': ' + e.message);
                  window.messages = [
                    await t(() => import('./missing.js')), await t(() => import('bare')),
                    await t(() => import('./data.json', 5)), await t(() => import('./data.json', { with: 5 })),
                    await t(() => import('./data.json', { with: { type: 5 } })),
                    await t(() => import('./data.json', { with: { type: 'javascript' } })),
                    await t(() => import('./data.json', { with: { foo: 'bar' } })),
                    await t(() => import('./bad.json', { with: { type: 'json' } })),
                  ];
                </script>
                """,
            "css.js": "import sheet from './data.json' with { type: 'css' };\n",
            "json.js": "import data from './bad.json' with { type: 'json' };\n",
            "data.json": "[1]",
            "bad.json": "{",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        #expect(try await webView.evaluateJavaScript("messages") == [
            "TypeError: Importing a module script failed.", "TypeError: Module name, 'bare' does not resolve to a valid URL.",
            "TypeError: dynamic import's options should be an object", "TypeError: dynamic import's options.with should be an object",
            "TypeError: dynamic import's options.with includes non string property",
            #"TypeError: Import attribute type "javascript" is not valid"#,
            #"TypeError: dynamic import's options.with includes unsupported attribute "foo""#,
            "SyntaxError: JSON Parse error: Expected '}'",
        ])
        #expect(try await webView.evaluateJavaScript("placed") == [
            [#"TypeError: Import attribute type "css" is not valid"#, "", 0, 0], ["SyntaxError: JSON Parse error: Expected '}'", "", 0, 0],
        ])
        // The host's report names the module.
        #expect(log.exceptions.map(\.sourceURL) == [fixture.url("css.js").absoluteString, fixture.url("bad.json").absoluteString])
        await webView.close()
    }

    @Test func importedBindingsAreReadOnlyAndShadowingIsRespected() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='main.js'></script>",
            "main.js": """
                import { value, list } from './dep.js';
                const out = [];
                function shadow(value) { return value; }
                { let list = 'block'; out.push(list); }
                out.push(shadow(2), { value }.value, list.length);
                try { value = 5; } catch (e) { out.push(e.name); }
                label: for (const value of [9]) { out.push(value); break label; }
                class C { value = 'field'; static list() { return 'method'; } }
                out.push(new C().value, C.list(), value);
                window.out = out;
                """,
            "dep.js": "export const value = 1;\nexport const list = [1, 2, 3];\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("out") == ["block", 2, 1, 3, "TypeError", 9, "field", "method", 1])
        await webView.close()
    }

    /// Live bindings under one- or two-letter names or in object shorthands (read through their namespaces) stay live
    /// and read-only, also as destructuring targets (WebKit's `TypeError`, where a parameter was assigned or a global
    /// looked up), a call gets `this` undefined (a tagged template too), a class keeps its identity, the module's own
    /// declarations shadow them and its globals resolve. The entries are WebKitGTK 2.50's for the same files
    /// (`hybrid run --engine webkit`).
    @Test func shortLiveBindingsStayLiveAndReadOnly() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='main.js'></script>",
            "main.js": """
                import { a, K, f, g, bump } from './dep.js';
                const out = [];
                const before = { a };
                bump();
                out.push(before.a, { a }.a, a, typeof a);
                out.push(K.s, new K() instanceof K, K === K);
                out.push(f(), f`x`, g() && typeof g);
                try { a = 5; } catch (e) { out.push(e.name); }
                try { [a] = [5]; } catch (e) { out.push(e.name); }
                try { ({ bump } = {}); } catch (e) { out.push(e.name); }
                try { for (K of [1]); } catch (e) { out.push(e.name); }
                function shadow(a) { return a; }
                { let K = 'block'; out.push(K); }
                out.push(shadow('p'), typeof Math.abs, typeof undeclaredGlobal, typeof document, a);
                window.out = out;
                """,
            "dep.js": """
                export let a = 1;
                export let K = class { static s = 2; };
                export let f = function () { return typeof this; };
                export let g = function () { return this === undefined; };
                export function bump() { a++; K = class { static s = 3; }; f = f; g = g; }
                """,
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("out") == [
            1, 2, 2, "number", 3, true, true, "undefined", "undefined", "function", "TypeError", "TypeError",
            "TypeError", "TypeError", "block", "p", "function", "undefined", "object", 2,
        ])
        await webView.close()
    }
}

@Suite struct ClassicScriptImportTests {
    @Test func dynamicImportFromAClassicScript() async throws {
        let fixture = try PageFixture([
            "index.html": "<script src='js/app.js'></script><script>var important = 'no import here';</script>",
            "js/app.js": "var loaded = import ( /* ( */ './lazy.js'\n).then(m => m.answer);\nvar line = new Error().line;\n",
            "js/lazy.js": "export const answer = 42;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.callAsyncJavaScript("loaded") == 42)
        #expect(try await webView.evaluateJavaScript("[line, important]") == [3, "no import here"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// A classic script's translation is kept by text and base URL: the next page that runs it (here the same page
    /// reloaded) takes it from the process's table instead of loading acorn again, and its `import()` still works.
    @Test func classicScriptTranslationsAreCachedByText() async throws {
        let token = UUID().uuidString
        let app = "var loaded = import('./lazy.js').then(m => m.answer + '\(token)');\n"
        let plain = "var s = 'import(' + '\(token)';\n"
        let fixture = try PageFixture(["index.html": "<script src='js/app.js'></script>", "js/app.js": app,
                                       "js/lazy.js": "export const answer = 42;\n",
                                       "plain.html": "<script src='js/plain.js'></script>", "js/plain.js": plain])
        let base = fixture.url("js/app.js").absoluteString
        #expect(ESModules.cachedClassicTranslation(app, base: base) == nil)
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.callAsyncJavaScript("loaded") == .string("42\(token)"))
        let cached = try #require(ESModules.cachedClassicTranslation(app, base: base))
        #expect(cached?.count == app.count && cached?.contains("import") == false)   // a name as long as `import`
        try await webView.reload()
        #expect(try await webView.callAsyncJavaScript("loaded") == .string("42\(token)"))
        #expect(log.exceptions.isEmpty)
        // A script without `import()` past the pre-check is kept as needing nothing.
        try await webView.load(fixture.url("plain.html"))
        #expect(try await webView.evaluateJavaScript("s") == .string("import(\(token)"))
        #expect(ESModules.cachedClassicTranslation(plain, base: fixture.url("js/plain.js").absoluteString) == .some(nil))
        await webView.close()
    }

    /// The process-wide tables of what pages bring are bounded: past the limit the table starts over, and an entry
    /// larger than the limit is returned but not kept.
    @Test func readMostlyCachesKeepToTheirBound() {
        let cache = ReadMostlyCache<String, Int>(costLimit: 10) { key, _ in key.count }
        #expect(cache.insert(1, for: "aaaa") == 1)
        #expect(cache.insert(2, for: "bbbb") == 2)
        #expect(cache.insert(9, for: "aaaa") == 1)
        #expect(cache.count == 2)
        #expect(cache.insert(3, for: "cccc") == 3)
        #expect(cache.count == 1)
        #expect(cache["aaaa"] == nil && cache["cccc"] == 3)
        #expect(cache.insert(4, for: "dddddddddddd") == 4)
        #expect(cache["dddddddddddd"] == nil && cache.count == 1)
    }

    @Test func theImportPreCheck() {
        #expect(ESModules.mayImport("import('x')"))
        #expect(ESModules.mayImport("a; import \n ('x')"))
        #expect(!ESModules.mayImport("var important = 1; imports(); import"))
        #expect(!ESModules.mayImport(""))
        #expect(!ESModules.mayImport("import"))
        #expect(ESModules.mayImport(String(repeating: "importance; ", count: 10_000) + "import(x)"))
    }
}

@Suite struct ImportMapTests {
    @Test func bareSpecifiersPrefixesAndScopes() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script type="importmap">
                { "imports": { "vue": "./vendor/vue.js", "lib/": "./vendor/lib/" },
                  "scopes": { "./scoped/": { "vue": "./vendor/vue-scoped.js" } } }
                </script>
                <script type="module">
                import { version } from 'vue';
                import { util } from 'lib/util.js';
                import { scopedVersion } from './scoped/user.js';
                window.result = [version, util, scopedVersion, import.meta.resolve('lib/x.js').endsWith('/vendor/lib/x.js')];
                </script>
                """,
            "vendor/vue.js": "export const version = 'top';\n",
            "vendor/vue-scoped.js": "export const version = 'scoped';\n",
            "vendor/lib/util.js": "export const util = 'util';\n",
            "scoped/user.js": "import { version } from 'vue';\nexport const scopedVersion = version;\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("result") == ["top", "util", "scoped", true])
        await webView.close()
    }

    @Test func anImportMapThatIsNotJSONIsIgnoredWithAConsoleError() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script type="importmap">{ "imports": { "a": </script>
                <script type="module">import { a } from 'a'; window.ran = true;</script>
                <script>var classic = true;</script>
                """,
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.consoleLines.contains { $0.contains("import map") })
        #expect(log.exceptions.contains { $0.name == "TypeError" && $0.message == "Module name, 'a' does not resolve to a valid URL." })
        #expect(try await webView.evaluateJavaScript("[typeof ran, classic]") == ["undefined", true])
        await webView.close()
    }
}

@Suite struct ModuleScriptTimingTests {
    @Test func asyncAndInsertedModulesRunWhenReadyAndDelayLoad() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var order = []; addEventListener('load', () => order.push('load'));</script>
                <script type='module' async src='async.js'></script>
                <script>
                var s = document.createElement('script');
                s.type = 'module';
                s.src = 'inserted.js';
                document.head.appendChild(s);
                </script>
                """,
            "async.js": "order.push('async');\n",
            "inserted.js": "import './async.js';\norder.push('inserted');\n",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(log.exceptions.isEmpty)
        let order: JSONValue = try await webView.evaluateJavaScript("order")
        #expect(order == ["async", "inserted", "load"])
        await webView.close()
    }

    @Test func translatedModulesAreCachedAndStillRunPerPage() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='m.js'></script>",
            "m.js": "window.runs = (window.runs || 0) + 1;\nexport {};\n",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        try await webView.reload()
        #expect(try await webView.evaluateJavaScript("runs") == 1)
        await webView.close()
    }
}

@Suite struct ModuleHTTPTests {
    /// Modules over HTTP from a loopback server: a 404 dependency fails its script, each module is requested once.
    @Test func a404DependencyFailsTheScriptAndModulesAreRequestedOnce() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/": .text("""
                <script>var events = [];</script>
                <script type='module' src='/a.js' onload="events.push('a load')"></script>
                <script type='module' src='/broken.js' onerror="events.push('broken error')"></script>
                <script type='module'>import { a } from '/a.js'; import { shared } from '/shared.js'; events.push(a + shared);</script>
                """, headers: [("Content-Type", "text/html")])
            case "/a.js": .text("import { shared } from './shared.js';\nexport const a = 'a:' + shared;\n",
                                headers: [("Content-Type", "text/javascript")])
            case "/shared.js": .text("export const shared = 'shared';\n", headers: [("Content-Type", "text/javascript")])
            case "/broken.js": .text("import './gone.js';\n", headers: [("Content-Type", "text/javascript")])
            default: .text("not found", status: 404)
            }
        }
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/"))
        #expect(try await webView.evaluateJavaScript("events") == ["a load", "broken error", "a:sharedshared"])
        #expect(log.exceptions.contains { $0.message.contains("gone.js") && $0.message.contains("404") })
        #expect(server.requests.filter { $0.path == "/shared.js" }.count == 1)
        #expect(server.requests.filter { $0.path == "/a.js" }.count == 1)
        await webView.close()
        await server.stop()
    }
}

@Suite struct ModulePreloadTests {
    @Test func modulePreloadFetchesEarlyAndFiresLoadOrError() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/": .text("""
                <link rel="modulepreload" href="/lib.js" onload="window.preloaded = 'load'">
                <link rel="modulepreload" href="/missing.js" onerror="window.missing = 'error'">
                <script type='module'>import { lib } from '/lib.js'; window.result = lib;</script>
                """, headers: [("Content-Type", "text/html")])
            case "/lib.js": .text("import { dep } from './dep.js';\nexport const lib = 'lib+' + dep;\n", headers: [("Content-Type", "text/javascript")])
            case "/dep.js": .text("export const dep = 'dep';\n", headers: [("Content-Type", "text/javascript")])
            default: .text("not found", status: 404)
            }
        }
        let (webView, _) = makeWebView()
        try await webView.load(server.url("/"))
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(try await webView.evaluateJavaScript("[result, preloaded, missing]") == ["lib+dep", "load", "error"])
        #expect(server.requests.filter { $0.path == "/lib.js" }.count == 1)
        #expect(server.requests.filter { $0.path == "/dep.js" }.count == 1)
        await webView.close()
        await server.stop()
    }

    /// The document's `load` waits for a modulepreload's fetch, as HTML says for the link (here a module that
    /// nothing imports and that arrives slowly).
    @Test func modulePreloadDelaysTheLoadEvent() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/": .text("""
                <script>var order = []; addEventListener('load', () => order.push('window load'));</script>
                <link rel="modulepreload" href="/slow.js" onload="order.push('preload load')">
                """, headers: [("Content-Type", "text/html")])
            case "/slow.js": .trickle(["export const ", "slow = 1;\n"], every: .milliseconds(100), contentType: "text/javascript")
            default: .text("not found", status: 404)
            }
        }
        let (webView, _) = makeWebView()
        try await webView.load(server.url("/"))
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(try await webView.evaluateJavaScript("order") == ["preload load", "window load"])
        await webView.close()
        await server.stop()
    }

    /// `export default` before a parenthesised expression (minified builds write `export default(0,f)(x)`), and with
    /// `export` and `default` on two lines.
    @Test func defaultExportsOfParenthesisedExpressions() async throws {
        let fixture = try PageFixture([
            "index.html": "<script type='module' src='main.js'></script>",
            "main.js": "import a from './a.js'; import b from './b.js'; import c from './c.js'; window.seen = [a(), b, c];",
            "a.js": "export default (function () { return 'a'; });",
            "b.js": "const f = (x) => x + 1;\nexport default(0, f)(1)",
            "c.js": "export\ndefault 'c';",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(log.exceptions.isEmpty, "\(log.exceptions)")
        #expect(try await webView.evaluateJavaScript("seen") == ["a", 2, "c"])
        await webView.close()
    }
}
