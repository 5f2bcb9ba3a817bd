#include "engine_options.h"

#include <stdlib.h>

static bool chosePollingTraps = false;

// JavaScriptCore reads its options from the environment once, the first time it initialises, and they
// cannot change after a virtual machine exists (writing one then faults: the options live on a page
// that is made read-only). Setting JSC_usePollingTraps when the library is loaded, before any code of the
// process can start the engine, is the one reliable moment. A value the process set itself is kept.
__attribute__((constructor))
static void hybrid_engine_options_choose(void) {
    if (getenv("JSC_usePollingTraps") == NULL) {
        chosePollingTraps = setenv("JSC_usePollingTraps", "true", 0) == 0;
    }
}

bool hybrid_engine_options_chose_polling_traps(void) {
    return chosePollingTraps;
}
