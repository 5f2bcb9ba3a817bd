test("loops forever", () => {
    for (;;) {}
});
test("runs after the hang", () => {});
