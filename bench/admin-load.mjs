#!/usr/bin/env node
// How long the staff panel takes to show the dashboard's figures from a cold start: Chromium (Playwright) with
// the cache off (CDP Network.setCacheDisabled), a fresh browser context each run, logged in as an owner;
// the time from the navigation's start to the "Bugün" card showing its lira amount. Per viewport (a laptop
// 1366x768 and a phone 390x844) and network (none, and DevTools' "Fast 4G": 165 ms, 9 / 1.5 Mbit/s).
//
//   npm run build && node bench/admin-load.mjs
//
// ADMIN_LOAD_SCREEN=orders measures the orders list instead (from the navigation's start to its count of
// orders, "N sipariş" or none, on screen). ADMIN_LOAD_RUNS (7) runs each, the median and the extremes. BENCH_ENTRY runs another built server (and with
// it the panel build beside its sources: a checkout of an older commit, to compare before and after).
// Writes bench/out/admin-load.json (admin-load-orders.json for the orders list).
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { onCleanup, outDir, repoRoot, runMain, startVitrin } from './server.mjs';

const RUNS = Number(process.env.ADMIN_LOAD_RUNS ?? 7);
const ENTRY = process.env.BENCH_ENTRY ?? 'apps/server/build/main.mjs';
const SCREEN = process.env.ADMIN_LOAD_SCREEN ?? 'home';

/** Each screen's address, and when its first data is on screen (run in the page). */
const SCREENS = {
  home: {
    path: '/admin/',
    ready: () => {
      const today = [...document.querySelectorAll('section')].find((s) =>
        s.querySelector('h2')?.textContent?.startsWith('Bugün'),
      );
      return today?.textContent?.includes('₺') ? performance.now() : false;
    },
  },
  orders: {
    path: '/admin/siparisler',
    ready: () =>
      /sipariş/.test(document.querySelector('main p[role=status]')?.textContent ?? '')
        ? performance.now()
        : false,
  },
};
if (!SCREENS[SCREEN]) throw new Error(`ADMIN_LOAD_SCREEN: one of ${Object.keys(SCREENS).join(', ')}`);

const VIEWPORTS = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
};

/** Chrome DevTools' throttling presets (bytes a second; latency is the added round trip in ms). */
const NETWORKS = {
  none: null,
  'fast-4g': {
    latency: 165,
    downloadThroughput: (9_000_000 / 8) * 0.9,
    uploadThroughput: (1_500_000 / 8) * 0.9,
  },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** An owner made with the CLI (two-step verification set up), and a login of theirs into `context`. */
function makeOwner(dataDir) {
  const email = `bench.${Date.now()}@example.com`;
  const printed = execFileSync(
    'node',
    [
      path.join(repoRoot, 'apps/server/build/cli.mjs'),
      'staff',
      'create',
      email,
      '--role',
      'owner',
      '--name',
      'Ölçüm',
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const otpauth = printed.match(/otpauth:\/\/\S+/)?.[0];
  const password = printed.match(/Şifre:\s*(\S+)/i)?.[1];
  if (!otpauth || !password) throw new Error(`staff create printed no login: ${printed}`);
  return { email, password, otpauth };
}

let lastStep = 0;
async function logIn(context, base, owner) {
  // A code is taken once: the next login waits for the next 30-second step.
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step !== lastStep) {
      lastStep = step;
      break;
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const answer = await context.request.post(`${base}/api/admin/session`, {
    headers: { origin: base },
    data: { email: owner.email, password: owner.password, code: OTPAuth.URI.parse(owner.otpauth).generate() },
  });
  if (answer.status() !== 200) throw new Error(`login answered ${answer.status()}: ${await answer.text()}`);
  return (await context.cookies()).filter((c) => c.name === 'vitrin_staff');
}

/** One cold load: ms from the navigation's start to the figures on screen, and the requests it made. */
async function coldLoad(browser, base, cookies, viewport, network) {
  const context = await browser.newContext({ viewport, locale: 'tr-TR' });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  let requests = 0;
  page.on('request', () => requests++);
  await page.goto(`${base}${SCREENS[SCREEN].path}`, { waitUntil: 'commit' });
  const ms = await page.waitForFunction(SCREENS[SCREEN].ready, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  const result = { ms: Math.round(await ms.jsonValue()), requests };
  await context.close();
  return result;
}

runMain(async () => {
  const server = await startVitrin({ name: 'vitrin-admin-load', entry: ENTRY });
  const base = server.url;
  const owner = makeOwner(server.dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  onCleanup(() => browser.close());
  const login = await browser.newContext();
  const cookies = await logIn(login, base, owner);
  await login.close();
  // One warm-up load: the server's first answers (the dashboard's queries) are not what is measured.
  await coldLoad(browser, base, cookies, VIEWPORTS.laptop, null);

  const results = [];
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const [networkName, network] of Object.entries(NETWORKS)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, base, cookies, viewport, network));
      const ms = runs.map((r) => r.ms);
      const row = {
        viewport: viewportName,
        network: networkName,
        medianMs: median(ms),
        minMs: Math.min(...ms),
        maxMs: Math.max(...ms),
        requests: median(runs.map((r) => r.requests)),
      };
      results.push(row);
      console.log(
        `${SCREEN} ${viewportName.padEnd(6)} ${networkName.padEnd(7)} data after ${row.medianMs} ms (median of ${RUNS}; ${row.minMs}-${row.maxMs}), ${row.requests} requests`,
      );
    }
  }
  await mkdir(outDir, { recursive: true });
  await writeFile(
    path.join(outDir, SCREEN === 'home' ? 'admin-load.json' : `admin-load-${SCREEN}.json`),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        entry: ENTRY,
        screen: SCREEN,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        results,
      },
      null,
      2,
    ),
  );
});
