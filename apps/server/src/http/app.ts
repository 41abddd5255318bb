import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { PER_ANSWER_COMPRESSION } from '@vitrin/compression/compress';
import type { Services } from '@vitrin/core';
import { slugNowOf } from '@vitrin/core/catalog/slug-history';
import { adminImageDirs, createAdminImageStore } from '@vitrin/core/media/admin-upload';
import { createImageVariants, type ImageVariants } from '@vitrin/core/media/image-variants';
import { MAINTENANCE_CODE, WITHDRAWAL_DAYS } from '@vitrin/shared/constants';
import type { PublicConfig, StorefrontContext } from '@vitrin/shared/storefront';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { registerAddressRoutes } from '../api/account/addresses.ts';
import { registerAuthRoutes } from '../api/account/auth.ts';
import { registerAccountRoutes } from '../api/account/routes.ts';
import { registerAdminRoutes } from '../api/admin/routes.ts';
import { registerBlogRoutes } from '../api/blog/routes.ts';
import { registerCouponRoutes } from '../api/cart/coupons.ts';
import { registerCartRoutes } from '../api/cart/routes.ts';
import { registerHomeRoutes } from '../api/catalog/home.ts';
import { registerCatalogRoutes } from '../api/catalog/routes.ts';
import { registerCheckoutRoutes } from '../api/checkout/routes.ts';
import { registerClientErrorRoutes } from '../api/client-errors.ts';
import { registerMarketingRoutes } from '../api/marketing/routes.ts';
import { registerOpenApi } from '../api/openapi.ts';
import { registerPaymentRoutes } from '../api/orders/payments.ts';
import { registerOrderRoutes } from '../api/orders/routes.ts';
import { registerBankPages } from '../api/payments/bank-pages.ts';
import { registerInstalmentRoutes } from '../api/payments/instalments.ts';
import { registerPaytrNotifyRoute } from '../api/payments/paytr-notify.ts';
import { registerReviewRoutes } from '../api/reviews/routes.ts';
import { registerGeliverWebhookRoute } from '../api/shipping/geliver-webhook.ts';
import { registerStockAlertRoutes } from '../api/stock-alerts/routes.ts';
import { registerContactRoutes } from '../api/support/contact.ts';
import { registerSupportRoutes } from '../api/support/routes.ts';
import { registerCompareRoutes } from '../api/wishlist/compare.ts';
import { registerWishlistRoutes } from '../api/wishlist/routes.ts';
import type { Config } from '../ops/config.ts';
import { registerFeedRoutes } from '../pages/feeds.ts';
import { isPublic, MIN_COMPRESSED_BYTES } from '../pages/page-answer.mjs';
import { createPageCache, isCacheablePageRequest, sendHit } from '../pages/page-cache.ts';
import { createRenderPool } from '../pages/render-pool.ts';
import { registerSeoRoutes } from '../pages/seo.ts';
import { registerSsr } from '../pages/ssr.ts';
import { createAccountContext, type ServerAccountContext } from '../sessions/account.ts';
import { createAccountLimiter } from '../sessions/account-limits.ts';
import { hasWholesaleCookie, registerCookieSecurity } from '../sessions/session-cookie.ts';
import { createCartContext } from '../storefront/cart.ts';
import { createCheckoutContext } from '../storefront/checkout.ts';
import { createCouponLimiter } from '../storefront/coupon-limits.ts';
import { createOrdersContext } from '../storefront/orders.ts';
import { createReviewLimiter, createReviewsContext } from '../storefront/reviews.ts';
import { createContactContext, createContactLimiter, createSupportContext } from '../storefront/support.ts';
import { createWishlistContext } from '../storefront/wishlist.ts';
import { registerAdminApp } from './admin-app.ts';
import { type PageMethods, registerOptions } from './allowed-methods.ts';
import { registerDatabaseOutage } from './database-outage.ts';
import { errorBody, handleClientError, handleError, notFoundBody } from './errors.ts';
import { closeConnectionsWhenStopping, registerHealthRoutes } from './health.ts';
import { BAD_HOST_CODE, BAD_HOST_MESSAGE, hasValidHost } from './host-header.ts';
import { isPreview, MAINTENANCE_MESSAGE, maintenanceViewer, markPreview } from './maintenance.ts';
import { createReadiness, type Readiness } from './readiness.ts';
import { pathOf } from './request-path.ts';
import { registerSameOriginCheck } from './same-origin.ts';
import { API_CSP, contentSecurityPolicy, ISOLATION_HEADERS, SECURITY_HEADERS } from './security-headers.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { registerUploadRoutes } from './uploads.ts';

