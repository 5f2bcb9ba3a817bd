#ifndef HYBRID_ENGINE_OPTIONS_H
#define HYBRID_ENGINE_OPTIONS_H

#include <stdbool.h>

// True when this library chose JavaScriptCore's polling traps at load time (the environment had no
// JSC_usePollingTraps of its own). Calling it also keeps the load-time constructor linked in.
bool hybrid_engine_options_chose_polling_traps(void);

// True when this library chose the optimising JIT's thresholds at load time (the environment set none of
// JSC_thresholdForOptimizeAfterWarmUp, JSC_thresholdForOptimizeAfterLongWarmUp, JSC_thresholdForOptimizeSoon).
bool hybrid_engine_options_chose_optimize_thresholds(void);

#endif
