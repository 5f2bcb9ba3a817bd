#ifndef HYBRID_CGLIB_SHIM_H
#define HYBRID_CGLIB_SHIM_H

// GLib: the main contexts and sources the runtime loops iterate, for modules that do not need
// JavaScriptCore or libsoup; and GIO, whose once-per-process set-up the loops run before any runtime thread exists.
#include <glib.h>
#include <gio/gio.h>

#endif
