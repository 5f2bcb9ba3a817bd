#ifndef HYBRID_CCAIRO_SHIM_H
#define HYBRID_CCAIRO_SHIM_H

// Cairo 2D graphics (image surfaces, paths, gradients, PNG output) with its fontconfig/FreeType fonts,
// behind the web view's canvas (Sources/WebView/Canvas). Used by WebView and by
// WebKitEngine's screenshot baselines (PNG in and out), never in public API.
#include <cairo.h>
// fontconfig (a dependency of Cairo's font backend): which installed family a CSS family name matches.
#include <fontconfig/fontconfig.h>

#endif
