seen.push("defer " + getComputedStyle(document.getElementById("p")).color);
