import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isAtLeastAge } from '@app/contracts/age';
import { brandLogoUrl } from '@app/contracts/brand-logos';
import {
  OFFER_IMAGE_WIDTHS,
  offerErrors,
  offerSourceTypes,
  type Offer,
  type OfferSourceType,
  type OfferSummary,
  type OfferState,
} from '@app/contracts/offers';
import { MAX_PERSONALISED_OFFERS_SHOWN } from '@app/contracts/staff-offers';
import { boundedCache } from '../../lib/bounded-cache.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Database, DbExecutor } from '../../db/database.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import type { offers } from '../../db/schema/offers.ts';
import { AppError } from '../../lib/app-error.ts';
import { writtenAnswer, type WrittenAnswer } from '../../lib/response-serializer.ts';
import { assertFullCardHolder } from '../../lib/card-capabilities.ts';
import { offerPictureKey } from './offer-pictures.ts';
import { PARTNER_LOGOS } from './partners.ts';
import {
  assignOffers,
  findCollectorOffer,
  findOffer,
  insertMissingOffers,
  listCollectorOffers,
  listOffersForEveryone,
  lockCollectorOffers,
  markSeen,
  updateCollectorOffer,
  type CollectorOfferRow,
  type OfferRow,
} from './repository.ts';

/**
 * Allowed transitions, by target state (docs/product/signed-in-pages.md §S4): load gives LOADED (also unpin,
 * from PINNED); unload gives UNLOADED, unhide gives UNLOADED; hide gives HIDDEN; pin gives PINNED; coalition
 * opt-in gives OPTEDIN. Removing a pinned saved offer unpins and unloads it in one step (what the member
 * asked for). Asking for the state an offer is already in changes nothing and is not an error (a double
 * click).
 */
const allowedFrom: Record<string, readonly string[]> = {
  LOADED: ['UNLOADED', 'PINNED'],
  UNLOADED: ['LOADED', 'HIDDEN', 'PINNED'],
  HIDDEN: ['UNLOADED', 'LOADED'],
  PINNED: ['LOADED'],
  OPTEDIN: ['NOTOPTEDIN'],
};

export const isOfferLive = (offer: Pick<OfferRow, 'validFrom' | 'validTo'>, now: Date) =>
  offer.validFrom.getTime() <= now.getTime() && now.getTime() <= offer.validTo.getTime();

/**
 * Offers with the same picture share its files (`picture-{key}`), so a list of many offers loads a few images,
 * each cached once.
 */
const imageUrl = (pictureKey: string, width: number) =>
  `/offers-api/images/picture-${pictureKey}/${width}.svg`;

/** An offer's picture a marketer uploaded (modules/campaigns): its `picture` is this and the upload's id. */
export const OFFER_UPLOAD_PREFIX = 'upload:';

/** Where an uploaded picture is served: one file for every width, as uploaded (it is not drawn again). */
export const offerUploadUrl = (uploadId: string) => `/offers-api/images/upload-${uploadId}/original`;

/** A partner's logo: its brand's logo when it is a brand of the catalogue, otherwise one the offers API draws. */
export function partnerLogoUrl(partnerId: string): string {
  const logo = PARTNER_LOGOS[partnerId];
  return logo && 'brandKey' in logo
    ? brandLogoUrl(logo.brandKey)
    : `/offers-api/images/partner-${partnerId}/288.svg`;
}

/**
 * The Offer shape of docs/product/signed-in-pages.md §S3, with image versions keyed by width (the largest is
 * the detail image).
 */
export function toOffer(row: CollectorOfferRow): Offer {
  const picture = offerPictureKey(row);
  const upload = row.picture?.startsWith(OFFER_UPLOAD_PREFIX)
    ? row.picture.slice(OFFER_UPLOAD_PREFIX.length)
    : null;
  const urlAt = (width: number) => (upload ? offerUploadUrl(upload) : imageUrl(picture, width));
  const versions = OFFER_IMAGE_WIDTHS.map((width) => ({ width, url: urlAt(width) }));
  const largest = urlAt(Math.max(...OFFER_IMAGE_WIDTHS));
  const sponsorLogo = row.partnerId ? partnerLogoUrl(row.partnerId) : null;
  return {
    id: row.id,
    sourceType: row.sourceType,
    type: row.type as Offer['type'],
    state: row.state as OfferState,
    ...(row.locked ? { status: 'LOCKED' as const } : {}),
    isBookmarked: row.isBookmarked,
    title: row.title,
    description: row.description,
    sponsorDisplayName: row.sponsorDisplayName,
    howTo: row.howTo,
    category: { key: row.categoryKey, name: row.categoryName },
    partnerId: row.partnerId,
    points: row.points,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    terms: row.terms,
    imgUrls: { imageUrl: { url: largest, versions }, sponsorImageUrl: sponsorLogo },
    imageUrls: { logoImageUrl: sponsorLogo, detailImageUrl: largest },
    savedAt: row.savedAt ? row.savedAt.toISOString() : null,
    ...(row.timesEarned > 0 ? { paidOut: true } : {}),
  };
}

