import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { brand } from '@app/contracts/brand';
import { parseCalendarDate } from '@app/contracts/personal-details';
import {
  cardMessages,
  type CardLookupRequest,
  type CardType,
  type CustomerCard,
  type ReplacementType,
} from '@app/contracts/card';
import type { Database } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueCode, maskEmail, maskPhone, verifyCode } from '../../lib/one-time-codes.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { renderCardBarcode } from '../../lib/barcode.ts';
import { switchesFor } from '../../lib/request-switches.ts';
import {
  cardChangeKey,
  changeCardStatus,
  findActiveCard,
  findCardOf,
  findCollectorsByDetails,
  lastRequest,
  recordCardRequest,
  replaceCard,
  type Alongside,
} from './repository.ts';

export type { CardStatusOutcome } from './repository.ts';

/**
 * A key tag only while the key-tag-stock switch is on for this request
 * (docs/product/switches-and-constants.md §S9; off in every environment unless turned on), as the page offers
 * it: the server refuses what the page would not show, and so does the careline's replacement.
 */
export function inStock(request: FastifyRequest, cardType: CardType): CardType {
  if (cardType === 'KEYTAG' && !switchesFor(request)('keyTagStock')) {
    throw new AppError(409, 'KEY_TAG_UNAVAILABLE', cardMessages.keyTagUnavailable);
  }
  return cardType;
}

export const RETRIEVE_PURPOSE = 'retrieve-card';
export const REPLACE_PURPOSE = 'replace-card';
type Purpose = typeof RETRIEVE_PURPOSE | typeof REPLACE_PURPOSE;

/** 'DD/MM/YYYY' or 'DD-MM-YYYY' as the ISO date the database holds. */
const postcodeKey = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

const notFound = () => new AppError(404, 'CARD_NOT_FOUND', cardMessages.detailsNotFound);

async function cardFromDatabase(db: Database, collectorId: string): Promise<CustomerCard> {
  const card = await findActiveCard(db, collectorId);
  if (!card) throw new AppError(404, 'CARD_NOT_FOUND', cardMessages.noCard);
  const request = await lastRequest(db, collectorId);
  return {
    cardNumber: card.number,
    kind: card.kind,
    issuedAt: card.issuedAt.toISOString(),
    expiresAt: card.expiresAt?.toISOString() ?? null,
    lastRequest: request
      ? {
          reason: request.reason,
          cardType: request.cardType === 'KEYTAG' ? ('KEYTAG' as const) : ('CARD' as const),
          requestedAt: request.createdAt.toISOString(),
        }
      : null,
  };
}

export interface CardDeps {
  db: Database;
  notify: Notifier;
  /** Clears the cached card when it changes on any instance. */
  feed?: ChangeFeed;
}

export function createCardService({ db, notify, feed }: CardDeps) {
  const cachedCard = createReadCache<CustomerCard>(feed, cardChangeKey(''));
  /** The card in use and the last card request, from memory until either changes (ADR 016). */
  const card = (collectorId: string) => cachedCard(collectorId, () => cardFromDatabase(db, collectorId));
  return {
    /** The barcode of the card in use (GET /customer-management-api/customer/nectar-id). */
    /** As JSON (`nectarIdSchema`): base64 needs no escaping, so the drawing kept in memory is sent as it is. */
    async barcodeJson(collectorId: string): Promise<string> {
      const { cardNumber } = await card(collectorId);
      return `{"data":{"code128":"${await renderCardBarcode(cardNumber)}"}}`;
    },

    card,

    /**
     * Step 1 of the anonymous retrieve and replace: the details must match exactly one member, who gets a
     * one-time code by email (or SMS when there is no email); the answer binds step 2 to this request.
     */
    async lookup(purpose: Purpose, details: CardLookupRequest) {
      // The route's schema admits real dates only; a caller that skipped it finds nobody.
      const dateOfBirth = parseCalendarDate(details.birthDate);
      if (!dateOfBirth) throw notFound();
      const matches = await findCollectorsByDetails(db, {
        dateOfBirth,
        lastName: details.lastName.trim(),
        postcode: postcodeKey(details.postcode),
      });
      const collector = matches.length === 1 ? matches[0] : undefined;
      if (!collector) throw notFound();
      const phone =
        collector.phoneNumber && collector.phoneCountryCode
          ? `${collector.phoneCountryCode}${collector.phoneNumber}`
          : undefined;
      const deliveryMethod = collector.email ? ('email' as const) : phone ? ('sms' as const) : undefined;
      if (!deliveryMethod) throw notFound();
      const binding = randomBytes(32).toString('base64url');
      const code = await issueCode(db, { collectorId: collector.id, purpose, binding, deliveryMethod });
      const what = purpose === RETRIEVE_PURPOSE ? 'see your card number' : 'replace your card';
      const text = `Your ${brand.name} code is ${code}. Use it to ${what}. It lasts 10 minutes. If this wasn't you, you can ignore this message.`;
      if (deliveryMethod === 'email' && collector.email) {
        await notify.send({
          channel: 'email',
          to: collector.email,
          subject: `Your ${brand.name} code`,
          text,
        });
      } else if (phone) {
        await notify.send({ channel: 'sms', to: phone, subject: `${brand.name} code`, text });
      }
      return {
        encryptedCollectorJwt: binding,
        deliveryMethod,
        maskedDestination:
          deliveryMethod === 'email' && collector.email ? maskEmail(collector.email) : maskPhone(phone ?? ''),
      };
    },

    /** Step 2 of retrieve: the right code shows the card number. */
    async retrieve(binding: string, code: string) {
      const row = await verifyCode(db, binding, RETRIEVE_PURPOSE, code);
      const card = await findActiveCard(db, row.collectorId);
      if (!card) throw notFound();
      return { cardNumber: card.number };
    },

    /** Step 2 of the anonymous replace: the right code replaces the card. */
    async replaceWithCode(binding: string, code: string, replacementType: ReplacementType) {
      const row = await verifyCode(db, binding, REPLACE_PURPOSE, code);
      return {
        collectorId: row.collectorId,
        cardNumber: await replaceCard(db, row.collectorId, replacementType, 'CARD', feed),
      };
    },

    /** A new card for the collector (signed in, or the careline's with `alongside` in its transaction). */
    async replace(
      collectorId: string,
      replacementType: ReplacementType,
      cardType: CardType,
      alongside?: Alongside,
    ) {
      return { cardNumber: await replaceCard(db, collectorId, replacementType, cardType, feed, alongside) };
    },

    /** One card of the collector, whatever its status (the careline names it by number). */
    cardOf: (collectorId: string, number: string) => findCardOf(db, collectorId, number),

    /** The careline's block: a card in use stops working (everything refuses a card that is not active). */
    block: (collectorId: string, number: string, alongside?: Alongside) =>
      changeCardStatus(db, { collectorId, number, from: 'active', to: 'blocked' }, feed, alongside),

    /** The careline's unblock: a blocked card works again, unless another card is in use now. */
    unblock: (collectorId: string, number: string, alongside?: Alongside) =>
      changeCardStatus(db, { collectorId, number, from: 'blocked', to: 'active' }, feed, alongside),

    async request(collectorId: string, cardType: 'CARD' | 'KEYTAG') {
      const card = await findActiveCard(db, collectorId);
      if (!card) throw new AppError(404, 'CARD_NOT_FOUND', cardMessages.noCard);
      await recordCardRequest(db, collectorId, card.number, cardType, feed);
      return { cardNumber: card.number };
    },
  };
}
