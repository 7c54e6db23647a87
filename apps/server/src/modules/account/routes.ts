import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountEventsSchema,
  accountSessionsSchema,
  addressLookupResponseSchema,
  addressLookupSchema,
  changePasswordSchema,
  closeAccountSchema,
  collectorHashQuerySchema,
  collectorHashSchema,
  cpmPreferencesSchema,
  customerSchema,
  emailConfirmedSchema,
  emailTokenSchema,
  emailTokenWithPasswordSchema,
  missingInformationSchema,
  missingInformationUpdateSchema,
  nectarPreferencesSchema,
  redemptionStatusSchema,
  twoFaOptionsSchema,
  twoFaSendResponseSchema,
  twoFaSendSchema,
  twoFaVerifySchema,
  unsubscribeRequestResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeUpdateSchema,
  updateAddressSchema,
  updateEmailSchema,
  updateMobileSchema,
  updateNameSchema,
  accountMessages,
} from '@app/contracts/account';
import { apiErrors } from '@app/contracts/api-error';
import { AppError } from '../../lib/app-error.ts';
import { secretWhenReady } from '../../lib/server-secrets.ts';
import { bundledAddressProvider, httpAddressProvider } from '../../lib/address-book.ts';
import { registerAccountDevRoutes } from './dev-routes.ts';
import * as service from './service.ts';

