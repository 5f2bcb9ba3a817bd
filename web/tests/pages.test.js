// Mocks set before page.open answer the page it opens; page.open resolves once the page's own work has run.
test("the cart page loads from the mocked backend and orders through the mocked bridge", async () => {
  network.mock("/api/cart", { json: { items: ["tea", "cake"] } });
  const order = native.mock("order", { id: 42 });
  await page.open("pages/cart.html");
  expect(page.document.querySelectorAll("#items li")).toHaveLength(2);
  await page.click("#order");
  expect(page.document.getElementById("msg").textContent).toBe("Order 42");
  expect(order).toHaveBeenCalledWith({ items: 2 });
  expect(native.calls("order")).toHaveLength(1);
});

test("each test has its own mocks", async () => {
  network.mock("/api/cart", { json: { items: [] } });
  await page.open("pages/cart.html");
  expect(page.document.querySelectorAll("#items li")).toHaveLength(0);
  expect(native.calls("order")).toEqual([]);
});

test("native code tells the opened page its cart changed", async () => {
  network.mock("/api/cart", { json: { items: ["tea"] } });
  const cart = await page.open("pages/cart.html");
  expect(await cart.native.call("cartChanged", { items: ["tea", "jam", "cake"] })).toEqual({ shown: 3 });
  expect(cart.document.querySelectorAll("#items li")).toHaveLength(3);
});
