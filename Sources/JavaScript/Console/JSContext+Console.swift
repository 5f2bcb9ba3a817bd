internal import CJavaScriptCore

extension JSContext {
    /// Installs `console.log/info/warn/error/debug` (plus `dir`, `trace`, `assert`) writing
    /// ``ConsoleMessage``s to ``consoleSink`` (or the machine's sink).
    ///
    /// The JavaScript half is read from the module's resource bundle beside the executable; without it this stops
    /// the process with a message naming the missing file.
    public func installConsole() {
        let levels = ConsoleMessage.Level.allCases
        let emit = JSValue(function: { args in
            let level = levels[min(max(args.int(at: 0) ?? 0, 0), levels.count - 1)]
            let context = args.context
            context.emitConsole(ConsoleMessage(level: level, text: args.string(at: 1) ?? "", sourceURL: args.string(at: 2),
                                               line: args.int(at: 3), column: args.int(at: 4),
                                               textJSON: JSStringConversion.jsonLiteralIfLoneSurrogate(of: args.ref(at: 1),
                                                                                                       in: args.contextRef)))
            return nil
        }, name: "emit", in: self)
        do {
            let installer = try evaluate(JavaScriptScripts.console.script.get())
            formatterRef.set(try installer.call(arguments: [emit]).ref, in: ref)
        } catch {
            preconditionFailure("the console script failed to install: \(error)")
        }
    }

    /// Formats values as `console.log` does (Node's `util.format` subset): strings raw, other
    /// values JSON-like, cycles as `[Circular]`. Needs ``installConsole()``.
    public func format(_ values: [JSValue]) -> String {
        guard let formatter = formatterRef.value(in: self) else { return values.map { $0.toString() ?? "" }.joined(separator: " ") }
        let array = JSValue(ref: JSValueConversion.makeArray(values, in: ref), in: self)
        return (try? formatter.call(arguments: [array]).toString()) ?? ""
    }

    /// Sends `message` to this context's sink, or the machine's.
    public func emitConsole(_ message: ConsoleMessage) {
        (consoleSink ?? virtualMachine.consoleSink)(message)
    }
}
