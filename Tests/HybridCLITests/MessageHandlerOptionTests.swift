import Foundation
import Testing
import TestSupport

/// `--message-handler NAME` on `hybrid run` and `hybrid test`: `window.webkit.messageHandlers.NAME`, replying with the
/// mock of that name (issue 19).
@Suite struct MessageHandlerOptionTests {
    static let page = """
        <!DOCTYPE html><html><body><button id="go">Go</button><p id="out"></p><script>
        document.getElementById('go').onclick = function () {
          window.webkit.messageHandlers.getToken.postMessage({ user: 1 }).then(
            function (token) { document.getElementById('out').textContent = 'token ' + token; },
            function (error) { document.getElementById('out').textContent = 'error ' + error.message; });
        };
        </script></body></html>
        """
    static let mocks = #"{"getToken": [{"response": "t1"}, {"error": {"code": "expired", "message": "token expired"}}]}"#

    @Test func runRegistersTheHandlersAndTheMockReplies() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page, "mocks.json": Self.mocks])
        let result = try await HybridBinary.run([
            "run", folder.appendingPathComponent("page.html").path, "--quiet",
            "--message-handler", "getToken", "--message-handler", "track", "--mock", folder.appendingPathComponent("mocks.json").path,
            "--click", "#go", "--eval", "document.getElementById('out').textContent",
            "--click", "#go", "--eval", "document.getElementById('out').textContent",
            "--eval", "typeof window.webkit.messageHandlers.track.postMessage('plain')",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "token t1\nerror token expired\nundefined\n", "\(result.stdout)")
    }

    @Test func withoutTheOptionThePageHasNoSuchHandler() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page])
        let result = try await HybridBinary.run([
            "run", folder.appendingPathComponent("page.html").path, "--quiet",
            "--eval", "typeof (window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.getToken)",
        ])
        #expect(result.stdout == "undefined\n", "\(result.stdout)\(result.stderr)")
    }

    @Test func aBadNameIsAUsageError() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page])
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path, "--message-handler", "a b"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--message-handler needs a handler name without spaces, got \"a b\""), "\(result.stderr)")
    }

    /// In a test, the sidecar mock replies, native.mock replies per test over it, and native.calls lists the messages.
    @Test func testMocksMessageHandlersPerTest() async throws {
        let folder = try await RunFixture.folder([
            "token.test.html": Self.page + """
                <script>
                test("the file's mock replies", async () => {
                  expect(await window.webkit.messageHandlers.getToken.postMessage({ user: 2 })).toBe("t1");
                  expect(native.calls("getToken").map((c) => c.data)).toEqual([{ user: 2 }]);
                });
                test("a test's mock replies over it, an error rejects", async () => {
                  native.mock("getToken", (data) => "for " + data.user);
                  expect(await window.webkit.messageHandlers.getToken.postMessage({ user: 3 })).toBe("for 3");
                  native.mock("getToken", { error: { code: "denied", message: "not now" } });
                  await expect(window.webkit.messageHandlers.getToken.postMessage({})).rejects.toThrow("not now");
                });
                test("a plain handler records its messages", async () => {
                  expect(window.webkit.messageHandlers.track.postMessage("clicked")).toBeUndefined();
                  await new Promise((resolve) => setTimeout(resolve, 0));
                  expect(native.calls("track").map((c) => c.data)).toEqual(["clicked"]);
                });
                </script>
                """,
            "token.mock.json": #"{"getToken": {"response": "t1"}}"#,
        ])
        let result = try await HybridBinary.run(["test", "--message-handler", "getToken", "--message-handler", "track",
                                                 folder.appendingPathComponent("token.test.html").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("3 passed, 0 failed"), "\(result.stdout)\(result.stderr)")
    }
}
