import { createHmac, timingSafeEqual } from 'node:crypto';
import { signInMessages } from '@app/contracts/sign-in';
import { safeNext } from '@app/contracts/sign-in-paths';
import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';
import { getOrCreateSecret } from './server-secrets.ts';

/**
 * The session upgrade (docs/product/calls-and-errors.md §R8, §S8: a 400 with code 57 and error code DN57). A
 * session started without the identity provider (registration's auto-login, with the completion token alone)
 * may read, but a call that spends or moves points or changes how the member signs in asks for a real log-in
 * first: the answer names where to log in and a token for it, which carries the page to come back to, signed,
 * for 10 minutes.
 */
export const NEEDS_UPGRADE = 'needsUpgrade';
export const UPGRADE_LOGIN_URL = '/progressive/identity-login';
const LIFETIME_MS = 10 * 60_000;
const SECRET = 'session-upgrade';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`session-upgrade:${payload}`).digest('base64url');

/** The DN57 answer for a session that needs the upgrade; `from` is the page the call came from. */
export async function sessionUpgradeError(db: Database, from: string | undefined, now: Date) {
  const next = safeNext(from) ?? '';
  const payload = `${Buffer.from(next).toString('base64url')}.${Math.floor((now.getTime() + LIFETIME_MS) / 1000)}`;
  const token = `${payload}.${sign(await getOrCreateSecret(db, SECRET), payload)}`;
  return new AppError(400, '57', signInMessages.logInAgain, {
    errorCode: 'DN57',
    loginUrl: UPGRADE_LOGIN_URL,
    token,
  });
}

/** The page a live, untampered upgrade token names; undefined for any other token. */
export async function pageOfUpgradeToken(db: Database, token: string, now: Date) {
  const [encoded, expires, signature] = token.split('.');
  if (!encoded || !expires || !signature || Number(expires) * 1000 < now.getTime()) return undefined;
  const expected = Buffer.from(sign(await getOrCreateSecret(db, SECRET), `${encoded}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return safeNext(Buffer.from(encoded, 'base64url').toString('utf8'));
}

/** The same-origin page a request came from (its Referer), as a path, when it is one. */
export function pageOf(referer: string | undefined, publicUrl: string) {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(publicUrl).origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
