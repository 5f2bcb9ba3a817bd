internal import CGLib

/// Makes GIO's once-per-process set-up happen before the first runtime thread exists.
///
/// GIO checks whether the process is setuid (`g_check_setuid`: `errno = 0`, `getauxval`, then `errno` again) the first
/// time it loads its modules, when the GNOME proxy module first reads GSettings' schema source, and when GLib looks up
/// the session bus; it stops the process with `g_error` when `errno` is set after the call. A runtime thread is a
/// JavaScriptCore thread, and the engine's collector suspends it with a signal whose handler waits in `sigsuspend`, which
/// leaves `errno` at `EINTR`: when that landed in the check, the process aborted with "getauxval () failed: Interrupted
/// system call" (about one start in nine of `WebViewBenchmarks`). The checks ran on the runtime thread that made the
/// process's first connection, inside `g_proxy_resolver_get_default`, once for GIO's modules and once for the GNOME
/// proxy module's GSettings schema source; the session-bus lookup runs on dconf's own worker thread, which the engine
/// never suspends.
///
/// Asking for the default proxy resolver here, on the thread that creates the first loop, runs both checks before any
/// runtime thread exists (about 2 ms once per process). It also registers GIO's socket-address types before runtime
/// threads race to do it on their first connections.
///
/// One check cannot be run ahead: `g_vfs_get_default` runs it on every call, and `g_file_new_for_path` and
/// `g_file_new_for_uri` call that. Code on runtime threads makes files with `g_vfs_get_file_for_path(g_vfs_get_local(), …)`
/// instead (a `file:` page load made one per resource, and aborted about once in a few thousand runs under load).
enum GIOStartup {
    private static let done: Void = {
        _ = g_proxy_resolver_get_default()
        // Without the GNOME proxy module, nothing above read the schema source; GSettings' first use would.
        _ = g_settings_schema_source_get_default()
        g_type_class_unref(g_type_class_ref(g_inet_socket_address_get_type()))
    }()

    /// Runs the set-up once per process; later calls return at once.
    static func ensure() {
        _ = done
    }
}
