import Hybrid
import HybridTesting

/// The runtime's own JavaScript is read from the resource bundles beside the executable (`ScriptResource`). A
/// missing file is a broken installation: ``CommandRunner`` stops a command that runs JavaScript before it starts,
/// exit status 2, with a message naming the file, rather than failing in the middle of a page (or stopping the
/// process in `installTimers()`).
enum InstalledScripts {
    /// Why the first script that cannot be read cannot be, nil when every one can. Reads each script once per process.
    static func problem() -> String? {
        for script in JavaScriptScripts.all + WebViewScripts.all + BridgeScripts.all + HybridTestingScripts.all {
            if case .failure(let error) = script.source { return error.description }
        }
        return nil
    }
}

/// A command that runs a JavaScript runtime, so needs ``InstalledScripts`` (`serve`, `route` and the help need none).
protocol RunsJavaScript {}

extension EvalCommand: RunsJavaScript {}
extension RunCommand: RunsJavaScript {}
extension TestCommand: RunsJavaScript {}
