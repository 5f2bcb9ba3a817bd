// The Node.js baseline of Benchmarks/service/run.sh: Node's `http` module serving POST /price with the same
// web/examples/pricing.js the Swift price service runs (JSON in, calculatePrice, JSON out; 422 when it throws).
// One process, one thread: how such a service is usually written. Usage: node node-server.js PORT
'use strict';
const http = require('http');
const path = require('path');
const { calculatePrice } = require(path.join(__dirname, '../../web/examples/pricing.js'));

const port = Number(process.argv[2] || 8081);
http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/price') {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let status = 200, body;
    try {
      body = JSON.stringify(calculatePrice(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    } catch (error) {
      status = error instanceof SyntaxError ? 400 : 422;
      body = JSON.stringify({ error: { message: String(error.message) } });
    }
    response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(port, '127.0.0.1', () => console.log('listening on 127.0.0.1:' + port));
