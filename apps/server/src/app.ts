import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { loadStartData } from './start-data/load-start-data.ts';
import type { Config } from './env.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { lazyChildLogger } from './lib/lazy-child-logger.ts';
import { validatorCompiler } from './lib/request-validation.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { balanceRoutes } from './modules/balance/routes.ts';
import { cardRoutes } from './modules/card/routes.ts';
import { transactionsRoutes } from './modules/transactions/routes.ts';
import { voucherRoutes } from './modules/vouchers/routes.ts';
import { pointsGoalRoutes } from './modules/points-goal/routes.ts';
import { pendingPointsOf } from './modules/missing-points/pending-points.ts';
import { missingPointsRoutes } from './modules/missing-points/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { brandsRoutes } from './modules/brands/routes.ts';
import { linkedPartnersRoutes } from './modules/linked-partners/routes.ts';
import { ledgerCheckRoutes } from './modules/ledger-check/routes.ts';
import { partnerApiRoutes } from './modules/partner-api/routes.ts';
import { consoleGateOf, consoleSession, staffRoutes, staffServiceOf } from './modules/staff/routes.ts';
import { carelineRoutes } from './modules/staff/careline-routes.ts';
import { staffPasskeyRoutes } from './modules/staff/passkey-routes.ts';
import { campaignRoutes } from './modules/campaigns/routes.ts';
import { performanceRoutes } from './modules/campaigns/performance-routes.ts';
import { liveUpdatesRoutes } from './modules/live-updates/routes.ts';
import { botCheckRoutes } from './modules/bot-check/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { marketingRoutes } from './modules/marketing/routes.ts';
import { yearInReviewRoutes } from './modules/year-in-review/routes.ts';
import { pointsHistoryRoutes } from './modules/points-history/routes.ts';
import { offersRoutes } from './modules/offers/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { instancePlugin } from './modules/health/instance.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { identityAppsRoutes } from './modules/identity/apps-routes.ts';
import { sessionApiRoutes } from './modules/session-api/routes.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { botCheckPlugin } from './plugins/bot-check.ts';
import { brandPlugin } from './plugins/brand.ts';
import { configPlugin } from './plugins/config.ts';
import { installableAppPlugin } from './plugins/installable-app.ts';
import { sessionPlugin } from './plugins/session.ts';
import { customerManagementRoutes } from './modules/customer-management/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { documentsRoutes } from './modules/documents/routes.ts';
import { memberPricesRoutes } from './modules/member-prices/routes.ts';
import { hotelsSessionRoutes } from './modules/hotels-session/routes.ts';
import { platformStatusRoutes } from './modules/platform-status/routes.ts';
import { nectarLiteRoutes } from './modules/nectar-lite/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { dbPlugin, type DbPluginOptions } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { expiredRowsPlugin } from './plugins/expired-rows.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { accessLogPlugin } from './plugins/access-log.ts';
import { notifyPlugin } from './plugins/notify.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin, trustProxyOption } from './plugins/security.ts';
import { consoleAppPlugin } from './plugins/console-app.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { readRemoteConfig } from './modules/platform-status/repository.ts';
import { isSignInStartPage, startSignIn, startsSignInOnServer } from './modules/identity/sign-in-start.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one clock for rules with a time in them (lib/clock.ts); a test's `config.now` when it sets one. */
    clock: Clock;
  }
}

/**
 * Largest JSON body any call of the contract needs, with room to spare (feedback is at most 10,000
 * characters).
 */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Secrets never reach the logs (docs/security.md "Baseline"). */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-recaptcha"]',
  'req.headers["x-2fa-code"]',
  'req.headers["x-mfa"]',
  'res.headers["set-cookie"]',
];

/**
 * Builds the whole server: plugins, then modules. No listen() here (docs/architecture.md "Layers and the rule
 * for adding a module").
 */
