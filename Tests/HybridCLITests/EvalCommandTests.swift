import Foundation
import Testing
import TestSupport

/// `hybrid eval` end to end: the built binary, its streams and exit codes.
@Suite struct EvalCommandTests {
    @Test func printsConsoleOutputInOrderThenTheCompletionValue() async throws {
        let result = try await HybridBinary.run(["eval", #"setTimeout(()=>console.log("b"),10); console.log("a"); "done""#])
        #expect(result.status == 0)
        #expect(result.stdout == "a\nb\ndone\n")
        #expect(result.stderr == "")
    }

    @Test func printsValuesLikeNodeP() async throws {
        #expect(try await HybridBinary.run(["eval", "'raw'"]).stdout == "raw\n")
        #expect(try await HybridBinary.run(["eval", "({a: [1, 'x'], b: null})"]).stdout == "{\"a\":[1,\"x\"],\"b\":null}\n")
        #expect(try await HybridBinary.run(["eval", "undefined"]).stdout == "")
        #expect(try await HybridBinary.run(["eval", "new Promise(r => setTimeout(() => r(42), 5))"]).stdout == "42\n")
    }

    @Test func warnAndErrorGoToStandardError() async throws {
        let result = try await HybridBinary.run(["eval", "console.warn('w'); console.error('e'); console.info('i'); console.debug('d')"])
        #expect(result.stdout == "i\nd\n")
        #expect(result.stderr == "w\ne\n")
        #expect(result.status == 0)
    }

    @Test func uncaughtExceptionExitsOneWithLocationAndStack() async throws {
        let result = try await HybridBinary.run(["eval", "function f() {\n  throw new TypeError('bad thing');\n}\nf();"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<eval>:2:"))
        #expect(result.stderr.contains("TypeError: bad thing"))
        #expect(result.stderr.contains("at f@<eval>:2"))
    }

    @Test func exceptionsInTimersAndUnhandledRejectionsExitOne() async throws {
        let timer = try await HybridBinary.run(["eval", "setTimeout(() => { throw new Error('later'); }, 1); console.log('before')"])
        #expect(timer.status == 1)
        #expect(timer.stdout.hasPrefix("before\n"))
        #expect(timer.stderr.contains("Error: later"))
        let rejection = try await HybridBinary.run(["eval", "Promise.reject(new RangeError('rejected')); 'value'"])
        #expect(rejection.status == 1)
        #expect(rejection.stderr.contains("RangeError: rejected"))
    }

    @Test func awaitedRejectionIsReportedOnce() async throws {
        let result = try await HybridBinary.run(["eval", "Promise.reject(new Error('once'))"])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "Error: once").count == 2)
        #expect(result.stdout == "")
    }

    /// A script that loops until the watchdog stops it keeps a core busy: `.spinsTheCPU`.
    @Test(.spinsTheCPU) func watchdogAndTimeLimitExitThree() async throws {
        let loop = try await HybridBinary.run(["eval", "--timeout", "0.3", "while (true) {}"])
        #expect(loop.status == 3)
        #expect(loop.stderr.contains("TimeoutError"))
        let pending = try await HybridBinary.run(["eval", "--timeout", "0.3", "(function again() { setTimeout(again, 5); })()"])
        #expect(pending.status == 3)
        #expect(pending.stderr.contains("time limit"))
    }

    /// JavaScriptCore cannot stop an endless chain of promise jobs (each job is an entry of its own):
    /// the command still ends, at its deadline plus the grace it gives the runtime, with status 3 and a
    /// reason. Before, it never exited. The chain keeps a core busy until then: `.spinsTheCPU`.
    ///
    /// Each script logs before it starts its chain: if a loaded machine let the deadline pass before the
    /// script ran, the watchdog stopped it at once and the command ended the ordinary way (no log).
    @Test(.spinsTheCPU) func anEndlessPromiseChainEndsAtTheTimeLimit() async throws {
        let chain = try await HybridBinary.run(["eval", "--timeout", "2", "console.log('chain'); function f() { Promise.resolve().then(f) } f()"])
        #expect(chain.status == 3)
        // Stopped either in a job before it queued the next (the ordinary time limit) or, past the runtime's
        // grace, with the chain still holding the thread: see RunContractTests' endless chain.
        if chain.stdout.hasPrefix("chain\n") {
            if chain.stderr.contains("cannot be interrupted") {
                #expect(chain.stderr.contains("time limit of 2 s reached"), "\(chain.stderr)")
            } else {
                #expect(chain.stderr.contains("TimeoutError: deadline reached while JavaScript was running"), "\(chain.stderr)")
            }
        }
        let awaiting = try await HybridBinary.run(["eval", "--timeout", "2", "console.log('chain'); (async () => { for (;;) await null })(); 'started'"])
        #expect(awaiting.status == 3)
        if awaiting.stdout.hasPrefix("chain\n") {
            #expect(awaiting.stderr.contains("cannot be interrupted") || awaiting.stderr.contains("deadline reached while JavaScript was running"),
                    "\(awaiting.stderr)")
        }
    }

    /// As in Node.js, an active interval keeps `eval` running until it is cleared.
    @Test func anIntervalKeepsEvalRunningUntilItIsCleared() async throws {
        let result = try await HybridBinary.run(["eval", "let n = 0; const t = setInterval(() => { console.log(++n); if (n === 3) clearInterval(t) }, 10)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n2\n3\n")
        let endless = try await HybridBinary.run(["eval", "--timeout", "0.3", "setInterval(() => {}, 10); 'x'"])
        #expect(endless.status == 3)
        #expect(endless.stderr.contains("time limit of 0.3 s reached with work still pending"))
    }

    @Test func timeLimitWinsOverAnException() async throws {
        let result = try await HybridBinary.run(["eval", "--timeout", "0.3",
                                           "setTimeout(() => { throw new Error('x'); }, 0); setTimeout(function again() { setTimeout(again, 5); }, 0)"])
        #expect(result.status == 3)
    }

    @Test(arguments: [
        (["eval"], "give either CODE or --file PATH"),
        (["eval", "1", "--file", "x.js"], "give either CODE or --file PATH"),
        (["eval", "--timeout", "-1", "1"], "The value '-1' is invalid for '--timeout <seconds>'"),
        (["eval", "--timeout", "soon", "1"], "'soon' is invalid"),
        (["eval", "--no-such-option"], "Unknown option '--no-such-option'"),
        (["eval", "--no-such-option", "1"], "Unknown option '--no-such-option'"),
        (["no-such-command"], "Unexpected argument 'no-such-command'"),
        (["eval", "--file", "/definitely/not/here.js"], "cannot read /definitely/not/here.js: no such file"),
    ])
    func usageAndInputErrorsExitTwoWithOneLine(arguments: [String], message: String) async throws {
        let result = try await HybridBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message))
        #expect(result.stderr.hasPrefix("hybrid"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
    }

