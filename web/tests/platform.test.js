// Web platform APIs a test page can use; this file runs in a blank page served over HTTP.
test("fetch reads a file next to the test over HTTP", async () => {
  const response = await fetch("bridge.mock.json");
  assert.equal(response.status, 200);
  const mocks = await response.json();
  assert.deepEqual(mocks.scanClick, { response: "www.example.com" });
});

test("fetch of a missing file answers 404", async () => {
  const response = await fetch("no-such-file.json");
  assert.equal(response.status, 404);
  assert.equal(response.ok, false);
});

test("URL and URLSearchParams", () => {
  const url = new URL("list?page=2&q=a%20b", location.href);
  assert.equal(url.searchParams.get("q"), "a b");
  assert.equal(url.origin, location.origin);
});

test("localStorage keeps strings per origin", () => {
  localStorage.setItem("answer", 42);
  assert.equal(localStorage.getItem("answer"), "42");
  localStorage.removeItem("answer");
  assert.equal(localStorage.getItem("answer"), null);
});

test("a blank page has a document to build on", () => {
  const div = document.createElement("div");
  div.id = "made";
  document.body.appendChild(div);
  assert.equal(document.getElementById("made"), div);
});
