// The checkout's price calculator, one file for every place that prices a cart: the checkout page
// (web/examples/checkout.html), the Swift price service (Examples/PriceService, through JavaScriptPool) and the
// Node.js baseline of the service benchmark (Benchmarks/service). A cart is
// { items: [{ sku, price, quantity }], currency, coupon }; the answer is { total, discount, currency, lines }.
function calculatePrice(cart) {
  if (!cart || !Array.isArray(cart.items)) throw new TypeError('a cart needs an items array');
  var total = 0;
  for (var i = 0; i < cart.items.length; i++) {
    var item = cart.items[i];
    if (typeof item.price !== 'number' || typeof item.quantity !== 'number' || item.quantity < 0) {
      throw new TypeError('item ' + i + ' needs a number price and a non-negative quantity');
    }
    total += item.price * item.quantity;
  }
  var discount = cart.coupon === 'TEN' ? Math.round(total * 10) / 100 : 0;
  return { total: Math.round((total - discount) * 100) / 100, discount: discount, currency: cart.currency, lines: cart.items.length };
}

if (typeof module !== 'undefined' && module.exports) module.exports = { calculatePrice: calculatePrice };