const P = '/customer-management-api';
const tags = ['account'];
const errors = apiErrors(400, 401, 403, 404, 409, 429);
const description = z.object({ description: z.string() });
/** Calls that check a secret or send a message: a per-client ceiling on top of the per-account limits. */
const tight = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const perClient = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Account management (signed-in spec 7.4; issue 12), under the customer-management service prefix: details,
 * email and mobile with step-up codes, password, preferences, unsubscribe, redemption lock, closing, and the
 * security page's sessions and log. HTTP only; the rules are in service.ts.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkKey = secretWhenReady(app, 'account-links-key');
  const deps: service.AccountDeps = {
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
    now: app.config.now ?? (() => new Date()),
  };

  const token = (request: FastifyRequest) => app.sessionToken(request) ?? '';
  const code = (request: FastifyRequest) => {
    const value = request.headers['x-2fa-code'];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const signed = { preHandler: app.requireSession };
  /** Changes to how the member signs in, the redemption lock and closing: the session checked in the database. */
  const sensitive = { preHandler: app.requireFreshSession };

  /* ---------- customer ---------- */

  app.get(
    `${P}/customer/refresh`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The signed-in collector, read fresh from the database (ignoreCache is accepted)',
        querystring: z.object({ ignoreCache: z.enum(['true', 'false']).optional() }),
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.getCustomer(deps, request.collectorId),
  );

  app.put(
    `${P}/customer`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Changes the name (title, first name, last name; spec 5 "Name")',
        body: updateNameSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.updateName(deps, request, request.collectorId, request.body),
  );

  app.post(
    `${P}/address-lookup`,
    {
      // Signed-in spec 7.4: 'anonymous or through bot-check'. A member's session will do; without one, the
      // bot-check bearer header must.
      preHandler: async (request) => {
        if (await app.sessions.read(app.sessionToken(request))) return;
        await app.botCheck.require(request);
      },
      config: perClient,
      schema: {
        tags,
        summary:
          'Addresses at a postcode, narrowed by building (the address service of registration): with a session, or anonymous with the bot-check header',
        body: addressLookupSchema,
        response: { 200: addressLookupResponseSchema, ...errors },
      },
    },
    async (request) => service.lookupAddresses(deps, request.body.building, request.body.postcode),
  );

  app.put(
    `${P}/customer-address`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Changes the address to one the lookup gave',
        body: updateAddressSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.updateAddress(deps, request, request.collectorId, request.body.address),
  );

  /* ---------- step-up codes ---------- */

  app.get(
    `${P}/2fa/options`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Where a security code can go (masked email and mobile)',
        response: { 200: twoFaOptionsSchema, ...errors },
      },
    },
    async (request) => service.deliveryOptions(deps, request.collectorId),
  );

  app.post(
    `${P}/2fa/send`,
    {
      ...signed,
      config: tight,
      schema: {
        tags,
        summary: 'Sends a 6-digit code (10 minutes, bound to this session) to the current email or mobile',
        body: twoFaSendSchema,
        response: { 200: twoFaSendResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.sendStepUpCode(deps, request.collectorId, token(request), request.body.deliveryMethod),
  );

  app.post(
    `${P}/2fa/verify`,
    {
      ...signed,
      config: tight,
      schema: {
        tags,
        summary: `Spends the code: this session may turn the redemption lock off for ${service.REAUTH_MINUTES} minutes`,
        body: twoFaVerifySchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) => {
      await service.spendStepUpCode(deps, request.collectorId, token(request), request.body.code);
      const until = deps.now().getTime() + service.REAUTH_MINUTES * 60_000;
      await app.sessions.update(token(request), { ...request.session?.data, reauthUntil: until });
      return { description: 'Thanks, that code is right.' };
    },
  );

  /* ---------- email ---------- */

  app.put(
    `${P}/customer/v2/email`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary:
          'Asks to change the email address: needs X-2FA-CODE; emails a confirmation link to the new one',
        headers: z.object({ 'x-2fa-code': z.string().max(20).optional() }),
        body: updateEmailSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) =>
      service.requestEmailChange(
        deps,
        request,
        request.collectorId,
        token(request),
        code(request),
        request.body.email,
      ),
  );

  app.post(
    `${P}/nectar/customer/email`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary: 'The older form of the email change: the code travels in X-MFA instead of X-2FA-CODE',
        headers: z.object({ 'x-mfa': z.string().max(20).optional() }),
        body: updateEmailSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) => {
      const mfa = request.headers['x-mfa'];
      return service.requestEmailChange(
        deps,
        request,
        request.collectorId,
        token(request),
        typeof mfa === 'string' ? mfa.trim() : undefined,
        request.body.email,
      );
    },
  );

  const confirmEmail = {
    config: tight,
    schema: {
      tags,
      summary:
        'The emailed confirmation link: moves the email address, once; the old address is told. A link opened again after it moved the address answers 409 EMAIL_ALREADY_CONFIRMED',
      body: emailTokenSchema,
      response: { 200: emailConfirmedSchema, ...errors },
    },
  };
  app.put(
    `${P}/customer/v3/email`,
    {
      ...confirmEmail,
      schema: {
        ...confirmEmail.schema,
        summary: `${confirmEmail.schema.summary}; with newPassword, the password changes too (spec 5 rules) and every session ends`,
        body: emailTokenWithPasswordSchema,
      },
    },
    async (request) =>
      service.confirmEmailChange(deps, request, request.body.token, request.body.newPassword),
  );
  app.put(`${P}/customer/email`, confirmEmail, async (request) =>
    service.confirmEmailChange(deps, request, request.body.token),
  );
  app.put(`${P}/verify-email`, confirmEmail, async (request) =>
    service.confirmEmailChange(deps, request, request.body.token),
  );

  /* ---------- mobile ---------- */

  app.put(
    `${P}/customer/mobile`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary: 'Changes the mobile number: needs X-2FA-CODE',
        headers: z.object({ 'x-2fa-code': z.string().max(20).optional() }),
        body: updateMobileSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) =>
      service.updateMobile(
        deps,
        request,
        request.collectorId,
        token(request),
        code(request),
        request.body.phone,
      ),
  );

  /* ---------- password ---------- */

  app.put(
    `${P}/credentials/password`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary: 'Changes the password: the current one, then the rules of spec 5; every other session ends',
        body: changePasswordSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const idToken = request.session?.data.idToken;
      // Every session ends, this one too: this browser gets a fresh one (rotated id).
      await service.changePassword(
        deps,
        request,
        collectorId,
        request.body.currentPassword,
        request.body.newPassword,
        () => app.signIn(request, reply, collectorId, idToken ? { idToken } : {}),
      );
      return { description: accountMessages.passwordChanged };
    },
  );

  /* ---------- preferences ---------- */

  app.get(
    `${P}/contact-preferences/nectar`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Marketing contact preferences',
        response: { 200: nectarPreferencesSchema, ...errors },
      },
    },
    async (request) => service.getNectarPreferences(deps, request.collectorId),
  );
  app.put(
    `${P}/contact-preferences/nectar`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Saves the marketing contact preferences (a consent record is kept)',
        body: nectarPreferencesSchema,
        response: { 200: nectarPreferencesSchema, ...errors },
      },
    },
    async (request) => service.saveNectarPreferences(deps, request, request.collectorId, request.body),
  );

  app.get(
    `${P}/contact-preferences/cpm`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The online-advertising preference (channel=ONLINEAD)',
        querystring: z.object({ channel: z.enum(['ONLINEAD']).optional() }),
        response: { 200: cpmPreferencesSchema, ...errors },
      },
    },
    async (request) => service.getCpmPreferences(deps, request.collectorId),
  );
  const saveCpm = {
    ...signed,
    config: perClient,
    schema: {
      tags,
      summary: 'Saves the online-advertising preference (a consent record is kept)',
      body: cpmPreferencesSchema,
      response: { 200: cpmPreferencesSchema, ...errors },
    },
  };
  app.post(`${P}/contact-preferences/cpm`, saveCpm, async (request) =>
    service.saveCpmPreferences(deps, request, request.collectorId, request.body),
  );
  app.put(`${P}/contact-preferences/cpm`, saveCpm, async (request) =>
    service.saveCpmPreferences(deps, request, request.collectorId, request.body),
  );

  app.post(
    `${P}/unsubscribe/request`,
    {
      config: perClient,
      schema: {
        tags,
        summary:
          "A marketing email's unsubscribe link, checked when its page opens: which address it is for (masked) and whether marketing email is still on. Reads only",
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeRequestResponseSchema, ...errors },
      },
    },
    async (request) => service.unsubscribeRequest(deps, request.body.token),
  );
  app.post(
    `${P}/unsubscribe/update`,
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Turns marketing by email off for the address of the link',
        body: unsubscribeUpdateSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) => service.unsubscribeUpdate(deps, request, request.body.email, request.body.token),
  );

  /* ---------- redemption lock ---------- */

  app.get(
    `${P}/v1/collectors/redemption-status`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Whether spending points is locked',
        response: { 200: redemptionStatusSchema, ...errors },
      },
    },
    async (request) => service.getRedemptionStatus(deps, request.collectorId),
  );
  app.put(
    `${P}/v1/collectors/redemption-status`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary:
          'Locks or unlocks spending; unlocking needs a verified code (POST /2fa/verify) in this session',
        headers: z.object({ requestorchannel: z.string().max(40).optional() }),
        body: redemptionStatusSchema,
        response: { 200: redemptionStatusSchema, ...errors },
      },
    },
    async (request) => {
      if (request.body.status === 'UNLOCKED') {
        const until = Number(request.session?.data.reauthUntil ?? 0);
        if (!(until > deps.now().getTime())) {
          throw new AppError(403, 'REAUTH_REQUIRED', accountMessages.codeNeeded);
        }
      }
      return service.setRedemptionStatus(deps, request, request.collectorId, request.body.status);
    },
  );

  /* ---------- close ---------- */

  app.post(
    `${P}/customer/close`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary: 'Closes the account: password, then every session ends and personal data is anonymised',
        body: closeAccountSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      await service.closeAccount(deps, request, request.collectorId, request.body.password);
      await app.signOut(request, reply);
      return { description: 'Your account is closed.' };
    },
  );

  /* ---------- additional details, collector hash ---------- */

  app.get(
    `${P}/missing-information`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Details we do not hold yet',
        response: { 200: missingInformationSchema, ...errors },
      },
    },
    async (request) => service.missingInformation(deps, request.collectorId),
  );
  app.post(
    `${P}/missing-information`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Adds a missing date of birth (one already held is never overwritten)',
        body: missingInformationUpdateSchema(deps.now),
        response: { 200: missingInformationSchema, ...errors },
      },
    },
    async (request) => service.addMissingInformation(deps, request, request.collectorId, request.body),
  );
  app.get(
    `${P}/collector-hash`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'A stable pseudonymous id of the collector, per organisation',
        querystring: collectorHashQuerySchema,
        response: { 200: collectorHashSchema, ...errors },
      },
    },
    async (request) => service.collectorHash(deps, request.collectorId, request.query.org),
  );

  /* ---------- security page ---------- */

  app.get(
    `${P}/account/sessions`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The live sessions of the member',
        response: { 200: accountSessionsSchema, ...errors },
      },
    },
    async (request) => ({ sessions: await service.listSessions(deps, request.collectorId, token(request)) }),
  );
  app.post(
    `${P}/account/sessions/sign-out-others`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary: 'Ends every other session of the member (this browser gets a fresh one)',
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const data = request.session?.data ?? {};
      await service.signOutOthers(deps, request, collectorId, () =>
        app.signIn(request, reply, collectorId, data),
      );
      return { description: accountMessages.othersSignedOut };
    },
  );
  app.post(
    `${P}/account/sessions/:sessionId/sign-out`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary: "Logs one other device out: its session and the identity provider's sign-in behind it",
        params: z.object({ sessionId: z.string().regex(/^[\w-]{16}$/) }),
        response: { 200: description, ...errors },
      },
    },
    async (request) =>
      service.signOutSession(deps, request, request.collectorId, token(request), request.params.sessionId),
  );
  app.get(
    `${P}/account/events`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The log of sign-ins and account changes',
        response: { 200: accountEventsSchema, ...errors },
      },
    },
    async (request) => ({ events: await service.listEvents(deps, request.collectorId) }),
  );

  if (app.config.devTools) registerAccountDevRoutes(app, deps);
};
