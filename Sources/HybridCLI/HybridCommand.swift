import ArgumentParser
import Hybrid

@main
struct HybridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hybrid",
        abstract: "Run hybrid (HTML + native bridge) pages headlessly on Linux.",
        version: HybridVersion.string,
        subcommands: [RunCommand.self, TestCommand.self, ServeCommand.self, RouteCommand.self, EvalCommand.self]
    )

    /// Usage errors exit with 2, like every other input error (see `ExitStatus`).
    static func main() async {
        await CommandRunner.main(HybridCommand.self)
    }
}
