#ifndef HYBRID_CJAVASCRIPTCORE_SHIM_H
#define HYBRID_CJAVASCRIPTCORE_SHIM_H

// The classic JavaScriptCore C API (not the GLib <jsc/jsc.h> API: it is slower and
// not safe across threads), plus GLib's main loop, which JSC schedules its GC work on.
#include <JavaScriptCore/JavaScript.h>
#include <glib.h>
#include <glib-object.h>
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

// Exported but private (JSScriptRefPrivate.h): a script parsed once for a context group and evaluated in any of
// its contexts. Every evaluation shares the one source string (and so the group's compiled code for it) instead of
// a copy per context. Creation returns NULL when the source does not parse.
typedef struct OpaqueJSScript *JSScriptRef;
JSScriptRef JSScriptCreateFromString(JSContextGroupRef contextGroup, JSStringRef url, int startingLineNumber,
                                     JSStringRef source, JSStringRef *errorMessage, int *errorLine);
void JSScriptRelease(JSScriptRef script);
JSValueRef JSScriptEvaluate(JSContextRef context, JSScriptRef script, JSValueRef thisValue, JSValueRef *exception);

// Exported but private (JSContextRefPrivate.h): the machine's heap figures as an object (heapSize, heapCapacity,
// extraMemorySize, objectCount, ...), for the whole context group of `ctx`.
JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);

// From the GLib API's <jsc/jsc-options.h> (the rest of that API is not used): reads a process-wide engine option.
gboolean jsc_options_get_boolean(const char *option, gboolean *value);
gboolean jsc_options_get_int(const char *option, gint *value);

// From the GLib API's <jsc/JSCContext.h> and <jsc/JSCException.h>: JavaScriptCore's own parser in module mode, which
// the classic C API lacks (JSCheckScriptSyntax parses classic scripts only). Only for a module that failed to parse:
// a context of this API is made, used and released on the calling thread. `mode` 1 is JSC_CHECK_SYNTAX_MODE_MODULE;
// the result is 0 (JSC_CHECK_SYNTAX_RESULT_SUCCESS) when the text parses.
typedef struct _JSCContext JSCContext;
typedef struct _JSCException JSCException;
JSCContext *jsc_context_new(void);
int jsc_context_check_syntax(JSCContext *context, const char *code, gssize length, int mode, const char *uri,
                             unsigned line_number, JSCException **exception);
const char *jsc_exception_get_name(JSCException *exception);
const char *jsc_exception_get_message(JSCException *exception);
guint jsc_exception_get_line_number(JSCException *exception);

#endif
