/**
 * Builds the Fastify app from its configuration and an open database, without listening, so
 * main.ts serves it and the API tests drive it with app.inject.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '../src/contract/define';
import type { PageAssets, RenderEntry } from '../src/contract/render';
import type { Config } from './config';
import type { Database } from './db/client';
import type { CatalogueReads } from './db/replicas';
import { decorateClock, systemClock, type Clock } from './http/clock';
import { decorateCalls } from './http/route';
import { answerSerializerCompiler } from './http/serializer';
import { HttpError, MESSAGES } from './http/http-error';
import { createBotCheck } from './integrations/bot-check';
import { eraseMemberMails, mailDelivery } from './integrations/mail';
import { botCheckRoutes } from './modules/bot-check/index';
import { createVehicleLookup } from './integrations/vehicle-lookup';
import { catalogueRoutes } from './modules/catalogue/index';
import { eraseMemberPartRequests, partRequestRoutes } from './modules/part-requests/index';
import { eraseMemberReviews, reviewInvitationRounds, reviewRoutes } from './modules/reviews/index';
import { loyaltyRoutes } from './modules/loyalty/index';
import { articlePictureRoutes, articleRoutes } from './modules/articles/index';
import { applicationRetention, jobRoutes } from './modules/jobs/index';
import { staticPageRoutes } from './modules/static-pages/index';
import { eraseMemberWishlist, wishlistRoutes } from './modules/wishlist/index';
import { cartHoldEnds, cartHoldRelease, cartRoutes, eraseMemberCarts } from './modules/cart/index';
import { checkoutRoutes } from './modules/checkout/index';
import { memberRoutes, type MemberErasureStep } from './modules/members/index';
import { eraseMemberOrders, orderHoldRelease, orderRoutes } from './modules/orders/index';
import { eraseMemberPayments, paymentRoutes } from './modules/payments/index';
import { type CardGateway, createCardGateway, createPaypalGateway, type PaypalGateway, sandboxRefundsPage, sandboxWebhookDelivery } from './integrations/payments';
import { orderHistoryRoutes } from './modules/order-history/index';
import { eraseMemberWarranty, warrantyRoutes } from './modules/warranty/index';
import { createPostcodeLookup } from './integrations/postcode-lookup';
import { createVatLookup } from './integrations/vat-lookup';
import { vatLookupRoutes } from './modules/vat-lookup/index';
import { backInStockRounds, enquiryRoutes, eraseMemberProductForms, productNotificationRoutes } from './modules/product-forms/index';
import { eraseMemberReturns, returnRoutes } from './modules/returns/index';
import { sessionRoutes } from './modules/session/index';
import { storefrontPages } from './modules/storefront/pages';
import { builtRenderEntry } from './modules/storefront/render-entry';
import { seoRoutes } from './modules/storefront/seo-routes';
import { storefrontRoutes } from './modules/storefront/routes';
import { thumbRoutes } from './modules/thumbs/index';
import { createPushSender, type PushSender } from './integrations/push';
import { alertRoutes, alertWorker, eraseMemberAlerts, unsubscribePage, unsubscribeTokensOf } from './modules/alerts/index';
import { createStockSearch } from './modules/catalogue/index';
import { eraseMemberGarage, garageRoutes } from './modules/garage/index';
import { eraseMemberPush, pushRoutes } from './modules/push/index';
import { eraseMemberSavedSearches, savedSearchRoutes } from './modules/saved-searches/index';
import { staffRoutes } from './modules/back-office/staff/index';
import { featureFlagRoutes, liveFeatureFlags } from './modules/back-office/flags/index';
import { adminStockRoutes } from './modules/back-office/stock/index';
import { adminCustomerRoutes } from './modules/back-office/customers/index';
import { dashboardRoutes } from './modules/back-office/dashboard/index';
import { adminContentRoutes } from './modules/back-office/content/index';
import { backOfficeSalesRoutes, refundReconciler } from './modules/back-office/sales/index';
import { csrfProtection } from './plugins/csrf';
import { errorHandling } from './plugins/errors';
import { metrics, type PoolCounts } from './plugins/metrics';
import { requestIdOf, requestLog } from './plugins/request-log';
import { healthChecks } from './plugins/health';
import { openApi } from './plugins/openapi';
import { rateLimiting } from './plugins/rate-limit';
import { redisConnection } from './plugins/redis';
import { securityHeaders } from './plugins/security-headers';
import { sessionSupport } from './plugins/session';
import { staffSessionSupport } from './plugins/staff-session';
import { staticFiles } from './plugins/static-files';
import '../src/domain/messages-more';
import '../src/domain/messages-account';

/**
 * An account's deletion (members) erases the member's rows everywhere in one transaction: each
 * module that owns such rows gives its own step, run after the members module's own (issue 26).
 */
