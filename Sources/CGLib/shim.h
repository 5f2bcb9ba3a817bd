#ifndef HYBRID_CGLIB_SHIM_H
#define HYBRID_CGLIB_SHIM_H

// GLib alone: the main contexts and sources the runtime loops iterate, for modules that do not need
// JavaScriptCore or libsoup.
#include <glib.h>

#endif