/**
 * Every offer assigned to the member, live, paused, stopped or ended, with their state and the times it paid
 * out (the staff console's member screen, docs/staff-console.md).
 */
export const assignedOffers = (db: Database, collectorId: string) =>
  listCollectorOffers(db, collectorId, [...offerSourceTypes], { running: false });

interface Holder {
  dateOfBirth: string | null;
  hasDigitalCard: boolean;
}

async function holderOf(db: DbExecutor, collectorId: string): Promise<Holder> {
  const rows = await db
    .select({ dateOfBirth: collectors.dateOfBirth, kind: cards.kind, status: cards.status })
    .from(collectors)
    .leftJoin(cards, eq(cards.collectorId, collectors.id))
    .where(eq(collectors.id, collectorId));
  return {
    dateOfBirth: rows[0]?.dateOfBirth ?? null,
    hasDigitalCard: rows.some((row) => row.kind === 'digital' && row.status === 'active'),
  };
}

/**
 * Member prices are only for digitally registered collectors aged 18 or over (docs/product/signed-in-pages.md
 * §S6).
 */
const mayUseMemberPrices = (holder: Holder, now: Date) =>
  holder.hasDigitalCard && holder.dateOfBirth !== null && isAtLeastAge(holder.dateOfBirth, 18, now);

const SAVED_STATES = new Set(['LOADED', 'PINNED']);

/**
 * The live offers a member is shown: at most MAX_PERSONALISED_OFFERS_SHOWN personalised ones, those they
 * loaded or pinned first, then those ending soonest; the other kinds all. The list keeps its order.
 */
function shownOf(rows: CollectorOfferRow[]): CollectorOfferRow[] {
  const personalised = rows.filter((row) => row.sourceType === 'PIANO');
  if (personalised.length <= MAX_PERSONALISED_OFFERS_SHOWN) return rows;
  const kept = new Set(
    personalised
      .toSorted(
        (a, b) =>
          Number(SAVED_STATES.has(b.state)) - Number(SAVED_STATES.has(a.state)) ||
          a.validTo.getTime() - b.validTo.getTime() ||
          a.id.localeCompare(b.id),
      )
      .slice(0, MAX_PERSONALISED_OFFERS_SHOWN),
  );
  return rows.filter((row) => row.sourceType !== 'PIANO' || kept.has(row));
}

/** Change-feed key of a collector's offers (lib/change-feed.ts). */
export const offersChangeKey = (collectorId: string) => `offers:${collectorId}`;
/**
 * How long a collector's offers list is answered from memory at the most. State changes, bookmarks and new
 * assignments empty it at once on every instance; a change of the holder (age, card) shows within this time,
 * while every state change still checks eligibility against the database.
 */
export const OFFERS_CACHE_TTL_MS = 5_000;

/** A list of offers with the entity tag of its content, for conditional requests (If-None-Match). */
export interface OfferList {
  offers: OfferSummary[];
  /**
   * The answer `{offers, timestamp}` written once per version of the list (the timestamp says when it was read
   * from the database): most reads send it as it is, or its compressed form.
   */
  answer: WrittenAnswer;
  etag: string;
}

const toSummary = ({ howTo: _howTo, terms: _terms, ...summary }: Offer): OfferSummary => summary;

