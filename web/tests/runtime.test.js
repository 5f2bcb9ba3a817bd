// The runtime a test page gets: timers, promises, JSON, console. Runs in a blank page.
// The delays are far apart: a busy machine may pause the page between two of the calls, and each delay
// counts from its own call.
test("setTimeout fires in deadline order", async () => {
    const order = [];
    await new Promise((resolve) => {
        setTimeout(() => order.push("b"), 50);
        setTimeout(() => order.push("a"), 0);
        setTimeout(() => { order.push("c"); resolve(); }, 100);
    });
    assert.deepEqual(order, ["a", "b", "c"]);
});

test("clearTimeout cancels", async () => {
    let fired = false;
    const id = setTimeout(() => { fired = true; }, 0);
    clearTimeout(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(fired, false);
});

test("microtasks run before the next timer", async () => {
    const order = [];
    await new Promise((resolve) => {
        setTimeout(() => { order.push("timer"); resolve(); }, 0);
        Promise.resolve().then(() => order.push("microtask"));
    });
    assert.deepEqual(order, ["microtask", "timer"]);
});

test("JSON round-trips unicode and nesting", () => {
    const value = { text: "héllo \u{1F600}", list: [1, 2.5, null, true], nested: { empty: {} } };
    assert.deepEqual(JSON.parse(JSON.stringify(value)), value);
});

test("assertion helpers report what failed", () => {
    const error = assert.throws(() => assert.equal(1, 2), assert.AssertionError);
    assert.equal(error.message, "expected 1 to equal 2");
    assert.throws(() => assert.deepEqual({ a: [1] }, { a: [2] }), /differs at \.a\[0\]/);
    assert.throws(() => assert.match("abc", /z/), { operator: "match" });
    assert.throws(() => assert.notEqual(NaN, NaN));
});

test("async assertions", async () => {
    await assert.rejects(() => Promise.reject(new RangeError("out")), RangeError);
    await assert.rejects(assert.rejects(Promise.resolve("fine")), /expected the promise to reject/);
});
