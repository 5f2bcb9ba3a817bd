#ifndef HYBRID_CJAVASCRIPTCORE_SHIM_H
#define HYBRID_CJAVASCRIPTCORE_SHIM_H

// The classic JavaScriptCore C API (not the GLib <jsc/jsc.h> API: it is slower and
// not safe across threads), plus GLib's main loop, which JSC schedules its GC work on.
#include <JavaScriptCore/JavaScript.h>
#include <glib.h>
#include <stdbool.h>

// Exported by libjavascriptcoregtk-4.1 but absent from its public headers.
// Stops a running script once it has run `limit` seconds and shouldTerminate returns true
// (or is NULL); the context stays usable afterwards. The limit applies to the whole group.
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         bool (*shouldTerminate)(JSContextRef ctx, void *context),
                                         void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

// Exported but private: `function` is called with (promise, reason) for every promise
// rejected with no handler by the end of the current microtask checkpoint.
void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                  JSValueRef *exception);

// Exported but private: a full, synchronous collection including the sweep (finalizers run
// before it returns). For tests and memory checks; JSGarbageCollect only schedules work.
void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

// From the GLib API's <jsc/jsc-options.h> (the rest of that API is not used): reads a process-wide engine option.
gboolean jsc_options_get_boolean(const char *option, gboolean *value);

#endif
