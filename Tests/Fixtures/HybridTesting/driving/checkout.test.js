// Drives checkout.html as a user would: fill the form, choose, check, submit; the bridge's mock echoes the order.
test("a filled form pays through the bridge", async () => {
  await page.open("checkout.html");
  expect(page.window.ready).toBe(true);
  await page.fill("#name", "Ann");
  await page.select("#shipping", "express");
  await page.check("#terms");
  await page.click("#pay");
  await page.waitFor(() => page.document.querySelector("#msg").textContent);
  expect(page.document.querySelector("#msg").textContent).toBe('Paid: {"name":"Ann","shipping":"express"}');
});

test("the terms must be accepted", async () => {
  await page.open("checkout.html");
  await page.fill("#name", "Ann");
  await page.check("#terms");
  await page.uncheck("#terms");
  await page.press("#name", "Enter");
  expect(page.document.getElementById("msg").textContent).toBe("Accept the terms");
});

test("two pages at once, each its own document", async () => {
  const first = await page.open("checkout.html");
  const second = await page.open("checkout.html");
  await first.type("#name", "Bo");
  await second.fill("#name", "Cy");
  expect(first.document.getElementById("name").value).toBe("Bo");
  expect(second.document.getElementById("name").value).toBe("Cy");
  expect(page.document).toBe(second.document);
  expect(await first.evaluate(() => document.title)).toBe("Checkout");
  expect(await second.evaluate("document.querySelectorAll('li').length")).toBe(2);
});

test("the items serialise stably", async () => {
  await page.open("checkout.html");
  await page.fill("#name", "Ann");
  expect(String(page.dom("#items"))).toBe("<ul id=\"items\">\n  <li>Tea</li>\n  <li>Cake</li>\n</ul>");
  expect(String(page.dom("#name"))).toBe("<input id=\"name\" name=\"name\" required value=\"Ann\">");
});

test("pages close when the test ends", async () => {
  expect(page.pages.length).toBe(0);
});
