import { visited } from "../shared/store.js";

(globalThis.chunksEvaluated ||= []).push("home");

export default function render(outlet) {
  visited("home");
  outlet.innerHTML = '<h1>Home</h1><a id="to-about" href="#/about">About</a>';
}
