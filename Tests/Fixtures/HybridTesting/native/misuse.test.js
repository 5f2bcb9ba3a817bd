// Misuse of the native API fails the test that makes it, clearly; the runtime keeps working.
test("a mock needs a handler name", () => {
  native.mock("", 1);
});
test("native.call needs a handler name", async () => {
  await native.call(42);
});
test("a per-test mock of a handler nobody registered is gone in the next test", () => {
  native.mock("ephemeral", "here");
});
test("the next test gets handler_not_found for it", async () => {
  await assert.rejects(WebViewJavascriptBridge.call("ephemeral"), { code: "handler_not_found" });
});
test("a mock function's rejection is an error answer with handler_failed", async () => {
  native.mock("reject", () => Promise.reject(new Error("no luck")));
  await assert.rejects(WebViewJavascriptBridge.call("reject"), { code: "handler_failed", message: "no luck" });
  native.mock("rejectWithCode", () => Promise.reject({ code: "offline", message: "later" }));
  await assert.rejects(WebViewJavascriptBridge.call("rejectWithCode"), { code: "offline", message: "later" });
});
test("a Swift handler is layered too: a mock replaces it for one test, and its calls are recorded", async () => {
  expect(await WebViewJavascriptBridge.call("swiftAdd", [1, 2])).toBe(3);
  native.mock("swiftAdd", 0);
  expect(await WebViewJavascriptBridge.call("swiftAdd", [1, 2])).toBe(0);
  expect(native.calls("swiftAdd").map((c) => c.data)).toEqual([[1, 2], [1, 2]]);
});
test("and the Swift handler answers again in the next test", async () => {
  expect(await WebViewJavascriptBridge.call("swiftAdd", [2, 2])).toBe(4);
});
