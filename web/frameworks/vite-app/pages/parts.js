// A small module shared by two route chunks (Vite splits it into a chunk of its own).
(globalThis.chunksEvaluated ||= []).push("parts");

export const heading = (text) => "<h1>" + text + "</h1>";
