import { z } from 'zod';
import {
  accountMessages,
  customerSchema,
  emailConfirmedSchema,
  emailTokenSchema,
  emailTokenWithPasswordSchema,
  twoFaOptionsSchema,
  twoFaSendResponseSchema,
  twoFaSendSchema,
  twoFaVerifySchema,
  updateEmailSchema,
  updateMobileSchema,
} from '@app/contracts/account';
import { REAUTH_MINUTES } from './contact.ts';
import {
  description,
  errors,
  guards,
  P,
  stepUpCode,
  tags,
  tight,
  type AccountRoutes,
} from './route-parts.ts';

/** Step-up codes, and changing the email address and the mobile number with one. */
export const contactRoutes: AccountRoutes = (app, service) => {
  const { signed, sensitive, token } = guards(app);

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
    async (request) => service.deliveryOptions(request.collectorId),
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
      service.sendStepUpCode(request.collectorId, token(request), request.body.deliveryMethod),
  );

  app.post(
    `${P}/2fa/verify`,
    {
      ...signed,
      config: tight,
      schema: {
        tags,
        summary: `Spends the code: this session may turn the redemption lock off for ${REAUTH_MINUTES} minutes`,
        body: twoFaVerifySchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) => {
      const { reauthUntil } = await service.verifyStepUpCode(
        request.collectorId,
        token(request),
        request.body.code,
      );
      await app.sessions.update(token(request), { ...request.session?.data, reauthUntil });
      return { description: accountMessages.stepUpCodeRight };
    },
  );

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
        request,
        request.collectorId,
        token(request),
        stepUpCode(request),
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
        summary: `${confirmEmail.schema.summary}; with newPassword, the password changes too (the rules of docs/product/signed-in-pages.md §S5) and every session ends`,
        body: emailTokenWithPasswordSchema,
      },
    },
    async (request) => service.confirmEmailChange(request, request.body.token, request.body.newPassword),
  );
  app.put(`${P}/customer/email`, confirmEmail, async (request) =>
    service.confirmEmailChange(request, request.body.token),
  );
  app.put(`${P}/verify-email`, confirmEmail, async (request) =>
    service.confirmEmailChange(request, request.body.token),
  );

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
        request,
        request.collectorId,
        token(request),
        stepUpCode(request),
        request.body.phone,
      ),
  );
};
