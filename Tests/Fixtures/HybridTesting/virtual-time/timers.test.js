// Run with TestRunOptions.virtualTime: every wait below is virtual time, so the file passes at once.
test("a two-hour timer", async () => {
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2 * 60 * 60 * 1000));
  assert.ok(Date.now() - start >= 2 * 60 * 60 * 1000);
});

test("an hourly interval ticks three times", async () => {
  let ticks = 0;
  await new Promise((resolve) => {
    const id = setInterval(() => { if (++ticks === 3) { clearInterval(id); resolve(); } }, 60 * 60 * 1000);
  });
  assert.equal(ticks, 3);
});

test("animation frames go on past the settle time", async () => {
  const first = await new Promise((resolve) => requestAnimationFrame(resolve));
  let last = first;
  for (let i = 0; i < 180; i++) last = await new Promise((resolve) => requestAnimationFrame(resolve));
  assert.ok(last - first >= 2900, `3 s of frames, got ${last - first} ms`);
});
