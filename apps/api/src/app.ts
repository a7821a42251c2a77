/**
 * Builds the Fastify instance without listening (STYLE 2): server.ts listens, tests call
 * `app.inject`. Everything the app needs comes in through `config` (and optionally an open
 * database, which then stays the caller's to close).
 */
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { prepareDatabase } from './db/setup.js';
import { NOT_FOUND_MESSAGE, REQUEST_INVALID } from '@semijoias/domain/messages';
import { errorHandler, frameworkErrors } from './lib/error-handler.js';
import { collectRoutes, registerHostileInputGuard } from './lib/hostile-input.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { toFastifyTrustProxy } from './lib/trust-proxy.js';
import { jwtKey } from './lib/access-token.js';
import { createAuthenticate, createSessionCheck } from './lib/authenticate.js';
import { loggerOptions } from './lib/logger.js';
import { createPaymentProvider } from './integrations/payments/index.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { sandboxPageRoutes } from './integrations/payments/sandbox-page.js';
import { createViaCepLookup } from './integrations/postal-codes/viacep.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { addressRoutes } from './modules/addresses/index.js';
import { adminRoutes, environmentNotices, shippingLabelsAdminDeps } from './modules/admin/index.js';
import {
  createShippingSettingsService,
  type ShippingSettingsService,
} from './modules/shipping-settings/index.js';
import { authRoutes } from './modules/auth/index.js';
import { createBackupService, type BackupService } from './modules/backups/index.js';
import { cartRoutes, keepCartLines } from './modules/cart/index.js';
import {
  catalogRoutes,
  createCatalogCache,
  createChangeFeed,
  shareChangeFeed,
  type CatalogCache,
} from './modules/catalog/index.js';
import { couponRoutes } from './modules/coupons/index.js';
import { healthRoutes, registerLifecycle } from './modules/health/index.js';
import { favouritesRoutes } from './modules/favourites/index.js';
import { createHousekeeping } from './modules/housekeeping/index.js';
import { createOutboxWorker, setEmailWhatsapp, type OutboxWorker } from './modules/mail/index.js';
import { createCartReminderTask, marketingRoutes } from './modules/marketing/index.js';
import { importUploadedFilesFromDisk, mediaRoutes, readMediaFile } from './modules/media/index.js';
import { syncOwnerRoles } from './modules/owner-access/index.js';
import { readStoreWhatsapp } from './modules/sales-channels/index.js';
import {
  createPostalCodeService,
  postalCodeRoutes,
  type PostalCodeService,
} from './modules/postal-codes/index.js';
import { productFeedRoutes } from './modules/product-feeds/index.js';
import {
  createOrderSweeper,
  createSales,
  orderMailDeps,
  salesRoutes,
  type OrderSweeper,
} from './modules/sales/index.js';
import { secondFactorRoutes } from './modules/second-factor/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { shareImageRoutes } from './modules/share-images/index.js';
import { createShippingLabelsService } from './modules/shipping-labels/index.js';
import {
  createFreightQuoter,
  shippingRoutes,
  tableShippingQuoter,
} from './modules/shipping/index.js';
import { createStoreHealthMonitor } from './modules/store-health/index.js';
import { storeSettingsRoutes } from './modules/store-settings/index.js';
import { createStockAlertSweep, stockAlertRoutes } from './modules/stock-alerts/index.js';
import { rememberSoldOut } from './modules/stock/index.js';
import {
  createReviewRequestSweep,
  reviewPhotoRoutes,
  reviewRoutes,
} from './modules/reviews/index.js';
import { HASHED_ASSETS_PREFIX, registerWebApp } from './modules/web-app/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the e-mail outbox: routes wake it after a commit that queued mail; tests drain it. */
    outbox: OutboxWorker;
    /** Cancels expired unpaid orders, settles missed payments, does the housekeeping. */
    sweeper: OrderSweeper;
    /**
     * Serialized catalog answers kept until the database says the catalog changed
     * (modules/catalog/cache.ts). Generic: a key and a text, with its ETag and compressed bytes.
     */
    catalogCache: CatalogCache;
    /** The store's backups: `runNow()`, `list()`; scheduled through the sweeper. */
    backups: BackupService;
    /**
     * The owners' freight settings and the Melhor Envio client built from them
     * (modules/shipping-settings): kept until the change feed says they changed.
     */
    shippingSettings: ShippingSettingsService;
    /** CEP lookups (modules/postal-codes): `forgetKept()` for tests that change its table. */
    postalCodes: PostalCodeService;
  }
}

