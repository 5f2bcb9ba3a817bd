import Foundation
import Hybrid
import HybridTesting

/// The frame of `--report`'s HTML pages: one self-contained document (its style inline, no script, nothing fetched),
/// readable offline and in any browser; messages expand with `<details>`.
enum HTMLPage {
    /// `text` escaped for HTML text and attribute values (XML's escaping, which HTML reads the same).
    static func escape(_ text: String) -> String {
        XMLEscaping.escape(text)
    }

    /// A whole page: `title`, then `body` (HTML).
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// `<section>` with a heading, or nothing when `items` is empty.
    static func section(_ id: String, _ heading: String, _ items: [String], empty: String? = nil) -> String {
        guard !items.isEmpty || empty != nil else { return "" }
        let content = items.isEmpty ? "<p class=\"none\">\(escape(empty ?? ""))</p>" : "<ol class=\"\(id)\">\n" + items.joined(separator: "\n") + "\n</ol>"
        return "<section id=\"\(id)\">\n<h2>\(escape(heading))</h2>\n\(content)\n</section>\n"
    }

    /// A PNG file shown in the page as a `data:` URL (so the page stays self-contained), captioned `caption` and its
    /// path; a note instead when the file cannot be read.
    static func image(path: String, caption: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            return "<span class=\"none\">\(escape(caption)): \(escape(path)) cannot be read</span>"
        }
        return "<figure><img src=\"data:image/png;base64,\(data.base64EncodedString())\" alt=\"\(escape(caption))\">"
            + "<figcaption>\(escape(caption)) <code>\(escape(path))</code></figcaption></figure>"
    }

    /// Milliseconds as shown: `12.3 ms`, `1.20 s`.
    static func time(_ milliseconds: Double) -> String {
        milliseconds < 1000 ? String(format: "%.1f ms", milliseconds) : String(format: "%.2f s", milliseconds / 1000)
    }

    /// A JSON value, pretty-printed for a `<pre>`.
    static func json(_ value: JSONValue) -> String {
        escape(pretty(value, indent: ""))
    }

    private static func pretty(_ value: JSONValue, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let object) where !object.isEmpty:
            return "{\n" + object.keys.sorted().map { key in
                inner + JSONValue.string(key).jsonString + ": " + pretty(object[key] ?? .null, indent: inner)
            }.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return value.jsonString
        }
    }

    static let style = """

        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #1d1d1f; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 24px 0 8px; border-bottom: 1px solid #ddd; }
        .summary { font-size: 15px; } .passed { color: #1a7f37; } .failed { color: #cf222e; } .skipped { color: #8a8a8a; }
        ol { list-style: none; padding: 0; margin: 0; } li { padding: 3px 0; border-bottom: 1px solid #f0f0f0; }
        .t { display: inline-block; min-width: 76px; color: #6e6e73; font-variant-numeric: tabular-nums; }
        .bar { display: inline-block; height: 8px; background: #0969da; border-radius: 4px; vertical-align: middle; margin-right: 8px; }
        .track { display: inline-block; width: 160px; background: #eef2f6; border-radius: 4px; margin-right: 8px; vertical-align: middle; line-height: 0; }
        code, pre { font: 12.5px/1.4 ui-monospace, monospace; } pre { background: #f6f8fa; padding: 8px; overflow: auto; margin: 4px 0; }
        details > summary { cursor: pointer; } .none { color: #8a8a8a; }
        .sequence li { display: grid; grid-template-columns: 76px 90px 1fr 90px; align-items: start; }
        .lane { text-align: center; font-weight: 600; color: #57606a; }
        .arrow { border-bottom: 2px solid #57606a; position: relative; padding: 0 12px 2px; text-align: center; }
        .arrow.right::after { content: "\\25B6"; position: absolute; right: -6px; bottom: -9px; font-size: 11px; color: #57606a; }
        .arrow.left::before { content: "\\25C0"; position: absolute; left: -6px; bottom: -9px; font-size: 11px; color: #57606a; }
        .arrow.error { border-color: #cf222e; } .level-error, .level-warn { color: #9a6700; } .level-error { color: #cf222e; }
        table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; }
        .source { background: #fff8c5; }
        figure { display: inline-block; margin: 6px 12px 6px 0; vertical-align: top; }
        figure img { display: block; max-width: 320px; border: 1px solid #d0d7de; }
        figcaption { font-size: 12px; color: #57606a; max-width: 320px; overflow-wrap: anywhere; }

        """
}