const MEMBER_ERASURE_STEPS: readonly MemberErasureStep[] = [
  eraseMemberPayments,
  eraseMemberWishlist,
  eraseMemberProductForms,
  eraseMemberPartRequests,
  eraseMemberCarts,
  eraseMemberOrders,
  eraseMemberReturns,
  eraseMemberWarranty,
  // Alerts before what they watch (saved searches, garage vehicles), so each module deletes its own rows.
  eraseMemberAlerts,
  eraseMemberSavedSearches,
  eraseMemberGarage,
  eraseMemberPush,
  eraseMemberReviews,
  // Last, so that no mail to the member's address, waiting or sent, outlives the deletion.
  eraseMemberMails,
];

export interface AppOptions {
  config: Config;
  db: Database;
  /** Fastify's logger option; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger'];
  /** The shop's clock; tests set it, the running shop uses the system clock. */
  clock?: Clock;
  /**
   * The server render's entry: by default the built bundle (dist/server/entry-server.js beside the
   * client build); `npm run dev` gives Vite's module graph, the API tests the sources.
   */
  loadRenderEntry?: () => Promise<RenderEntry>;
  /** The page's scripts and styles; by default from the client build's manifest (dev: Vite's). */
  pageAssets?: () => Promise<PageAssets>;
  /** The back office's page (admin.html) for a URL under /admin; by default the built one (dev: Vite's). */
  adminPage?: (url: string) => Promise<string>;
  /**
   * Payment gateways instead of the ones the configuration selects: tests hand in the real PayPal
   * adapter reaching a local fake of PayPal's API (its SDK has no host option, only an HTTPS agent).
   */
  paymentGateways?: { card?: CardGateway; paypal?: PaypalGateway };
  /** The web push sender instead of the configured one: tests hand in one reaching a local fake push service. */
  pushSender?: PushSender;
  /** The database pool's counts for /metrics (PostgreSQL; embedded PGlite has no pool). */
  databasePool?: () => PoolCounts;
  /** The catalogue's reads on streaming replicas (DATABASE_REPLICA_URLS); closed with the app. */
  catalogueReads?: CatalogueReads;
}

