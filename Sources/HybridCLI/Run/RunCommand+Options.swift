import Foundation
import Hybrid

extension RunCommand {
    /// Resolves the page (PAGE, the routes file's start, or the demo) and parses --call data.
    func makeOptions() throws(RunInputError) -> RunOptions {
        let routes = try self.routes.map { path throws(RunInputError) in try RunRoutes.load(path) }
        var options: RunOptions
        if let page {
            guard let url = RunCommand.resolve(page) else {
                throw RunInputError("cannot read \(page): \(RunCommand.unreadableReason(page))")
            }
            options = RunOptions(label: page, url: url)
        } else if let routes {
            guard let start = routes.file.start else {
                throw RunInputError("--routes: no PAGE given and the routes file has no \"start\" URL")
            }
            // The shell opens the start URL; the page it leads to replaces this placeholder.
            options = RunOptions(label: start, url: routes.folder)
            options.startFromRoutes = true
        } else {
            let demo = try RunDemo.locate()
            options = RunOptions(label: RunCommand.relativePath(demo), url: demo, isDemo: true)
            options.steps = RunDemo.clicks.map(RunStep.click) + RunDemo.calls.map(RunStep.call)
        }
        options.rotations = rotations
        options.fileInputs = try RunOptions.fileInputs(parsing: fileInputs)
        options.steps += try steps(arguments: Array(CommandLine.arguments.dropFirst()))
        if options.isDemo { options.steps += RunDemo.asserts.map(RunStep.assert) }
        if let geolocation {
            if let position = GeolocationPosition(parsing: geolocation) {
                options.geolocation = .position(position)
            } else if FileManager.default.fileExists(atPath: geolocation) {
                do { options.geolocation = try GeolocationReading(contentsOf: URL(fileURLWithPath: geolocation)) } catch {
                    throw RunInputError("--geolocation \(error.description)")
                }
            } else {
                throw RunInputError("--geolocation \(geolocation): expected LATITUDE,LONGITUDE[,ACCURACY] (degrees within -90...90 and -180...180, metres) or a JSON file")
            }
        }
        options.clipboard = clipboard
        options.dumpDOM = dumpDOM
        options.canvasOut = canvasOut
        options.mockFiles = mocks
        if let apiMocks {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: apiMocks, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw RunInputError("--api-mocks \(apiMocks): not a folder")
            }
        }
        options.apiMocks = apiMocks
        options.routes = routes
        options.fileURL = fileURL
        options.transcriptPath = transcript
        options.reportPath = report
        options.recordHAR = recordHAR
        options.timeout = timeout
        options.maxMemory = maxMemory
        if let device { options.device = try DeviceOption.resolve(device) }
        options.virtualTime = virtualTime
        options.strict = strict
        options.lenient = bridge.lenient
        options.messageHandlers = bridge.messageHandlers
        options.mockScripts = bridge.mockScripts
        options.replayHAR = bridge.replayHAR
        if bridge.replayHAR != nil, routes != nil {
            throw RunInputError("--replay-har works on a page, not yet with --routes")
        }
        if !bridge.mockScripts.isEmpty, routes != nil {
            throw RunInputError("--mock-script works on a page, not yet with --routes")
        }
        options.container = bridge.containerProfile
        options.maxMessageSize = bridge.maxMessageSize
        options.timing = bridge.timing
        // A seeded timing's delays are exact only on a virtual clock.
        if bridge.timingSeed != nil { options.virtualTime = true }
        options.animationSettle = .milliseconds(Int64((animationSettle * 1000).rounded()))
        options.logBridge = logLevel.flatMap(RunLogging.level).map { $0 <= .info } ?? false
        options.verbosity = quiet ? .quiet : verbose ? .verbose : .normal
        options.style = TerminalStyle(color)
        options.engine = engine
        options.screenshot = screenshot
        options.screenshotEach = screenshotEach
        if engine == .headless, let option = screenshot != nil ? "--screenshot" : screenshotEach != nil ? "--screenshot-each" : nil {
            throw RunInputError("\(option) needs --engine webkit: the headless engine does not lay out or paint the page")
        }
        try coverageOptions(into: &options)
        if let root {
            if fileURL { throw RunInputError("--root serves a folder: not with --file-url") }
            if routes != nil { throw RunInputError("--root works on a page, not yet with --routes") }
            options.root = try RunOptions.root(root, page: options.url)
        }
        return options
    }

    /// `--coverage`, `--coverage-min`: refused with --routes (the app's pages are not observed yet); the coverage
    /// folder is made now, before the run (WebKit refuses it later, see `unsupportedOnWebKit`).
    private func coverageOptions(into options: inout RunOptions) throws(RunInputError) {
        guard coverage.coverage || coverage.coverageMin != nil else { return }
        if routes != nil { throw RunInputError("--coverage works on a page, not yet with --routes") }
        do { options.coverage = try coverage.start() } catch { throw RunInputError("\(error)") }
    }

    /// The steps in command-line order (`arguments` are the process's, after `hybrid`), each `--steps FILE` expanded
    /// where it stands.
    func steps(arguments: [String]) throws(RunInputError) -> [RunStep] {
        let parsed: [(name: String, values: [String])] = [
            ("click", clicks), ("fill", fills), ("select", selects), ("press", presses), ("check", checks),
            ("uncheck", unchecks), ("wait-for", waitFors), ("wait", waits), ("call", calls), ("eval", evals),
            ("assert", asserts), ("steps", stepFiles), ("event", events),
        ]
        var steps: [RunStep] = []
        for (name, value) in RunStepOrder.ordered(arguments: arguments, parsed: parsed) {
            if name == "steps" { steps += try RunScenario.steps(contentsOf: value) }
            else { steps.append(try RunStep(option: name, value: value)) }
        }
        return steps
    }

    /// A URL with a scheme as is; anything else is a file path that must exist.
    static func resolve(_ page: String) -> URL? {
        if let url = URL(string: page), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) {
            return url
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: page, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return URL(fileURLWithPath: page).standardizedFileURL
    }

    /// Why the page file `path` cannot be read: the system's words (`No such file or directory`).
    static func unreadableReason(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
        guard access(path, R_OK) == 0 else { return String(cString: strerror(errno)) }
        return "not a readable file"
    }

    /// `url`'s path relative to the current directory when under it (`web/index.html`).
    static func relativePath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}
