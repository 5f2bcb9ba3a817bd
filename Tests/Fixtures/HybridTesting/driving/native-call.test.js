// native.call and native.fire reach the pages page.open opened: `p.native.call` a given page's handlers,
// `page.native.call` and `native.call` the current page's (the one opened last and still open), as page.click does.
test("p.native.call calls the opened page's JavaScript handler", async () => {
  const inbox = await page.open("inbox.html");
  expect(await inbox.native.call("refresh", { unread: 3 })).toEqual({ page: "Inbox", calls: 1, unread: 3 });
  expect(inbox.document.getElementById("unread").textContent).toBe("3");
});

test("native.call and page.native.call reach the current page", async () => {
  await page.open("inbox.html");
  expect(await native.call("refresh", { unread: 1 })).toEqual({ page: "Inbox", calls: 1, unread: 1 });
  expect(await page.native.call("refresh", { unread: 2 })).toEqual({ page: "Inbox", calls: 2, unread: 2 });
  expect(page.document.getElementById("unread").textContent).toBe("2");
});

test("each opened page answers for itself", async () => {
  const first = await page.open("inbox.html");
  const second = await page.open("inbox.html");
  await first.native.call("refresh", { unread: 5 });
  expect((await first.native.call("refresh", { unread: 6 })).calls).toBe(2);
  expect((await native.call("refresh", { unread: 7 })).calls).toBe(1);
  expect(first.document.getElementById("unread").textContent).toBe("6");
  expect(second.document.getElementById("unread").textContent).toBe("7");
});

test("with no page open native.call reaches the test's own page", async () => {
  const inbox = await page.open("inbox.html");
  await inbox.close();
  let code;
  try { await native.call("refresh", { unread: 1 }); } catch (e) { code = e.code; }
  expect(code).toBe("handler_not_found");
});

test("a closed page's native.call rejects", async () => {
  const inbox = await page.open("inbox.html");
  await inbox.close();
  await expect(inbox.native.call("refresh", {})).rejects.toThrow("the page is closed");
});

test("a handler the opened page does not have rejects with handler_not_found", async () => {
  const inbox = await page.open("inbox.html");
  let error;
  try { await inbox.native.call("noSuchHandler", {}); } catch (e) { error = e; }
  expect(error.code).toBe("handler_not_found");
  expect(error.message).toMatch(/^native\.call\("noSuchHandler"\): handler_not_found/);
});
