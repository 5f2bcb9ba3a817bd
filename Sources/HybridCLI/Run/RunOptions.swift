import Foundation
import Hybrid

/// Everything one `hybrid run` needs, resolved from the command line.
struct RunOptions: Sendable {
    /// A native call of `--call NAME[=JSON]`.
    struct Call: Sendable, Equatable {
        var handler: String
        var data: JSONValue?

        /// Parses `NAME` or `NAME=JSON`; the error names the JSON error's position.
        init(parsing text: String) throws(RunInputError) {
            guard let equals = text.firstIndex(of: "=") else {
                guard !text.isEmpty else { throw RunInputError("--call: missing the handler name") }
                handler = text
                data = nil
                return
            }
            handler = String(text[..<equals])
            guard !handler.isEmpty else { throw RunInputError("--call \(text): missing the handler name") }
            let json = String(text[text.index(after: equals)...])
            do {
                data = try JSONValue(parsing: json)
            } catch let error as JSONParseError {
                throw RunInputError("--call \(handler): invalid JSON at offset \(error.offset): \(error.reason)")
            } catch {
                throw RunInputError("--call \(handler): invalid JSON: \(error)")
            }
        }

        init(handler: String, data: JSONValue?) {
            self.handler = handler
            self.data = data
        }
    }

    /// How much is printed.
    enum Verbosity: Int, Sendable, Comparable {
        case quiet, normal, verbose
        static func < (a: Verbosity, b: Verbosity) -> Bool { a.rawValue < b.rawValue }
    }

    /// The page as shown in messages and the summary.
    var label: String
    var url: URL
    var isDemo = false
    /// No PAGE: the routes file's app shell opens its `start` URL.
    var startFromRoutes = false
    /// `--log-level` info or lower: the bridge logs its messages.
    var logBridge = false
    /// `--rotate`: how many times the device turns a quarter before the other steps.
    var rotations = 0
    /// `--file-input SELECTOR=PATH`: the files each selector's file input gets, in command-line order.
    var fileInputs: [(selector: String, files: [WebFile])] = []
    /// The steps in command-line order (the demo's first), see ``RunStep``.
    var steps: [RunStep] = []
    /// `--geolocation`: where the device is, or the error it answers (nil: the user refuses location).
    var geolocation: GeolocationReading?
    /// `--clipboard`: the clipboard's text when the run starts.
    var clipboard: String?
    var dumpDOM = false
    /// `--canvas-out DIR`: the page's canvases are saved there as PNG files when the run ends.
    var canvasOut: String?
    var mockFiles: [String] = []
    /// `--message-handler NAME`: `window.webkit.messageHandlers.NAME`, replying with the mock of that name if any.
    var messageHandlers: [String] = []
    /// `--mock-script FILE`: native handlers written in JavaScript (`MockScript`), over the mocks.
    var mockScripts: [String] = []
    /// `--replay-har FILE`: the page's requests answered from a HAR file.
    var replayHAR: String?
    var apiMocks: String?
    var routes: RunRoutes?
    var fileURL = false
    var transcriptPath: String?
    /// `--report FILE.html`: the run as a self-contained HTML page.
    var reportPath: String?
    /// `--record-har FILE`: the requests and responses of the run, as a HAR file.
    var recordHAR: String?
    var timeout: Double = 10
    /// `--max-memory` in bytes, nil for none.
    var maxMemory: Int?
    var verbosity = Verbosity.normal
    var style = TerminalStyle(enabled: false)
    /// `--device`: what the page sees as its device.
    var device = DeviceProfile.default
    /// `--strict`: any divergence from the device (see `BridgeDivergence`) makes the run exit 1.
    var strict = false
    /// `--max-message-size`: the bridge's largest message in bytes; nil keeps the bridge's default (256 MiB).
    var maxMessageSize: Int?
    /// `--lenient`: the bridge's forgiving compatibility setting instead of the device's behaviour.
    var lenient = false
    /// `--container NAME`: the app the page runs in (which bridges it sees, its user agent).
    var container = ContainerProfile.iOSWebViewJavascriptBridge
    /// `--virtual-time`: the runtime runs on a virtual clock.
    var virtualTime = false
    /// `--timing-seed`: the bridge's seeded timing (then on a virtual clock); `.device` by default.
    var timing = BridgeTiming.device
    /// `--animation-settle`: how long a frame loop keeps the page busy.
    var animationSettle = Duration.seconds(1)
    /// `--engine`: the headless web view, or real WebKit.
    var engine = RunEngine.headless
    /// `--screenshot FILE.png`: the page's pixels after the steps (WebKit only).
    var screenshot: String?
    /// `--screenshot-each DIR`: the page's pixels after the load and after every step (WebKit only).
    var screenshotEach: String?

    /// `--coverage`, `--coverage-min`: the coverage of the page's own scripts, written when the run ends.
    var coverage: CoverageRun?

    /// `--root DIR`: the folder served instead of the page's own (the page is inside it).
    var root: URL?
    /// The folder a local page is served from: `--root`, else the page's folder.
    var servedFolder: URL { root ?? url.deletingLastPathComponent() }
}

/// A bad input found before or while starting a run: one line, exit 2.
extension RunOptions {
    /// Each `SELECTOR=PATH` (split at the last `=`: selectors may hold one), its file read now; a selector given
    /// again adds its file to the same selection.
    static func fileInputs(parsing values: [String]) throws(RunInputError) -> [(selector: String, files: [WebFile])] {
        var result: [(selector: String, files: [WebFile])] = []
        for value in values {
            guard let split = value.lastIndex(of: "="), split != value.startIndex, value.index(after: split) != value.endIndex else {
                throw RunInputError("--file-input \(value): expected SELECTOR=PATH")
            }
            let selector = String(value[..<split]), path = String(value[value.index(after: split)...])
            let file: WebFile
            do { file = try WebFile(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw RunInputError("--file-input \(value): cannot read \(path)")
            }
            if let index = result.firstIndex(where: { $0.selector == selector }) { result[index].files.append(file) }
            else { result.append((selector, [file])) }
        }
        return result
    }
}

extension RunOptions {
    /// `--root DIR`: an existing folder that holds `page` (a local file), else why not.
    static func root(_ path: String, page: URL) throws(RunInputError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RunInputError("--root \(path): not a folder")
        }
        let root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        guard page.isFileURL else {
            throw RunInputError("--root \(path): the page \(page.absoluteString) is not a local file")
        }
        let folder = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard page.standardizedFileURL.path.hasPrefix(folder) else {
            throw RunInputError("--root \(path): the page \(page.path) is not inside \(root.path)")
        }
        return root
    }
}

struct RunInputError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
