// A test whose promise never settles fails at the per-test timeout, and the next test still runs. The next test
// settles without a timer, so it finishes before the timeout fires however slow the machine: the tests that run
// this file with a short timeout can only ever time out the first one.
test("never settles", () => new Promise(() => {}));

test("runs after the timeout", () => {
    assert.equal(typeof test, "function");
});
