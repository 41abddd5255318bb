import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DomainError, startupError } from '@vitrin/core';
import { createNightlyBackup } from '@vitrin/core/backup/nightly';
import { adminImageDirs, createAdminImageStore } from '@vitrin/core/media/admin-upload';
import type { ServerBuild } from 'react-router';
import { createReadiness, NOT_READY_REASON } from './http/readiness.ts';
import { bootstrap } from './ops/bootstrap.ts';
import { loadConfig } from './ops/config.ts';
import { controlSocketPath, startControlServer } from './ops/control.ts';
import { keepYoungGenerationSmall, limitHeapGrowth } from './ops/heap-growth.ts';
import { assertNodeSupported } from './ops/node-version.ts';
import { listenWhileStarting } from './ops/starting-server.ts';
import { storefrontVersion } from './pages/storefront-version.ts';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Unpaid card orders are given 30 minutes by default (`card_payment_minutes`): a minute late is fine. */
const EXPIRY_INTERVAL_MS = 60 * 1000;
/** Longest the requests in flight, the last e-mails and the database's close may take once draining is over. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A catalogue index that could not be built (the database away) is tried again after this, the node unready. */
const SEARCH_RETRY_MS = 5_000;
const BACKUP_CHECK_INTERVAL_MS = 60 * 1000;

