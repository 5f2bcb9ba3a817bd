// On the real clock (no --virtual-time, no hybrid-virtual-time meta), the clock cannot be held.
test("install needs the virtual clock", () => {
  clock.install();
});
