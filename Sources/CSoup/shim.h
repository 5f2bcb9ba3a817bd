#ifndef HYBRID_CSOUP_SHIM_H
#define HYBRID_CSOUP_SHIM_H

// libsoup 3 and GIO. Swift cannot import variadic C functions or GType macros,
// so the few that are needed get small inline wrappers here.
#include <libsoup/soup.h>
#include <gio/gio.h>

#endif