export interface AppOptions {
  services: Services;
  config: Config;
  /**
   * The built storefront, or how to load it when first needed (the request thread renders only form posts
   * when render threads run: a server answering the API and cached pages never loads it, 29 MB resident);
   * without it only the API is served (integration tests of the API).
   */
  webBuild?: ServerBuild | (() => Promise<ServerBuild>) | undefined;
  /** The storefront build's version, for a build passed as a loader (`webBuild.assets.version` otherwise). */
  webBuildVersion?: string | undefined;
  /**
   * Where a render thread loads `webBuild` from: pages are then rendered on `config.renderThreads` threads.
   * Without it every page is rendered on the request thread.
   */
  webBuildEntry?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The built staff panel (apps/admin/build by default). */
  adminBuildDir?: string | undefined;
  /**
   * The resized copies of uploads (`imageVariantsOf(config, services)` by default): the server passes its own, whose
   * background queue it fills at start with whatever is missing.
   */
  imageVariants?: ImageVariants | undefined;
  /** Whether the node takes shoppers (`/readyz`); the server's own while it starts and stops, ready otherwise. */
  readiness?: Readiness | undefined;
}

const MAX_URL_LENGTH = 2048;
const MAX_SEGMENT_LENGTH = 255;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const assetsDir = path.resolve(import.meta.dirname, '../../assets');
/** The bundled uploads (the default image): read-only, looked in after the shop's file store. */
const bundledUploads = [path.join(assetsDir, 'uploads')];

/**
 * The shop's resized copies of its uploads, kept in its file store (`cache/images/…`) and made by one node
 * of several (a lock per variant on the shared database).
 */
export const imageVariantsOf = (config: Config, services: Pick<Services, 'files' | 'database'>) =>
  createImageVariants({
    files: services.files,
    database: services.database,
    bundledRoots: bundledUploads,
    workDir: path.join(config.dataDir, 'tmp', 'images'),
  });

type NonceResponse = ServerResponse & { cspNonce?: string };
/** The request's account context, made on first use (`accountOf` in `buildApp`). */
const ACCOUNT = Symbol('account');
type AccountHolder = FastifyRequest & { [ACCOUNT]?: ServerAccountContext };

