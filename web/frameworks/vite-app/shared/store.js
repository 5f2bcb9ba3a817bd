// The app's shared store, imported by the entry and by every route chunk: evaluated once per page however many
// modules import it (the count is kept outside the module to prove it).
globalThis.storeEvaluations = (globalThis.storeEvaluations || 0) + 1;

export const state = { user: "guest", visits: [] };
export let renders = 0;

export function visited(name) {
  state.visits.push(name);
  renders++;   // a live binding: importers read the new value
}
