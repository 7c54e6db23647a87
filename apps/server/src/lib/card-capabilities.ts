import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/database.ts';
import { cardMessages } from '@app/contracts/card';
import { TEMP_CARD_PARTNERS, tempCardMessages } from '@app/contracts/temp-card';
import { cards } from '../db/schema/core.ts';
import { AppError } from './app-error.ts';

/**
 * What a card lets its holder do (docs/product/signed-in-pages.md §S1, 'Temporary card'): both card kinds get
 * member prices and retailer points; a temporary card lacks personalised prices, spend, bonus offers and
 * partner offers, and collects only at selected partners. An expired temporary card can do nothing. Later
 * services call the guards below before acting, so the rule holds on the server whatever the app shows.
 */
export const CARD_ACTIONS = [
  'member-prices',
  'collect-points',
  'personalised-prices',
  'spend-points',
  'bonus-offers',
  'partner-offers',
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

const TEMPORARY_CARD_ACTIONS: readonly CardAction[] = ['member-prices', 'collect-points'];

/** The selected partners a temporary card collects at (one definition, in the contracts). */
export const TEMPORARY_CARD_PARTNERS = TEMP_CARD_PARTNERS;

export interface CardForCapabilities {
  number: string;
  kind: 'digital' | 'plastic' | 'temporary';
  status: 'active' | 'inactive' | 'replaced' | 'expired' | 'blocked';
  expiresAt: Date | null;
}

export interface CardCapabilities {
  actions: ReadonlySet<CardAction>;
  /** Partners the card collects points at: every partner, or only the listed ones. */
  partners: 'all' | readonly string[];
  /** Why the card can do nothing at all, when that is so. */
  refusal?: AppError;
}

export const temporaryCardRefused = () =>
  new AppError(403, 'TEMPORARY_CARD_NOT_ALLOWED', tempCardMessages.notAvailable);
export const temporaryCardExpired = () => new AppError(403, 'TEMP_CARD_EXPIRED', tempCardMessages.expired);
const cardNotActive = () => new AppError(403, 'CARD_NOT_ACTIVE', cardMessages.notActive);

/** A temporary card is expired from the instant of its expiry: day 30 after issue is no longer valid. */
export const isExpired = (card: Pick<CardForCapabilities, 'expiresAt'>, now: Date): boolean =>
  card.expiresAt !== null && now.getTime() >= card.expiresAt.getTime();

export function cardCapabilities(card: CardForCapabilities, now: Date): CardCapabilities {
  const none: CardCapabilities = { actions: new Set(), partners: [] };
  if (card.status !== 'active') return { ...none, refusal: cardNotActive() };
  if (isExpired(card, now)) {
    return { ...none, refusal: card.kind === 'temporary' ? temporaryCardExpired() : cardNotActive() };
  }
  if (card.kind === 'temporary') {
    return { actions: new Set(TEMPORARY_CARD_ACTIONS), partners: TEMPORARY_CARD_PARTNERS };
  }
  return { actions: new Set(CARD_ACTIONS), partners: 'all' };
}

/** Throws a 403 `{code, description}` unless the card may do this (and, for collecting, at this partner). */
export function assertCardMay(
  card: CardForCapabilities,
  action: CardAction,
  now: Date,
  options: { partner?: string } = {},
): void {
  const capabilities = cardCapabilities(card, now);
  if (capabilities.refusal) throw capabilities.refusal;
  if (!capabilities.actions.has(action)) throw temporaryCardRefused();
  if (
    action === 'collect-points' &&
    options.partner !== undefined &&
    capabilities.partners !== 'all' &&
    !capabilities.partners.includes(options.partner)
  ) {
    throw temporaryCardRefused();
  }
}

/** The same check for a card known only by its number (a till, a partner): unknown cards get a 404. */
export async function assertCardNumberMay(
  db: DbExecutor,
  cardNumber: string,
  action: CardAction,
  now: Date,
  options: { partner?: string } = {},
): Promise<CardForCapabilities & { collectorId: string }> {
  const [card] = await db
    .select({
      number: cards.number,
      collectorId: cards.collectorId,
      kind: cards.kind,
      status: cards.status,
      expiresAt: cards.expiresAt,
    })
    .from(cards)
    .where(eq(cards.number, cardNumber));
  if (!card) throw new AppError(404, 'DN11', cardMessages.notRecognised);
  assertCardMay(card, action, now, options);
  return card;
}

/**
 * For signed-in calls that need a full account (personalised prices, spend, bonus and partner offers): passes
 * when the collector holds a live digital or plastic card; a collector whose only card is temporary (live or
 * expired) is refused with a 403.
 */
export async function assertFullCardHolder(db: DbExecutor, collectorId: string): Promise<void> {
  const [fullCard] = await db
    .select({ number: cards.number })
    .from(cards)
    .where(
      and(
        eq(cards.collectorId, collectorId),
        eq(cards.status, 'active'),
        inArray(cards.kind, ['digital', 'plastic']),
      ),
    )
    .limit(1);
  if (!fullCard) throw temporaryCardRefused();
}
