// Helpers for support/stats-worker.js, loaded there by importScripts (a classic script in the worker's scope).
function primesBelow(limit) {
  const sieve = new Uint8Array(limit);
  const primes = [];
  for (let n = 2; n < limit; n++) {
    if (sieve[n]) continue;
    primes.push(n);
    for (let m = n * n; m < limit; m += n) sieve[m] = 1;
  }
  return primes;
}
