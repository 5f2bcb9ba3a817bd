import Bridge
import JavaScript

/// Everything a page tells the runner about one test file, in the order it happened.
///
/// A page driver must deliver these in order: an exception raised before a `begin` event must arrive
/// before it, or it would be blamed on the wrong test.
enum HarnessSignal: Sendable {
    /// An event from the test API (see `HybridTestingScripts.testAPI`).
    case event(JSONValue)
    /// An uncaught exception or unhandled rejection in the page.
    case exception(JSException)
    /// A place where the page would behave differently on an iPhone (reported by the bridge).
    case divergence(BridgeDivergence)
    /// A console message.
    case console(ConsoleMessage)
    /// The page finished loading (its `load` event fired); the tests may start.
    case loaded
    /// The page could not be loaded (missing file, HTTP error, script that failed to load).
    case loadFailed(String)
    /// The test document went away (a navigation, a reload, the page closing).
    case pageClosed
    /// ``TestInterruption/interrupt(reason:)`` stopped the file with this reason.
    case interrupted(String)
    /// A deadline armed by the runner passed; `generation` tells stale deadlines apart.
    case deadline(generation: Int)
}
