// Promise jobs that never end: JavaScriptCore cannot stop them, and the runner must blame this test, not the next.
test("starts promise jobs that never end", () => {
    function again() { Promise.resolve().then(again); }
    again();
});
test("never runs", () => {});
