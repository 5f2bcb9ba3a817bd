// Each test fails on purpose: the runner's report must name the verb and the selector.
test("click on nothing", async () => {
  await page.open("checkout.html");
  await page.click("#missing");
});

test("wait for what never comes", async () => {
  await page.open("checkout.html");
  await page.waitFor("#never", { timeout: 200 });
});

test("open a page that is not there", async () => {
  await page.open("nowhere.html");
});

test("a verb with no page open", async () => {
  await page.click("#pay");
});

test("dom of nothing", async () => {
  await page.open("checkout.html");
  page.dom("#missing");
});
