import { randomBytes, randomInt } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { CARD_NUMBER_DIGITS, CARD_PREFIX } from '@app/contracts/card-number';
import {
  TEMP_CARD_CONSENT_KINDS,
  TEMP_CARD_SEND_LIMIT,
  TEMP_CARD_SEND_WINDOW_MINUTES,
  TEMP_CARD_VALID_DAYS,
  TEMP_CARD_WORDING_VERSION,
  tempCardErrorCodes,
  tempCardMessages,
  type AccessEmailResponse,
  type TempCard,
} from '@app/contracts/temp-card';
import type { Database, DbExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { renderCardBarcode } from '../../lib/barcode.ts';
import { isExpired } from '../../lib/card-capabilities.ts';
import { lockMember } from '../../lib/points-ledger.ts';
import * as repository from './repository.ts';
import { hashOf } from '../../lib/token-hash.ts';

/**
 * The temporary card's rules (docs/product/registration-and-sign-in.md §R1, §R2, §R5;
 * docs/product/switches-and-constants.md §R9; docs/product/signed-in-pages.md §S1), with no HTTP in them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NectarLiteDeps {
  db: Database;
  notify: Notifier;
  /** Absolute base URL for the link in the email. */
  publicUrl: string;
  /** Injected so tests can stand on day 30 without waiting for it. */
  clock: Clock;
}

/** '98263000' followed by 11 random digits (docs/product/switches-and-constants.md §R9). */
const drawCardNumber = () =>
  `${CARD_PREFIX}${Array.from({ length: CARD_NUMBER_DIGITS }, () => randomInt(10)).join('')}`;

const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

const duplicateEmail = () =>
  new AppError(409, tempCardErrorCodes.duplicateEmail, tempCardMessages.duplicateEmail);

async function issueTemporaryCard(tx: DbExecutor, collectorId: string, issuedAt: Date) {
  const expiresAt = new Date(issuedAt.getTime() + TEMP_CARD_VALID_DAYS * DAY_MS);
  // 10^11 numbers: a clash is rare, and a few draws make a failure practically impossible.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = drawCardNumber();
    if (await repository.insertTemporaryCard(tx, { number, collectorId, issuedAt, expiresAt })) {
      return { number, kind: 'temporary' as const, status: 'active' as const, issuedAt, expiresAt };
    }
  }
  throw new Error('no free card number after 5 draws');
}

/** The policy, 18-or-over and UK-resident acknowledgements, stored once per wording version with their time. */
async function recordAcknowledgements(tx: DbExecutor, collectorId: string, agreedAt: Date) {
  const existing = await repository.findConsentKinds(tx, collectorId, TEMP_CARD_WORDING_VERSION);
  await repository.insertConsents(
    tx,
    TEMP_CARD_CONSENT_KINDS.filter((kind) => !existing.has(kind)).map((kind) => ({
      collectorId,
      kind,
      wordingVersion: TEMP_CARD_WORDING_VERSION,
      agreedAt,
    })),
  );
}

function cardEmail(publicUrl: string, to: string, token: string, expiresAt: Date, at: Date) {
  const link = `${publicUrl}/temp-card/your-card/${token}`;
  const expired = isExpired({ expiresAt }, at);
  const validity = expired
    ? `Your temporary card expired on ${longDate(expiresAt)}. Register for a full account to keep collecting points: the link shows you how.`
    : `Your card is valid until ${longDate(expiresAt)}. Show the barcode at the till to collect points.`;
  return {
    channel: 'email' as const,
    to,
    subject: `Your temporary ${brand.name} card`,
    text: `Here's your temporary ${brand.name} card.\n\n${link}\n\n${validity}\n\nIf you didn't ask for this card, you can ignore this email.`,
    html: `<p>Here's your temporary ${brand.name} card.</p><p><a href="${link}">Open your card</a></p><p>${validity}</p><p>If you didn't ask for this card, you can ignore this email.</p>`,
  };
}

