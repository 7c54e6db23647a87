import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brand } from '@app/contracts/brand';
import {
  DEVICE_2FA_ERROR_CODE,
  twoFactorMessages,
  type Device2faChallenge,
  type DeliveryMethod,
} from '@app/contracts/sign-in';
import { AppError } from '../../lib/app-error.ts';
import { issueCode, maskEmail, maskPhone } from '../../lib/one-time-codes.ts';
import { findContact } from '../../lib/collectors.ts';
import {
  DEVICE_COOKIE,
  isKnownDevice,
  rememberDevice,
  rememberDeviceWrites,
} from '../../lib/known-devices.ts';

const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
export const DEVICE_2FA_PURPOSE = 'device-2fa';

export function deviceCookieOptions(app: FastifyInstance) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: DEVICE_MAX_AGE_SECONDS,
  };
}

/** Whether this browser passed device 2FA for the collector and the identity client (known per client). */
export const isDeviceKnown = (
  app: FastifyInstance,
  request: FastifyRequest,
  collectorId: string,
  clientId: string,
) => isKnownDevice(app.db, collectorId, clientId, request.cookies[app.cookieName(DEVICE_COOKIE)]);

/** This browser's device id, given one (its cookie set) when it has none yet. */
function deviceIdOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  let deviceId = request.cookies[app.cookieName(DEVICE_COOKIE)];
  if (!deviceId || !/^[\w-]{43}$/.test(deviceId)) {
    deviceId = randomBytes(32).toString('base64url');
    reply.setCookie(app.cookieName(DEVICE_COOKIE), deviceId, deviceCookieOptions(app));
  }
  return deviceId;
}

/** After the second factor: this browser is known for this collector and client from now on. */
export async function markDeviceKnown(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  collectorId: string,
  clientId: string,
) {
  await rememberDevice(app.db, collectorId, clientId, deviceIdOf(app, request, reply));
}

/** markDeviceKnown's writes, not yet sent: the web session's start sends them with the session (ADR 047). */
export const deviceKnownWrites = (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  collectorId: string,
  clientId: string,
) => rememberDeviceWrites(app.db, collectorId, clientId, deviceIdOf(app, request, reply));

export async function destinationOf(app: Pick<FastifyInstance, 'db'>, collectorId: string) {
  const contact = await findContact(app.db, collectorId);
  if (contact?.email) {
    return { method: 'email' as DeliveryMethod, to: contact.email, masked: maskEmail(contact.email) };
  }
  if (contact?.phoneNumber) {
    const to = `${contact.phoneCountryCode ?? ''}${contact.phoneNumber}`;
    return { method: 'sms' as DeliveryMethod, to, masked: maskPhone(to) };
  }
  throw new AppError(400, 'NO_CONTACT', twoFactorMessages.noContact);
}

export async function sendSignInCode(
  app: Pick<FastifyInstance, 'notify'>,
  destination: { method: DeliveryMethod; to: string },
  code: string,
) {
  const text = `Your ${brand.name} log in code is ${code}. It lasts 10 minutes. If you didn't try to log in, change your password.`;
  await app.notify.send({
    channel: destination.method,
    to: destination.to,
    subject: `Your ${brand.name} log in code`,
    text,
  });
}

/**
 * Device 2FA (docs/product/calls-and-errors.md §R8, §S8, error 141): the sign-in waits server-side behind an
 * opaque handle (the contract's encryptedSessionJwt) until the member enters the code sent to their email or
 * mobile. `data` says what waits: the provider's login interaction (`interactionUid`, `clientId`: the
 * password step of every client) or the tokens of the website's code exchange (`idToken`, `refreshToken`).
 */
export async function startDevice2fa(
  app: FastifyInstance,
  collectorId: string,
  data: Record<string, unknown>,
): Promise<Device2faChallenge> {
  const destination = await destinationOf(app, collectorId);
  const handle = randomBytes(32).toString('base64url');
  const code = await issueCode(
    app.db,
    {
      collectorId,
      purpose: DEVICE_2FA_PURPOSE,
      binding: handle,
      deliveryMethod: destination.method,
      data: { ...data, maskedDestination: destination.masked },
    },
    app.clock,
  );
  await sendSignInCode(app, destination, code);
  return {
    code: DEVICE_2FA_ERROR_CODE,
    description: twoFactorMessages.codeSent(destination.masked),
    encryptedSessionJwt: handle,
    deliveryMethod: destination.method,
    maskedDestination: destination.masked,
  };
}
