test("never declared", () => {
    assert.ok(true;
});
