import JavaScript
import Synchronization
import WebView

/// Something a test file's pages did that a report shows beside its tests (`hybrid test --report`), recorded when
/// ``TestRunOptions/recordsPageEvents`` is on: a bridge message (`kind` `bridge`, its fields as `hybrid run
/// --transcript` writes them), a dialog (`dialog`: `type`, `text`, `answer`), the DOM after a `page.*` step (`dom`:
/// `step`, `html`), or a screenshot check on the WebKit engine (`screenshot`: `test`, `name`, `baseline`, `outcome`
/// — `recorded`, `matched`, `updated`, `mismatch` or `error` — and for a mismatch `actual` and `diff`, the paths of
/// the screenshot and of the differing pixels; for an error `error`).
public struct TestPageEvent: Sendable {
    /// Milliseconds since the file started.
    public var milliseconds: Double
    /// `bridge`, `dialog`, `dom` or `screenshot`.
    public var kind: String
    /// What happened, as above.
    public var fields: JSONObject

    /// An event; see the properties.
    public init(milliseconds: Double, kind: String, fields: JSONObject) {
        self.milliseconds = milliseconds
        self.kind = kind
        self.fields = fields
    }
}

/// The page events of one test file, from every page it shows (the test page and those it opens). Any thread.
final class TestPageEventLog: Sendable {
    private let began = ContinuousClock.now
    private let events = Mutex<[TestPageEvent]>([])

    func record(_ kind: String, _ fields: JSONObject) {
        let elapsed = ContinuousClock.now - began
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        events.withLock { $0.append(TestPageEvent(milliseconds: milliseconds, kind: kind, fields: fields)) }
    }

    /// Records what a report shows of a web view event (bridge messages and dialogs).
    func record(_ event: WebViewEvent) {
        switch event.kind {
        case .custom("bridge", let fields): record("bridge", fields)
        case .dialog(let type, let text, let answer): record("dialog", ["type": .string(type.rawValue), "text": .string(text), "answer": answer])
        default: break
        }
    }

    var all: [TestPageEvent] { events.withLock { $0 } }
}
