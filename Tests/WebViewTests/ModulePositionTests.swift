import Foundation
import JavaScript
import Testing
@testable import WebView

/// Source positions in ES modules (``ESModules``): the translation puts its header on a module's first line and
/// rewrites references to imported bindings, so the engine's columns there are not the module's; every place a page or
/// a user reads a position maps them back. One-line modules (minified builds) are the case: the numbers are those
/// WebKitGTK 2.50 gives for the same files (`scripts/webkit-page-results`), where the engine is the same.
@Suite struct ModulePositionTests {
    /// The page's `out` entries, with `base` taken out of the strings (stacks and file names) in them.
    static func entries(_ webView: HeadlessWebView, base: URL) async throws -> JSONValue {
        try await webView.evaluateJavaScript("var base = \(JSONValue.string(base.absoluteString));" + """
            out.map(function (entry) {
              return entry.map(function (v) { return typeof v === 'string' ? v.split(base).join('') : v; });
            })
            """)
    }

    /// Loads the page `index.html` of `files`, runs it until idle and returns its `out` entries (see ``entries(_:base:)``);
    /// the page raises no exception.
    static func entries(of files: [String: String]) async throws -> JSONValue {
        let fixture = try PageFixture(files)
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        let seen = try await entries(webView, base: fixture.url(""))
        #expect(log.exceptions.isEmpty)
        await webView.close()
        return seen
    }

    /// The files of the check against WebKit: an error at the top level, in an exported function caught by the importer
    /// and uncaught from a timer, in an async function awaited in a `catch` and unhandled.
    static let files = [
        "top.js": #"import{x}from"./dep.js";let a=x+1;throw new Error("top "+a)"#,
        "dep.js": #"export const x=1;export function later(){let q=1;throw new Error("later")}export async function asy(){await 0;throw new Error("async")}"#,
        "main.js": #"import{later,asy}from"./dep.js";try{later()}catch(e){out.push(["caught",e.line,e.column,e.stack])}try{await asy()}catch(e){out.push(["caughtAsync",e.stack])}setTimeout(later,0);asy();"#,
    ]

