// A small tour of the runtime: timers fire in deadline order, promises resolve before timers,
// console output is captured, and the completion value (here a promise) is printed last.
console.log('hello from %s', 'HybridRuntime');

const order = [];
setTimeout(() => order.push('timeout 20 ms'), 20);
setTimeout(() => order.push('timeout 10 ms'), 10);
Promise.resolve().then(() => order.push('promise'));

new Promise((resolve) => {
  setTimeout(() => {
    console.info('timers ran in this order: %j', order);
    resolve({ greeting: 'done', timers: order.length });
  }, 30);
});
