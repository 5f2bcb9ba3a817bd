// expect with the Jest matchers: each passing test uses the matchers as Jest users write them.
test("equality", () => {
  expect(1 + 1).toBe(2);
  expect({ a: [1, { b: 2 }], c: undefined }).toEqual({ a: [1, { b: 2 }] });
  expect([1, 2]).toStrictEqual([1, 2]);
  expect(new Map([["k", 1]])).toEqual(new Map([["k", 1]]));
  expect({ a: 1 }).not.toBe({ a: 1 });
});
test("strings, collections and numbers", () => {
  expect("checkout complete").toMatch(/complete$/);
  expect("checkout complete").toMatch("out");
  expect(["a", "b"]).toContain("b");
  expect("abc").not.toContain("d");
  expect([{ id: 1 }]).toContainEqual({ id: 1 });
  expect([1, 2, 3]).toHaveLength(3);
  expect({ user: { name: "Ann" } }).toHaveProperty("user.name", "Ann");
  expect(3).toBeGreaterThan(2);
  expect(3).toBeGreaterThanOrEqual(3);
  expect(2).toBeLessThan(3);
  expect(2).toBeLessThanOrEqual(2);
  expect(0.1 + 0.2).toBeCloseTo(0.3);
  expect(NaN).toBeNaN();
  expect(new TypeError("x")).toBeInstanceOf(Error);
});
test("truthiness", () => {
  expect(1).toBeTruthy();
  expect("").toBeFalsy();
  expect(null).toBeNull();
  expect(undefined).toBeUndefined();
  expect(0).toBeDefined();
});
test("throwing", () => {
  const bad = () => { throw new TypeError("bad card number"); };
  expect(bad).toThrow();
  expect(bad).toThrow("card");
  expect(bad).toThrow(/card number$/);
  expect(bad).toThrow(TypeError);
  expect(() => {}).not.toThrow();
});
test("mock functions", () => {
  const pay = expect.fn((amount) => amount > 0);
  pay(10, "EUR");
  pay(-1);
  expect(pay).toHaveBeenCalled();
  expect(pay).toHaveBeenCalledTimes(2);
  expect(pay).toHaveBeenCalledWith(10, "EUR");
  expect(pay).toHaveBeenLastCalledWith(-1);
  expect(pay).not.toHaveBeenCalledWith(5);
  expect(pay.mock.results.map((r) => r.value)).toEqual([true, false]);
  const later = expect.fn().mockReturnValueOnce(1).mockReturnValue(2);
  expect([later(), later(), later()]).toEqual([1, 2, 2]);
});
test("promises", async () => {
  await expect(Promise.resolve({ ok: true })).resolves.toEqual({ ok: true });
  await expect(Promise.reject(new Error("offline"))).rejects.toThrow("offline");
  await expect(Promise.reject(new Error("offline"))).rejects.toHaveProperty("message", "offline");
  await expect(Promise.resolve(1)).resolves.not.toBe(2);
});
test("fails on toBe", () => {
  expect(1 + 1).toBe(3);
});
test("fails on toEqual", () => {
  expect({ items: [1, 2] }).toEqual({ items: [1, 3] });
});
test("fails on not", () => {
  expect([1, 2]).not.toContain(2);
});
test("fails on toHaveBeenCalledWith", () => {
  const f = expect.fn();
  f("a");
  expect(f).toHaveBeenCalledWith("b");
});
test("fails on resolves", async () => {
  await expect(Promise.reject(new Error("offline"))).resolves.toBe(1);
});
test("fails on toThrow", () => {
  expect(() => 1).toThrow();
});
