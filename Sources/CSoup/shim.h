#ifndef HYBRID_CSOUP_SHIM_H
#define HYBRID_CSOUP_SHIM_H

// libsoup 3 and GIO. Swift cannot import variadic C functions or GType macros,
// so the few that are needed get small inline wrappers here.
#include <libsoup/soup.h>
#include <gio/gio.h>

// ---- FixtureServer ----
/// A server that leaves request paths percent-encoded (the caller decodes them once, itself),
/// announcing itself as `server_header` (NULL: no Server header).
static inline SoupServer *hybrid_soup_server_new(const char *server_header) {
    return soup_server_new("raw-paths", TRUE, "server-header", server_header, NULL);
}

/// The callback of the server's per-message signals (request-started, request-finished, ...).
typedef void (*HybridServerMessageCallback)(SoupServer *server, SoupServerMessage *msg, gpointer user_data);

/// g_signal_connect for a server's message signal.
/// `destroy` runs when the handler is disconnected (when the server is finalized at the latest).
static inline gulong hybrid_soup_server_connect(SoupServer *server, const char *signal,
                                                HybridServerMessageCallback callback, gpointer user_data,
                                                GDestroyNotify destroy) {
    return g_signal_connect_data(server, signal, G_CALLBACK(callback), user_data, (GClosureNotify)(void (*)(void))destroy,
                                 (GConnectFlags)0);
}

/// The callback of a message's got-chunk signal.
typedef void (*HybridChunkCallback)(SoupServerMessage *msg, GBytes *chunk, gpointer user_data);

/// g_signal_connect for a message's got-chunk signal.
static inline gulong hybrid_soup_message_connect_chunk(SoupServerMessage *msg, HybridChunkCallback callback,
                                                       gpointer user_data) {
    return g_signal_connect_data(msg, "got-chunk", G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}

/// The callback of a message's signals without arguments (got-headers, got-body, wrote-body, ...).
typedef void (*HybridMessageCallback)(SoupServerMessage *msg, gpointer user_data);

/// g_signal_connect for a message's signal without arguments.
static inline gulong hybrid_soup_message_connect(SoupServerMessage *msg, const char *signal,
                                                 HybridMessageCallback callback, gpointer user_data) {
    return g_signal_connect_data(msg, signal, G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}

/// g_signal_handlers_disconnect_by_data (a macro): drops every handler of `instance` connected with `data`.
static inline guint hybrid_signal_handlers_disconnect_by_data(gpointer instance, gpointer data) {
    return g_signal_handlers_disconnect_by_data(instance, data);
}

/// The input side of a GIOStream as a pollable stream, or NULL when it is not pollable.
static inline GPollableInputStream *hybrid_pollable_input(GIOStream *stream) {
    GInputStream *input = g_io_stream_get_input_stream(stream);
    return G_IS_POLLABLE_INPUT_STREAM(input) ? G_POLLABLE_INPUT_STREAM(input) : NULL;
}

/// A GObject's address as a `gpointer`, for g_object_weak_ref and friends.
static inline GObject *hybrid_gobject(gpointer object) { return G_OBJECT(object); }

/// g_source_set_callback for a source made by g_socket_create_source.
static inline void hybrid_socket_source_set_callback(GSource *source, GSocketSourceFunc callback, gpointer user_data,
                                                     GDestroyNotify destroy) {
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))callback, user_data, destroy);
}

