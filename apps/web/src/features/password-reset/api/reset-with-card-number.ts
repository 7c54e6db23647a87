import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { deliveryOptionsSchema, descriptionSchema, resetTokenSchema } from '@app/contracts/password-reset';
import { passwordResetPaths } from '@app/contracts/password-reset-paths';
import type { DeliveryMethod } from '@app/contracts/sign-in';
import { getBotCheckToken } from '../../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../../shared/http/client.ts';

/**
 * The anonymous reset by card number (docs/product/calls-and-errors.md §S7.4): all four calls of one short
 * journey, so they stand together. None needs a session, and a 401 would not mean one is missing: the sign-in
 * redirect is off.
 */
const botChecked = async (): Promise<Record<string, string>> => {
  const token = await getBotCheckToken();
  return token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {};
};

/** POST /2fa/get-delivery-options {collectorId}: where a code can go (masked), and the id to send it with. */
export const getDeliveryOptions = async (collectorId: string) =>
  request(passwordResetPaths.deliveryOptions, {
    schema: deliveryOptionsSchema,
    method: 'POST',
    body: { collectorId },
    headers: await botChecked(),
    redirectOnUnauthorized: false,
  });

/** POST /2fa/send/{id} {deliveryMethod}: sends the code; answers 'We've sent a 6-digit code to …'. */
export const sendResetCode = (id: string, deliveryMethod: DeliveryMethod) =>
  request(passwordResetPaths.sendCode(id), {
    schema: descriptionSchema,
    method: 'POST',
    body: { deliveryMethod },
    redirectOnUnauthorized: false,
  });

/** POST /credentials/password/verify-2fa {collectorId, code}: a right code answers a one-time reset token. */
export const verifyResetCode = (collectorId: string, code: string) =>
  request(passwordResetPaths.verifyCode, {
    schema: resetTokenSchema,
    method: 'POST',
    body: { collectorId, code },
    redirectOnUnauthorized: false,
  });

/** POST /credentials/password/resetWithId {collectorId}: a reset link to the email address of the card's account. */
export const resetWithId = async (collectorId: string) =>
  request(passwordResetPaths.resetWithId, {
    schema: descriptionSchema,
    method: 'POST',
    body: { collectorId },
    headers: await botChecked(),
    redirectOnUnauthorized: false,
  });
