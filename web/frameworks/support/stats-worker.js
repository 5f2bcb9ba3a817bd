// A classic worker for workers.test.html: computes what it is asked and posts the answer back.
importScripts("stats-lib.js");

self.onmessage = (event) => {
  const { op } = event.data;
  if (op === "primes") {
    const primes = primesBelow(event.data.limit);
    self.postMessage({ op, count: primes.length, last: primes[primes.length - 1], scope: typeof window + " " + self.name });
  } else if (op === "sum") {
    const values = new Float64Array(event.data.buffer);
    let sum = 0;
    for (const value of values) sum += value;
    values.fill(0);
    self.postMessage({ op, sum, buffer: values.buffer }, [values.buffer]);
  } else if (op === "later") {
    setTimeout(() => self.postMessage({ op, ticks: 1 }), event.data.ms);
  } else if (op === "crash") {
    throw new TypeError("bad input " + event.data.value);
  } else if (op === "spin") {
    self.postMessage({ op, started: true });
    for (;;) {}
  }
};
