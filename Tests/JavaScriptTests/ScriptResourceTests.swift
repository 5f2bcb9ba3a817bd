import Foundation
import Testing
@testable import JavaScript

/// The package's own JavaScript as it is installed: every `.js` file in every module's resource bundle beside the
/// tests parses, and a missing one is an error naming it.
@Suite struct ScriptResourceTests {
    /// The modules that ship scripts (their `Resources/` folders in Package.swift).
    static let modules = ["JavaScript", "WebView", "Bridge", "HybridTesting"]

    /// The package's resource bundles in `folder` (`HybridRuntime_*.resources`), sorted.
    static func bundles(in folder: URL) throws -> [URL] {
        let kind = URL(fileURLWithPath: ScriptResource.bundleName(of: "Any")).pathExtension
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("HybridRuntime_") && $0.pathExtension == kind }
            .sorted { $0.path < $1.path }
    }

    /// Every `.js` file in `bundle`, sorted.
    static func scripts(in bundle: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let file = files?.nextObject() as? URL {
            if file.pathExtension == "js" { found.append(file) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The syntax errors of the scripts in `bundles`, one line each (`bundle/Resources/file.js:line:column: SyntaxError: ...`),
    /// checked as written: read as ``ScriptResource`` reads them, parsed by the engine and not run.
    static func syntaxErrors(in bundles: [URL], checked: inout Int) async throws -> [String] {
        let runtime = JavaScriptRuntime()
        var errors: [String] = []
        for bundle in bundles {
            for file in scripts(in: bundle) {
                let name = bundle.lastPathComponent + String(file.path.dropFirst(bundle.path.count))
                let source = try String(contentsOf: file, encoding: .utf8)
                checked += 1
                do {
                    try await runtime.perform { runtime in try runtime.context.checkSyntax(source, sourceURL: name) }
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        return errors
    }

    @Test func everyBundledScriptParses() async throws {
        let bundles = try Self.bundles(in: Bundle.main.bundleURL)
        #expect(bundles.map(\.lastPathComponent) == Self.modules.map(ScriptResource.bundleName(of:)).sorted())
        var checked = 0
        let errors = try await Self.syntaxErrors(in: bundles, checked: &checked)
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
        #expect(checked >= 15)
    }

    @Test func aBrokenScriptIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-resource-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent(ScriptResource.bundleName(of: "WebView"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Bundle.main.bundleURL.appendingPathComponent(bundle.lastPathComponent), to: bundle)
        let broken = bundle.appendingPathComponent("Resources/platform/storage.js")
        try (String(contentsOf: broken, encoding: .utf8).replacingOccurrences(of: "function create(b) {", with: "function create(b) {{"))
            .write(to: broken, atomically: true, encoding: .utf8)

        var checked = 0
        let errors = try await Self.syntaxErrors(in: try Self.bundles(in: folder), checked: &checked)
        #expect(checked == Self.scripts(in: bundle).count)  // every script of the bundle, not only up to the broken one
        #expect(checked >= 30)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix(bundle.lastPathComponent + "/Resources/platform/storage.js:") == true)
        #expect(errors.first?.contains("SyntaxError") == true)
    }

    @Test func theEngineScriptsAreReadWithoutTheirFinalNewline() throws {
        for script in JavaScriptScripts.all {
            let source = try script.source.get()
            #expect(source.hasPrefix("(function ("))
            #expect(source.hasSuffix("})"))
        }
    }

    @Test func aMissingScriptIsAnErrorNamingTheFile() {
        let script = ScriptResource(module: "Missing", file: "platform/nothing.js")
        guard case .failure(let error) = script.source else {
            Issue.record("a script that is not installed was read")
            return
        }
        let expected = Bundle.main.bundleURL.appendingPathComponent(ScriptResource.bundleName(of: "Missing"))
            .appendingPathComponent("Resources/platform/nothing.js").path
        #expect(error.path == expected)
        #expect(error.reason == "no such file")
        #expect(error.description.hasPrefix("cannot read the JavaScript resource \(expected): no such file"))
    }
}
