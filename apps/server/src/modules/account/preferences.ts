import { timingSafeEqual } from 'node:crypto';
import { accountMessages, type CpmPreferences, type NectarPreferences } from '@app/contracts/account';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskEmail } from '../../lib/one-time-codes.ts';
import { sign, type AccountDeps, type Req } from './deps.ts';
import * as repo from './repository.ts';

/** The wording version of the preference pages; a consent record names the one the member saw. */
const PREFERENCES_WORDING = '2026-11';

/** The token of a one-click unsubscribe link: the collector id and its signature (no expiry, RFC 8058). */
export const unsubscribeToken = (deps: Pick<AccountDeps, 'linkKey'>, collectorId: string) =>
  `${collectorId}.${sign(deps.linkKey, `unsubscribe:${collectorId}`)}`;

/**
 * The member's contact and advertising choices: before they choose, no contact and advertising on.
 * `updatedAt` is null until they choose (the staff console's member screen shows it).
 */
export async function preferencesOf(db: AccountDeps['db'], collectorId: string) {
  const row = await repo.findPreferences(db, collectorId);
  return {
    byEmail: row?.byEmail ?? false,
    bySms: row?.bySms ?? false,
    byPost: row?.byPost ?? false,
    byPhone: row?.byPhone ?? false,
    onlineAdvertising: row?.onlineAdvertising ?? true,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The member's consent records (what they agreed to, under which wording), newest first. */
export const consentsOf = (db: AccountDeps['db'], collectorId: string, limit: number) =>
  repo.listConsents(db, collectorId, limit);

/** Contact preferences, the advertising choice, and the one-click unsubscribe of marketing emails. */
export function createPreferences(deps: AccountDeps) {
  const { db } = deps;

  async function getNectarPreferences(collectorId: string): Promise<NectarPreferences> {
    const chosen = await preferencesOf(db, collectorId);
    return {
      contactByEmail: chosen.byEmail,
      contactBySMS: chosen.bySms,
      contactByPost: chosen.byPost,
      contactByPhone: chosen.byPhone,
    };
  }

  async function saveNectarPreferences(req: Req, collectorId: string, input: NectarPreferences) {
    await repo.savePreferences(
      db,
      collectorId,
      {
        byEmail: input.contactByEmail,
        bySms: input.contactBySMS,
        byPost: input.contactByPost,
        byPhone: input.contactByPhone,
      },
      deps.clock.now(),
    );
    const chosen = Object.entries(input)
      .map(([channel, on]) => `${channel}:${on ? 'yes' : 'no'}`)
      .join(',');
    await repo.recordConsent(db, collectorId, `marketing ${chosen}`, PREFERENCES_WORDING);
    await recordAccountEvent(db, req, collectorId, 'contact-preferences-changed');
    return getNectarPreferences(collectorId);
  }

  async function getCpmPreferences(collectorId: string): Promise<CpmPreferences> {
    const { onlineAdvertising } = await preferencesOf(db, collectorId);
    return { contactPreferences: [{ channel: 'ONLINEAD', consent: onlineAdvertising }] };
  }

  async function saveCpmPreferences(req: Req, collectorId: string, input: CpmPreferences) {
    const online = input.contactPreferences.find((p) => p.channel === 'ONLINEAD');
    if (online) {
      await repo.savePreferences(db, collectorId, { onlineAdvertising: online.consent }, deps.clock.now());
      await repo.recordConsent(
        db,
        collectorId,
        `online-advertising:${online.consent ? 'yes' : 'no'}`,
        PREFERENCES_WORDING,
      );
      await recordAccountEvent(db, req, collectorId, 'advertising-preference-changed');
    }
    return getCpmPreferences(collectorId);
  }

  /** The link every marketing email carries; see marketingEmail. */
  const unsubscribeLink = (collectorId: string) =>
    `${deps.publicUrl}/emails/unsubscribe?token=${unsubscribeToken(deps, collectorId)}`;

  /** A marketing email's text with its one-click unsubscribe footer: marketing emails are built only here. */
  const marketingEmail = (collectorId: string, body: string) =>
    `${body}\n\nDon't want these emails? Unsubscribe in one click: ${unsubscribeLink(collectorId)}`;

  function collectorOfToken(token: string): string {
    const [collectorId = '', signature = ''] = token.split('.');
    const expected = sign(deps.linkKey, `unsubscribe:${collectorId}`);
    const a = Buffer.from(signature);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID', accountMessages.unsubscribeInvalid);
    }
    return collectorId;
  }

  /**
   * POST /unsubscribe/request {token}: which address the link is for (masked), and whether marketing email is
   * still on, so the page says 'already unsubscribed' on arrival instead of offering the button again. Reads
   * only.
   */
  async function unsubscribeRequest(token: string) {
    const collectorId = collectorOfToken(token);
    const customer = await repo.findCustomer(db, collectorId, deps.clock.now());
    if (!customer?.email)
      throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID', accountMessages.unsubscribeInvalid);
    const preferences = await repo.findPreferences(db, collectorId);
    return {
      email: customer.email,
      maskedEmail: maskEmail(customer.email),
      subscribed: preferences?.byEmail ?? false,
    };
  }

  /** POST /unsubscribe/update {email, token}: marketing by email off, for the address the link was sent to. */
  async function unsubscribeUpdate(req: Req, email: string, token: string) {
    const collectorId = collectorOfToken(token);
    const customer = await repo.findCustomer(db, collectorId, deps.clock.now());
    if (!customer?.email || customer.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError(400, 'UNSUBSCRIBE_EMAIL_MISMATCH', accountMessages.unsubscribeEmailMismatch);
    }
    await repo.savePreferences(db, collectorId, { byEmail: false }, deps.clock.now());
    await repo.recordConsent(db, collectorId, 'marketing contactByEmail:no', PREFERENCES_WORDING);
    await recordAccountEvent(db, req, collectorId, 'unsubscribed');
    return { description: accountMessages.unsubscribed };
  }

  return {
    getNectarPreferences,
    saveNectarPreferences,
    getCpmPreferences,
    saveCpmPreferences,
    marketingEmail,
    unsubscribeRequest,
    unsubscribeUpdate,
  };
}
