test("still runs", () => {});
Promise.reject(new Error("nobody handles this"));