// Messages zod writes by itself (a schema without its own text) come out in Portuguese.
z.config(z.locales.pt());

/** Requests in flight from which the instance counts as busy (the outbox then waits). */
export const OUTBOX_BUSY_IN_FLIGHT = 16;

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. Without one the app opens, migrates and seeds its own. */
  database?: Database;
  /** Overrides the logger built from config (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides the mailer built from config (tests capture or fail messages). */
  mailer?: Mailer;
  /**
   * Timed work (the outbox worker, the order sweeper) starts with the app and stops with it.
   * Default true; tests pass false and drive it themselves (`await app.outbox.drain()`,
   * `await app.sweeper.runOnce()`).
   */
  background?: boolean;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Text, JSON, XML, JavaScript and SVG; never images, fonts or archives (already compressed). */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml(?:;|$))/;
/** Paths that are never a client route of the web app: a miss there is a plain 404. */
const NOT_SPA_PREFIXES = ['/api/', '/media/', '/sandbox/', HASHED_ASSETS_PREFIX];

/**
 * One log line per request, when it has been answered (who asked what, the status, the time),
 * not Fastify's two: logging was 3.5 % of the server's CPU in the flash-sale rehearsal.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** A request id from the caller (a load balancer's) when it looks like one, else a new one. */
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: requestId,
    logController: new OneLinePerRequest(),
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    // SPEC §7 writes every path with a trailing slash; answer both forms.
    // A path parameter over maxParamLength (414) or badly encoded (400) never finds a route;
    // frameworkErrors answers them like every other error.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    // A request that reaches a closing instance is still answered, not turned away with a 503:
    // the drain (modules/health/lifecycle.ts) has already taken it out of the proxy's rotation.
    return503OnClosing: false,
    frameworkErrors,
    // Requests Node's HTTP parser rejects (raw non-ASCII in the URL, broken headers) never reach
    // a route; answer them in the same JSON shape as every other error.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ error: REQUEST_INVALID });
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------------------ Every request's way in
  // Hooks run in the order they are added: keep these first, in this order.

  // Ready, then draining on SIGTERM: requests in flight are counted from the first hook on.
  const lifecycle = registerLifecycle(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  collectRoutes(app); // app.knownRoutes: every route registered below (the property test reads it)
  registerHostileInputGuard(app); // control characters refused in params, query, headers, body
  registerSecurityHeaders(app, config); // CSP, HSTS... on HTML; /media/'s own policy; CORP on all
  // Brotli or gzip for every text answer worth it, before any route is added (it hooks onRoute).
  // Dynamic answers use a quick brotli level; the catalog's cached answers and the built files
  // bring their own bytes, compressed once at their strongest (Content-Encoding already set).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies stay as they are: the API takes small JSON only.
    globalDecompression: false,
  });

  // -------------------------------------------------------- The database, e-mail and catalog cache

  const ownsDatabase = !options.database;
  const database = options.database ?? (await prepareDatabase(config, app.log));
  if (ownsDatabase) app.addHook('onClose', () => database.close());

  // Every answer names its request (for the log) and keeps browsers from guessing its type.
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  const mailer = options.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', () => mailer.close());
  // onClose hooks run newest first: the worker stops (its send in flight done) before the mailer
  // and the database close.
  const outbox = createOutboxWorker({
    db: database.db,
    mailer,
    log: app.log,
    // A drop's crowd: this many requests at once means shoppers are queueing for the CPU, and
    // the e-mails (rendered and sent here) wait a few seconds for them (issue 32).
    busy: () => lifecycle.inFlight >= OUTBOX_BUSY_IN_FLIGHT,
  });
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.stop());
  if (options.background ?? true) app.addHook('onReady', async () => outbox.start());
  const wakeOutbox = () => outbox.wake();

  // The catalog cache listens whether or not `background` is on: it is not timed work, and tests
  // must see the same answers a shopper sees. On PGlite a change reaches it before the writing
  // query returns; on PostgreSQL within the notification's delay (docs/catalog-cache.md).
  // One listening session for everything the database says changed (the catalog, the stock,
  // ended sessions), shared by the catalog cache and the sessions check.
  const changeFeed = shareChangeFeed(createChangeFeed(database, app.log));
  const catalogCache = createCatalogCache({
    feed: changeFeed.consumer(),
    log: app.log,
    stockDelayMs: config.catalogStockDelayMs,
  });
  app.decorate('catalogCache', catalogCache);
  app.addHook('onReady', () => catalogCache.start());
  // The e-mails name the store's WhatsApp in use (issue 37): read when the app starts and again
  // whenever the catalog's channel says something changed ('Canais de venda' notifies it).
  const refreshEmailWhatsapp = () =>
    readStoreWhatsapp(database.db, config).then(setEmailWhatsapp, (err: unknown) =>
      app.log.warn({ err }, 'WhatsApp dos e-mails: leitura falhou'),
    );
  app.addHook('onReady', refreshEmailWhatsapp);
  catalogCache.onChange(() => void refreshEmailWhatsapp());
  app.addHook('onClose', () => catalogCache.stop());
  const shippingSettings = createShippingSettingsService({
    db: database.db,
    config,
    feed: changeFeed.consumer(),
    log: app.log,
  });
  app.decorate('shippingSettings', shippingSettings);
  app.addHook('onReady', () => shippingSettings.start());
  app.addHook('onClose', () => shippingSettings.stop());

  // -------------------------------------------------------------------------------------- Start-up

  // What production gives up with these settings (test payments, the embedded database, no SMTP):
  // said at every start to whoever reads the log, as the back office's banners say it to the owners.
  if (config.nodeEnv === 'production')
    for (const notice of environmentNotices(config))
      app.log.warn({ aviso: notice.codigo }, `${notice.titulo.toUpperCase()}: ${notice.texto}`);

  // The owners' roles follow ADMIN_EMAILS from the first call on (a removed e-mail loses it now).
  const rolesChanged = await syncOwnerRoles(database.db, config.adminEmails);
  if (rolesChanged > 0) app.log.info({ rolesChanged }, 'owner roles updated from ADMIN_EMAILS');

  // -------------------------------------------------------------------------- What the parts share
  // Made once here for the routes and the timed work below.

  // Sessions: the tokens' signing key and the bearer check every guarded route uses.
  const key = jwtKey(config.jwtSecret);
  const sessionCheck = createSessionCheck(database.db, changeFeed.consumer());
  app.addHook('onReady', () => sessionCheck.start());
  app.addHook('onClose', () => sessionCheck.stop());
  const authenticate = createAuthenticate({ key, sessions: sessionCheck });
  // Her cart's lines between her calls, forgotten when the feed says her cart or a piece changed.
  const cartLines = keepCartLines(changeFeed.consumer());
  app.addHook('onReady', () => cartLines.start());
  app.addHook('onClose', () => cartLines.stop());
  const accountDeps = {
    db: database.db,
    publicUrl: config.publicUrl,
    rateLimits: config.rateLimits,
    wakeOutbox,
    adminEmails: config.adminEmails,
  };
  // The freight: the carriers through Melhor Envio when the owners switch it on ('Frete'), else
  // SPEC §9's table. Postal codes come from ViaCEP (or any server answering like it).
  const freight = createFreightQuoter({
    db: database.db,
    table: tableShippingQuoter(),
    shippingSettings,
    log: app.log,
  });
  const cepLookup = createViaCepLookup({
    baseUrl: config.viaCepUrl,
    timeoutMs: config.viaCepTimeoutMs,
  });
  const postalCodes = createPostalCodeService({ db: database.db, lookup: cepLookup });
  app.decorate('postalCodes', postalCodes);
  // The payment provider PAYMENT_PROVIDER names: PagBank, Mercado Pago or the sandbox.
  const paymentProvider = createPaymentProvider({ config, db: database.db });
  // The shelves a crowd found sold out, forgotten when the feed says they left 'Esgotado'
  // (modules/stock).
  const soldOut = rememberSoldOut(changeFeed.consumer());
  app.addHook('onReady', () => soldOut.start());
  app.addHook('onClose', () => soldOut.stop());
  // Selling (modules/sales): the checkout, the order's payment and the order itself, one instance
  // for the routes and the sweeper.
  const sales = createSales({
    db: database.db,
    databaseKind: database.kind,
    soldOut,
    config,
    provider: paymentProvider,
    freight,
  });

  // ------------------------------------------------------------------------------------ Timed work
  // Tasks the order sweeper (last below) runs at each pass after the orders, each on its own:
  // one failing never stops the others.

  // Backups: made on demand by the back office and, when the newest is too old, at a sweep by
  // one instance of many (modules/backups/service.ts).
  const backups = createBackupService({ database, config, log: app.log });
  app.decorate('backups', backups);

  // The owners' 'Saúde da loja': checked at each sweep after the backup, read by
  // GET /api/admin/saude/; an item turning red (and back) mails STORE_EMAIL once.
  const storeHealth = createStoreHealthMonitor({
    db: database.db,
    config,
    provider: paymentProvider,
    mailer,
    log: app.log,
    wakeOutbox,
    embeddedDatabase: database.kind === 'pglite',
    shippingSettings,
  });
  app.decorate('storeHealth', storeHealth);

  // 'Avise-me': at each sweep, the requests whose piece is back are mailed once.
  const stockAlertSweep = createStockAlertSweep({
    db: database.db,
    log: app.log,
    publicUrl: config.publicUrl,
    wakeOutbox,
  });
  app.decorate('stockAlerts', stockAlertSweep);
  // Reviews (issue 36): each buyer asked once, some days after her order arrived.
  const reviewRequests = createReviewRequestSweep({
    db: database.db,
    jwtSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    delayMinutes: config.reviewRequestDelayMinutes,
    shippedDays: config.reviewRequestShippedDays,
    log: app.log,
    wakeOutbox,
  });

  // The forgotten cart: a consenting customer's cart untouched for
  // CART_REMINDER_MINUTES is mailed once, at a sweep.
  const cartReminders = createCartReminderTask({
    db: database.db,
    config,
    log: app.log,
    wakeOutbox,
  });
  app.decorate('cartReminders', cartReminders);

  // Labels (issue 35, docs/shipping-labels.md): one service for the back office's calls and the
  // pass that asks Melhor Envio, at each sweep, for the carriers' codes that come after a label.
  const shippingLabels = createShippingLabelsService({
    db: database.db,
    settings: () => shippingSettings.settings(),
    client: () => shippingSettings.client(),
    freight,
    ...shippingLabelsAdminDeps({ db: database.db, config, wakeOutbox }),
    mail: orderMailDeps(config),
    wakeOutbox,
    log: app.log,
  });
  app.decorate('shippingLabels', shippingLabels);

  // The sweeper: every ORDER_SWEEP_INTERVAL_SECONDS, expired unpaid orders are
  // cancelled (after asking the provider whether they were paid after all), and about hourly
  // the spent tokens and old rows are deleted. Safe with several instances on one PostgreSQL.
  const sweeper = createOrderSweeper({
    db: database.db,
    provider: paymentProvider,
    config,
    log: app.log,
    mailDeps: orderMailDeps(config),
    housekeeping: createHousekeeping({ db: database.db, log: app.log }),
    alsoEachSweep: [
      backups,
      storeHealth,
      stockAlertSweep,
      cartReminders,
      reviewRequests,
      shippingLabels.trackingTask,
    ],
  });
  app.decorate('sweeper', sweeper);
  app.addHook('onClose', () => sweeper.stop());
  if (options.background ?? true) app.addHook('onReady', async () => sweeper.start());

  // -------------------------------------------------------------------------------- The API, /api/
  // The store's parts, each its own plugin: its hooks and body parsers stay inside it.
  await app.register(
    async (api) => {
      // Operations: liveness and readiness, for the proxy's health checks and the monitors.
      await api.register(healthRoutes, {
        db: database.db,
        lifecycle,
        migrationsFolder: config.paths.migrations,
      });

      // Catalog: the store's settings every page reads (the time to pay, the payment terms),
      // the product lists, search and a product's page.
      await api.register(storeSettingsRoutes, { db: database.db, config, cache: catalogCache });
      await api.register(catalogRoutes, {
        db: database.db,
        imageBaseUrl: config.imageBaseUrl,
        cache: catalogCache,
      });

      // Accounts: login, tokens and the password reset; the owners' second factor; sign-up,
      // e-mail verification and her profile.
      await api.register(authRoutes, { ...accountDeps, key, authenticate });
      await api.register(secondFactorRoutes, { db: database.db, key, authenticate, config });
      await api.register(accountsRoutes, { ...accountDeps, key, authenticate });

      // Cart and favourites: her cart kept by the server (a guest's lives in the browser until
      // she logs in), and her favourites, both behind the bearer.
      await api.register(cartRoutes, {
        db: database.db,
        authenticate,
        imageBaseUrl: config.imageBaseUrl,
        cartLines,
      });
      await api.register(favouritesRoutes, {
        db: database.db,
        authenticate,
        imageBaseUrl: config.imageBaseUrl,
      });

      // Shipping: the freight to a CEP, and the address a CEP names.
      await api.register(shippingRoutes, {
        db: database.db,
        authenticate,
        freight,
        cartLines,
      });
      await api.register(postalCodeRoutes, {
        db: database.db,
        postalCodes,
        rateLimits: config.rateLimits,
      });

      // Checkout and payments: her addresses, coupons, then selling (modules/sales): the order
      // and its payment, her orders, the payment providers' webhooks.
      await api.register(addressRoutes, { db: database.db, authenticate });
      await api.register(couponRoutes, { db: database.db, authenticate, cartLines });
      await api.register(salesRoutes, { sales, authenticate });

      // Marketing: 'Avise-me quando chegar' on a sold-out piece, and unsubscribing from
      // marketing e-mail by its link, without a login (RFC 8058).
      await api.register(stockAlertRoutes, {
        db: database.db,
        authenticate,
        rateLimits: config.rateLimits,
        publicUrl: config.publicUrl,
        wakeOutbox,
      });
      await api.register(marketingRoutes, { db: database.db, jwtSecret: config.jwtSecret });

      // Reviews (issue 36): her form from the e-mail's link, the pieces' approved reviews.
      await api.register(reviewRoutes, {
        db: database.db,
        authenticate,
        jwtSecret: config.jwtSecret,
        imageBaseUrl: config.imageBaseUrl,
        cache: catalogCache,
        rateLimits: config.rateLimits,
      });

      // Back office: the owners' calls under /api/admin/, every one guarded
      // (modules/admin/routes.ts).
      await api.register(adminRoutes, {
        prefix: '/admin',
        db: database.db,
        config,
        authenticate,
        wakeOutbox,
      });
    },
    { prefix: '/api' },
  );

  // --------------------------------------------------------------------------------- Outside /api/
  // Files search engines read, the sandbox's payment page, the pictures, and last the web app,
  // whose not-found handler answers every path no route took.

  // Search engines: the sitemap and robots.txt, at the site's root.
  await app.register(seoRoutes, {
    db: database.db,
    cache: catalogCache,
    publicUrl: config.publicUrl,
  });

  // Shopping catalogs (issue 37): /feeds/google.xml and /feeds/meta.csv, from the catalog cache.
  await app.register(productFeedRoutes, {
    db: database.db,
    cache: catalogCache,
    publicUrl: config.publicUrl,
    imageBaseUrl: config.imageBaseUrl,
  });

  // The sandbox provider's hosted page is served by this server (a page, so outside /api).
  if (config.paymentProvider === 'sandbox') {
    await app.register(sandboxPageRoutes, { db: database.db, config });
  }

  // The owners' uploads live in the database (modules/media), so every instance serves them. A
  // store updated from a release that kept them in DATA_DIR/media brings them in first.
  if (ownsDatabase) await importUploadedFilesFromDisk(database.db, config.dataDir, app.log);
  await app.register(mediaRoutes, { db: database.db });
  // The reviews' photos (/media/avaliacoes/), from the database, hidden ones never.
  await app.register(reviewPhotoRoutes, { db: database.db, jwtSecret: config.jwtSecret });

  // JPEGs of the pictures below for shared links (/media/compartilhar/*), registered first:
  // the router prefers this longer prefix to the static files' /media/* wildcard.
  await app.register(shareImageRoutes, {
    mediaRoots: [config.paths.media],
    uploaded: (path) => readMediaFile(database.db, path),
    dataDir: config.dataDir,
  });

  // The repository's product and site images. Their names are stable, and content changes ship
  // as new names.
  await app.register(fastifyStatic, {
    root: config.paths.media,
    prefix: '/media/',
    decorateReply: false,
    maxAge: ONE_YEAR_MS,
    immutable: true,
  });

  // The web app: its built files, and every other page (rendered on the server when public).
  const webApp = await registerWebApp(app, {
    webDist: config.paths.webDist,
    webServerEntry: config.paths.webServerEntry,
    publicUrl: config.publicUrl,
    demonstration: config.demonstration,
    pageCache: catalogCache,
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '/';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !NOT_SPA_PREFIXES.some((p) => path.startsWith(p)) &&
      path !== '/api';
    if (!isPage) return reply.code(404).send({ error: NOT_FOUND_MESSAGE });
    // A page (/aneis, /produto/3, a reload anywhere): rendered on the server when public, else
    // the app's shell; the web app decides what to show.
    if (webApp) return webApp.answerPage(req, reply);
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(
        'A loja web ainda não foi construída: rode `npm run build` na raiz do repositório ' +
          '(a API responde em /api/).\n',
      );
  });

  return app;
}
