#ifndef HYBRID_CGDKPIXBUF_SHIM_H
#define HYBRID_CGDKPIXBUF_SHIM_H

// gdk-pixbuf's image loaders (PNG, JPEG, GIF, SVG through librsvg, WebP through webp-pixbuf-loader, ...),
// behind the web view's images (Sources/WebView/Media): they tell an image's natural size, or that its bytes
// are broken. Used by WebView only, never in public API.
#include <gdk-pixbuf/gdk-pixbuf.h>

/// Remembers the natural size the loader announces, then asks it for a 1 x 1 pixbuf: the size is all the
/// web view needs, so a huge image costs no huge allocation.
static void hybrid_image_size_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    gint *size = (gint *)data;
    size[0] = width;
    size[1] = height;
    gdk_pixbuf_loader_set_size(loader, 1, 1);
}

/// The natural size of the image in `bytes` (any format gdk-pixbuf has a loader for, recognised by its
/// contents). Returns TRUE with `width`/`height` set when the whole image decodes; FALSE for bytes that are
/// not an image, a truncated or broken one, or an image of no size.
static inline gboolean hybrid_image_size(const guint8 *bytes, gsize count, gint *width, gint *height) {
    gint size[2] = {0, 0};
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect_data(loader, "size-prepared", G_CALLBACK(hybrid_image_size_prepared), size, NULL, (GConnectFlags)0);
    gboolean ok = count > 0 && gdk_pixbuf_loader_write(loader, bytes, count, NULL);
    // close() is required even after a failed write; its own error says the image was incomplete.
    ok = gdk_pixbuf_loader_close(loader, NULL) && ok;
    g_object_unref(loader);
    *width = size[0];
    *height = size[1];
    return ok && size[0] > 0 && size[1] > 0;
}

#endif
