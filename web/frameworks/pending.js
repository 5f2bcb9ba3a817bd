// The framework tests that do not pass in the headless web view yet, with what they wait for. Every test here still
// passes in Chromium (scripts/frameworks --chromium runs them all). Under `hybrid test` a listed test is reported as
// skipped with its reason; a listed file (no " › ") is left out of scripts/frameworks's run altogether.
// Switching one on is deleting its line. See README.md in this folder.
window.FRAMEWORK_PENDING = {
};
