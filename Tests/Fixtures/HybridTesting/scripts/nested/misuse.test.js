test("declares a test inside a test", () => {
    test("too late", () => {});
});
test("uncaught error in a timer during a test", async () => {
    setTimeout(() => { throw new Error("from a timer"); }, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
});
