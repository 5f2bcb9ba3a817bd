// Prices for the checkout page: free shipping from 50, and a member discount.
function shipping(total) {
  if (total >= 50) { return 0; }
  return 5;
}
function memberPrice(total, member) {
  return member ? total * 0.9 : total;
}
