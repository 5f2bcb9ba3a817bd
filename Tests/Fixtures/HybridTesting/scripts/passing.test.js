// Every assertion passing, sync and async.
test("ok and equal", () => {
    assert(true);
    assert.ok(1);
    assert.equal(1 + 1, 2);
    assert.equal(NaN, NaN);
    assert.notEqual(0, -0);
    assert.notEqual("1", 1);
});

test("deepEqual", () => {
    assert.deepEqual({ a: [1, { b: "c" }], d: null }, { a: [1, { b: "c" }], d: null });
    assert.deepEqual(new Map([["k", [1]]]), new Map([["k", [1]]]));
    assert.deepEqual(new Set([1, { x: 2 }]), new Set([1, { x: 2 }]));
    assert.deepEqual(new Date(5), new Date(5));
    const cyclic = { name: "a" }; cyclic.self = cyclic;
    const other = { name: "a" }; other.self = other;
    assert.deepEqual(cyclic, other);
});

test("throws and match", () => {
    const error = assert.throws(() => { throw new TypeError("bad thing"); }, TypeError);
    assert.equal(error.message, "bad thing");
    assert.throws(() => { throw new Error("wrong value"); }, /wrong value/);
    assert.throws(() => { throw new RangeError("x"); }, { name: "RangeError", message: "x" });
    assert.match("hello world", /wor/);
});

test("async with rejects", async () => {
    const value = await new Promise((resolve) => setTimeout(() => resolve(42), 1));
    assert.equal(value, 42);
    await assert.rejects(Promise.reject(new Error("nope")), /nope/);
    await assert.rejects(async () => { throw new SyntaxError("s"); }, SyntaxError);
});
