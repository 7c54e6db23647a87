import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { signInMessages } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AddressProvider } from '../../lib/address-book.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notifier } from '../../plugins/notify.ts';
import type { SessionStore } from '../../plugins/session-store.ts';

/** What the account service's parts need (service.ts composes them). */
export interface AccountDeps {
  db: Database;
  notify: Notifier;
  sessions: SessionStore;
  addresses: AddressProvider;
  publicUrl: string;
  production: boolean;
  /** Signs unsubscribe links and collector hashes (a server secret shared by every instance). */
  linkKey: string;
  clock: Clock;
}

/** The request as the account log reads it (address and browser). */
export type Req = Pick<FastifyRequest, 'ip' | 'headers'>;

export const notFound = () => new AppError(401, 'UNAUTHENTICATED', signInMessages.logInToContinue);

/** An HMAC of `value` under the link key: unsubscribe links and collector hashes. */
export const sign = (key: string, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url');
