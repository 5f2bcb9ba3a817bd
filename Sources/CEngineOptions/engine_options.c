#include "engine_options.h"

#include <stdlib.h>

static bool chosePollingTraps = false;
static bool choseOptimizeThresholds = false;

// The optimising JIT's (DFG's) thresholds, raised from WebKit's 1000 execution-counter units: a page's set-up code
// (domino's modules and the web view's layers, run again in every page's new context with code blocks of their own)
// otherwise reaches the optimising JIT in every page, and compiling it took more CPU on a JIT thread than the page's
// set-up itself on a 2-core machine. Code that keeps running reaches it a little later. See ThreadingModel.md.
static const char *const optimizeThresholdNames[] = {
    "JSC_thresholdForOptimizeAfterWarmUp", "JSC_thresholdForOptimizeAfterLongWarmUp", "JSC_thresholdForOptimizeSoon",
};
#define HYBRID_OPTIMIZE_THRESHOLD "10000"

// JavaScriptCore reads its options from the environment once, the first time it initialises, and they
// cannot change after a virtual machine exists (writing one then faults: the options live on a page
// that is made read-only). Setting them when the library is loaded, before any code of the process can
// start the engine, is the one reliable moment. A value the process set itself is kept (for the thresholds:
// any one of them set by the process keeps all three at the process's choice).
__attribute__((constructor))
static void hybrid_engine_options_choose(void) {
    if (getenv("JSC_usePollingTraps") == NULL) {
        chosePollingTraps = setenv("JSC_usePollingTraps", "true", 0) == 0;
    }
    size_t count = sizeof optimizeThresholdNames / sizeof optimizeThresholdNames[0];
    for (size_t i = 0; i < count; i++) {
        if (getenv(optimizeThresholdNames[i]) != NULL) return;
    }
    choseOptimizeThresholds = true;
    for (size_t i = 0; i < count; i++) {
        choseOptimizeThresholds = setenv(optimizeThresholdNames[i], HYBRID_OPTIMIZE_THRESHOLD, 0) == 0 && choseOptimizeThresholds;
    }
}

bool hybrid_engine_options_chose_polling_traps(void) {
    return chosePollingTraps;
}

bool hybrid_engine_options_chose_optimize_thresholds(void) {
    return choseOptimizeThresholds;
}
