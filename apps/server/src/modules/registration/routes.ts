import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, apiErrors } from '@app/contracts/api-error';
import {
  accountChoiceRequestSchema,
  addressConfirmRequestSchema,
  addressFindRequestSchema,
  addressFindResponseSchema,
  authTokenResponseSchema,
  autoLoginRequestSchema,
  autoLoginResponseSchema,
  BUSINESS_CATEGORIES,
  BUSINESS_EMPLOYEES,
  businessDetailsRequestSchema,
  businessLookupResponseSchema,
  businessOffersRequestSchema,
  cardCheckRequestSchema,
  confirmRegistrationRequestSchema,
  customerDetailsRequestSchema,
  emailCheckConfirmRequestSchema,
  emailConfirmedResponseSchema,
  emailCheckRequestSchema,
  identityEmailCheckConfirmRequestSchema,
  passwordValidationRequestSchema,
  passwordValidationResponseSchema,
  phoneCheckRequestSchema,
  readyResponseSchema,
  registrationMessages,
  resendEmailRequestSchema,
  signUpStatusResponseSchema,
  verifyAnalogueRequestSchema,
} from '@app/contracts/registration';
import { safeNext, SIGN_IN_PATH } from '@app/contracts/sign-in-paths';
import { NEEDS_UPGRADE, pageOfUpgradeToken } from '../../lib/session-upgrade.ts';
import { bundledAddressProvider, httpAddressProvider } from '../../lib/address-book.ts';
import { createRegistrationService } from './service.ts';

