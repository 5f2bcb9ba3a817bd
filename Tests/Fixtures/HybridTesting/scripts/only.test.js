test("not chosen", () => {});
test.only("chosen", () => { assert.ok(true); });
test("also not chosen", () => { throw new Error("must not run"); });
