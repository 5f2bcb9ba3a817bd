import ArgumentParser

/// The bridge's settings on the command line, shared by `hybrid run` and `hybrid test`: `--lenient` and
/// `--max-message-size BYTES`.
struct BridgeOptions: ParsableArguments {
    @Option(name: .customLong("max-message-size"),
            help: ArgumentHelp("The bridge's largest message in bytes of JSON text, either way (default 256 MiB, above "
                               + "what WKWebView delivers); larger ones are refused with payload_too_large.", valueName: "bytes"))
    var maxMessageSize: Int?

    @Flag(name: .long, help: "Run the bridge in its lenient compatibility setting (divergences are still reported).")
    var lenient = false

    func validate() throws {
        if let maxMessageSize, maxMessageSize < 0 { throw ValidationError("--max-message-size must be 0 or more bytes") }
    }
}
