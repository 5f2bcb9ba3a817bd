/// The engine's JavaScript, in `Sources/JavaScript/Resources/` (see ``ScriptResource``).
package enum JavaScriptScripts {
    /// The JavaScript half of the timer globals: `queueMicrotask`, `performance` and the virtual `Date`.
    /// A function of `(now, epoch, reportError, virtualClock)`.
    static let timers = ScriptResource(module: "JavaScript", file: "timers.js", sourceURL: timersURL)
    /// The name ``timers`` runs under.
    static let timersURL = "hybrid:timers"

    /// The JavaScript half of `console`: Node's `util.format` subset and the caller's location. Written in
    /// JavaScript because formatting walks objects, which is cheaper inside the engine than through hundreds of C
    /// API calls. A function of `(emit)` that returns `format`, so Swift can format values the same way.
    static let console = ScriptResource(module: "JavaScript", file: "console.js", sourceURL: consoleURL)
    /// The name ``console`` runs under.
    static let consoleURL = "hybrid:console"

    /// Every script of the module, for a check that they are all installed.
    package static let all = [timers, console]
}
