#ifndef HYBRID_CGLIB_SHIM_H
#define HYBRID_CGLIB_SHIM_H

// GLib: the main contexts and sources the runtime loops iterate, for modules that do not need
// JavaScriptCore or libsoup; and GIO, whose modules the loops load once before any runtime thread exists.
#include <glib.h>
#include <gio/gio.h>

#endif
