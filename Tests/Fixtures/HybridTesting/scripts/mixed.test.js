// One of each outcome but a timeout (timeouts/never-settles.test.js): see HybridTestingTests for the expected report.
test("passes", () => {
    assert.equal(2 * 2, 4);
});

test("fails on equal", () => {
    assert.equal(1 + 1, 3);
});

test.skip("is skipped", () => {
    throw new Error("never runs");
});

test("fails asynchronously", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    assert.deepEqual({ a: [1, 2] }, { a: [1, 3] });
});

test("throws a TypeError", () => {
    const nothing = undefined;
    nothing.property = 1;
});

test("rejects wrongly", async () => {
    await assert.rejects(Promise.resolve(1));
});

test("passes at the end", async () => {
    assert.match("abc", /b/);
});
