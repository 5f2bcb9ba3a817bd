export { nope };
