import Foundation
import TestSupport

/// Fixtures for the `hybrid run` end-to-end tests: pages in fresh folders, transcripts parsed back.
enum RunFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The seed's bootstrap snippet, for pages that talk to native.
    static let bootstrap = """
        <script>
        function setupWebViewJavascriptBridge(callback) {
          if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
          if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
          window.WVJBCallbacks = [callback];
          var f = document.createElement('iframe'); f.style.display = 'none'; f.src = 'wvjbscheme://__BRIDGE_LOADED__';
          document.documentElement.appendChild(f);
          setTimeout(function() { document.documentElement.removeChild(f) }, 0)
        }
        var got = {};
        function ask(name, data) {
          setupWebViewJavascriptBridge(function(bridge) {
            bridge.callHandler(name, data, function(answer) { got[name] = answer; });
          });
        }
        </script>
        """

    /// A fresh folder with `files` (name → text); returns the folder.
    static func folder(_ files: [String: String]) async throws -> URL {
        try temporaryFolder(files, prefix: "run")
    }

    /// A fresh folder with one page, `index.html`; returns the page.
    static func page(_ html: String) async throws -> URL {
        try await folder(["index.html": html]).appendingPathComponent("index.html")
    }

    /// The JSON lines of a transcript.
    static func events(_ path: URL) async throws -> [[String: Any]] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }

    static func kind(_ events: [[String: Any]], _ kind: String) -> [[String: Any]] {
        events.filter { $0["kind"] as? String == kind }
    }
}
