#ifndef HYBRID_ENGINE_OPTIONS_H
#define HYBRID_ENGINE_OPTIONS_H

#include <stdbool.h>

// True when this library chose JavaScriptCore's polling traps at load time (the environment had no
// JSC_usePollingTraps of its own). Calling it also keeps the load-time constructor linked in.
bool hybrid_engine_options_chose_polling_traps(void);

#endif