export async function buildApp({ config, db, logger = false, clock = systemClock, loadRenderEntry = builtRenderEntry(config), pageAssets, adminPage, paymentGateways = {}, pushSender, databasePool, catalogueReads }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    // Fastify's own request lines carry URLs and addresses (personal data): plugins/request-log.ts
    // writes one line per request instead, with the id it answers in x-request-id.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // While stopping, plugins/health.ts answers new requests 503 in the shop's envelope.
    return503OnClosing: false,
    // Addresses the router refuses before any route runs (a path parameter over 100 characters, a
    // malformed URL) still answer in the §7 envelope.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      void (reply as FastifyReply).code(status).send({ success: false, msg: status === 414 ? 'The address is too long.' : 'Bad request.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The contract's response schemas write each answer (the zod type provider's bytes, without its copy).
  app.setSerializerCompiler(answerSerializerCompiler);
  decorateClock(app, clock);
  decorateCalls(app);

  await app.register(errorHandling);
  // First, so /healthz and /readyz pass no rate limit or session, and a stopping process refuses new work before anything runs.
  await app.register(healthChecks, { db });
  await app.register(requestLog);
  await app.register(metrics, { token: config.metrics.token, allow: config.metrics.allow, pool: databasePool, replicas: catalogueReads?.replicas });
  if (catalogueReads) app.addHook('onClose', () => catalogueReads.close());
  await app.register(securityHeaders, { analytics: config.analytics.ga4MeasurementId !== undefined });
  await app.register(fastifyCompress);
  // REDIS_URL's one connection, for the rate limits and the catalogue's kept answers.
  await app.register(redisConnection, { config });
  await app.register(rateLimiting, { config });
  await app.register(fastifyCookie);
  await app.register(sessionSupport, { db, config });
  await app.register(staffSessionSupport, { db, config });
  // Before any route: the OpenAPI document is collected as routes are added.
  await app.register(openApi, { publicUrl: config.publicUrl });
  await app.register(staticFiles, { clientDir: config.clientDir });
  // Before any route reads config.flags: what staff set in the back office over the FEATURE_* settings.
  await app.register(liveFeatureFlags, { db, config });
  await app.register(mailDelivery, { config, db });
  await app.register(orderHoldRelease, { config, db });
  await app.register(cartHoldRelease, { config, db });
  // Waiting back-in-stock requests are matched against the stock on a timer too: parts arrive by other ways than a released hold.
  await app.register(backInStockRounds, { db, publicUrl: config.publicUrl, intervalMs: config.backInStockIntervalMs });
  // Issue 17: the catalogue's stock search for saved searches, the garage and alerts; the push
  // sender made on first use (with no VAPID keys configured it makes and keeps a pair in DATA_DIR).
  const vehicleLookup = createVehicleLookup(config.vehicleLookup, db);
  const stock = createStockSearch({ db, config, vehicleLookup });
  let sender = pushSender;
  const push = () => (sender ??= createPushSender(config.push, config.dataDir));
  const tokens = unsubscribeTokensOf(config);
  await app.register(alertWorker, { db, stock, tokens, push, publicUrl: config.publicUrl, batchSize: config.alerts.batchSize, settleMs: config.alerts.settleMs, intervalMs: config.alerts.intervalMs });
  await app.register(unsubscribePage, { db, stock, tokens });
  const gatewayDeps = { db, clock: app.clock, sandboxSecret: config.payments.sandboxSecret, timeoutMs: config.payments.timeoutMs };
  const cardGateway = paymentGateways.card ?? (await createCardGateway(config.payments.stripe, gatewayDeps));
  const paypalGateway = paymentGateways.paypal ?? (await createPaypalGateway(config.payments.paypal, gatewayDeps));
  // The embedded sandbox reports outcomes by signed webhooks, sent to this app as a provider would.
  if (cardGateway.mode === 'sandbox' || paypalGateway.mode === 'sandbox') await app.register(sandboxWebhookDelivery, { db, sandboxSecret: config.payments.sandboxSecret });
  if (cardGateway.mode === 'sandbox' || paypalGateway.mode === 'sandbox') await app.register(sandboxRefundsPage, { db, devPages: config.devPages });
  // Refunds left pending by a process that stopped after asking the provider are completed on a timer.
  await app.register(refundReconciler, { db, config, card: cardGateway, paypal: paypalGateway });
  // Applications and their CVs are kept no longer than the configured months.
  await app.register(applicationRetention, { db, config });
  await app.register(reviewInvitationRounds, { db, config });
  // Every other GET that is a page is rendered on the server (src/entry-server.tsx).
  await app.register(storefrontPages, { config, db, loadRenderEntry, pageAssets, adminPage });
  await app.register(seoRoutes, { db, catalogueDb: catalogueReads?.db, config });
  // SPEC §7: the enquiry call has no /web-api prefix; its scope has its own CSRF check.
  await app.register(enquiryRoutes, { db, config });
  await app.register(thumbRoutes, { db, config });
  await app.register(articlePictureRoutes, { db });

  await app.register(
    async (api) => {
      await api.register(csrfProtection);
      // Its own not-found handler, so an unknown call still passes the CSRF check first (a
      // forged POST learns nothing about which paths exist).
      api.setNotFoundHandler({ preHandler: api.rateLimit() }, async () => {
        throw new HttpError(404, MESSAGES.notFound);
      });
      await api.register(sessionRoutes);
      await api.register(catalogueRoutes, { db, reads: catalogueReads, config, vehicleLookup, cartHoldEnds });
      await api.register(storefrontRoutes, { config, db });
      const botCheck = createBotCheck(config.botCheck, db);
      await api.register(botCheckRoutes, { botCheck });
      await api.register(partRequestRoutes, { db, botCheck });
      await api.register(reviewRoutes, { db });
      await api.register(cartRoutes, { db, config });
      await api.register(checkoutRoutes, { db, config, postcodeLookup: createPostcodeLookup(config.checkout.postcodeLookup) });
      await api.register(memberRoutes, { db, config, card: cardGateway, erasureSteps: MEMBER_ERASURE_STEPS });
      await api.register(vatLookupRoutes, { config, vatLookup: createVatLookup(config.vatLookup, app.clock) });
      await api.register(orderRoutes, { db, config, stock });
      await api.register(paymentRoutes, { db, config, card: cardGateway, paypal: paypalGateway });
      await api.register(orderHistoryRoutes, { db, config });
      await api.register(warrantyRoutes, { db, config });
      await api.register(returnRoutes, { db, config });
      await api.register(productNotificationRoutes, { db, config });
      await api.register(loyaltyRoutes, { db, config });
      await api.register(jobRoutes, { db, config });
      await api.register(articleRoutes, { db });
      await api.register(staticPageRoutes, { db, config });
      await api.register(wishlistRoutes, { db });
      await api.register(savedSearchRoutes, { db, stock });
      await api.register(garageRoutes, { db, stock });
      await api.register(alertRoutes, { db, stock, tokens });
      await api.register(pushRoutes, { db, sender: push });
      // The back office: /web-api/admin, staff sessions, a permission check on every call.
      await api.register(staffRoutes, { db, config });
      await api.register(adminStockRoutes, { db, config });
      await api.register(adminCustomerRoutes, { db, config });
      await api.register(dashboardRoutes, { db, config });
      await api.register(adminContentRoutes, { db, config });
      await api.register(featureFlagRoutes, { db, config });
      await api.register(backOfficeSalesRoutes, { db, config, card: cardGateway, paypal: paypalGateway });
    },
    { prefix: API_BASE },
  );

  return app;
}
