import Foundation
import Testing
import TestSupport
import WebKitEngine

/// `hybrid conform`: a page run on both engines with the same steps, its console, exceptions, assertions, eval values,
/// final DOM text and exit status compared after normalisation.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil, Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct ConformCommandTests {
    @Test func aPageThatAgreesExitsZero() async throws {
        let url = try await RunFixture.page("""
            <p id="p">start</p>
            <button id="b" onclick="document.getElementById('p').textContent = 'clicked ' + location.port.length">go</button>
            <script>console.log('at ' + location.host + ' ' + Date.now()); setTimeout(function () { console.warn('later') }, 0)</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--click", "#b", "--assert", "document.title === ''",
                                                 "--eval", "1 + 1", "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "\(url.path): conforms\n")
    }

    @Test func aPageWrittenToDisagreeNamesEachDifferenceWithBothValues() async throws {
        // A textarea's height comes from its rows and its font: WebKit lays it out, the headless engine says 0.
        let url = try await RunFixture.page("""
            <textarea id="box" rows="4"></textarea>
            <script>console.log('height ' + document.getElementById('box').offsetHeight)</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--assert", "document.getElementById('box').offsetHeight > 0",
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        let console = #"\#(url.path) console[0]: headless "log height 0" | webkit "log height "#
        #expect(lines.first?.hasPrefix(console) == true, "\(lines)")
        #expect(lines.first?.hasSuffix(#"| webkit "log height 0""#) == false, "\(lines)")
        #expect(lines.dropFirst().first == #"\#(url.path) assert[0]: headless "document.getElementById('box').offsetHeight > 0 failed" | webkit "document.getElementById('box').offsetHeight > 0 passed""#)
        #expect(lines.dropFirst(2).first == #"\#(url.path) exit: headless "1" | webkit "0""#)
        #expect(lines.last == "\(url.path): 3 differences")
        let json = try await HybridBinary.run(["conform", url.path, "--json", "--timeout", HybridBinary.generousTimeout])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]]
        #expect(pages?.first?["page"] as? String == url.path)
        let differences = pages?.first?["differences"] as? [[String: String]]
        #expect(differences?.count == 1)
        #expect(differences?.first?["what"] == "console[0]")
        #expect(differences?.first?["headless"] == "log height 0")
        #expect(differences?.first?["webkit"]?.hasPrefix("log height ") == true)
        #expect(differences?.first?["webkit"] != "log height 0")
    }

    @Test func aPageThatCannotRunIsAnInputError() async throws {
        let folder = try await RunFixture.folder([:])
        let missing = folder.appendingPathComponent("missing.html").path
        let result = try await HybridBinary.run(["conform", missing, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 2)
        #expect(result.stderr.contains("hybrid conform: \(missing) on the webkit engine: cannot read \(missing)"), "\(result.stderr)")
    }

    /// The project's own bridge pages conform: the same bridge messages, console, dialogs and DOM on both engines,
    /// served from `web` (combined.html, dsbridge.html and wechat.html load `../examples/` scripts). seed.html's setup
    /// callback throws: both engines name its throw site.
    @Test func theBridgePagesConform() async throws {
        let web = RunFixture.repository.appendingPathComponent("web")
        let pages = ["alipay", "android-jsbridge", "capacitor", "combined", "cordova", "dsbridge", "echo", "flutter",
                     "react-native", "seed", "wechat"]
        let result = try await HybridBinary.run(["conform"] + pages.map { web.appendingPathComponent("bridge/\($0).html").path }
                                                + ["--root", web.path, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == pages.count, "\(result.stdout)")
    }

    /// The navigation pages with their native router and store mocked (--mock): the list opens an item and shows
    /// the answer, the cart shows the stored count, the same on both engines; the WebKit run on its own passes its
    /// assertions, so the pages did their work and did not merely fail alike.
    @Test func theNavigationPagesConformWithTheirNativeSideMocked() async throws {
        let folder = RunFixture.repository.appendingPathComponent("web/navigation")
        let mock = try await RunFixture.folder(["app.mock.json": """
            {"router.open": {"response": {"name": "Blue mug", "quantity": 2}}, "notification.observe": {"response": null},
             "store.get": {"response": 3}, "store.observe": {"response": null}, "app.state": {"response": "active"}}
            """]).appendingPathComponent("app.mock.json")
        let runs: [(page: String, steps: [String])] = [
            ("list.html", ["--click", "#item-1", "--assert", "document.getElementById('picked').textContent == 'Blue mug x2'",
                           "--call", #"notification.received={"name":"cart.changed","userInfo":{"count":4}}"#,
                           "--assert", "document.getElementById('badge').textContent == '4'"]),
            ("cart.html", ["--assert", "document.getElementById('count').textContent == '3'",
                           "--assert", "document.getElementById('state').textContent == 'active'"]),
        ]
        for (page, steps) in runs {
            let path = folder.appendingPathComponent(page).path
            let common = ["--mock", mock.path, "--timeout", HybridBinary.generousTimeout] + steps
            let result = try await HybridBinary.run(["conform", path] + common)
            #expect(result.status == 0, "\(page): \(result.stdout)\(result.stderr)")
            #expect(result.stdout == "\(path): conforms\n")
            let webkit = try await HybridBinary.run(["run", path, "--engine", "webkit", "--quiet"] + common)
            #expect(webkit.status == 0, "\(page): \(webkit.stdout)\(webkit.stderr)")
        }
    }

    /// The example pages conform, form.html with its scenario (its final assertion passes on both engines).
    /// canvas.html is left out: its measureText width comes from the fonts and WebKit's own hinting (73 vs 72 px).
    @Test func theExamplePagesConform() async throws {
        let folder = RunFixture.repository.appendingPathComponent("web/examples")
        let pages = ["checkout", "dom", "responsive", "token"].map { folder.appendingPathComponent("\($0).html").path }
        let result = try await HybridBinary.run(["conform"] + pages + ["--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == pages.map { "\($0): conforms\n" }.joined())
        let form = folder.appendingPathComponent("form.html").path
        let scenario = try await HybridBinary.run(["conform", form, "--steps", folder.appendingPathComponent("form.steps.json").path,
                                                   "--timeout", HybridBinary.generousTimeout])
        #expect(scenario.status == 0, "\(scenario.stdout)\(scenario.stderr)")
        #expect(scenario.stdout == "\(form): conforms\n")
    }

    /// A JavaScript handler that throws when native calls it (--call) conforms: window.onerror gets the same line and
    /// column on both engines, and native the same error answer (the bridge messages and exit status are compared).
    /// (A TypeError: `throw new Error(...)` still differs by column, and a thrown Error made earlier by line, since
    /// the headless engine names where an Error was made and WebKit where it was thrown, bridge or not.)
    @Test func aHandlerThatThrowsConforms() async throws {
        let url = try await RunFixture.page(RunFixture.bootstrap + """
            <script>
            window.onerror = function (message, url, line, column) { console.log('onerror ' + line + ':' + column + ' ' + message); };
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('explode', function (data, responseCallback) {
                data.missing.n;
              });
            });
            </script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--call", #"explode={"n":1}"#,
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "\(url.path): conforms\n")
    }

    /// Checks that the page conforms, then runs it on WebKit alone (exit 1 expected: the page fails) and returns the
    /// exceptions of its transcript as "name: message".
    static func conformingExceptions(of url: URL) async throws -> [String] {
        let result = try await HybridBinary.run(["conform", url.path, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = url.deletingLastPathComponent().appendingPathComponent("webkit.jsonl")
        let run = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--transcript", transcript.path,
                                              "--timeout", HybridBinary.generousTimeout])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        return RunFixture.kind(try await RunFixture.events(transcript), "exception")
            .map { "\($0["name"] ?? ""): \($0["message"] ?? "")" }
    }

    /// A `<script src>` that is not there: the same uncaught NetworkError, with the HTTP status, on both engines, and
    /// exit 1 on both (the page itself sees only the script's `error` event on either).
    @Test func aMissingScriptFailsBothEnginesWithTheSameException() async throws {
        let url = try await RunFixture.page("""
            <p>text</p>
            <script src="missing.js"></script>
            <script>console.log('after')</script>
            """)
        let exceptions = try await Self.conformingExceptions(of: url)
        #expect(exceptions.count == 1, "\(exceptions)")
        #expect(exceptions.first?.hasPrefix("NetworkError: failed to load script http://127.0.0.1:") == true, "\(exceptions)")
        #expect(exceptions.first?.hasSuffix("/missing.js: HTTP status 404") == true, "\(exceptions)")
    }

    /// A script WebKit got no HTTP status for (port 9: refused, or a port WebKit blocks): the host says so, and
    /// conform matches that reason with the headless engine's ("Could not connect ...") for the same URL.
    @Test func aScriptWithoutAnHTTPStatusMatchesTheHeadlessReason() async throws {
        let url = try await RunFixture.page("""
            <script src="http://127.0.0.1:9/gone.js"></script>
            <script>console.log('after')</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let run = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--quiet"], environment: ["NO_COLOR": "1"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("NetworkError: failed to load script http://127.0.0.1:9/gone.js: no HTTP status (WebKit)"),
                "\(run.stderr)")
    }

    /// Unhandled rejections (an Error, an object, a string) are the same exceptions on both engines: the
    /// reason's string, as the headless engine reports it, and exit 1 on both.
    @Test func unhandledRejectionsConform() async throws {
        let url = try await RunFixture.page("""
            <script>
            Promise.reject(new TypeError('bad thing'));
            Promise.reject({a: 1});
            Promise.reject('plain');
            </script>
            """)
        let exceptions = try await Self.conformingExceptions(of: url)
        #expect(exceptions == ["TypeError: bad thing", ": [object Object]", ": plain"], "\(exceptions)")
    }

    /// ES modules and the platform's errors conform (probes of issue 16's APIs): script order, the errors `import()`,
    /// `structuredClone`, `File` and `crypto.subtle` give and what `window.onerror` gets for modules that fail to
    /// link, in WebKit's words; errors `onerror` handled (returning true) are no exceptions on either engine, so the
    /// only one is the module script that is not there.
    @Test func moduleAndPlatformErrorsConform() async throws {
        let folder = try await RunFixture.folder([
            "index.html": """
                <!doctype html><p>modules</p>
                <script>
                onerror = function (m, f, l, c) { console.log('onerror ' + m + ' @' + f.split('/').pop() + ':' + l + ':' + c); return true; };
                document.addEventListener('DOMContentLoaded', function () { console.log('DOMContentLoaded'); });
                console.log('inline');
                </script>
                <script type="module" src="main.js"></script>
                <script defer src="defer.js"></script>
                <script type="module" src="missing-export.js"></script>
                <script type="module" src="css.js"></script>
                <script type="module" src="gone.js" onerror="console.log('error event gone.js')"></script>
                <script type="module">
                const t = async f => { try { await f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } };
                console.log(await t(() => import('./nothere.js')));
                console.log(await t(() => import('bare')));
                console.log(await t(() => import('./data.json', 5)));
                console.log(await t(() => import('./data.json', { with: { type: 'javascript' } })));
                console.log(await t(() => import('./bad.json', { with: { type: 'json' } })));
                console.log(await t(async () => structuredClone(() => 1)));
                console.log(await t(async () => { const b = new ArrayBuffer(1); structuredClone(1, { transfer: [b, b] }); }));
                console.log(await t(async () => structuredClone(1, { transfer: 5 })));
                console.log(await t(async () => new File(['x'])));
                console.log(await t(() => crypto.subtle.digest('SHA-999', new Uint8Array(1))));
                console.log(await t(() => crypto.subtle.exportKey('raw', {})));
                </script>
                """,
            "main.js": "import { b } from './lib.js'; console.log('main ' + b + ' ' + import.meta.url.split('/').pop());\n",
            "lib.js": "export const b = 'B';\n",
            "defer.js": "console.log('defer');\n",
            "missing-export.js": "import { nope } from './lib.js';\n",
            "css.js": "import x from './data.json' with { type: 'css' };\n",
            "data.json": "[1]",
            "bad.json": "{",
        ])
        let exceptions = try await Self.conformingExceptions(of: folder.appendingPathComponent("index.html"))
        #expect(exceptions.count == 1, "\(exceptions)")
        #expect(exceptions.first?.hasSuffix("/gone.js: HTTP status 404") == true, "\(exceptions)")
    }

    /// Modules that do not parse (a file, a dependency, an inline module, an inserted one, `import()`): the same
    /// SyntaxErrors on both engines, in JavaScriptCore's words and lines, and the same error events.
    @Test func moduleSyntaxErrorsConform() async throws {
        try await Self.expectFixtureConforms("ModuleSyntax/index.html", eval: "JSON.stringify([errors, later])")
    }

    /// Modules by media type (HTTP, blob: and data: URLs): the same refusals, in WebKit's words, and the same modules.
    @Test func moduleMediaTypesConform() async throws {
        try await Self.expectFixtureConforms("ModuleTypes/index.html", eval: "JSON.stringify(seen)")
    }

    /// Classic scripts by media type: the same ones run, and the same ones (an image, a CSV) fail to load.
    @Test func classicScriptMediaTypesConform() async throws {
        try await Self.expectFixtureConforms("ScriptTypes/index.html", eval: "JSON.stringify(seen)")
    }

    /// Subresource Integrity (scripts, modules, stylesheets, fetch) and stylesheets that block scripts.
    @Test func integrityAndBlockingStylesheetsConform() async throws {
        try await Self.expectFixtureConforms("Integrity/index.html", eval: "JSON.stringify([seen, loose.sort()])")
        try await Self.expectFixtureConforms("Stylesheets/index.html", eval: "JSON.stringify(seen)", waitFor: nil)
    }

    /// Function.prototype.toString of the platform's functions (DOM methods and accessors, interfaces, web APIs made
    /// at set-up and later) is WebKit's native text, and the page's own functions keep their source.
    @Test func nativeFunctionTextConforms() async throws {
        try await Self.expectFixtureConforms("NativeCode/index.html", eval: "JSON.stringify(seen)")
    }

    /// document.write while parsing (inline and src scripts written, nested writes, error lines), from a deferred
    /// script (ignored) and after load (the page replaced), and `pageshow` after `load`: the same on both engines.
    @Test func documentWriteConforms() async throws {
        try await Self.expectFixtureConforms("DocumentWrite/index.html", eval: "JSON.stringify([log, finalHTML])")
    }

    /// Events, the location and a worker's events list WebKit's own properties only (JSON.stringify, Object.keys,
    /// for...in): the same on both engines.
    @Test func enumerableStateConforms() async throws {
        try await Self.expectFixtureConforms("EnumerableState/index.html", eval: "JSON.stringify(seen)")
    }

    /// `hybrid conform` of a page of Tests/Fixtures, once it shows `waitFor`, with `eval`'s value compared too, finds
    /// no difference.
    static func expectFixtureConforms(_ page: String, eval: String, waitFor: String? = "#done") async throws {
        let page = RunFixture.repository.appendingPathComponent("Tests/Fixtures").appendingPathComponent(page)
        let wait = waitFor.map { ["--wait-for", $0] } ?? []
        let result = try await HybridBinary.run(["conform", page.path] + wait + ["--eval", eval,
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "\(page.path): conforms\n")
    }

    /// Console format specifiers (React's warnings are "Warning: ...%s" with arguments): the same text on both
    /// engines, substituted.
    @Test func consoleFormatSpecifiersConform() async throws {
        let url = try await RunFixture.page("""
            <script>
            console.log('a %s b %d c %i %f %c d %% e %o', 'x', '5', 6.7, '1.5', 'color: red', [1], 'extra');
            console.warn('Warning: %s%s', 'Each child', ' needs a key');
            console.error('%s', {k: 1});
            </script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(": conforms\n"), "\(result.stdout)")
    }

    /// With no PAGE, the demo: its handlers, clicks, native calls and alerts agree.
    @Test func theDemoConforms() async throws {
        let result = try await HybridBinary.run(["conform", "--timeout", HybridBinary.generousTimeout],
                                                currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "demo: conforms\n")
    }

    /// A page whose bridge traffic differs by engine: the difference names the bridge message, with both values.
    @Test func aBridgeMessageThatDiffersIsNamed() async throws {
        let url = try await RunFixture.page(RunFixture.bootstrap + """
            <textarea id="box" rows="4"></textarea>
            <script>
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.callHandler('echo', {tall: document.getElementById('box').offsetHeight > 0});
            });
            </script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"\#(url.path) bridge[0]: headless "js->native call echo {\"tall\":false}" | webkit "js->native call echo {\"tall\":true}""#,
                "\(lines)")
    }
}