    @Test func helpListsExamplesAndExitsZero() async throws {
        let result = try await HybridBinary.run(["eval", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("hybrid eval '1 + 2'"))
        #expect(result.stderr == "")
    }

    @Test func aDirectoryIsAnInputError() async throws {
        let result = try await HybridBinary.run(["eval", "--file", "/"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read /"))
    }

    @Test func evaluatesAFileNamedAfterItsPath() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.js")
        try "console.log('from file'); 6 * 7".write(to: good, atomically: true, encoding: .utf8)
        let result = try await HybridBinary.run(["eval", "--file", good.path])
        #expect(result.stdout == "from file\n42\n")
        let bad = directory.appendingPathComponent("bad.js")
        try "\n\nnull.prop".write(to: bad, atomically: true, encoding: .utf8)
        let failure = try await HybridBinary.run(["eval", "--file", bad.path])
        #expect(failure.status == 1)
        #expect(failure.stderr.hasPrefix("\(bad.path):3:"))
    }

    @Test func bundledExampleRuns() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try await HybridBinary.run(["eval", "--file", "web/examples/hello.js"], currentDirectory: root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("hello from HybridRuntime"))
        #expect(result.stdout.hasSuffix("{\"greeting\":\"done\",\"timers\":3}\n"))
    }

    // MARK: --module

    /// A folder of module files for the `--module` tests, removed by the caller.
    private func moduleFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eval-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let files = [
            "lib.mjs": "console.log('lib ran');\nexport const add = (a, b) => a + b;\nexport let n = 1;\nexport function inc() { n++; }\n",
            "data.json": #"{"name": "demo"}"#,
            "sub/main.mjs": "import { add } from './helper.mjs';\nconsole.log('main', import.meta.url.endsWith('/sub/main.mjs'));\n"
                + "export default await new Promise((resolve) => setTimeout(() => resolve({ sum: add(2, 3) }), 5));\n",
            "sub/helper.mjs": "export { add } from '../lib.mjs';\n",
            "sub/bad.mjs": "function f() {\n  throw new TypeError('bad module');\n}\nf();\n",
            "sub/quiet.mjs": "console.log('no default export');\n",
        ]
        for (path, text) in files {
            try text.write(to: directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        return directory
    }

    private func evalModule(_ arguments: [String], in directory: URL) async throws -> CommandResult {
        try await HybridBinary.run(["eval", "--module", "--timeout", HybridBinary.generousTimeout] + arguments,
                                   currentDirectory: directory)
    }

    @Test func moduleCodeImportsRelativeToTheCurrentFolderAndPrintsItsDefaultExport() async throws {
        let directory = try moduleFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await evalModule(["""
            import { add, n, inc } from './lib.mjs';
            import * as again from './lib.mjs';
            inc();
            const { default: data } = await import('./data.json', { with: { type: 'json' } });
            export default [add(1, 2), n, again.n, data.name, import.meta.url, typeof document];
            """], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // The imported module ran once; the live binding shows inc(); inline code is the module at the base URL.
        let base = URL(fileURLWithPath: directory.path, isDirectory: true).standardized.absoluteString
        #expect(result.stdout == "lib ran\n[3,2,2,\"demo\",\"\(base)\",\"object\"]\n")
        #expect(result.stderr == "")
    }

    @Test func moduleFileImportsNextToItselfAwaitsTopLevelAwaitAndPrintsNothingWithoutDefault() async throws {
        let directory = try moduleFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = try await evalModule(["--file", "sub/main.mjs"], in: directory)
        #expect(main.status == 0, "\(main.stderr)")
        #expect(main.stdout == "lib ran\nmain true\n{\"sum\":5}\n")
        let quiet = try await evalModule(["--file", directory.appendingPathComponent("sub/quiet.mjs").path],
                                         in: URL(fileURLWithPath: "/"))
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout == "no default export\n")
        let value = try await evalModule(["export default 'raw'"], in: directory)
        #expect(value.stdout == "raw\n")
    }

    @Test func moduleErrorsNameTheModuleAndExitOne() async throws {
        let directory = try moduleFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let thrown = try await evalModule(["import './sub/bad.mjs'; export default 1"], in: directory)
        #expect(thrown.status == 1)
        #expect(thrown.stdout == "")
        let bad = URL(fileURLWithPath: directory.appendingPathComponent("sub/bad.mjs").path).standardized.absoluteString
        #expect(thrown.stderr.hasPrefix(bad + ":2:"), "\(thrown.stderr)")
        #expect(thrown.stderr.components(separatedBy: "TypeError: bad module").count == 2, "reported once: \(thrown.stderr)")
        let missing = try await evalModule(["import './nowhere.mjs'"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("TypeError"))
        #expect(missing.stderr.contains("nowhere.mjs"))
        let syntax = try await evalModule(["export default = 1"], in: directory)
        #expect(syntax.status == 1)
        #expect(syntax.stderr.components(separatedBy: "SyntaxError").count == 2, "reported once: \(syntax.stderr)")
        let unbound = try await evalModule(["import { nope } from './lib.mjs'"], in: directory)
        #expect(unbound.status == 1)
        #expect(unbound.stderr.contains("SyntaxError: Importing binding name 'nope' is not found."))
        #expect(!unbound.stdout.contains("lib ran"), "a link error runs no module")
    }

    @Test func moduleBaseIsAFolderOrAURL() async throws {
        let directory = try moduleFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try await evalModule(["--base", "sub", "import { add } from './helper.mjs'; export default add(20, 22)"],
                                          in: directory)
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stdout == "lib ran\n42\n")
        let url = try await evalModule(["--base", "https://example.test/app/", "export default import.meta.resolve('./x.js')"],
                                       in: directory)
        #expect(url.stdout == "https://example.test/app/x.js\n")
        let withoutModule = try await HybridBinary.run(["eval", "--base", "sub", "1"], currentDirectory: directory)
        #expect(withoutModule.status == 2)
        #expect(withoutModule.stderr.contains("--base is for --module"))
        let notAFolder = try await evalModule(["--base", "no-such-folder", "1"], in: directory)
        #expect(notAFolder.status == 2)
        #expect(notAFolder.stderr.contains("not a URL or a folder"))
        let scheme = try await evalModule(["--base", "ftp://example.test/", "1"], in: directory)
        #expect(scheme.status == 2)
    }

    @Test func aTopLevelAwaitThatNeverSettlesRunsIntoTheTimeLimit() async throws {
        let result = try await HybridBinary.run(["eval", "--module", "--timeout", "0.5", "await new Promise(() => {})"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("time limit"))
        let help = try await HybridBinary.run(["eval", "--help"])
        #expect(help.stdout.contains("--module"))
        #expect(help.stdout.contains("hybrid eval --module"))
    }
}