const offerListOf = (offers: OfferSummary[], readAt: Date): OfferList => {
  const json = JSON.stringify(offers);
  return {
    offers,
    answer: writtenAnswer(`{"offers":${json},"timestamp":"${readAt.toISOString()}"}`),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
};

/** Memory the offer lists may hold, about (lib/bounded-cache.ts). */
const OFFERS_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The collector's lists by source types, from memory while the change feed is reliable. */
function offersCache(feed: ChangeFeed | undefined) {
  if (!feed) return undefined;
  // Bounded by memory: a member's lists are tens of KB, 20,000 of them were most of a GB.
  const cache = boundedCache<Map<string, OfferList>>({
    maxBytes: OFFERS_CACHE_MAX_BYTES,
    ttlMs: OFFERS_CACHE_TTL_MS,
    // The written answer and, about as large again twice over, the offers it was written from.
    sizeOf: (lists) => [...lists.values()].reduce((bytes, list) => bytes + 3 * list.answer.json.length, 0),
  });
  feed.subscribe((key) => {
    if (key === '*') cache.clear();
    else if (key.startsWith('offers:')) cache.delete(key.slice('offers:'.length));
  });
  return {
    get: (collectorId: string, types: string) =>
      feed.reliable() ? cache.get(collectorId)?.get(types) : undefined,
    set: (collectorId: string, types: string, list: OfferList) => {
      if (!feed.reliable()) return;
      const lists = cache.get(collectorId) ?? new Map<string, OfferList>();
      lists.set(types, list);
      cache.set(collectorId, lists);
    },
  };
}

export interface OfferDeps {
  db: Database;
  clock: Clock;
  /** Clears the cached offer lists when a member's offers change on any instance. */
  feed?: ChangeFeed;
}

/** The partners an offer may name, and the key of an offer's picture (the start data's offers use both). */
export { OFFER_PARTNERS } from './partners.ts';
export type { OfferPictureKey } from './offer-pictures.ts';
/** The picture library and the preview links, for the offers made in the console (modules/campaigns). */
export { OFFER_PICTURES } from './offer-pictures.ts';
export { previewPaths, signOfferPreview } from './previews.ts';

export function createOfferService({ db, clock, feed }: OfferDeps) {
  const now = () => clock.now();
  const cache = offersCache(feed);
  /** Runs inside the caller's transaction (`tx`): on PGlite a query outside it would wait for it forever. */
  async function assertEligible(tx: DbExecutor, collectorId: string, sourceTypes: Set<OfferSourceType>) {
    // A temporary card lacks personalised prices, bonus offers and partner offers
    // (docs/product/signed-in-pages.md §S1).
    await assertFullCardHolder(tx, collectorId);
    if (sourceTypes.has('NECTAR_PRICE') && !mayUseMemberPrices(await holderOf(tx, collectorId), now())) {
      throw new AppError(403, 'MEMBER_PRICES_NOT_ALLOWED', offerErrors.memberPrices);
    }
  }

  return {
    /** A partner offer's state change names the offer twice and its partner: they must agree with the offer. */
    async assertPartnerOffersMatch(changes: Array<{ id: string; offerId: string; partnerId: string }>) {
      for (const change of changes) {
        const row = await findOffer(db, change.id);
        if (row && (row.partnerId !== change.partnerId || change.offerId !== change.id)) {
          throw new AppError(400, 'VALIDATION', offerErrors.idsMismatch);
        }
      }
    },

    /** Offers shown on the member's screen: the first time each was seen. */
    async markSeen(collectorId: string, offerIds: string[]) {
      await markSeen(db, collectorId, offerIds, now());
    },

    /** The collector's live offers of these sources, without their long texts, and the list's tag. */
    async listWithTag(collectorId: string, sourceTypes: OfferSourceType[]): Promise<OfferList> {
      const types = sourceTypes.join(',');
      const cached = cache?.get(collectorId, types);
      if (cached) return cached;
      const list = offerListOf((await this.listFromDatabase(collectorId, sourceTypes)).map(toSummary), now());
      cache?.set(collectorId, types, list);
      return list;
    },

    async list(collectorId: string, sourceTypes: OfferSourceType[]): Promise<OfferSummary[]> {
      return (await this.listWithTag(collectorId, sourceTypes)).offers;
    },

    async listFromDatabase(collectorId: string, sourceTypes: OfferSourceType[]): Promise<Offer[]> {
      const holder = await holderOf(db, collectorId);
      const visible = sourceTypes.filter(
        (type) => type !== 'NECTAR_PRICE' || mayUseMemberPrices(holder, now()),
      );
      if (visible.length === 0) return [];
      const at = now();
      const rows = await listCollectorOffers(db, collectorId, visible);
      return shownOf(rows.filter((row) => isOfferLive(row, at))).map(toOffer);
    },

    async get(collectorId: string, offerId: string): Promise<Offer> {
      const row = await findCollectorOffer(db, collectorId, offerId);
      if (!row) throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.notAssigned);
      return toOffer(row);
    },

    /**
     * Applies every change or none: the collector's rows are locked first, so parallel requests for one offer
     * run one after the other and each sees the state the previous one left.
     */
    async changeStates(
      collectorId: string,
      changes: Array<{ id: string; state: OfferState }>,
      channel: 'personalised' | 'coalition',
    ): Promise<Array<{ id: string; state: OfferState }>> {
      const ids = [...new Set(changes.map((change) => change.id))];
      const results = await db.transaction(async (tx) => {
        const rows = new Map((await lockCollectorOffers(tx, collectorId, ids)).map((row) => [row.id, row]));
        const sourceTypes = new Set<OfferSourceType>();
        for (const change of changes) {
          const row = rows.get(change.id);
          if (!row) throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.notAssigned);
          sourceTypes.add(row.sourceType);
          const coalition = row.sourceType === 'COALITION';
          if (coalition !== (channel === 'coalition')) {
            throw new AppError(
              400,
              'WRONG_OFFER_CALL',
              coalition
                ? 'Partner offers change through /coalition/offer/state.'
                : 'Use /offer/state for this offer.',
            );
          }
          if (row.locked) throw new AppError(409, 'OFFER_LOCKED', offerErrors.locked);
          if (!isOfferLive(row, now())) throw new AppError(409, 'OFFER_EXPIRED', offerErrors.expired);
        }
        await assertEligible(tx, collectorId, sourceTypes);

        const applied: Array<{ id: string; state: OfferState }> = [];
        for (const change of changes) {
          const row = rows.get(change.id) as CollectorOfferRow;
          if (row.state !== change.state) {
            if (!allowedFrom[change.state]?.includes(row.state)) {
              throw new AppError(409, 'INVALID_TRANSITION', offerErrors.transition(row.state, change.state));
            }
            const saved = change.state === 'LOADED' || change.state === 'PINNED';
            await updateCollectorOffer(
              tx,
              collectorId,
              change.id,
              {
                state: change.state,
                ...(saved && row.savedAt === null ? { savedAt: now() } : {}),
                ...(!saved && !row.isBookmarked ? { savedAt: null } : {}),
              },
              now(),
            );
            row.state = change.state;
          }
          applied.push({ id: change.id, state: change.state });
        }
        await feed?.announce(tx, offersChangeKey(collectorId));
        return applied;
      });
      feed?.changed(offersChangeKey(collectorId));
      return results;
    },

    async setBookmark(collectorId: string, offerId: string, bookmarked: boolean): Promise<Offer> {
      await db.transaction(async (tx) => {
        const [row] = await lockCollectorOffers(tx, collectorId, [offerId]);
        if (!row) throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.notAssigned);
        if (row.sourceType !== 'COALITION') {
          throw new AppError(400, 'WRONG_OFFER_CALL', offerErrors.bookmarkPartnerOnly);
        }
        if (!isOfferLive(row, now())) throw new AppError(409, 'OFFER_EXPIRED', offerErrors.expired);
        await assertEligible(tx, collectorId, new Set(['COALITION']));
        if (row.isBookmarked !== bookmarked) {
          await updateCollectorOffer(
            tx,
            collectorId,
            offerId,
            {
              isBookmarked: bookmarked,
              savedAt: bookmarked ? (row.savedAt ?? now()) : row.state === 'LOADED' ? row.savedAt : null,
            },
            now(),
          );
          await feed?.announce(tx, offersChangeKey(collectorId));
        }
      });
      feed?.changed(offersChangeKey(collectorId));
      return this.get(collectorId, offerId);
    },
  };
}