export async function buildApp({
  services,
  config,
  webBuild,
  webBuildVersion,
  webBuildEntry,
  logger = false,
  adminBuildDir,
  imageVariants,
  readiness = createReadiness(),
}: AppOptions) {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    // A path the router cannot decode (`/api/front/products/%zz`) answers in the error shape too.
    frameworkErrors: handleError,
    // A request Node's parser refuses (a URL over the header limit) too.
    clientErrorHandler: handleClientError,
  });
  app.setErrorHandler(handleError);
  closeConnectionsWhenStopping(app, readiness);

  const images = imageVariants ?? imageVariantsOf(config, services);
  // The background's variants not started yet are left: the next start queues what is missing.
  app.addHook('onClose', () => images.close());
  const publicConfig: PublicConfig = {
    apiBase: config.publicApiBase,
    // Pages name images under the CDN in front of the shop when there is one; /uploads still answers.
    ...(config.storage.publicUploadsBase ? { uploadsBase: config.storage.publicUploadsBase } : {}),
    buildVersion: (typeof webBuild === 'function' ? webBuildVersion : webBuild?.assets.version) ?? 'dev',
  };
  const apiOrigin = config.publicApiBase ? new URL(config.publicApiBase).origin : undefined;

  const csp = contentSecurityPolicy(
    apiOrigin,
    config.storage.publicUploadsBase ? new URL(config.storage.publicUploadsBase).origin : undefined,
  );
  // A cached page answers with the nonce it was rendered with; its CSP header names the same one.
  const pageCache = createPageCache({
    maxBytes: config.pageCacheMb * 1024 * 1024,
    baseHeaders: (nonce) => ({ ...SECURITY_HEADERS, 'content-security-policy': csp(nonce) }),
  });
  services.cache.onClear(() => pageCache.clear());

  app.addHook('onRequest', async (request, reply) => {
    if (!hasValidHost(request, pathOf(request.url))) {
      return reply
        .status(400)
        .headers(SECURITY_HEADERS)
        .header('content-security-policy', API_CSP)
        .header('cache-control', 'no-store')
        .send(errorBody(BAD_HOST_CODE, BAD_HOST_MESSAGE));
    }
    // Only anonymous catalogue pages are ever stored (see mayStore below); while the shop is in
    // maintenance nothing is served from the cache, whoever asks. Wholesale customers see other prices:
    // their marker cookie sends them past the cache (a forged one only costs its owner a render).
    if (pageCache.enabled && (request.method === 'GET' || request.method === 'HEAD')) {
      const cached = pageCache.get(request.url);
      if (cached && !hasWholesaleCookie(request) && (await services.settings.get('is_online')) === 1) {
        return sendHit(request, reply, cached);
      }
    }
    reply.header('x-request-id', request.id);
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/')) {
      // JSON runs no scripts: the strictest policy, and no nonce to make.
      reply.header('content-security-policy', API_CSP);
    } else {
      const nonce = randomBytes(16).toString('base64');
      (reply.raw as NonceResponse).cspNonce = nonce;
      reply.header('content-security-policy', csp(nonce));
    }
    const url = request.url;
    const pathname = pathOf(url);
    if (url.length > MAX_URL_LENGTH || pathname.split('/').some((s) => s.length > MAX_SEGMENT_LENGTH)) {
      return reply
        .status(414)
        .send(
          errorBody(
            'ADRES_COK_UZUN',
            `İstek adresi çok uzun (en fazla ${MAX_URL_LENGTH} karakter, bölüm başına ${MAX_SEGMENT_LENGTH}).`,
          ),
        );
    }
  });

  registerDatabaseOutage(app, services);

  // OPTIONS names what an address takes; a page's methods are known once the pages are registered below.
  let pageMethods: PageMethods | undefined;
  registerOptions(app, () => pageMethods);

  // Cookies are parsed where they matter (maintenance bypass), not on every request.
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifyCompress, { threshold: MIN_COMPRESSED_BYTES, ...PER_ANSWER_COMPRESSION });
  await app.register(fastifyRateLimit, { global: false });

  // One account context per request, shared by the REST routes and the pages' load context.
  const limit = createAccountLimiter(app);
  const limitContact = createContactLimiter(app);
  const limitCoupon = createCouponLimiter(app);
  const limitReview = createReviewLimiter(app);
  // Kept on the request itself, not in a WeakMap keyed by it: the context's closures hold the request, and
  // V8's young-generation collector keeps a WeakMap's values (so their keys) alive, which promoted every
  // request with its context to the old generation (about 9 kB an answer; bench/RESULTS.md, 2026-11-27).
  const accountOfMade = (request: FastifyRequest) => (request as AccountHolder)[ACCOUNT];
  const accountOf = (request: FastifyRequest, reply: FastifyReply) => {
    const holder = request as AccountHolder;
    holder[ACCOUNT] ??= createAccountContext(services, request, { reply, limit });
    return holder[ACCOUNT];
  };

  registerSameOriginCheck(app, config.publicUrl);
  registerCookieSecurity(app, config.publicUrl);

  // An answer that sets a cookie (a session's, even a renewed one) or holds one customer's data (their
  // profile, wholesale prices) is theirs: neither a CDN nor a browser cache may keep it for anyone else.
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('set-cookie') || accountOfMade(request)?.isPersonal()) {
      reply.header('cache-control', 'private, no-store');
    }
    // Answers anyone may share go without process isolation (security-headers.ts); the others get it.
    if (!isPublic(reply.getHeader('cache-control') as string | undefined)) reply.headers(ISOLATION_HEADERS);
  });

  // Who sees the shop while it is in maintenance: the holder of the bypass key and a signed-in staff member.
  const seesClosedShop = maintenanceViewer(services, config.maintenanceBypassKey);

  // While the shop is in maintenance nothing may change through the API (reads stay open so the
  // storefront can show the maintenance screen). Bypass visitors and staff may act, to test the shop.
  app.addHook('onRequest', async (request, reply) => {
    if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Staff act during maintenance too: they log in to the panel and switch it off from there.
    if (request.url.startsWith('/api/admin/')) return;
    const settings = await services.settings.all();
    if (settings.is_online === 1 || (await seesClosedShop(request))) return;
    return reply
      .status(503)
      .header('retry-after', String(settings.maintenance_retry_after))
      .send(errorBody(MAINTENANCE_CODE, MAINTENANCE_MESSAGE));
  });

  registerOpenApi(app);
  registerHealthRoutes(app, services, readiness);
  registerHomeRoutes(app, services, publicConfig);
  registerClientErrorRoutes(app);
  registerCatalogRoutes(app, services, accountOf);
  registerAuthRoutes(app, accountOf);
  registerAccountRoutes(app, accountOf);
  registerAddressRoutes(app, accountOf);
  await registerCartRoutes(app, services, accountOf, {
    publicUrl: config.publicUrl,
    uploadsBudgetBytes: config.uploadsBudgetMb * 1024 * 1024,
    limitCoupon,
  });
  registerCouponRoutes(app, services);
  registerCheckoutRoutes(app, services, accountOf, { publicUrl: config.publicUrl });
  registerOrderRoutes(app, services, accountOf);
  registerPaymentRoutes(app, services, accountOf);
  registerInstalmentRoutes(app, services);
  await registerPaytrNotifyRoute(app, services);
  registerGeliverWebhookRoute(app, services);
  await registerBankPages(app, services, accountOf);
  registerWishlistRoutes(app, services, accountOf, { publicUrl: config.publicUrl });
  registerCompareRoutes(app, services, accountOf, { publicUrl: config.publicUrl });
  registerSeoRoutes(app, services, { publicUrl: config.publicUrl });
  registerFeedRoutes(app, services, { publicUrl: config.publicUrl });
  registerBlogRoutes(app, services, { publicUrl: config.publicUrl });
  registerContactRoutes(app, services, limitContact);
  registerStockAlertRoutes(app, services);
  await registerMarketingRoutes(app, services, accountOf);
  await registerSupportRoutes(app, services, accountOf);
  await registerReviewRoutes(app, services, accountOf, limitReview);
  registerAdminRoutes(
    app,
    services,
    config.publicUrl,
    config.maintenanceBypassKey !== undefined,
    // A saved upload's variants are made in the background, before a page asks for them.
    createAdminImageStore({
      ...adminImageDirs(config.dataDir, services.files),
      onStored: (paths) => images.prepare(paths),
    }),
  );
  app.all('/api/*', async (request, reply) =>
    reply.status(404).send(notFoundBody('API adresi', request.url)),
  );

  await registerUploadRoutes(app, { files: services.files, bundledRoots: bundledUploads, images });

  if (webBuild) {
    await app.register(fastifyStatic, {
      root: path.join(config.webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts content-hashed files under assets/: they never change, so browsers keep them a year.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    const mode = process.env.NODE_ENV ?? 'production';
    const pool =
      webBuildEntry && config.renderThreads > 0
        ? createRenderPool({
            entry: webBuildEntry,
            mode,
            threads: config.renderThreads,
            maxWaiting: config.renderQueue,
            maxWaitMs: config.renderWaitMs,
            onError: (err) => app.log.error({ err }, 'Sayfa işleme iş parçacığı durdu'),
          })
        : undefined;
    if (pool) {
      // One thread is started with the server: the first visitors of a new or restarted shop find it ready
      // instead of waiting for it to load the storefront (seconds on a busy machine).
      app.addHook('onReady', async () => pool.warm());
      app.addHook('onClose', () => pool.close());
    }
    pageMethods = registerSsr(
      app,
      webBuild,
      mode,
      config.publicUrl,
      async (request, reply) => {
        const settings = await services.settings.all();
        const closed = settings.is_online === 0;
        // Staff and bypass visitors see the shop with a bar saying it is closed: never a page of the cache.
        const preview = closed && (await seesClosedShop(request));
        if (preview) markPreview(request);
        const maintenance = closed && !preview;
        if (maintenance) {
          reply.header('retry-after', String(settings.maintenance_retry_after));
          reply.header('cache-control', 'no-store');
        }
        const account = accountOf(request, reply);
        return {
          nonce: (reply.raw as NonceResponse).cspNonce ?? '',
          requestId: request.id,
          maintenance,
          maintenancePreview: preview,
          retryAfterSeconds: settings.maintenance_retry_after,
          publicConfig,
          home: services.home.data,
          page: services.content.bySlug,
          pageMovedTo: services.content.movedTo,
          pageLinks: services.content.links,
          blog: services.blog,
          categories: () => services.catalog.categoryTree(),
          homeShelves: async () => services.catalog.homeShelves(await account.shopper()),
          categoryPage: async (slug, query) =>
            services.catalog.categoryPage(slug, query, await account.shopper()),
          tagPage: async (slug, query) => services.catalog.tagPage(slug, query, await account.shopper()),
          product: async (slug) => services.catalog.product(slug, await account.shopper()),
          productMovedTo: (slug) => slugNowOf(services.database.db, slug),
          search: async (q, query) => services.catalog.search(q, query, await account.shopper()),
          merchantPolicy: async () => ({
            shippingFeeMinor: settings.shipping_fee,
            freeShippingThresholdMinor: settings.free_shipping_threshold,
            returnDays: WITHDRAWAL_DAYS,
          }),
          coupons: () => services.coupons.publicList(),
          account,
          cart: createCartContext(services, request, reply, accountOf, {
            publicUrl: config.publicUrl,
            limitCoupon,
          }),
          checkout: createCheckoutContext(services, request, reply, accountOf, config.publicUrl),
          orders: createOrdersContext(services, request, reply, accountOf),
          wishlist: createWishlistContext(services, request, reply, accountOf, config.publicUrl),
          contact: createContactContext(services, request, reply, limitContact),
          support: createSupportContext(services, request, reply, accountOf),
          reviews: createReviewsContext(services, request, reply, accountOf, limitReview),
          unsubscribe: async (token) => ({
            found: (await services.marketing.unsubscribe(token, request.ip)) !== undefined,
          }),
        } satisfies StorefrontContext;
      },
      {
        cacheable: (request) => pageCache.enabled && isCacheablePageRequest(request.method, request.url),
        mayStore: (request) => !accountOfMade(request)?.isPersonal() && !isPreview(request),
        generation: () => pageCache.generation,
        store: (request, page, since) => pageCache.set(request.url, page, since),
        nonce: (reply) => (reply.raw as NonceResponse).cspNonce ?? '',
      },
      pool,
    );
  }
  // After the pages: the panel's paths then answer every method the pages added, themselves.
  await registerAdminApp(app, adminBuildDir);

  return app;
}
