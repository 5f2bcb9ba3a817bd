// Mocks installed before page.open answer the page it opens, as they answer the test page.
test("native.mock answers the opened page's bridge calls, one answer after another", async () => {
  const pay = native.mock("pay", { receipt: 1 });
  pay.mockReturnValueOnce({ error: { code: "declined", message: "card declined" } });
  await page.open("checkout.html");
  await page.fill("#name", "Ann");
  await page.check("#terms");
  await page.click("#pay");
  await page.click("#pay");
  await page.waitFor(() => page.document.querySelector("#msg").textContent.indexOf("receipt") !== -1);
  expect(page.document.querySelector("#msg").textContent).toBe('Paid: {"receipt":1}');
  expect(native.calls("pay").map((call) => call.data)).toEqual([{ name: "Ann", shipping: "post" }, { name: "Ann", shipping: "post" }]);
  expect(pay).toHaveBeenCalledTimes(2);
});

test("network.mock answers the opened page's fetch; the page's own files are served", async () => {
  network.mock("/api/prices", { json: { tea: 3 } });
  await page.open("prices.html");
  const price = await page.waitFor("#price.loaded");
  expect(price.textContent).toBe("Tea: 3");
  expect(network.requests().map((request) => request.url.replace(/^[a-z]+:\/\/[^\/]*/, ""))).toEqual(["/api/prices"]);
});

test("an unmatched request of the opened page fails loudly", async () => {
  network.mock("/api/other", { json: {} });
  await page.open("prices.html");
  await page.waitFor(() => page.document.getElementById("price").textContent.indexOf("failed") === 0);
});

test("message handlers of the opened page ask the test's mocks", async () => {
  native.mock("track", "ok");
  network.mock("/api/prices", { json: { tea: 3 } });
  await page.open("prices.html");
  await page.waitFor("#price.loaded");
  expect(native.calls("track").map((call) => call.data)).toEqual([{ page: "prices" }]);
});
