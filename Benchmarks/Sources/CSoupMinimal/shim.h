#ifndef HYBRID_BENCH_CSOUP_MINIMAL_H
#define HYBRID_BENCH_CSOUP_MINIMAL_H
// libsoup 3 for the baseline server of the server benchmark (the main package's CSoup is not a product).
#include <libsoup/soup.h>
#include <gio/gio.h>
#endif
