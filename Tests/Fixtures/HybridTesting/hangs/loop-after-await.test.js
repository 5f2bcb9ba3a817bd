// A loop after an await runs in a promise reaction: the runner must fail it without crashing.
test("loops forever after an await", async () => {
    await null;
    for (;;) {}
});
test("never runs", () => {});
