// For the reporters, --bail and --retries: one test of each outcome.
test("adds", () => { expect(1 + 1).toBe(2); });
test("fails", () => { expect([1, 2]).toContain(3); });
test.skip("later", () => {});
