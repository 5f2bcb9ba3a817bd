import Foundation
import HybridTesting
import Testing

/// `toMatchSnapshot()`: stored next to the test the first time, compared after, replaced with `updateSnapshots`.
@Suite struct SnapshotTests {
    private static func page(items: [String]) -> String {
        """
        <!DOCTYPE html>
        <ul id="list">\(items.map { "<li>\($0)</li>" }.joined())</ul>
        <script>
        test("the list", () => {
          expect(document.getElementById("list")).toMatchSnapshot();
          expect({ count: document.querySelectorAll("li").length, first: document.querySelector("li").textContent }).toMatchSnapshot("summary");
        });
        </script>
        """
    }

    @Test func aChangedListFailsUntilTheSnapshotIsUpdated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("list.test.html")
        let file = TestFile(url: url, path: "list.test.html")
        let stored = folder.appendingPathComponent("__snapshots__/list.test.html.snap.json")

        try Self.page(items: ["one", "two"]).write(to: url, atomically: true, encoding: .utf8)
        let first = await runTestFile(file, options: Fixtures.options())
        #expect(first.counts == TestCounts(passed: 1), "\(first.failures)")
        let text = try String(contentsOf: stored, encoding: .utf8)
        #expect(text == """
            {
              "the list 1": "<ul id=\\"list\\"><li>one</li><li>two</li></ul>",
              "the list: summary 2": "{\\n  \\"count\\": 2,\\n  \\"first\\": \\"one\\"\\n}"
            }

            """)

        try Self.page(items: ["one", "three"]).write(to: url, atomically: true, encoding: .utf8)
        let changed = await runTestFile(file, options: Fixtures.options())
        #expect(changed.counts == TestCounts(failed: 1))
        #expect(changed.tests.first?.message == "expect(received).toMatchSnapshot(): the snapshot \"the list 1\" differs at line 1: "
                + "- <ul id=\"list\"><li>one</li><li>two</li></ul> + <ul id=\"list\"><li>one</li><li>three</li></ul> "
                + "(hybrid test --update-snapshots accepts the new value)")
        #expect(try String(contentsOf: stored, encoding: .utf8) == text, "a failing run leaves the snapshots alone")

        var update = Fixtures.options()
        update.updateSnapshots = true
        let updated = await runTestFile(file, options: update)
        #expect(updated.counts == TestCounts(passed: 1), "\(updated.failures)")
        #expect(try String(contentsOf: stored, encoding: .utf8).contains("<li>three</li>"))
        let after = await runTestFile(file, options: Fixtures.options())
        #expect(after.counts == TestCounts(passed: 1), "\(after.failures)")
    }

    @Test func aBrokenSnapshotFileFailsTheFileWithItsPath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__snapshots__"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("list.test.html")
        try Self.page(items: ["one"]).write(to: url, atomically: true, encoding: .utf8)
        try "[1,".write(to: folder.appendingPathComponent("__snapshots__/list.test.html.snap.json"), atomically: true, encoding: .utf8)
        let report = await runTestFile(TestFile(url: url, path: "list.test.html"), options: Fixtures.options())
        #expect(report.counts == TestCounts(failed: 1))
        #expect(report.tests.first?.message?.contains("__snapshots__/list.test.html.snap.json are not a JSON object: fix or delete the file") == true,
                "\(report.failures)")
    }
}
