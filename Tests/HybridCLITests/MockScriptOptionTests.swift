import Foundation
import Testing
import TestSupport

/// `--mock-script FILE` on `hybrid run` and `hybrid test`: native handlers written in JavaScript, run outside the page
/// (issue 19).
@Suite struct MockScriptOptionTests {
    static let page = """
        <!DOCTYPE html><html><body><button id="go">Go</button><p id="out"></p><script>
        function setupWebViewJavascriptBridge(callback) {
          if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
          if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
          window.WVJBCallbacks = [callback];
          var iframe = document.createElement('iframe');
          iframe.style.display = 'none';
          iframe.src = 'https://__bridge_loaded__';
          document.documentElement.appendChild(iframe);
          setTimeout(function () { document.documentElement.removeChild(iframe) }, 0);
        }
        setupWebViewJavascriptBridge(function (bridge) {
          document.getElementById('go').onclick = function () {
            bridge.callHandler('getUser', { id: 7 }, function (user) { document.getElementById('out').textContent = user.name + ' #' + user.calls; });
          };
        });
        </script></body></html>
        """
    static let script = """
        let calls = 0;
        module.exports = {
          async getUser(data) { calls += 1; return { name: "user " + data.id, calls }; },
        };
        """

    @Test func runAnswersFromTheScriptKeepingItsState() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page, "mocks.js": Self.script,
                                                  "page.mock.json": #"{"getUser": {"response": {"name": "sidecar", "calls": 0}}}"#])
        let result = try await HybridBinary.run([
            "run", folder.appendingPathComponent("page.html").path, "--quiet",
            "--mock-script", folder.appendingPathComponent("mocks.js").path,
            "--click", "#go", "--click", "#go", "--eval", "document.getElementById('out').textContent",
            "--eval", "typeof calls",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "user 7 #2\nundefined\n", "\(result.stdout)")
    }

    @Test func aBrokenScriptIsAnInputErrorNamingTheLine() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page, "mocks.js": "module.exports = {\n  a() {}\n  b() {}\n};\n"])
        let script = folder.appendingPathComponent("mocks.js").path
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path, "--mock-script", script])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("hybrid run: --mock-script \(script): line 3, column "), "\(result.stderr)")
        #expect(result.stderr.contains("SyntaxError"), "\(result.stderr)")
        let missing = try await HybridBinary.run(["test", "--mock-script", "/nonexistent/mocks.js", folder.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--mock-script /nonexistent/mocks.js: cannot read the file"), "\(missing.stderr)")
    }

    @Test func testAnswersFromTheScriptUnderPerTestMocks() async throws {
        let folder = try await RunFixture.folder([
            "user.test.html": Self.page + """
                <script>
                test("the script answers", async () => {
                  expect(await WebViewJavascriptBridge.call("getUser", { id: 1 })).toEqual({ name: "user 1", calls: 1 });
                });
                test("a test's mock answers over it", async () => {
                  native.mock("getUser", { name: "mocked" });
                  expect(await WebViewJavascriptBridge.call("getUser", { id: 2 })).toEqual({ name: "mocked" });
                });
                </script>
                """,
            "mocks.js": Self.script,
        ])
        let result = try await HybridBinary.run(["test", "--mock-script", folder.appendingPathComponent("mocks.js").path,
                                                 folder.appendingPathComponent("user.test.html").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("2 passed, 0 failed"), "\(result.stdout)\(result.stderr)")
    }
}
