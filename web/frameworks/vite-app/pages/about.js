import { visited, renders } from "../shared/store.js";
import { heading } from "./parts.js";

(globalThis.chunksEvaluated ||= []).push("about");

export default function render(outlet) {
  visited("about");
  outlet.innerHTML = heading("About") + "<p>renders before this one: " + (renders - 1) + "</p>";
}
