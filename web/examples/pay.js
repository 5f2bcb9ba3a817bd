// The native side of web/index.html's Pay button as a mock script, run outside the page:
//   hybrid run web/index.html --mock-script web/examples/pay.js --click '#pay' --click '#pay'
// The first payment goes through; paying the same order again is refused.
const paid = new Set();
module.exports = {
  async payClick(order) {
    if (paid.has(order.orderNo)) return { error: { code: "duplicate", message: "order " + order.orderNo + " is already paid" } };
    paid.add(order.orderNo);
    return { status: "paid", amount: order.amount, channel: order.channel };
  },
};
