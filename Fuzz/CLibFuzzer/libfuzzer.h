// libFuzzer's driver, for fuzz targets that bring their own `main` (SwiftPM renames an executable's entry
// point, so libFuzzer's own `main` is not the one that runs). Linked only by `swiftc -sanitize=fuzzer`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
