#if FUZZING
import CLibFuzzer
#endif
import Foundation

/// The `main` of every fuzz executable.
package enum FuzzMain {
    /// libFuzzer's callback type: one input, 0 when it was checked.
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Built by `scripts/fuzz` (`-DFUZZING`, `-sanitize=fuzzer`): hands the command line to libFuzzer. Built
    /// normally: replays the files, and the files in the folders, given as arguments.
    package static func run(_ target: any FuzzTarget.Type, testOneInput: TestOneInput) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("""
                usage: \(target.name) FILE-OR-FOLDER...
                Replays inputs through the \(target.name) properties (a build without libFuzzer); scripts/fuzz
                builds it with libFuzzer. See Fuzz/README.md.\n
                """.utf8))
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in inputFiles(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(target.name): cannot read \(file)\n".utf8))
                    exit(1)
                }
                do {
                    try target.check(Array(data))
                } catch {
                    FileHandle.standardError.write(Data("\(target.name): \(file): \(error)\n".utf8))
                    exit(1)
                }
                count += 1
            }
        }
        print("\(target.name): \(count) inputs replayed, every property held")
        exit(0)
        #endif
    }

    /// Checks one input for libFuzzer; a violated property stops the run, so libFuzzer saves the input.
    package static func test(_ target: any FuzzTarget.Type, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let input = size > 0 ? Array(UnsafeBufferPointer(start: data, count: size)) : []
        do {
            try target.check(input)
        } catch {
            fatalError("\(target.name): \(error)")
        }
        return 0
    }

    /// `path` itself, or the regular files in the folder `path`, sorted.
    package static func inputFiles(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { (path as NSString).appendingPathComponent($0) }.filter {
            var isSubfolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isSubfolder) && !isSubfolder.boolValue
        }
    }
}
