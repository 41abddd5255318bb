// e2e tests drive Debian's Chromium; Playwright's own browser download cannot work on our machines.
import { existsSync } from 'node:fs';
import { run } from './suites.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** How every Chromium we start runs: the e2e tests (Playwright) and Lighthouse (bench/server.mjs). */
export const CHROMIUM_FLAGS = [
  // Containers and CI run as root without a usable sandbox or GPU.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  // Keep the browser from doing its own network and update work while it is tested or measured.
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium bulunamadı (${CHROMIUM}). e2e testleri için kurun: sudo apt-get install -y chromium ` +
        '(ya da CHROMIUM_PATH ile yolunu verin).',
    );
    return false;
  }
  console.log('Chromium kuruluyor (apt-get install chromium)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  return existsSync(CHROMIUM);
}
