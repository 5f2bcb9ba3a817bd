test("loops forever", () => {
    for (;;) {}
});
test("never runs", () => {});
