// The framework tests that do not pass in the headless web view yet, with what they wait for (the area of issue 14
// in brackets: activation, forms, focus, events, dom, observers, history). Every test here passes in Chromium
// (scripts/frameworks --chromium runs them all). Under `hybrid test` a listed test is reported as skipped with its
// reason; a listed file (no " › ") stays out of scripts/frameworks's run altogether, for a page that cannot load.
// Switching one on is deleting its line. See README.md in this folder.
window.FRAMEWORK_PENDING = {
};
