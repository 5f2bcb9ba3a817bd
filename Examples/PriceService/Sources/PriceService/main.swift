import Foundation
import PriceServiceCore

// `price-service [--port N] [--host H] [--web DIR] [--runtimes N] [--no-page]`: serves until SIGTERM or SIGINT.
var configuration = PriceServiceConfiguration()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": configuration.port = Int(arguments.popFirst() ?? "") ?? configuration.port
    case "--host": configuration.host = arguments.popFirst() ?? configuration.host
    case "--web": configuration.webRoot = URL(fileURLWithPath: arguments.popFirst() ?? ".")
    case "--runtimes": configuration.runtimes = Int(arguments.popFirst() ?? "") ?? configuration.runtimes
    case "--no-page": configuration.opensCheckoutPage = false
    default:
        FileHandle.standardError.write(Data("usage: price-service [--port N] [--host H] [--web DIR] [--runtimes N] [--no-page]\n".utf8))
        exit(2)
    }
}
let host = configuration.host
try await PriceService.run(configuration, onServerRunning: { port in
    FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
})