    @Test func oneLineModulesReportTheColumnsOfTheirText() async throws {
        var files = Self.files
        files["index.html"] = """
            <script>
            var out = [];
            addEventListener('error', function (e) { out.push(['error', e.message, e.filename.split('/').pop(), e.lineno, e.colno, e.error.stack]); });
            addEventListener('unhandledrejection', function (e) { out.push(['rejection', String(e.reason), e.reason.stack]); });
            </script>
            <script type="module" src="top.js"></script>
            <script type="module" src="main.js"></script>
            """
        let fixture = try PageFixture(files)
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        let seen = try await Self.entries(webView, base: fixture.url(""))
        #expect(seen == [
            ["error", "Error: top 2", "top.js", 1, 50, "module code@top.js:1:50"],
            ["caught", 1, 65, "later@dep.js:1:65\nmodule code@main.js:1:42"],
            ["caughtAsync", "asy@dep.js:1:126"],
            ["rejection", "Error: async", "asy@dep.js:1:126"],
            ["error", "Error: later", "dep.js", 1, 65, "later@dep.js:1:65"],
        ])
        await webView.close()
    }

    /// A module's errors as the host sees them (exceptions, `evaluateModule`) and console lines, against the same
    /// text run as a classic script, whose positions the engine reports as they are; multi-line modules too.
    @Test func positionsMatchTheSameTextAsAClassicScript() async throws {
        let oneLine = #"let q=1;console.log("here "+q);function f(){throw new TypeError("f")}setTimeout(f,0)"#
        let multiLine = "let r=1;\n  console.log('there');\n  function g(){throw new RangeError('g')}\nsetTimeout(g,0)\n"
        let fixture = try PageFixture([
            "index.html": """
                <script type="module" src="one.js"></script><script src="one-classic.js"></script>
                <script type="module" src="multi.js"></script><script src="multi-classic.js"></script>
                """,
            "one.js": "import{}from'./empty.js';" + oneLine,
            "one-classic.js": "                         " + oneLine,
            "multi.js": "import{}from'./empty.js';" + multiLine,
            "multi-classic.js": "                         " + multiLine,
            "empty.js": "",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        func positions(_ file: String) -> [[Int?]] {
            let console = log.all.compactMap { event -> ConsoleMessage? in
                if case .console(let message) = event.kind, message.sourceURL?.hasSuffix("/" + file) == true { return message }
                return nil
            }
            let exceptions = log.exceptions.filter { $0.sourceURL?.hasSuffix("/" + file) == true }
            return console.map { [$0.line, $0.column] } + exceptions.map { [$0.line, $0.column] }
        }
        #expect(positions("one.js") == [[1, 45], [1, 89]])
        #expect(positions("one.js") == positions("one-classic.js"))
        #expect(positions("multi.js") == [[2, 14], [3, 36]])
        #expect(positions("multi.js") == positions("multi-classic.js"))
        await webView.close()
    }

    /// `evaluateModule` (`hybrid eval --module`) throws the module's positions; a SyntaxError names the module's
    /// line (in an inline module's document too) with column 0, as WebKit's does, and an inline module's errors have
    /// the document's columns.
    @Test func evaluatedModulesAndSyntaxErrors() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <script>var errors = []; addEventListener('error', e => errors.push([e.message, e.lineno, e.colno]));</script>
                <script type="module" src="syntax.js"></script>
                    <script type="module">let a=1;let a=2;</script>
                    <script type="module">let z=1;throw new Error("i")</script>
                    <script>{let w=1;throw new Error("c")}</script>
                """,
            "syntax.js": "let a=1;let b=2;let a=3;",
            "dep.js": "export const x = 1;",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        // A classic script's errors come first (module scripts are deferred); an inline module's errors have its
        // document's lines and columns, as a classic script's have.
        #expect(try await webView.evaluateJavaScript("errors.map(e => [e[1], e[2]])") == [[5, 37], [1, 0], [3, 0], [4, 50]])
        do {
            _ = try await webView.evaluateModule(#"import{x}from"./dep.js";let y=x;throw new Error("e"+y)"#, url: fixture.url("eval.js"))
            Issue.record("no error")
        } catch let error as JSException {
            #expect(error.message == "e1")
            #expect([error.line, error.column] == [1, 48])
            #expect(error.stack == "module code@\(fixture.url("eval.js").absoluteString):1:48")
        }
        await webView.close()
    }

    /// A one-line module worker: its errors reach the page's `error` event on the `Worker` with the module's columns
    /// (at the top level, in `onmessage`, in a timer), and `e.stack` in its `catch` reads them too.
    @Test func aModuleWorkersErrorsReportTheColumnsOfItsText() async throws {
        let text = #"import{x}from"./dep.js";onmessage=function(e){if(e.data==="t")setTimeout(function(){throw new Error("timer")},0);else throw new Error("msg")};try{throw new Error("caught")}catch(e){postMessage(e.stack)}throw new Error("top"+x)"#
        func column(_ needle: String) -> Int { text.distance(from: text.startIndex, to: text.range(of: needle)!.lowerBound) + 6 }
        let (webView, log, server) = try await workerPage(scripts: ["/one.js": text, "/dep.js": "export const x = 1;"])
        let out = try await runAsync(webView, """
            var worker = new Worker('/one.js', { type: 'module' }), errors = [];
            var stack = await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            var next = function () { return new Promise(function (resolve) { worker.onerror = function (e) { e.preventDefault(); resolve([e.message, e.lineno, e.colno]); }; }); };
            errors.push(await next());
            worker.postMessage('m');
            errors.push(await next());
            worker.postMessage('t');
            errors.push(await next());
            return [stack.replace(location.origin, ''), errors];
            """)
        #expect(out == [.string("module code@/one.js:1:\(column(#"Error("caught")"#))"), [
            ["Error: top1", 1, .number(Double(column(#"Error("top"+x)"#)))],
            ["Error: msg", 1, .number(Double(column(#"Error("msg")"#)))],
            ["Error: timer", 1, .number(Double(column(#"Error("timer")"#)))],
        ]])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// Imported bindings are the module function's parameters (so references keep their columns) and stay what the
    /// module system says they are: a binding its module assigns later is read live, and a `const` of a module in a
    /// cycle that has not run when its importer starts is read once it is set (here during its own module's body).
    @Test func importedBindingsKeptAsNamesStayLive() async throws {
        let fixture = try PageFixture([
            "index.html": "<script>var out = [];</script><script type=\"module\" src=\"main.js\"></script>",
            "counter.js": #"export let count=0;export function inc(){count++}export const K=5;export class C{}"#,
            "cycle-a.js": #"import{useB}from"./cycle-b.js";export const fromA="a";out.push(useB());"#,
            "cycle-b.js": #"import{fromA}from"./cycle-a.js";export function useB(){return "b sees "+fromA}"#,
            "main.js": #"import{count,inc,K,C}from"./counter.js";import"./cycle-a.js";out.push([count,K,typeof C]);inc();inc();out.push(count);try{count=1}catch(e){out.push(e.name)}"#,
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        #expect(try await webView.evaluateJavaScript("out") == ["b sees a", [0, 5, "function"], 2, "TypeError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// An anonymous `export default function` is a hoisted declaration of the same length (a module in a cycle calls it
    /// before its module runs, and it reads a binding of that module live), so the engine's columns stay the module's,
    /// and its frame is named `starDefault` and its `name` is `default`, as WebKitGTK 2.50 has them.
    @Test func anonymousDefaultFunctionsAreHoistedAndKeepColumns() async throws {
        let text = #"import early from"./partner-0123456789abcdef.js";export default function(fail){if(fail)throw new Error("d");return "d sees "+early}"#
        let fixture = try PageFixture([
            "index.html": """
                <script>var out = [];</script>
                <script type="module">import d from './d.js'; try { d(true); } catch (e) { out.push(e.stack.split('\\n')[0]); } out.push(d.name);</script>
                """,
            "d.js": text,
            "partner-0123456789abcdef.js": #"import d from"./d.js";export default "p";out.push(d());"#,
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        let column = text.distance(from: text.startIndex, to: text.range(of: #"Error("d")"#)!.lowerBound) + 6
        #expect(try await webView.evaluateJavaScript("out") == ["d sees p", .string("starDefault@" + fixture.url("d.js").absoluteString + ":1:\(column)"), "default"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Stacks a page reads outside module code (a classic script's `catch` around a call into a module, a classic
    /// `.catch` of a module's rejection, `window.onerror`'s and the `error` event's `error`): a bundler's chunks (one
    /// line each, imports first, a library with its licence comment) keep their columns in the translation, so the
    /// engine's numbers are the module's. The expected stacks are WebKitGTK 2.50's for the same files served over HTTP
    /// (`scripts/webkit-page-results`), the frames of the classic script included. (WebKit's `colno` for the uncaught
    /// error is 130, where the `throw` statement ends; the web view gives where the error was made, for classic
    /// scripts too, as SupportedAPIs says.)
    @Test func stacksReadOutsideModuleCodeMatchWebKit() async throws {
        let fixture = try PageFixture(Self.chunks)
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        let seen = try await Self.entries(webView, base: fixture.url(""))
        #expect(seen == [
            ["catch", "boom@vendor-4f3a2b1c.js:1:119\nrun@chunk-9a8b7c6d.js:1:94\n@index.html:10:14"],
            ["catchAfterImport", "bad@chunk-9a8b7c6d.js:1:175\n@index.html:11:14"],
            ["catchOwn", "own@chunk-9a8b7c6d.js:1:220\n@index.html:12:14"],
            ["promise", "later@vendor-4f3a2b1c.js:1:193"],
            ["onerror", 1, 119, "boom@vendor-4f3a2b1c.js:1:119\nrun@chunk-9a8b7c6d.js:1:94\n@index.html:14:33"],
            ["listener", 1, 119, "boom@vendor-4f3a2b1c.js:1:119\nrun@chunk-9a8b7c6d.js:1:94\n@index.html:14:33"],
        ])
        await webView.close()
    }

    /// A module's top-level error read from a classic script's `.catch` of `import()`: the stack ends at `module code`
    /// (the loader's frames are left out), with the module's column, as WebKitGTK 2.50 gives it.
    @Test func aTopLevelErrorReadFromImportsCatch() async throws {
        let fixture = try PageFixture([
            "index.html": "<script>var out = []; import('./m.js').catch(function (e) { out.push([e.stack]); });</script>",
            "m.js": #"import{a as b}from"./dep-0123456789abcdef.js";export const y=b;throw new Error("top")"#,
            "dep-0123456789abcdef.js": "export const a=1;",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        #expect(try await Self.entries(webView, base: fixture.url("")) == [["module code@m.js:1:79"]])
        await webView.close()
    }

    /// A classic script's `import(` becomes a name of the same length (the page's import hook for the script's base
    /// URL), so the columns after it on a minified line stay the script's: stacks read in its `catch` are WebKit's, in an
    /// external script and in an inline one with `import (` and a comment, and a module's stack read in its `.then`.
    @Test func classicScriptsKeepTheirColumnsAfterImport() async throws {
        #expect(try await Self.entries(of: Self.classicImports) == [
            ["app", "f@app-1a2b3c.js:1:66\nglobal code@app-1a2b3c.js:1:81"],
            ["inline", "fail@index.html:4:93\nglobal code@index.html:4:112"],
            ["module", "boom@m.js:2:43\n@app-1a2b3c.js:1:150"],
            ["inlineModule", "boom@m.js:2:43\n@index.html:4:187"],
        ])
    }

    /// The hook's name is taken when a page's earlier script declared it: `import()` still works (through a longer
    /// call), and the page's variable keeps its value.
    @Test func aPageThatTakesTheHooksNameStillImports() async throws {
        let token = UUID().uuidString
        let script = "var got = import('./m.js').then(m => m.v + '\(token)');"
        let fixture = try PageFixture(["index.html": "<script src='app.js'></script>", "app.js": script, "m.js": "export const v = 7;"])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.callAsyncJavaScript("got") == .string("7\(token)"))
        let cached = try #require(ESModules.cachedClassicTranslation(script, base: fixture.url("app.js").absoluteString))
        let translated = try #require(cached)
        #expect(translated.count == script.count && !translated.contains("import"))
        let name = String(translated.dropFirst("var got = ".count).prefix(6))
        try "<script>var \(name) = 1;</script><script src='app.js'></script>"
            .write(to: fixture.root.appendingPathComponent("taken.html"), atomically: true, encoding: .utf8)
        try await webView.load(fixture.url("taken.html"))
        #expect(try await webView.callAsyncJavaScript("got.then(v => [v, \(name)])") == [.string("7\(token)"), 1])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `export default` with a comment or a line break before an anonymous `function`/`class` keeps its columns (a
    /// hoisted declaration of the same length; an `async function` on the next line takes a `;` where a space was),
    /// so code after it on its line reports WebKit's columns to a reader that does not map them. The stacks are
    /// WebKitGTK 2.50's for the same files, but for the name of the default function's frame: WebKit's
    /// `starDefault` (which the translation gives where `export default function` is on one line) is `__hmd` here,
    /// and none for the `async function` (an expression of the translation).
    @Test func defaultExportsWithCommentsOrLineBreaksKeepColumns() async throws {
        let seen = try await Self.entries(of: [
            "index.html": """
                <!DOCTYPE html>
                <script>
                var out = [];
                Promise.all([import('./d.js'), import('./a.js')]).then(function (ms) {
                  [function () { ms[0].default(1); }, ms[0].e2, ms[1].g].forEach(function (f) { try { f(); } catch (e) { out.push([e.stack]); } });
                  ms[1].default().catch(function (e) { out.push([e.stack]); });
                });
                </script>
                """,
            "d.js": "// the handler\n" + #"export default /* the handler */ function (n) { if (n) throw new Error("d " + n); return n }; export function e2() { throw new RangeError("e2") }"#,
            "a.js": "// async\nexport default\n" + #"async function(){await 0;throw new Error("a")} export function g(){throw new Error("g")}"#,
        ])
        #expect(seen == [
            ["__hmd@d.js:2:71\n@index.html:5:31\n@index.html:5:88\nforEach@[native code]\n@index.html:5:65"],
            ["e2@d.js:2:138\n@index.html:5:88\nforEach@[native code]\n@index.html:5:65"],
            ["g@a.js:3:83\n@index.html:5:88\nforEach@[native code]\n@index.html:5:65"],
            ["@a.js:3:41"],
        ])
    }

    /// A binding its module assigns later (read live) keeps the reader's columns when its name has three characters or
    /// more: it is read as a member of an object of getters under a one-character name the module does not use. So
    /// does a call of one, and the function called sees `this` undefined: the callee's getter gives the function bound
    /// to `undefined` (a bound function has no frame of its own). WebKitGTK 2.50's stacks for the same files (in the
    /// second, `fail` is called in tail position: no frame for the anonymous function).
    @Test func liveBindingsReadWithTheirColumns() async throws {
        let read = try await Self.entries(of: [
            "index.html": Self.liveIndex,
            "counter-0123456789abcdef.js": "export let count=0;export function inc(){count++}",
            "use-4f3a2b1c.js": #"import{count,inc}from"./counter-0123456789abcdef.js";export function show(){inc();return "n"+count+fail()}function fail(){throw new Error("n"+count)}"#,
        ])
        #expect(read == [["live", "n1", "fail@use-4f3a2b1c.js:1:138\nshow@use-4f3a2b1c.js:1:104\n@index.html:5:15"]])
        let called = try await Self.entries(of: [
            "index.html": Self.liveIndex,
            "state-0123456789abcdef.js": "export let handler=null;export function setHandler(f){handler=f}",
            "use-4f3a2b1c.js": #"import{handler,setHandler}from"./state-0123456789abcdef.js";export function show(){setHandler(function(){return fail(this)});return "n"+handler()}function fail(t){throw new Error("this "+t)}"#,
        ])
        #expect(called == [["live", "this undefined", "fail@use-4f3a2b1c.js:1:179\nshow@use-4f3a2b1c.js:1:144\n@index.html:5:15"]])
    }

    /// With the bodies as jobs, an error in a dependency still stops the evaluation there, as the standard's does: a
    /// module imported after the failing one is not run, nor the importer; the error is reported once, and the
    /// module script's `load` fires after it (WebKitGTK 2.50's entries for the same files).
    @Test func anErrorInADependencyStopsTheEvaluation() async throws {
        let seen = try await Self.entries(of: [
            "index.html": """
                <!DOCTYPE html>
                <script>var out = []; function log(x) { out.push([x]); } addEventListener('error', function (e) { e.preventDefault(); log('error ' + e.lineno); });</script>
                <script type="module" src="main.js" onload="log('load main')"></script>
                """,
            "main.js": "// main\nimport \"./bad.js\";\nimport \"./good.js\";\nlog(\"main body\");\n",
            "bad.js": "// bad\nlog(\"bad body\");\nthrow new Error(\"bad\")\n",
            "good.js": "// good\nlog(\"good body\");\n",
        ])
        #expect(seen == [["bad body"], ["error 3"], ["load main"]])
    }

    /// In a module whose first line shifts (it starts with code), only catch clauses on shifted lines map what they
    /// catch: a `catch` on a later line adds nothing to it, so an error made after it there keeps its column for a
    /// reader that does not map (WebKitGTK 2.50's stack for the same files).
    @Test func catchClausesOnUnshiftedLinesKeepTheirColumns() async throws {
        let seen = try await Self.entries(of: [
            "index.html": """
                <!DOCTYPE html>
                <script>
                var out = [];
                import('./m.js').then(function (m) {
                  try { m.h(); } catch (e) { out.push(['h', e.message, e.stack]); }
                });
                </script>
                """,
            "m.js": #"export function f(){try{g()}catch(e){throw new Error("w"+e.message)}}function g(){throw new Error("g")}"# + "\n"
                + #"export function h(){try{JSON.parse("{")}catch(e){throw new TypeError("bad: "+e.name)}}"#,
        ])
        #expect(seen == [["h", "bad: SyntaxError", "h@m.js:2:69\n@index.html:5:12"]])
    }

    /// A stack made in a module's own body ends at `module code`, as WebKit's does (no frame of the loader below it):
    /// read in the module's `catch` at its top level and in a function it calls, in an imported module, an inline
    /// one and one loaded with `import()`. The bodies run as jobs, so the order is WebKit's too: deferred classic
    /// scripts run their microtasks as each ends; an external module script's `load` is fired after its bodies ran,
    /// before the microtasks they queued. The entries are WebKitGTK 2.50's for the same files over HTTP (`hybrid run
    /// --engine webkit`).
    @Test func stacksInAModulesOwnCatchEndAtModuleCode() async throws {
        let log = "<!DOCTYPE html>\n<script>var out = []; function log(x) { out.push([x]); }</script>\n"
        var files = [
            "index.html": log + """
                <script defer src="d1.js" onload="log('load d1')"></script>
                <script defer src="d2.js" onload="log('load d2')"></script>
                <script type="module" src="own.js" onload="log('load own')"></script>
                """,
            "d1.js": #"Promise.resolve().then(()=>log("d1 micro"));log("d1")"#,
            "d2.js": #"Promise.resolve().then(()=>log("d2 micro"));log("d2")"#,
            "own.js": "// own.js\n" + #"import { d } from "./dep.js";"# + "\n" + #"try{throw new Error("own")}catch(e){log(e.stack)}"# + "\n"
                + #"function f(){throw new RangeError("f")}"# + "\n" + #"try{f()}catch(e){log(e.stack)}"# + "\n"
                + #"Promise.resolve().then(()=>log("own micro"));log("own body "+d);import("./lazy.js")"#,
            "dep.js": "// dep\n" + #"export const d=1;Promise.resolve().then(()=>log("dep micro"));log("dep body")"#,
            "lazy.js": "// lazy\n" + #"try{null.x}catch(e){log(e.stack)}"#,
        ]
        func entries(_ list: [String]) -> JSONValue { .array(list.map { .array([.string($0)]) }) }
        #expect(try await Self.entries(of: files) == entries([
            "d1", "d1 micro", "load d1", "d2", "d2 micro", "load d2",
            "dep body", "module code@own.js:3:20", "f@own.js:4:34\nmodule code@own.js:5:6", "own body 1", "load own",
            "dep micro", "own micro", "module code@lazy.js:2:9",
        ]))
        files["index.html"] = log + #"<script type="module">try { null.x } catch (e) { log(e.stack) } import('./lazy.js')</script>"#
        #expect(try await Self.entries(of: files) == entries(["module code@index.html:3:33", "module code@lazy.js:2:9"]))
    }

    /// The page of ``liveBindingsReadWithTheirColumns()``: a classic
    /// script calls `show` of `use-4f3a2b1c.js` and keeps what it throws.
    static let liveIndex = """
        <!DOCTYPE html>
        <script>var out = [];</script>
        <script>
        import('./use-4f3a2b1c.js').then(function (m) {
          try { m.show(); } catch (e) { out.push(['live', e.message, e.stack]); }
        });
        </script>
        """

    /// The files of ``classicScriptsKeepTheirColumnsAfterImport()``.
    static let classicImports = [
        "index.html": """
            <!DOCTYPE html>
            <script>var out = [];</script>
            <script src="app-1a2b3c.js"></script>
            <script>function load(){return import ( /* lazy */ './m.js')}function fail(){throw new Error('inline')}try{fail()}catch(e){out.push(['inline',e.stack])}load().then(function(m){try{m.boom()}catch(e){out.push(['inlineModule',e.stack])}})</script>
            """,
        "app-1a2b3c.js": #"function l(){return import("./m.js")}function f(){throw new Error("after")}try{f()}catch(e){out.push(["app",e.stack])}l().then(function(m){try{m.boom()}catch(e){out.push(["module",e.stack])}})"#,
        "m.js": "// m.js\n" + #"export function boom(){throw new TypeError("boom")}"#,
    ]

    /// The files of ``stacksReadOutsideModuleCodeMatchWebKit()``: a library chunk (no imports, a licence comment first),
    /// a chunk that imports it (one binding assigned after it is exported, read through the namespace), and a page whose
    /// classic script imports the chunk with `import()`.
    static let chunks = [
        "vendor-4f3a2b1c.js": #"/*! vendor-4f3a2b1c.js v1.0.0 | (c) Example Authors | MIT License */export function boom(n){if(n>1)throw new TypeError("boom "+n);return n}export async function later(){await 0;throw new Error("later")}export const V=1;"#,
        "chunk-9a8b7c6d.js": #"import{boom as b,later as l,V as v}from"./vendor-4f3a2b1c.js";export function run(n){return b(n)+v}export function go(){return l()}export function bad(){return v+b(1)+missing()}export function own(){throw new RangeError("own")}"#,
        "index.html": """
            <!DOCTYPE html>
            <script>
            var out = [];
            window.onerror = function (message, url, line, column, error) { out.push(['onerror', line, column, error.stack]); };
            addEventListener('error', function (e) { out.push(['listener', e.lineno, e.colno, e.error.stack]); });
            var chunk = './chunk-9a8b7c6d.js';
            import(chunk
            ).then(function (m) {
              var module = m;
              try { m.run(2); } catch (e) { out.push(['catch', e.stack]); }
              try { m.bad(); } catch (e) { out.push(['catchAfterImport', e.stack]); }
              try { m.own(); } catch (e) { out.push(['catchOwn', e.stack]); }
              m.go().catch(function (e) { out.push(['promise', e.stack]); });
              setTimeout(function () { m.run(3); }, 0);
            });
            </script>
            """,
    ]
}
