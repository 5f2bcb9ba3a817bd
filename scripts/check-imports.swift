#!/usr/bin/env swift
// Checks that Package.swift declares exactly what each target imports: every module of the package
// graph a target imports is one of its direct dependencies, and every direct dependency is imported.
//
// `swift build --explicit-target-dependency-import-check error` accepts a module that a target reaches
// through another dependency (Bridge importing CJavaScriptCore through WebView) and never reports an
// unused dependency; this check does both. Run from anywhere: scripts/check-imports.swift
import Foundation

let root = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent()

/// `swift package dump-package`, decoded. Evaluated afresh: SwiftPM caches a manifest by its text, but ours also
/// depends on which folders have a TSanMutex.swift, and a cached one misses a file added or removed since.
func dumpPackage() -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", root.path, "--manifest-cache", "none", "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fatalError("cannot run swift package dump-package: \(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let manifest = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
        fatalError("swift package dump-package failed")
    }
    return manifest
}

/// The modules the Swift files under `folder` import (`import X`, `@testable import X`,
/// `internal import X`, `import struct X.Y`, ...).
func imports(under folder: URL) -> Set<String> {
    let pattern = try! NSRegularExpression(
        pattern: #"^\s*(?:@[\w()]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:class|struct|enum|protocol|typealias|func|var|let)\s+)?(\w+)"#,
        options: .anchorsMatchLines)
    var found: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            found.insert(String(text[Range(match.range(at: 1), in: text)!]))
        }
    }
    return found
}

let targets = dumpPackage()["targets"] as? [[String: Any]] ?? []
var declared: [String: Set<String>] = [:]
for target in targets {
    let names = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
        (dependency["byName"] ?? dependency["target"] ?? dependency["product"]).flatMap { ($0 as? [Any])?.first as? String }
    }
    declared[target["name"] as! String] = Set(names)
}
// Modules a target could import from the graph: the package's targets and the products it uses.
let graphModules = Set(declared.keys).union(declared.values.joined())

var problems: [String] = []
for target in targets {
    let name = target["name"] as! String
    let type = target["type"] as! String
    guard type != "system" else { continue }
    let folder = (target["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
    let imported = imports(under: root.appendingPathComponent(folder)).intersection(graphModules).subtracting([name])
    let dependencies = declared[name] ?? []
    for module in imported.subtracting(dependencies).sorted() {
        problems.append("\(name) imports \(module) but does not declare it as a dependency")
    }
    for module in dependencies.subtracting(imported).sorted() {
        problems.append("\(name) declares \(module) as a dependency but never imports it")
    }
}

if problems.isEmpty {
    print("check-imports: every target declares exactly what it imports")
} else {
    problems.forEach { print("check-imports: \($0)") }
    exit(1)
}