/** The temporary card: asking for it by email and opening it from the emailed link. */
export function createNectarLiteService({ db, notify, publicUrl, clock }: NectarLiteDeps) {
  /**
   * POST /nectar-lite/access-email: issues a temporary card for an email that has none, or sends the link to
   * the card it already has. Each email sent counts towards TEMP_CARD_SEND_LIMIT per window. An email that
   * belongs to a full account gets the answer registration gives for a duplicate email, and nothing is sent.
   */
  async function requestAccessEmail(input: { email: string }): Promise<AccessEmailResponse> {
    const at = clock.now();
    const token = randomBytes(32).toString('base64url');

    const { card, sendsRemaining } = await db.transaction(async (tx) => {
      let collector = await repository.findCollectorByEmail(tx, input.email);
      if (!collector) {
        const created = await repository.insertEmailOnlyCollector(tx, input.email, at);
        collector = created
          ? { id: created.id, hasCredential: false }
          : await repository.findCollectorByEmail(tx, input.email);
        if (!collector) throw new Error('collector for a temporary card could not be created or found');
      }
      if (collector.hasCredential) throw duplicateEmail();
      await lockMember(tx, collector.id);

      const cards = await repository.findCollectorCards(tx, collector.id);
      if (cards.some((existing) => existing.kind !== 'temporary')) throw duplicateEmail();
      const card = cards[0] ?? (await issueTemporaryCard(tx, collector.id, at));

      const since = new Date(at.getTime() - TEMP_CARD_SEND_WINDOW_MINUTES * 60_000);
      const sent = await repository.countLinksSince(tx, card.number, since);
      if (sent >= TEMP_CARD_SEND_LIMIT) {
        throw new AppError(429, tempCardErrorCodes.sendLimitReached, tempCardMessages.sendLimitReached);
      }
      await repository.insertLink(tx, { tokenHash: hashOf(token), cardNumber: card.number, createdAt: at });
      await recordAcknowledgements(tx, collector.id, at);
      return { card, sendsRemaining: TEMP_CARD_SEND_LIMIT - sent - 1 };
    });

    await notify.send(cardEmail(publicUrl, input.email, token, card.expiresAt ?? at, at));
    return { status: 'EMAIL_SENT', sendsRemaining };
  }

  /**
   * GET /nectar-lite/card?token=: the live temporary card behind an emailed link. An expired card, or one that
   * has become a full account's digital card, answers 410 with its own code so the page can say which.
   */
  async function getTemporaryCard(token: string): Promise<TempCard> {
    const card = await repository.findCardByLink(db, hashOf(token));
    if (!card) throw new AppError(404, tempCardErrorCodes.notFound, tempCardMessages.notFound);
    if (card.kind !== 'temporary') {
      throw new AppError(410, tempCardErrorCodes.upgraded, tempCardMessages.upgraded);
    }
    const at = clock.now();
    if (card.status !== 'active' || !card.expiresAt || isExpired(card, at)) {
      throw new AppError(
        410,
        tempCardErrorCodes.expired,
        tempCardMessages.expiredOn(longDate(card.expiresAt ?? at)),
      );
    }
    return {
      cardNumber: card.number,
      barcodePng: await renderCardBarcode(card.number),
      issuedAt: card.issuedAt.toISOString(),
      expiresAt: card.expiresAt.toISOString(),
      daysLeft: Math.max(1, Math.ceil((card.expiresAt.getTime() - at.getTime()) / DAY_MS)),
    };
  }

  return { requestAccessEmail, getTemporaryCard };
}

/**
 * Upgrade: registration calls this, inside the transaction that creates the full account,
 * with the email being registered. When that email holds a temporary card, the card becomes the collector's
 * digital card with the same number and no expiry, even if its 30 days have passed, and the collector row is
 * the one registration must complete (names, credential), so every points entry stays theirs. Answers
 * undefined when the email has no temporary card.
 */
export async function upgradeTemporaryCard(
  db: DbExecutor,
  email: string,
): Promise<{ collectorId: string; cardNumber: string } | undefined> {
  const card = await repository.findTemporaryCardByEmail(db, email);
  if (!card) return undefined;
  await repository.makeCardDigital(db, card.number);
  return { collectorId: card.collectorId, cardNumber: card.number };
}
