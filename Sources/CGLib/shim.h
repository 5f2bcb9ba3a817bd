#ifndef HYBRID_CGLIB_SHIM_H
#define HYBRID_CGLIB_SHIM_H

// GLib: the main contexts and sources the runtime loops iterate, for modules that do not need
// JavaScriptCore or libsoup; and GIO, whose once-per-process set-up the loops run before any runtime thread exists.
#include <glib.h>
#include <gio/gio.h>

// GFileMonitor's "changed" signal (`hybrid test --watch`): g_signal_connect is a macro Swift cannot call.
typedef void (*hybrid_file_monitor_changed)(GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event,
                                            gpointer user_data);
static inline gulong hybrid_file_monitor_connect(GFileMonitor *monitor, hybrid_file_monitor_changed callback,
                                                 gpointer user_data) {
    return g_signal_connect_data(monitor, "changed", G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}

#endif
