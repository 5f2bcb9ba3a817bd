import ArgumentParser
import Hybrid

@main
struct HybridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hybrid",
        abstract: "Run hybrid (HTML + native bridge) pages headlessly on Linux.",
        version: HybridVersion.string,
        subcommands: [RouteCommand.self]
    )
}
