// page.open and each verb resolve once the opened page's own work has run, however many turns it takes; timers
// due later are not waited for.
test("page.open waits for a long setup", async () => {
  await page.open("setup.html");
  expect(page.document.getElementById("state").textContent).toBe("ready: Ann");
  expect(page.document.getElementById("later").textContent).toBe("not yet");
});

test("a verb waits for the work it started", async () => {
  await page.open("setup.html");
  await page.click("#again");
  expect(page.document.getElementById("state").textContent).toBe("again: Ann");
  await page.waitForIdle();
  expect(page.document.getElementById("later").textContent).toBe("not yet");
});
