// Declares no test: the file fails.
const answer = 42;
