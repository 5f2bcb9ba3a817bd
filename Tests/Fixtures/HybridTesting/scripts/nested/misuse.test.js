test("declares a test inside a test", () => {
    test("too late", () => {});
});
test("uncaught error in a timer during a test", async () => {
    setTimeout(() => { throw new Error("from a timer"); }, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
});
test("throws a string", () => { throw "plain string"; });
test("throws an error whose message getter throws", () => {
    const error = new Error("x");
    Object.defineProperty(error, "message", { get() { throw new Error("gotcha"); } });
    Object.defineProperty(error, "stack", { get() { throw new Error("gotcha"); } });
    throw error;
});
test(Symbol("named by a symbol"), () => {});
test("no function");
