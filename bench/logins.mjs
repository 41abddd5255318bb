// Login load for bench/run.mjs, in a process of its own (as wrk is), so the shoppers logging in do not share
// an event loop with the bench's bookkeeping: `node bench/logins.mjs BASE_URL CLIENTS`. Registers one
// customer, then CLIENTS shoppers log in over and over (right password, so no lock) until SIGTERM, each from
// an address of its own (the server trusts X-Forwarded-For in this bench). Prints one JSON summary line.
import http from 'node:http';

const [base, clients = '20'] = process.argv.slice(2);

/** JSON POST with a client address of its own. */
function postJson(url, body, clientIp) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-forwarded-for': clientIp,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

let clientCounter = 0;
/** A new shopper address per login: each is one of many shoppers, not one client hitting the IP limit. */
const nextClientIp = () => {
  clientCounter++;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

const email = `bench-${Date.now()}@example.com`;
const password = 'bench-sifre-2026';
const registered = await postJson(
  `${base}/api/front/auth/register`,
  {
    firstName: 'Yük',
    lastName: 'Testi',
    email,
    phone: '0532 123 45 67',
    password,
    kvkk: true,
  },
  nextClientIp(),
);
if (registered !== 201) {
  console.error(`bench customer not registered (HTTP ${registered})`);
  process.exit(1);
}
let running = true;
const statuses = {};
let logins = 0;
const started = performance.now();
process.on('SIGTERM', () => {
  running = false;
});
console.log('ready');
await Promise.all(
  Array.from({ length: Number(clients) }, async () => {
    while (running) {
      const status = await postJson(
        `${base}/api/front/auth/login`,
        { email, password, bearer: true },
        nextClientIp(),
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
      logins++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    count: logins,
    perSec: Math.round((logins / seconds) * 10) / 10,
    statuses,
  }),
);
