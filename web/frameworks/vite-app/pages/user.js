// A route chunk with top-level await: its data is fetched next to the module (import.meta.url), and a helper
// chunk is imported dynamically; the route renders only once both are in.
import { visited, state } from "../shared/store.js";

(globalThis.chunksEvaluated ||= []).push("user");

const response = await fetch(new URL("../data/users.json", import.meta.url));
const users = await response.json();
const { heading } = await import("./parts.js");

export default async function render(outlet, { id }) {
  visited("user " + id);
  const user = users[id];
  state.user = user ? user.name : "unknown";
  outlet.innerHTML = heading(user ? user.name : "Unknown user") + (user ? "<p class=role>" + user.role + "</p>" : "");
}
