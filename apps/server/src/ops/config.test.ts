import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultRenderThreads, loadConfig, logsInfo } from './config.ts';

describe('e-mail and public address configuration', () => {
  it('defaults PUBLIC_URL to this server on its port, the outbox instead of SMTP, and a local sender', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('"Vitrin" <no-reply@localhost>');
  });

  it('takes PUBLIC_URL without its trailing slash, SMTP_URL and MAIL_FROM as given', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://magaza.example.com/',
      SMTP_URL: 'smtps://kullanici:parola@smtp.example.com:465',
      MAIL_FROM: '"Vitrin Atölye" <siparis@example.com>',
    });
    expect(config.publicUrl).toBe('https://magaza.example.com');
    expect(config.smtpUrl).toBe('smtps://kullanici:parola@smtp.example.com:465');
    expect(config.mailFrom).toBe('"Vitrin Atölye" <siparis@example.com>');
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'magaza.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://magaza.example.com/tr' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses an SMTP_URL of another scheme without repeating it (it may hold a password)', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://kullanici:gizli@smtp.example.com' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SMTP_URL smtp:\/\/ ya da smtps:\/\//);
    expect(message).not.toContain('gizli');
  });
});

describe('LOG_LEVEL', () => {
  it('lets info lines (one per e-mail sent) through at info and below, not at warn and above', () => {
    expect(['trace', 'debug', 'info'].map(logsInfo)).toEqual([true, true, true]);
    expect(['warn', 'error', 'fatal', 'silent'].map(logsInfo)).toEqual([false, false, false, false]);
  });
});

describe('RENDER_THREADS', () => {
  it('defaults to one render thread per core, at most four, and none on a single core', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultRenderThreads(cores))).toEqual([0, 2, 3, 4, 4, 4]);
    expect(loadConfig({}).renderThreads).toBe(defaultRenderThreads(availableParallelism()));
  });

  it('takes 0 (render on the request thread) and refuses what is not a whole number from 0 to 64', () => {
    expect(loadConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '6' }).renderThreads).toBe(6);
    for (const bad of ['-1', '1.5', 'iki', '65']) {
      expect(() => loadConfig({ RENDER_THREADS: bad })).toThrow(/RENDER_THREADS 0 ile 64 arasında/);
    }
  });
});

describe('RENDER_WAIT_MS', () => {
  it("bounds a page's wait for a render thread to 5 s by default, and refuses what is not 1 ms to 10 min", () => {
    expect(loadConfig({}).renderWaitMs).toBe(5_000);
    expect(loadConfig({ RENDER_WAIT_MS: '2000' }).renderWaitMs).toBe(2_000);
    for (const bad of ['0', '1.5', 'beş', '600001']) {
      expect(() => loadConfig({ RENDER_WAIT_MS: bad })).toThrow(/RENDER_WAIT_MS 1 ile 600000 arasında/);
    }
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('drains 5 s on PostgreSQL (behind a balancer), not at all on the embedded database, and refuses what is not 0 ms to 10 min', () => {
    const postgres = { DATABASE_URL: 'postgres://vitrin@db.example.com/vitrin' };
    expect(loadConfig(postgres).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...postgres, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '8000' }).shutdownDrainMs).toBe(8_000);
    for (const bad of ['-1', '1.5', 'beş', '600001']) {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS 0 ile 600000 arasında/);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, a number of proxies, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/2', '1,', '11'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
