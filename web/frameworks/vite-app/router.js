// A hash router with lazy routes, as a Vite app's: each route's module is loaded by `import()` on its first visit
// (then cached by the module map), and its default export renders into the outlet.
const pattern = (path) => new RegExp("^" + path.replace(/:(\w+)/g, "(?<$1>[^/]+)") + "$");

export function createRouter({ routes, outlet, notFound }) {
  const table = Object.entries(routes).map(([path, load]) => ({ path, regex: pattern(path), load }));
  const router = {
    current: null,
    loads: [],                  // every route chunk requested, in order
    error: null,
    async render() {
      const path = location.hash.slice(1) || "/";
      const route = table.find((entry) => entry.regex.test(path));
      router.error = null;
      try {
        if (!route) {
          notFound(outlet, path);
        } else {
          router.loads.push(route.path);
          const module = await route.load();
          if ((location.hash.slice(1) || "/") !== path) return;   // navigated again meanwhile
          await module.default(outlet, { ...route.regex.exec(path).groups });
        }
        router.current = path;
      } catch (error) {
        router.error = error;
        outlet.textContent = "Could not load this page (" + error.name + ")";
        router.current = path;
      }
      outlet.dispatchEvent(new CustomEvent("routed", { detail: path }));
    },
    go(path) {
      const done = new Promise((resolve) => outlet.addEventListener("routed", resolve, { once: true }));
      location.hash = path;
      return done;
    },
  };
  addEventListener("hashchange", () => router.render());
  return router;
}
