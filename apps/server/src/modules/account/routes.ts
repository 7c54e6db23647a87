import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bundledAddressProvider, httpAddressProvider } from '../../lib/address-book.ts';
import { secretWhenReady } from '../../lib/server-secrets.ts';
import { closingRoutes } from './closing-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import { registerAccountDevRoutes } from './dev-routes.ts';
import { preferencesRoutes } from './preferences-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { redemptionLockRoutes } from './redemption-lock-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { createAccountService } from './service.ts';

/**
 * Account management (docs/product/calls-and-errors.md §S7.4; ADR 012), under the customer-management service
 * prefix: details, email and mobile with step-up codes, password, preferences, unsubscribe, redemption lock,
 * closing, and the security page's sessions and log. HTTP only, one file per part; the rules are in
 * service.ts and its parts.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkKey = secretWhenReady(app, 'account-links-key');
  const service = createAccountService({
    db: app.db,
    notify: app.notify,
    sessions: app.sessions,
    addresses: app.config.addressLookupUrl
      ? httpAddressProvider(app.config.addressLookupUrl)
      : bundledAddressProvider,
    publicUrl: app.config.publicUrl,
    production: app.config.env === 'production',
    get linkKey() {
      return linkKey();
    },
    clock: app.clock,
  });

  for (const routes of [
    profileRoutes,
    contactRoutes,
    securityRoutes,
    preferencesRoutes,
    redemptionLockRoutes,
    closingRoutes,
  ]) {
    routes(app, service);
  }

  if (app.config.devTools) registerAccountDevRoutes(app, service);
};