/** How the demo collector's offers start: a few saved, one pinned, one hidden, one partner offer opted in. */
const demoStates: Record<string, string> = {
  'piano-001': 'LOADED',
  'piano-002': 'LOADED',
  'piano-003': 'PINNED',
  'piano-004': 'HIDDEN',
  'coalition-002': 'OPTEDIN',
};

/** An offer's first state for the demo collector (and for a tester's fresh member made like it). */
export const demoOfferState = (id: string) =>
  demoStates[id] ?? (id.startsWith('coalition-') ? 'NOTOPTEDIN' : 'UNLOADED');

/**
 * New collectors get every offer approved for everyone that has not ended as their starter set, none saved
 * (call at registration, after the collector's transaction). Every instance forgets any offers list it kept
 * for them.
 */
export async function assignStarterOffers(db: Database, collectorId: string, feed?: ChangeFeed) {
  const starters = await listOffersForEveryone(db, new Date());
  const coalition = new Set(starters.filter((offer) => offer.sourceType === 'COALITION').map(({ id }) => id));
  await assignOffers(
    db,
    collectorId,
    starters.map((offer) => offer.id),
    (id) => (coalition.has(id) ? 'NOTOPTEDIN' : 'UNLOADED'),
  );
  await feed?.announce(db, offersChangeKey(collectorId));
  feed?.changed(offersChangeKey(collectorId));
}

/**
 * A member made like the demo member (the demo data, a tester's fresh member): every offer approved for
 * everyone, ended ones too (so the refusal of an ended offer can be seen), in the demo's first states.
 */
export async function assignDemoOffers(db: Database, collectorId: string) {
  const list = await listOffersForEveryone(db);
  await assignOffers(
    db,
    collectorId,
    list.map((offer) => offer.id),
    demoOfferState,
  );
}

/** Adds the offers of this list that are missing; a row already there stays as it is (the start data). */
export async function addMissingOffers(db: Database, list: Array<typeof offers.$inferInsert>) {
  await insertMissingOffers(db, list);
}
