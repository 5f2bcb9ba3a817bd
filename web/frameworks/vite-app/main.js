// The app's entry, as Vite emits it: the router with a lazy import() per route, and the shared store.
import { createRouter } from "./router.js";
import { state, visited } from "./shared/store.js";

export const router = createRouter({
  outlet: document.getElementById("outlet"),
  routes: {
    "/": () => import("./pages/home.js"),
    "/about": () => import("./pages/about.js"),
    "/users/:id": () => import("./pages/user.js"),
    "/broken": () => import("./pages/no-such-chunk.js"),
  },
  notFound(outlet, path) {
    visited("not-found");
    outlet.textContent = "No page at " + path;
  },
});
document.getElementById("user").textContent = state.user;
export const started = router.render();
