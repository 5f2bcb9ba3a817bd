seen.push("ran");