// ---- platform (WebSession, CookieJar, test servers) ----
// soup_server_new is variadic: a server with default properties.
static inline SoupServer *hybrid_platform_server_new(void) { return soup_server_new(NULL, NULL); }
// SOUP_HTTP_URI_FLAGS is a macro: parses an absolute URI the way libsoup does; NULL when invalid.
static inline GUri *hybrid_platform_parse_uri(const char *uri) { return g_uri_parse(uri, SOUP_HTTP_URI_FLAGS, NULL); }
// G_IO_ERROR is a macro: true when `error` is G_IO_ERROR_CANCELLED.
static inline gboolean hybrid_platform_is_cancelled(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}
// soup_session_new_with_options is variadic: a session whose kept-alive connections have no client-side idle timer
// (`idle-timeout` 0). libsoup 3.2 runs that timer even when it is overdue because the thread was busy, after the
// connection was already picked for the next request: the request is then lost for good, or libsoup crashes.
// No socket I/O timer either (`timeout` 0): it also fired overdue after a script held the thread, failing a request
// whose answer was waiting on the socket ("Socket I/O timed out"); the transfer's own inactivity watch replaces it.
static inline SoupSession *hybrid_platform_session_new(void) {
    return soup_session_new_with_options("idle-timeout", 0u, "timeout", 0u, NULL);
}
// g_signal_connect (a macro) for a client message's signals without arguments (`got-headers`).
typedef void (*HybridClientMessageCallback)(SoupMessage *msg, gpointer user_data);
static inline gulong hybrid_platform_message_connect(SoupMessage *msg, const char *signal,
                                                     HybridClientMessageCallback callback, gpointer user_data) {
    return g_signal_connect_data(msg, signal, G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}
// A session's unsigned property, such as `idle-timeout` or `timeout` in seconds (g_object_get is variadic).
static inline guint hybrid_platform_session_uint(SoupSession *session, const char *property) {
    guint value = 0;
    g_object_get(session, property, &value, NULL);
    return value;
}

// ---- WebSockets (FixtureServer endpoints and the page's WebSocket) ----
/// The callback of a WebSocket connection's `message` signal: the frame's type (SOUP_WEBSOCKET_DATA_TEXT or _BINARY)
/// and payload.
typedef void (*HybridWebSocketMessageCallback)(SoupWebsocketConnection *connection, gint type, GBytes *payload,
                                               gpointer user_data);
/// The callback of a WebSocket connection's `closing` and `closed` signals.
typedef void (*HybridWebSocketCallback)(SoupWebsocketConnection *connection, gpointer user_data);
/// The callback of a WebSocket connection's `error` signal.
typedef void (*HybridWebSocketErrorCallback)(SoupWebsocketConnection *connection, GError *error, gpointer user_data);

/// g_signal_connect for a WebSocket connection's `message` signal.
static inline gulong hybrid_websocket_connect_message(SoupWebsocketConnection *connection,
                                                      HybridWebSocketMessageCallback callback, gpointer user_data) {
    return g_signal_connect_data(connection, "message", G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}
/// g_signal_connect for a WebSocket connection's `closing` or `closed` signal.
static inline gulong hybrid_websocket_connect(SoupWebsocketConnection *connection, const char *signal,
                                              HybridWebSocketCallback callback, gpointer user_data) {
    return g_signal_connect_data(connection, signal, G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}
/// g_signal_connect for a WebSocket connection's `error` signal.
static inline gulong hybrid_websocket_connect_error(SoupWebsocketConnection *connection,
                                                    HybridWebSocketErrorCallback callback, gpointer user_data) {
    return g_signal_connect_data(connection, "error", G_CALLBACK(callback), user_data, NULL, (GConnectFlags)0);
}

/// `network-event` handler: keeps the socket of the message's new connection in `*slot` (a reference of its own).
static void hybrid_platform_keep_socket(SoupMessage *msg, GSocketClientEvent event, GIOStream *connection, gpointer slot) {
    (void)msg;
    if (event != G_SOCKET_CLIENT_CONNECTED || !G_IS_SOCKET_CONNECTION(connection)) return;
    GSocket **kept = (GSocket **)slot;
    if (*kept) g_object_unref(*kept);
    *kept = g_object_ref(g_socket_connection_get_socket(G_SOCKET_CONNECTION(connection)));
}
/// Keeps the socket of the connection `msg` is sent on in `*slot` (NULL until connected; unreferenced by the caller),
/// so that a streaming request can be ended by shutting the socket down (libsoup 3 has no call to drop one message's
/// connection). Disconnect with hybrid_signal_handlers_disconnect_by_data(msg, slot).
static inline void hybrid_platform_keep_message_socket(SoupMessage *msg, GSocket **slot) {
    g_signal_connect_data(msg, "network-event", G_CALLBACK(hybrid_platform_keep_socket), slot, NULL, (GConnectFlags)0);
}

/// The name of a negotiated WebSocket extension (its class's `name`, as in `Sec-WebSocket-Extensions`).
static inline const char *hybrid_websocket_extension_name(SoupWebsocketExtension *extension) {
    return SOUP_WEBSOCKET_EXTENSION_GET_CLASS(extension)->name;
}

#endif
