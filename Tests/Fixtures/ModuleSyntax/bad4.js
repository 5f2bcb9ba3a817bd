// one
const x = `abc