export async function buildApp(
  config: Config,
  options: Pick<DbPluginOptions, 'thread'> & {
    /** Where log lines go instead of standard output (a test reads them). */
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<FastifyInstance> {
  const { logStream, ...dbOptions } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redact, censor: '[redacted]' },
            ...(logStream ? { stream: logStream } : {}),
          },
    childLoggerFactory: lazyChildLogger,
    // One access line per request from plugins/access-log.ts instead of Fastify's two (ADR 039).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Time limits: a request must arrive within requestTimeoutMs, an idle connection closes
    // after connectionTimeoutMs, and a request not answered within handlerTimeoutMs gets 503.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    handlerTimeout: config.http.handlerTimeoutMs,
    // A first start migrates and seeds the database, which on a slow or busy machine takes more than the
    // default 10 s a plugin may take.
    pluginTimeout: 120_000,
    trustProxy: trustProxyOption(config.trustProxy),
    // Preview links carry a signed token in the path (/offercard-preview/:jwtToken), longer than the default
    // 100 characters a path parameter may have.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
  });
  // A DELETE carries no body, but some clients send their JSON content type with every call: an empty body is
  // then no body, not broken JSON. Any other body is parsed by Fastify's own JSON parser, as before.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(configPlugin, { config });
  app.decorate('clock', config.now ? { now: config.now } : systemClock);
  // First, so the embedded database opens in its thread while everything else registers (ADR 025).
  await app.register(dbPlugin, {
    ...dbOptions,
    prepare: (db) => loadStartData(db, { demoData: config.demoData }),
  });
  // Before any route, so each route gets its recorder as it is added (METRICS; ADR 035).
  await app.register(metricsPlugin);
  await app.register(accessLogPlugin);
  await app.register(errorsPlugin);
  // Its name on every answer and whether it is draining for a shutdown.
  await app.register(instancePlugin);
  await app.register(openApiPlugin);
  await app.register(securityPlugin);
  await app.register(brandPlugin);
  await app.register(installableAppPlugin);
  await app.register(jobsPlugin);
  await app.register(notifyPlugin);
  await app.register(botCheckPlugin);
  await app.register(sessionPlugin);
  await app.register(expiredRowsPlugin);

  await app.register(healthRoutes);
  await app.register(botCheckRoutes);
  await app.register(customerManagementRoutes);
  await app.register(documentsRoutes);
  await app.register(memberPricesRoutes);
  await app.register(platformStatusRoutes);
  await app.register(analyticsRoutes);
  await app.register(hotelsSessionRoutes);
  await app.register(identityRoutes);
  // Consent and connected apps of the identity provider's partners and native app (ADR 017).
  await app.register(identityAppsRoutes);
  await app.register(sessionApiRoutes);
  // Passkeys: sign-in inside the provider's login interaction, and the security page's list (ADR 029).
  await app.register(passkeyRoutes);
  await app.register(passwordResetRoutes);
  await app.register(nectarLiteRoutes);
  await app.register(registrationRoutes);
  await app.register(offersRoutes);
  await app.register(balanceRoutes);
  // Card, activity, spending and vouchers (ADR 011): register below.
  await app.register(cardRoutes);
  await app.register(transactionsRoutes);
  await app.register(voucherRoutes);
  // The goal shows points on their way apart: the missing-points module keeps them (ADR 042, 043).
  await app.register(pointsGoalRoutes, {
    pendingPoints: async (collectorId) => (await pendingPointsOf(app.db, collectorId)).total,
  });
  await app.register(missingPointsRoutes);
  // Account management (ADR 012): register below.
  await app.register(accountRoutes);
  // Download my data (ADR 044).
  await app.register(dataExportRoutes);
  // Brands and linked partners (ADR 013): register below.
  await app.register(brandsRoutes);
  await app.register(linkedPartnersRoutes);
  // The points ledger's books, checked each night (ADR 051).
  await app.register(ledgerCheckRoutes);
  // Tills, pumps and eShops: sales, returns and spending with a partner's token (docs/partner-api.md).
  await app.register(partnerApiRoutes);
  await app.register(staffRoutes);
  // The careline's actions on a member and the claims queue (docs/staff-console.md "Putting things right").
  await app.register(carelineRoutes);
  // The staff console's passkeys: sign-in with one, and each member of staff's own (docs/staff-console.md).
  await app.register(staffPasskeyRoutes);
  // Offers and campaigns made in the console, through the staff module's session check and audit trail
  // (docs/staff-console.md "Offers and campaigns").
  await app.register(campaignRoutes, { gate: consoleGateOf(app) });
  // What each offer and campaign earned and cost (docs/staff-console.md "Offers and campaigns").
  await app.register(performanceRoutes, { may: consoleSession(app, staffServiceOf(app)).may });
  // The member's open app hears of each change to their points (server-sent events).
  await app.register(liveUpdatesRoutes);
  // Help centre, feedback and the remaining routes (ADR 015): register below.
  await app.register(feedbackRoutes);
  await app.register(marketingRoutes);
  await app.register(yearInReviewRoutes);
  // Points over time (ADR 041).
  await app.register(pointsHistoryRoutes);
  // Tester tools only with DEV_TOOLS=on, never in production.
  if (config.devTools) await app.register(devRoutes);

  await app.register(webAppPlugin, {
    readRemoteConfig: () => readRemoteConfig(app.db),
    signInStart: { isStartPage: isSignInStartPage, startsOnServer: startsSignInOnServer, start: startSignIn },
  });
  // The staff console's pages at /console/ (docs/staff-console.md "The console").
  await app.register(consoleAppPlugin);
  return app;
}
