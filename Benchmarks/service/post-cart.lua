-- wrk: POST the benchmark cart (5 lines, a coupon) as JSON.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"items":[{"sku":"sku-0","price":0.99,"quantity":1},{"sku":"sku-1","price":1.99,"quantity":2},' ..
           '{"sku":"sku-2","price":2.99,"quantity":3},{"sku":"sku-3","price":3.99,"quantity":4},' ..
           '{"sku":"sku-4","price":4.99,"quantity":5}],"currency":"EUR","coupon":"TEN"}'
