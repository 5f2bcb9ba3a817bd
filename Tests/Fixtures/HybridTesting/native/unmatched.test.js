// Once a test mocks the network, a request no mock matches fails it loudly.
test("an unmatched request fails the test", async () => {
  network.mock("/api/a", { json: 1 });
  expect(await (await fetch("/api/a")).json()).toBe(1);
  await expect(fetch("/api/b")).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 10));
});
test("a bad response is clear", () => {
  expect(() => network.mock("", {})).toThrow("needs a URL pattern");
  expect(() => network.mock("/x")).toThrow("needs a response");
});
test("the next test has no mocks: requests go out", async () => {
  expect((await fetch("unmatched.test.js")).status).toBe(200);
});
