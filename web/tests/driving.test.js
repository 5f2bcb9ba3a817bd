// Driving a page with page.open and the page verbs; the same file passes on both engines (hybrid test web/tests and
// hybrid test web/tests/driving.test.js --engine webkit), so the verbs mean the same on each.
test("fill, select, check and a click drive the form as a user would", async () => {
  const signup = await page.open("pages/signup.html");
  expect(signup.document.title).toBe("Sign up");
  await page.fill("#name", "Ann");
  await page.select("#plan", "Pro");
  await page.check("#terms");
  expect(page.document.getElementById("name").value).toBe("Ann");
  expect(page.document.getElementById("plan").value).toBe("pro");
  expect(page.document.getElementById("terms").checked).toBe(true);
  await page.uncheck("#terms");
  expect(page.document.getElementById("terms").checked).toBe(false);
  await page.click("#send");
  const status = await page.waitFor(() => page.document.getElementById("status").textContent.startsWith("sent"));
  expect(status).toBe(true);
  expect(page.document.getElementById("status").textContent).toBe("sent Ann,pro,false");
  expect(await page.evaluate(() => document.querySelectorAll("#log li").length)).toBeGreaterThan(3);
});

test("type presses each key, press sends one to the focused element", async () => {
  await page.open("pages/signup.html");
  await page.type("#name", "Bo");
  expect(page.document.getElementById("name").value).toBe("Bo");
  expect(Array.from(page.document.querySelectorAll("#log li"), (li) => li.textContent).slice(0, 2)).toEqual(["input B", "input Bo"]);
  await page.press("Backspace");
  expect(page.document.getElementById("name").value).toBe("B");
  await page.press("#name", "Escape");
  expect(page.document.getElementById("name").value).toBe("");
  expect(page.dom("#status").toString()).toBe("<p id=\"status\">empty</p>");
});

test("a click on a link waits for the page it leads to", async () => {
  await page.open("pages/signup.html");
  await page.fill("#name", "Cy");
  await page.click("#again");
  expect(page.window.location.search).toBe("?again");
  expect(page.document.getElementById("name").value).toBe("");
});

test("a verb on a selector that matches nothing fails naming the verb and the selector", async () => {
  await page.open("pages/signup.html");
  await expect(page.click("#missing")).rejects.toThrow("page.click('#missing'): no element matches the selector '#missing'");
  await expect(page.fill("#plan", "x")).rejects.toThrow("page.fill('#plan', 'x'): the element matching '#plan' is not a text field");
  await expect(page.waitFor("#never", { timeout: 50 })).rejects.toThrow("page.waitFor('#never'): no element matches '#never' after 50 ms");
  await expect(page.open("pages/nosuch.html")).rejects.toThrow("page.open('pages/nosuch.html'): no such page in the test's folder (nosuch.html)");
});

test("a closed page cannot be driven", async () => {
  const signup = await page.open("pages/signup.html");
  await signup.close();
  expect(signup.window).toBeUndefined();
  await expect(signup.click("#send")).rejects.toThrow("page.click('#send'): the page is closed");
});