async function main() {
  assertNodeSupported();
  limitHeapGrowth();
  keepYoungGenerationSmall();
  // Loaded after the check: on an older Node.js its dependencies would fail with a less helpful error.
  const { buildApp, imageVariantsOf } = await import('./http/app.ts');
  const config = loadConfig();
  const serverEntry = path.join(config.webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw startupError(
      'CONFIG_INVALID',
      `Vitrin arayüzü derlenmemiş (${serverEntry} yok). Önce "npm run build" çalıştırın ya da "npm start" kullanın.`,
    );
  }
  // Imported when a page is first rendered on this thread (form posts; pages when no render thread runs).
  const webBuild = async () => (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  let demoImages: Promise<unknown> = Promise.resolve();
  // Not ready until the database is migrated and the catalogue index built; a balancer asking `/readyz`
  // meanwhile is told so by a stand-in on the port (it sees a starting node, not a dead one).
  const readiness = createReadiness(NOT_READY_REASON.Migrations);
  const databaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  const stopStandIn = await listenWhileStarting(config.port, config.host, () => ({
    ...readiness.notReady()!,
    database: databaseKind,
  }));
  const services = await bootstrap(config, (m) => console.log(m), {
    onDemoImages: (copying) => {
      demoImages = copying;
    },
  });
  readiness.startingFor(NOT_READY_REASON.SearchIndex);
  const imageVariants = imageVariantsOf(config, services);
  const app = await buildApp({
    imageVariants,
    services,
    config,
    webBuild,
    webBuildVersion: await storefrontVersion(config.webBuildDir),
    webBuildEntry: serverEntry,
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    readiness,
  });
  await stopStandIn();
  await app.listen({ port: config.port, host: config.host });
  const stopControl =
    services.database.kind === 'pglite'
      ? await startControlServer(controlSocketPath(config.dataDir), services)
      : async () => {};
  app.log.info(`Vitrin hazır: http://localhost:${config.port} (veritabanı: ${services.database.kind})`);
  // In the background: the shop answers meanwhile (a search that comes first waits for the same build), but
  // `/readyz` says ready only once it is built, so a balancer sends shoppers once listings answer at once.
  const indexing = performance.now();
  const prepareSearch = () =>
    services.catalog.prepareSearch().then(
      (size) => {
        app.log.info(`Arama dizini hazır: ${size} ürün, ${Math.round(performance.now() - indexing)} ms`);
        readiness.markReady();
      },
      (err: unknown) => {
        app.log.error({ err }, 'Arama dizini kurulamadı; yeniden denenecek');
        if (!readiness.stopping()) setTimeout(prepareSearch, SEARCH_RETRY_MS).unref();
      },
    );
  void prepareSearch();

  // The resized copies pages name (every upload's, the demo's pictures once copied) that are not made yet, as
  // after a restart or on a new shop: made in the background, one at a time, WebP first, then AVIF.
  void demoImages.then(() =>
    imageVariants.prepareAll().then(
      (images) => images && app.log.info(`Eksik görsel boyutları hazırlanıyor: ${images} görsel`),
      (err: unknown) => app.log.error({ err }, 'Görsel boyutları sıraya alınamadı'),
    ),
  );

  // Expired sessions and reset links are useless rows, and so are guest carts nobody can reach any more;
  // personalization photos no cart or order uses are personal data kept for nothing; a panel upload that no
  // product or post names a day later was never saved. Cleared at start and every hour after.
  const adminImages = createAdminImageStore(adminImageDirs(config.dataDir, services.files));
  /** Logs what a purge removed (when anything) or why it failed; a failure waits for the next hour. */
  const logPurge = (purged: Promise<Record<string, number>>, what: string) =>
    purged.then(
      (counts) => {
        if (Object.values(counts).some(Boolean)) app.log.info(counts, `${what} temizlendi`);
      },
      (err: unknown) => app.log.error({ err }, `${what} temizlenemedi`),
    );
  const purge = () =>
    Promise.all([
      logPurge(services.customers.purgeExpired(), 'Süresi dolmuş oturumlar'),
      logPurge(services.cart.purgeAbandoned(), 'Terk edilmiş sepetler ve görseller'),
      logPurge(
        adminImages.purgeOrphansOnce(services.database),
        'Bir günde ürüne ya da yazıya eklenmeyen görseller',
      ),
      logPurge(
        services.support.purgeOrphanAttachments().then((attachments) => ({ attachments })),
        'Hiçbir mesaja bağlı olmayan destek ekleri',
      ),
      logPurge(
        services.productImports.purgeKeptFiles().then((files) => ({ files })),
        'Otuz günü geçen içe aktarma dosyaları',
      ),
      logPurge(
        services.mail.purge().then((mails) => ({ mails })),
        'Gönderilmiş (7 gün) ve gönderilemeyen (30 gün) eski e-postalar',
      ),
    ]);
  void purge();
  setInterval(purge, PURGE_INTERVAL_MS).unref();

  // Unpaid card orders past their `payment_due_at` go to Ödeme Başarısız and give their stock back; card
  // attempts pending for minutes (a lost auth answer or notification) are looked up at their provider; card
  // refunds the provider did not take yet are asked for again. Every node may run this: each change is a
  // conditional update (a refund is made under a row lock), so two nodes never do one twice.
  let expiring = false;
  const expire = async () => {
    if (expiring) return; // a slow round is not stacked on by the next tick
    expiring = true;
    try {
      const expired = await services.orders.expireUnpaid();
      if (expired)
        app.log.info({ expired }, 'Ödeme süresi dolan kart siparişleri "Ödeme Başarısız" durumuna alındı');
      const settled = await services.payments.settlePending();
      if (settled)
        app.log.info(
          { settled },
          'Sonucu gelmeyen kart ödemeleri ödeme sağlayıcısından sorgulanıp sonuçlandı',
        );
      const refunded = await services.payments.refundDue();
      if (refunded) app.log.info({ refunded }, 'Kart iadeleri ödeme sağlayıcısına iletildi');
    } catch (err) {
      app.log.error({ err }, 'Ödeme süresi dolan siparişler ya da iadeler işlenemedi');
    } finally {
      expiring = false;
    }
  };
  void expire();
  setInterval(expire, EXPIRY_INTERVAL_MS).unref();

  // The nightly backup of the database and the shop's files (`backup_time`, `backup_keep`), looked at every
  // minute; its result is on the panel's dashboard. On PostgreSQL one node at a time makes it (pg_dump).
  const nightly = createNightlyBackup({
    database: services.database,
    settings: services.settings,
    files: services.files,
    databaseUrl: config.databaseUrl,
    backupDir: config.backupDir,
    log: (level, message) => app.log[level](message),
  });
  const backUp = () =>
    nightly.tick().catch((err: unknown) => app.log.error({ err }, 'Gece yedeği denetlenemedi'));
  void backUp();
  setInterval(backUp, BACKUP_CHECK_INTERVAL_MS).unref();

  // Queued e-mails: a round each minute sends what came due (retries, mails of other nodes and of the CLI).
  services.mail.start();
  services.stockAlerts.start();
  // Abandoned-cart reminders and review requests (only with marketing consent): a round each minute, one node.
  services.marketing.start(60_000, (err) => app.log.error({ err }, 'Pazarlama e-postası turu hata verdi'));
  // Carrier status: a round every 15 minutes over open shipments, one node at a time (Yurtiçi has no webhooks).
  services.shippingSync.start({
    onRound: (round) => {
      if (round.moved || round.bought || round.failed)
        app.log.info(round, 'Kargo durumları kargo firmalarından okundu');
    },
    onError: (err) => app.log.error({ err }, 'Kargo durumu turu bir gönderide hata verdi'),
  });
  // E-invoices: a round each minute issues the invoices due through Paraşüt, one node at a time.
  services.einvoicing.start({
    onError: (err) => app.log.error({ err }, 'E-fatura turu bir siparişte hata verdi'),
  });
  // Trendyol: a round each minute while trendyol_sync is on (listings, stock and prices, packages), one node.
  services.trendyolSync.start({
    onError: (err) => app.log.error({ err }, 'Trendyol turu hata verdi'),
  });

  // SIGTERM (systemd's stop, an orchestrator's): `/readyz` answers 503 at once and every answer closes its
  // connection, the node keeps serving for SHUTDOWN_DRAIN_MS so the balancer's health check takes it out, then
  // it stops listening and finishes the requests in flight. SIGINT (Ctrl-C in a terminal) does not wait for a
  // balancer. A second signal, or requests that outlast the timeout, end the process at once.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (readiness.stopping()) {
      app.log.error(`${signal} yeniden alındı; süreç beklemeden sonlandırılıyor.`);
      process.exit(1);
    }
    readiness.markStopping();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info(
      `${signal} alındı; /readyz 503 yanıtlıyor, ${drainMs} ms sonra yeni bağlantı alınmayacak, açık istekler bitiriliyor.`,
    );
    const timer = setTimeout(() => {
      app.log.error('Kapanma zaman aşımına uğradı; süreç sonlandırılıyor.');
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    await stopControl();
    await app.close();
    // E-mails of the last requests (welcome, reset links) go out before the database and the mailer close.
    await services.customers.drainMail();
    await services.orders.drainMail();
    await services.contact.drainMail();
    await services.support.drainMail();
    await services.stockAlerts.stop();
    await services.marketing.stop();
    await services.shippingSync.stop();
    await services.einvoicing.stop();
    await services.trendyolSync.stop();
    services.mail.stop();
    await services.mail.drain();
    services.mailer.close();
    await services.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof DomainError) {
    console.error(`Vitrin başlatılamadı: ${err.message}`);
  } else {
    console.error('Vitrin başlatılamadı:', err);
  }
  process.exit(1);
});
