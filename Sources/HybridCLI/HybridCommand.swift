import ArgumentParser
import Hybrid

@main
struct HybridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hybrid",
        abstract: "Run hybrid (HTML + native bridge) pages headlessly on Linux.",
        discussion: """
            hybrid loads a hybrid page (HTML that talks to native code through WebViewJavascriptBridge) into a \
            headless web view with a DOM, attaches the bridge, serves fixtures over HTTP and routes URLs, so \
            bridge pages can be run and tested without a phone. Each command has its own --help.

            Exit status, shared by every command: 0 success; 1 a JavaScript exception, a failed test or \
            assertion; 2 a usage or input/output error (a bad option, a missing file, a file that cannot be \
            written); 3 a time limit or the watchdog; 130, 143 or 129 stopped by SIGINT, SIGTERM or SIGHUP \
            (hybrid serve: 0 after SIGINT or SIGTERM). When several apply, 2 wins over 3, and 3 over 1.

            Examples:
              hybrid run                          # the demo page, headless
              hybrid test                         # the JavaScript tests in web/tests/
              hybrid eval '[1, 2, 3].map(n => n * 2)'
              hybrid route --routes web/navigation/routes.json app://item/7
              hybrid serve web --port 0           # fixtures on a free port
            """,
        version: HybridVersion.string,
        subcommands: [RunCommand.self, TestCommand.self, ServeCommand.self, RouteCommand.self, EvalCommand.self,
                      ConformCommand.self]
    )

    /// Usage errors exit with 2, like every other input error (see `ExitStatus`).
    static func main() async {
        await CommandRunner.main(HybridCommand.self)
    }
}
