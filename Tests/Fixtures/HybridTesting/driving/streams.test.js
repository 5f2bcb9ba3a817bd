// page.open resolves once the page loaded and its bridge setup callbacks ran, as a browser's `load` does: streams
// and sockets the page keeps open are not work it waits for (streams.api-mocks serves them: an event stream that
// stays open, its next event an hour away, and a WebSocket that echoes). PageDrivingTests has the ones still
// connecting.
const texts = (p) => Array.from(p.document.querySelectorAll("#log li"), (item) => item.textContent);

test("page.open does not wait for event streams", async () => {
  const live = await page.open("live.html");
  expect(live.window.ready).toBe(true);
  await live.waitFor(() => live.document.getElementById("feed").textContent === "hello");
  expect(live.window.state()).toBe(1);
});

test("page.open does not wait for WebSockets", async () => {
  const socket = await page.open("socket.html");
  expect(socket.window.ready).toBe(true);
  await socket.waitFor(() => texts(socket).length === 1);
  socket.window.socket.send("ping");
  await socket.waitFor(() => texts(socket).length === 2);
  expect(texts(socket)).toEqual(["welcome", "ping"]);
  expect(socket.window.socket.readyState).toBe(1);
});

test("a verb on a page with open streams settles too", async () => {
  const live = await page.open("live.html");
  await live.waitFor(() => live.document.getElementById("feed").textContent === "hello");
  await live.evaluate(() => { document.getElementById("feed").textContent = "clicked"; });
  await live.waitForIdle();
  expect(live.document.getElementById("feed").textContent).toBe("clicked");
});
