internal import CGLib

/// Loads GIO's modules (TLS, proxy, VFS, network monitor) once per process, before the first runtime thread exists.
///
/// GIO loads them on first use and checks on the way, with `getauxval`, whether the process is setuid; it stops the
/// process with `g_error` when `errno` is set after that call. A runtime thread is also a JavaScriptCore thread, which
/// the engine's garbage collector suspends and resumes with a signal: when that happened while the thread made GIO's
/// first use (a page loaded from a file, a session's first request), the process aborted with "getauxval () failed:
/// Interrupted system call", in about one start in six of `WebViewBenchmarks` (the pre-issue build too). Loading the
/// modules here, on the thread that creates the first loop, takes that check off the runtime threads.
enum GIOModules {
    private static let loaded: Void = {
        // Any of GIO's defaults loads every module first; the VFS is the cheapest to make.
        _ = g_vfs_get_default()
    }()

    /// Loads the modules once per process; later calls return at once.
    static func ensureLoaded() {
        _ = loaded
    }
}