const errors = apiErrors(400, 401, 404, 409, 410, 422, 429, 502);
const tags = ['registration'];
/** Anonymous endpoints: a per-client ceiling on top of the state machine's own rules. */
const perClient = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The /progressive identity API of registration (docs/product/calls-and-errors.md §R7), a state machine keyed
 * by authToken (service.ts). Calls §R7 lists without a service prefix (/ready, /auto-login) live under
 * /progressive.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now();
  const service = createRegistrationService({
    db: app.db,
    notify: app.notify,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
    production: app.config.env === 'production',
    changes: app.changes,
    addresses: app.config.addressLookupUrl
      ? httpAddressProvider(app.config.addressLookupUrl)
      : bundledAddressProvider,
  });

  // The card check, and the same through the bot-check API (docs/product/calls-and-errors.md §R7): the token
  // in the body or an `X-Recaptcha: Bearer` header; `pianoCheck: true` asks which login a registered card
  // takes; the answer's `Location` header names where the flow goes next.
  for (const url of ['/progressive/card-check', '/recaptcha/progressive/card-check']) {
    app.post(
      url,
      {
        preHandler: app.botCheck.require,
        config: perClient,
        schema: {
          tags,
          summary: 'Start a registration: no card (NONE) or an existing plastic card number',
          headers: z.object({ 'x-recaptcha': z.string().optional(), pianocheck: z.string().optional() }),
          body: cardCheckRequestSchema.extend({ botCheckToken: z.string().optional() }),
          response: { 200: authTokenResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { answer, location } = await service.cardCheck({
          cardNumber: request.body.cardNumber,
          pianoCheck: request.headers.pianocheck === 'true',
        });
        reply.header('location', location);
        return answer;
      },
    );
  }

  // Where a registered card logs in (card check's DO_LOGIN_IDENTITY): the identity provider's card-number
  // login, which the server starts itself (ADR 023), coming back to `next` when it is one of ours.
  app.get(
    '/progressive/identity-login',
    {
      schema: {
        tags,
        summary:
          'Log in through the identity provider (a registered card): redirects to its card-number login',
        querystring: z.object({
          next: z.string().max(2000).optional(),
          /** A session upgrade's token (DN57): the page to come back to, signed. */
          token: z.string().max(4000).optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const next =
        (token ? await pageOfUpgradeToken(app.db, token, app.clock.now()) : undefined) ??
        safeNext(request.query.next ?? null);
      const search = next ? `?${new URLSearchParams({ next }).toString()}` : '';
      return reply.redirect(`${SIGN_IN_PATH}${search}`, 302);
    },
  );

  app.post(
    '/progressive/email-check',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Store the email and send a single-use verification link (bot-checked, limited)',
        body: emailCheckRequestSchema.extend({ botCheckToken: z.string().optional() }),
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.emailCheck(request.body),
  );

  app.post(
    '/progressive/email-check-resend',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Re-send the verification email (limited per registration and per client)',
        body: resendEmailRequestSchema,
        response: { 200: z.object({ status: z.literal('EMAIL_SENT') }), ...errors },
      },
    },
    async (request) => service.resendEmail(request.body),
  );

  app.post(
    '/progressive/email-check-confirm',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'The emailed link: confirms the address once and answers a fresh authToken',
        body: emailCheckConfirmRequestSchema.partial({ authToken: true }),
        response: { 200: emailConfirmedResponseSchema, ...errors },
      },
    },
    async (request) => service.emailCheckConfirm(request.body),
  );

  app.post(
    '/progressive/identity-email-check-confirm',
    {
      config: perClient,
      schema: {
        tags,
        summary: "The emailed link opened in the registration's own tab: its authToken and the link's token",
        body: identityEmailCheckConfirmRequestSchema,
        response: { 200: emailConfirmedResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.emailCheckConfirm({
        verificationToken: request.body.identitySessionToken,
        authToken: request.body.authToken,
      }),
  );

  app.post(
    '/progressive/account-choice',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Consumer or business account',
        body: accountChoiceRequestSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.chooseAccount(request.body),
  );

  app.post(
    '/progressive/business-details',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Business name, employee band (A-I) and category',
        body: businessDetailsRequestSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.businessDetails(request.body),
  );

  app.get(
    '/progressive/business-lookup',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Employee bands (A-I) and grouped business categories',
        response: { 200: businessLookupResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { businessEmployees: BUSINESS_EMPLOYEES, businessCategories: BUSINESS_CATEGORIES };
    },
  );

  app.post(
    '/progressive/customer-details',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Title, names and date of birth (DD-MM-YYYY, 18 or over); the analogue check for ANALOG',
        body: customerDetailsRequestSchema(now),
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.customerDetails(request.body, request.ip),
  );

  app.post(
    '/progressive/verify-analogue-nectar',
    {
      config: perClient,
      schema: {
        tags,
        summary:
          "An ANALOG card holder's last name and date of birth checked against the card (no step change)",
        body: verifyAnalogueRequestSchema(now),
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.verifyAnalogueNectar(request.body, request.ip),
  );

  app.post(
    '/progressive/address-find',
    {
      preHandler: app.botCheck.require,
      config: perClient,
      schema: {
        tags,
        summary: 'Addresses at a postcode, narrowed by property number or name (bot-checked)',
        body: addressFindRequestSchema,
        response: { 200: addressFindResponseSchema, ...errors },
      },
    },
    async (request) => service.findAddresses(request.body),
  );

  app.post(
    '/progressive/address',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'The address the person picked from the lookup',
        body: addressConfirmRequestSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.chooseAddress(request.body),
  );

  app.post(
    '/progressive/phone-check',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Mobile number (allowed countries), memorable name and SMS marketing choice',
        body: phoneCheckRequestSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.phoneCheck(request.body),
  );

  app.post(
    '/progressive/password-validation',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Registration password rules on the server: VALID (stored) or INVALID',
        body: passwordValidationRequestSchema,
        response: { 200: passwordValidationResponseSchema, ...errors },
      },
    },
    async (request) => service.passwordValidation(request.body),
  );

  app.post(
    '/progressive/confirm-registration',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Terms accepted: creates the account in one transaction',
        body: confirmRegistrationRequestSchema.extend({
          onlineAdvertisingConsent: z.boolean(),
          termsAccepted: z.literal(true, { error: registrationMessages.terms }),
        }),
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.confirmRegistration(request.body),
  );

  app.post(
    '/progressive/sign-up-status',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'PENDING or COMPLETE with a single-use registrationCompletedToken',
        body: resendEmailRequestSchema,
        response: { 200: signUpStatusResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.signUpStatus(request.body);
    },
  );

  app.post(
    '/progressive/ready',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Whether the new account is ready to sign in',
        body: resendEmailRequestSchema,
        response: { 200: readyResponseSchema, ...errors },
      },
    },
    async (request) => service.ready(request.body),
  );

  app.post(
    '/progressive/auto-login',
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Signs the new member in with the single-use completion token',
        body: autoLoginRequestSchema,
        response: { 200: autoLoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { collectorId, registrationDone } = await service.autoLogin(request.body);
      // Signed in with the completion token alone: calls that spend or change credentials ask for the
      // identity provider's log-in first (DN57, lib/session-upgrade.ts).
      await app.signIn(request, reply, collectorId, { [NEEDS_UPGRADE]: true });
      return {
        // The session cookie is the login; no separate identity token is needed by this app.
        identityLoginToken: '',
        _links: { 'login-identity': { href: '/' } },
        ...(registrationDone ? { registrationDone } : {}),
      };
    },
  );

  app.post(
    '/progressive/business-offers',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Business offers opt-in of a signed-in business account',
        body: businessOffersRequestSchema,
        response: { 200: businessOffersRequestSchema, ...errors, 403: apiErrorSchema },
      },
    },
    async (request) => service.setBusinessOffers(request.collectorId, request.body.businessOffersOptIn),
  );
};
