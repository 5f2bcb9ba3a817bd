#ifndef HYBRID_CGDKPIXBUF_SHIM_H
#define HYBRID_CGDKPIXBUF_SHIM_H

// gdk-pixbuf's image loaders (PNG, JPEG, GIF, SVG through librsvg, WebP through webp-pixbuf-loader, AVIF through
// libavif-gdk-pixbuf, ...), behind the web view's images (Sources/WebView/Media): they tell an image's natural size
// or that its bytes are broken, decode its pixels for the canvas, and list the types a <source type> may name.
// Used by WebView only, never in public API.
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
/// contents), its EXIF orientation applied (a quarter turn swaps the sides, as WebKit's `image-orientation:
/// from-image`). Returns TRUE with `width`/`height` set when the whole image decodes; FALSE for bytes that are
/// not an image, a truncated or broken one, or an image of no size.
static inline gboolean hybrid_image_size(const guint8 *bytes, gsize count, gint *width, gint *height) {
    gint size[2] = {0, 0};
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect_data(loader, "size-prepared", G_CALLBACK(hybrid_image_size_prepared), size, NULL, (GConnectFlags)0);
    gboolean ok = count > 0 && gdk_pixbuf_loader_write(loader, bytes, count, NULL);
    // close() is required even after a failed write; its own error says the image was incomplete.
    ok = gdk_pixbuf_loader_close(loader, NULL) && ok;
    GdkPixbuf *pixbuf = ok ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    const gchar *orientation = pixbuf ? gdk_pixbuf_get_option(pixbuf, "orientation") : NULL;
    gboolean turned = orientation && orientation[0] >= '5' && orientation[0] <= '8' && orientation[1] == 0;
    g_object_unref(loader);
    *width = size[turned ? 1 : 0];
    *height = size[turned ? 0 : 1];
    return ok && size[0] > 0 && size[1] > 0;
}

/// Refuses, in "size-prepared", an image over `data[0]` pixels (then decodes it at 1 x 1), noting it in `data[1]`.
static void hybrid_image_decode_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    gint64 *limits = (gint64 *)data;
    if ((gint64)width * (gint64)height > limits[0]) {
        limits[1] = 1;
        gdk_pixbuf_loader_set_size(loader, 1, 1);
    }
}

/// The whole image in `bytes` decoded into a pixbuf (8-bit RGB or RGBA), its embedded EXIF orientation applied
/// (WebKit's `image-orientation: from-image`). Returns a new reference, or NULL for bytes that are not a whole
/// image and for an image of more than `maximumArea` pixels (refused before its pixels are allocated).
static inline GdkPixbuf *hybrid_image_decode(const guint8 *bytes, gsize count, gint64 maximumArea) {
    gint64 limits[2] = {maximumArea, 0};
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect_data(loader, "size-prepared", G_CALLBACK(hybrid_image_decode_prepared), limits, NULL, (GConnectFlags)0);
    gboolean ok = count > 0 && gdk_pixbuf_loader_write(loader, bytes, count, NULL);
    ok = gdk_pixbuf_loader_close(loader, NULL) && ok;
    GdkPixbuf *pixbuf = ok && !limits[1] ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    GdkPixbuf *result = pixbuf && gdk_pixbuf_get_bits_per_sample(pixbuf) == 8 ? gdk_pixbuf_apply_embedded_orientation(pixbuf) : NULL;
    g_object_unref(loader);
    return result;
}

/// The MIME types of every image format gdk-pixbuf can load here, as a NULL-terminated array (free with g_strfreev).
static inline gchar **hybrid_image_mime_types(void) {
    GPtrArray *types = g_ptr_array_new();
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *item = formats; item; item = item->next) {
        gchar **mime = gdk_pixbuf_format_get_mime_types((GdkPixbufFormat *)item->data);
        for (gchar **m = mime; m && *m; m++) g_ptr_array_add(types, g_strdup(*m));
        g_strfreev(mime);
    }
    g_slist_free(formats);
    g_ptr_array_add(types, NULL);
    return (gchar **)g_ptr_array_free(types, FALSE);
}

/// JPEG bytes of a Cairo ARGB32 image (premultiplied, native-endian rows of `stride` bytes), composited onto
/// opaque black as browsers export a canvas to JPEG (premultiplied channels are that composite); `quality`
/// 0-100. Returns a buffer to g_free, `size` set, or NULL when encoding fails.
static inline guint8 *hybrid_image_encode_jpeg(const guint8 *pixels, int width, int height, int stride, int quality,
                                               gsize *size) {
    if (width <= 0 || height <= 0) return NULL;
    GdkPixbuf *pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, width, height);
    if (!pixbuf) return NULL;
    guint8 *out = gdk_pixbuf_get_pixels(pixbuf);
    int outStride = gdk_pixbuf_get_rowstride(pixbuf);
    for (int y = 0; y < height; y++) {
        const guint32 *row = (const guint32 *)(const void *)(pixels + (gsize)y * (gsize)stride);
        guint8 *o = out + (gsize)y * (gsize)outStride;
        for (int x = 0; x < width; x++) {
            guint32 p = row[x];
            o[3 * x] = (guint8)((p >> 16) & 0xff);
            o[3 * x + 1] = (guint8)((p >> 8) & 0xff);
            o[3 * x + 2] = (guint8)(p & 0xff);
        }
    }
    char q[8];
    g_snprintf(q, sizeof q, "%d", quality < 0 ? 0 : quality > 100 ? 100 : quality);
    char *keys[] = {(char *)"quality", NULL};
    char *values[] = {q, NULL};
    gchar *buffer = NULL;
    gboolean ok = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, size, "jpeg", keys, values, NULL);
    g_object_unref(pixbuf);
    return ok ? (guint8 *)buffer : NULL;
}

#endif
