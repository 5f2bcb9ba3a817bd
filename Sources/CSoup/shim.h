#ifndef HYBRID_CSOUP_SHIM_H
#define HYBRID_CSOUP_SHIM_H

// libsoup 3 and GIO. Swift cannot import variadic C functions or GType macros,
// so the few that are needed get small inline wrappers here.
#include <libsoup/soup.h>
#include <gio/gio.h>

// ---- platform (WebSession, CookieJar, test servers) ----
// soup_server_new is variadic: a server with default properties.
static inline SoupServer *hybrid_platform_server_new(void) { return soup_server_new(NULL, NULL); }
// SOUP_HTTP_URI_FLAGS is a macro: parses an absolute URI the way libsoup does; NULL when invalid.
static inline GUri *hybrid_platform_parse_uri(const char *uri) { return g_uri_parse(uri, SOUP_HTTP_URI_FLAGS, NULL); }
// G_IO_ERROR is a macro: true when `error` is G_IO_ERROR_CANCELLED.
static inline gboolean hybrid_platform_is_cancelled(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

#endif
