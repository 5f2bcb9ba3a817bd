test("declared before the throw", () => {});
throw new Error("broken at the top level");
