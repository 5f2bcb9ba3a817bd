// Loads the price from the backend, and tells native (a message handler, when the container has one) the page is up.
fetch("/api/prices").then(function (response) { return response.json(); }).then(function (prices) {
  var price = document.getElementById("price");
  price.textContent = "Tea: " + prices.tea;
  price.className = "loaded";
}, function (error) {
  document.getElementById("price").textContent = "failed: " + error.message;
});
if (window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.track) {
  window.webkit.messageHandlers.track.postMessage({ page: "prices" });
}
