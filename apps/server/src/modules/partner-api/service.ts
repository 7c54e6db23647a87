import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { offerRuleSchema, type OfferRule } from '@app/contracts/offer-rules';
import { referenceKey, ukDate } from '@app/contracts/missing-points';
import {
  HOLD_MAX_MINUTES,
  IDEMPOTENCY_KEY_HOURS,
  TILL_DAILY_SPEND_POINTS,
  partnerApiMessages,
  partnerAwardReasons,
  type HoldRequest,
  type HoldResponse,
  type PartnerMember,
  type ReturnRequest,
  type ReturnResponse,
  type SaleRequest,
  type SaleResponse,
} from '@app/contracts/partner-api';
import { POINTS_PER_POUND, redemptionMessages } from '@app/contracts/vouchers';
import type { Database, DbExecutor } from '../../db/database.ts';
import type { PartnerSaleBonus, PartnerSaleLine } from '../../db/schema/partner-api.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCardNumberMay, cardCapabilities, type CardAction } from '../../lib/card-capabilities.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { holdLedgerKey, returnLedgerKey, saleLedgerKey } from '../../lib/ledger-keys.ts';
import {
  lockMember,
  writeEntries,
  pointsBalance,
  pointsWritten,
  type PointsEntry,
} from '../../lib/points-ledger.ts';
import { addPartnerClient, type PartnerClient } from '../../lib/partner-clients.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { hashOf } from '../../lib/token-hash.ts';
import {
  applyReturn,
  basePointsByLine,
  basePointsLeft,
  bonusFor,
  bonusesToTakeBack,
  remainingOf,
} from './earn-rules.ts';
import { SANDBOX_TILL_CLIENT, START_PARTNERS, sandboxClientIdOf, tillShelves } from './partners.ts';
import { offersChangeKey } from '../offers/service.ts';
import { clickOf } from '../brands/service.ts';
import * as repo from './repository.ts';
import { WEBHOOK_TYPES, webhookFor } from './webhooks.ts';

export { SANDBOX_TILL_CLIENT, sandboxClientIdOf, tillShelves } from './partners.ts';
export { removePartnerWebhook, setPartnerWebhook } from './webhooks.ts';

/** Writes the partners the scheme starts with (start data: new rows only). */
export async function loadPartners(db: Database) {
  await repo.insertPartners(db, START_PARTNERS);
}

/**
 * Registers the sandbox till's clients, one for each partner with a shelf (demo data only: their secret is in
 * the README).
 */
export async function loadSandboxTill(db: Database) {
  const { secret, scopes } = SANDBOX_TILL_CLIENT;
  for (const partnerId of Object.keys(tillShelves())) {
    await addPartnerClient(db, {
      clientId: sandboxClientIdOf(partnerId),
      partnerId,
      name: `Sandbox till (${partnerId})`,
      scopes: [...scopes],
      secret,
    });
  }
}

/** Every partner with its rate, for the sandbox till and the operator. */
export const listPartners = (db: DbExecutor) => repo.listPartners(db);

/**
 * The partner API's rules (docs/partner-api.md): sales that award points, returns that take them back, points
 * held at a till and then captured or given back. Every change to points is a ledger entry written in the
 * transaction that records the sale, return or hold, under the member's lock, so a crash leaves all or nothing;
 * each call that changes points carries an Idempotency-Key whose answer is stored in that same transaction.
 */
export interface PartnerApiDeps {
  db: Database;
  clock: Clock;
  /** Tells every instance (and the member's open app) that the balance changed. */
  feed?: ChangeFeed;
  /** Puts a written webhook delivery on the delivery queue, after its transaction committed. */
  queueWebhook?: (deliveryId: string) => Promise<void>;
}

/** One call to the API: the client making it, and its Idempotency-Key with the hash of what it asked. */
export interface PartnerCall {
  client: PartnerClient;
  idempotencyKey: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  requestHash: string;
}

/** The hash that binds an Idempotency-Key to its request. */
export const requestHashOf = (method: string, path: string, body: unknown) =>
  hashOf(`${method} ${path} ${JSON.stringify(body ?? null)}`);

/** How long a partner's row (its base rate) is read from memory: a changed rate applies within this. */
const PARTNER_CACHE_MS = 30_000;

/** The job that gives back holds the till never captured or cancelled (plugins/jobs.ts: once a minute). */
export const RELEASE_EXPIRED_HOLDS_JOB = 'release-expired-holds';
const RELEASE_BATCH = 200;

/**
 * The change feed's key for "anything cached may have changed" (lib/change-feed.ts): an offer stopped for
 * everyone drops every member's cached offer lists at once, on every instance, where naming each member who
 * holds it could mean a million notices in one transaction.
 */
const EVERYTHING_CHANGED = '*';

const valueOf = (points: number) => Math.floor((points * 100) / POINTS_PER_POUND);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** How long after a member's click on an eShop link a sale there is theirs. */
export const CLICK_WINDOW_DAYS = 30;

/**
 * The card of the member who clicked this partner's eShop link (the brands page's tracked exit, its `ref`): only
 * to collect, only at the partner clicked, within CLICK_WINDOW_DAYS, and only for a member who was signed in.
 */
async function cardOfClick(
  tx: DbExecutor,
  clickId: string,
  action: CardAction,
  partner: Pick<repo.PartnerRow, 'id'>,
  now: Date,
) {
  if (action !== 'collect-points') {
    throw new AppError(422, 'MEMBER_ID_NOT_ACCEPTED', partnerApiMessages.clickOnlyCollects);
  }
  const click = await clickOf(tx, clickId);
  const fresh = click && now.getTime() - click.createdAt.getTime() <= CLICK_WINDOW_DAYS * 86_400_000;
  if (!click?.collectorId || click.brandKey !== partner.id || !fresh) {
    throw new AppError(404, 'MEMBER_NOT_FOUND', partnerApiMessages.clickUnknown(CLICK_WINDOW_DAYS));
  }
  const card = await repo.activeCardOf(tx, click.collectorId);
  if (!card) throw new AppError(404, 'MEMBER_NOT_FOUND', partnerApiMessages.clickWithoutCard);
  return card;
}

const spendCodeNotAccepted = () =>
  new AppError(422, 'MEMBER_ID_NOT_ACCEPTED', partnerApiMessages.spendCodeNotAccepted);

export function createPartnerApiService({ db, clock, feed, queueWebhook }: PartnerApiDeps) {
  // A partner's row (its rate, what it pays out) changes rarely: read once a PARTNER_CACHE_MS at the most.
  const partners = new LRUCache<string, repo.PartnerRow>({ max: 1_000, ttl: PARTNER_CACHE_MS });
  async function partnerOf(tx: DbExecutor, client: Pick<PartnerClient, 'partnerId'>) {
    const cached = partners.get(client.partnerId);
    if (cached) return cached;
    const partner = await repo.findPartner(tx, client.partnerId);
    if (!partner) {
      throw new AppError(404, 'PARTNER_NOT_FOUND', partnerApiMessages.partnerNotFound(client.partnerId));
    }
    partners.set(client.partnerId, partner);
    return partner;
  }

  /** The member a till names, with what their card may do here (a temporary card, an expired one). */
  async function identify(
    tx: DbExecutor,
    member: PartnerMember,
    action: CardAction,
    partner: Pick<repo.PartnerRow, 'id' | 'name'>,
    now: Date,
  ) {
    if ('spendCode' in member) throw spendCodeNotAccepted();
    const cardNumber =
      'clickId' in member ? await cardOfClick(tx, member.clickId, action, partner, now) : member.cardNumber;
    const card = await assertCardNumberMay(tx, cardNumber, action, now, { partner: partner.name });
    return { ...card, capabilities: cardCapabilities(card, now) };
  }

  /**
   * Runs `work` once per Idempotency-Key: inside one transaction that holds the key's lock, a stored answer of
   * the same request is answered again, another request with the key is refused, and a new answer is stored
   * with the rows it describes. The ledger entries written are announced after the commit.
   */
  async function once<T extends object>(
    call: PartnerCall,
    work: (
      tx: DbExecutor,
      now: Date,
    ) => Promise<{
      status: number;
      body: T;
      written: PointsEntry[];
      offersOf?: string | undefined;
      /** An offer stopped for everyone: every member's cached offers are read again. */
      offersOfEveryone?: boolean | undefined;
      webhook?: string | undefined;
    }>,
  ): Promise<{ status: number; body: T }> {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      await repo.lockIdempotencyKey(tx, call.client.clientId, call.idempotencyKey);
      const since = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
      const stored = await repo.findStoredAnswer(tx, call.client.clientId, call.idempotencyKey, since);
      if (stored) {
        if (stored.requestHash !== call.requestHash) {
          throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', partnerApiMessages.idempotencyKeyReused);
        }
        return { status: stored.status, body: stored.response as T, written: [] };
      }
      const result = await work(tx, now);
      await repo.storeAnswer(tx, {
        clientId: call.client.clientId,
        idempotencyKey: call.idempotencyKey,
        requestHash: call.requestHash,
        status: result.status,
        response: result.body as Record<string, unknown>,
        createdAt: now,
      });
      return result;
    });
    for (const entry of done.written) pointsWritten(entry, feed);
    if (done.offersOfEveryone) feed?.changed(EVERYTHING_CHANGED);
    else if (done.offersOf) feed?.changed(offersChangeKey(done.offersOf));
    if (done.webhook) await queueWebhook?.(done.webhook);
    return { status: done.status, body: done.body };
  }

  /** Writes an entry inside the transaction; answers its id and the balance after it. */
  async function write(tx: DbExecutor, entry: PointsEntry, written: PointsEntry[]) {
    const result = await writeEntries(tx, [entry], feed);
    written.push(entry);
    return { id: result.ids[0] ?? '', balance: result.balance };
  }

  /** Inside the transaction: the member's cached offer lists are read again on every instance once it commits. */
  const offersChanged = async (tx: DbExecutor, collectorId: string) => {
    await feed?.announce(tx, offersChangeKey(collectorId));
  };

  const parseRule = (rule: unknown): OfferRule | undefined => {
    const parsed = offerRuleSchema.safeParse(rule);
    return parsed.success ? parsed.data : undefined;
  };

  return {
    /** A sale: base points on the basket, and each loaded offer it meets; or points on their way (an eShop). */
    sale(call: PartnerCall, request: SaleRequest) {
      return once<SaleResponse>(call, async (tx, now) => {
        const partner = await partnerOf(tx, call.client);
        const card = await identify(tx, request.member, 'collect-points', partner, now);
        await lockMember(tx, card.collectorId);
        const occurredAt = new Date(request.occurredAt);
        const shares = basePointsByLine(request.lines, partner.pointsPerPound);
        const lines: PartnerSaleLine[] = request.lines.map((line, index) => ({
          sku: line.sku,
          category: line.category,
          quantity: line.quantity,
          amount: line.amount,
          points: shares[index] ?? 0,
          returned: 0,
          returnedAmount: 0,
        }));
        const basket = lines.map(remainingOf);
        // A temporary card collects, but earns no bonus offers (docs/decisions/004).
        const offers = card.capabilities.actions.has('bonus-offers')
          ? await repo.payableOffers(tx, card.collectorId, partner, occurredAt)
          : [];
        const bonuses: PartnerSaleBonus[] = [];
        let offerStopped = false;
        for (const offer of offers) {
          const rule = parseRule(offer.rule);
          const points = rule ? bonusFor(rule, basket) : 0;
          if (points <= 0) continue;
          // A budget pays what fits in it, counted in this transaction with the ledger's entries; the first
          // bonus that does not fit is not paid, and the offer ends for everyone (docs/partner-api.md "Offers
          // with a budget"). Offers come in the order of their ids, so two sales lock them in the same order.
          if (offer.budgetPoints !== null && !(await repo.chargeOfferBudget(tx, offer.offerId, points))) {
            if (await repo.stopOfferForBudget(tx, offer.offerId, now)) offerStopped = true;
            continue;
          }
          bonuses.push({ offerId: offer.offerId, title: offer.title, points, takenBack: 0 });
        }
        const base = sum(shares);
        // The till prices the member's basket itself: its member-price savings go on the digital receipt.
        const savings = sum(request.lines.map((line) => line.memberPriceSaving ?? 0));
        const awarded = base + sum(bonuses.map((bonus) => bonus.points));
        const saleId = randomUUID();
        const pendingUntil = request.spendableOn;
        const pendingPointsId =
          pendingUntil && awarded > 0
            ? await repo.insertPendingPoints(tx, {
                collectorId: card.collectorId,
                partner: partner.id,
                purchasedOn: ukDate(occurredAt),
                spendPence: Math.max(1, request.total),
                reference: request.receiptId,
                referenceKey: referenceKey(request.receiptId),
                points: awarded,
                expectedOn: pendingUntil,
              })
            : null;
        const inserted = await repo.insertSale(tx, {
          id: saleId,
          partnerId: partner.id,
          clientId: call.client.clientId,
          collectorId: card.collectorId,
          cardNumber: card.number,
          storeId: request.storeId,
          tillId: request.tillId,
          receiptId: request.receiptId,
          occurredAt,
          totalPence: request.total,
          lines,
          bonuses,
          pointsAwarded: awarded,
          pendingPointsId,
        });
        if (!inserted) {
          const earlier = await repo.findSaleByReceipt(tx, partner.id, request.receiptId);
          throw new AppError(
            409,
            'SALE_ALREADY_POSTED',
            partnerApiMessages.saleAlreadyPosted(request.receiptId, earlier?.id),
          );
        }
        for (const bonus of bonuses) await repo.countOfferEarned(tx, card.collectorId, bonus.offerId, 1);
        if (offerStopped) await feed?.announce(tx, EVERYTHING_CHANGED);
        else if (bonuses.length > 0) await offersChanged(tx, card.collectorId);

        const written: PointsEntry[] = [];
        let balance: number | undefined;
        if (!pendingPointsId) {
          const entries = [
            ...(base > 0
              ? [{ key: saleLedgerKey(saleId, 'base'), points: base, reason: partnerAwardReasons.base }]
              : []),
            ...bonuses.map((bonus) => ({
              key: saleLedgerKey(saleId, { offerId: bonus.offerId }),
              points: bonus.points,
              reason: partnerAwardReasons.offer(bonus.title),
              offerId: bonus.offerId,
            })),
          ];
          if (entries.length > 0) {
            const ledger = entries.map((entry) => ({
              collectorId: card.collectorId,
              cardNumber: card.number,
              amount: entry.points,
              reason: entry.reason,
              source: partner.ledgerSource,
              idempotencyKey: entry.key,
              at: now,
              ...('offerId' in entry ? { offerId: entry.offerId } : {}),
            }));
            const result = await writeEntries(tx, ledger, feed);
            written.push(...ledger);
            balance = result.balance;
            // The first entry carries the shop: where, what was spent, and the digital receipt.
            await repo.insertDetails(
              tx,
              result.ids.map((ledgerEntryId, index) => ({
                ledgerEntryId,
                collectorId: card.collectorId,
                partnerKind: index === 0 ? partner.kind : 'ADJUSTMENT',
                partnerName: partner.name,
                storeName: request.storeId,
                ...(index === 0
                  ? {
                      spendPence: request.total,
                      savingPence: savings,
                      receiptId: saleId,
                      receiptLines: request.lines.map((line) => ({
                        description: line.description ?? line.sku,
                        quantity: line.quantity,
                        pricePence: line.amount,
                        savingPence: line.memberPriceSaving ?? 0,
                      })),
                    }
                  : {}),
              })),
            );
          }
        }
        const body: SaleResponse = {
          saleId,
          pointsAwarded: awarded,
          breakdown: [
            { reason: partnerAwardReasons.base, points: base },
            ...bonuses.map((bonus) => ({
              reason: partnerAwardReasons.offer(bonus.title),
              points: bonus.points,
              offerId: bonus.offerId,
            })),
          ],
          memberPriceSavings: savings,
          balance: balance ?? (await pointsBalance(tx, card.collectorId)),
          ...(pendingPointsId && pendingUntil ? { pendingUntil } : {}),
        };
        const { balance: _balance, ...told } = body;
        return {
          status: 201,
          written,
          offersOf: bonuses.length > 0 ? card.collectorId : undefined,
          offersOfEveryone: offerStopped,
          webhook: await webhookFor(
            tx,
            call.client.clientId,
            WEBHOOK_TYPES.awarded,
            { ...told, receiptId: request.receiptId, cardNumber: card.number },
            now,
          ),
          body,
        };
      });
    },

    /**
     * A return, whole or by line: takes back the base points of the returned lines and any bonus the basket no
     * longer meets, never twice. What the balance no longer holds is not taken (the balance never goes below
     * zero) and is answered as `pointsNotRecovered`. A return before points on their way are posted lowers them.
     */
    returnSale(call: PartnerCall, saleId: string, request: ReturnRequest) {
      return once<ReturnResponse>(call, async (tx, now) => {
        const sale = await repo.findSaleForUpdate(tx, call.client.partnerId, saleId);
        if (!sale) throw new AppError(404, 'SALE_NOT_FOUND', partnerApiMessages.saleNotFound);
        await lockMember(tx, sale.collectorId);
        const earlier = await repo.findReturn(tx, sale.id, request.returnId);
        if (earlier) return { status: 200, written: [], body: earlier.answer as ReturnResponse };
        const applied = applyReturn(sale.lines, request.lines);
        if ('refused' in applied) {
          throw new AppError(
            409,
            'RETURN_NOT_POSSIBLE',
            partnerApiMessages.nothingLeftToReturn(applied.refused),
          );
        }
        const partner = await partnerOf(tx, call.client);
        const baseBack = basePointsLeft(sale.lines) - basePointsLeft(applied.lines);
        const rules = new Map<string, OfferRule>();
        const budgeted = new Set<string>();
        for (const row of await repo.offerRules(
          tx,
          sale.bonuses.map((bonus) => bonus.offerId),
        )) {
          const rule = parseRule(row.rule);
          if (rule) rules.set(row.id, rule);
          if (row.budgetPoints !== null) budgeted.add(row.id);
        }
        /** What was taken back of budgeted offers' bonuses is theirs to pay out again. */
        const giveBack = async (parts: ReadonlyArray<{ offerId?: string; points: number }>) => {
          for (const { offerId, points } of parts) {
            if (offerId && budgeted.has(offerId)) await repo.giveBackOfferBudget(tx, offerId, points);
          }
        };
        const bonusBack = bonusesToTakeBack(sale.bonuses, rules, applied.lines);
        const bonuses = sale.bonuses.map((bonus) => ({
          ...bonus,
          takenBack:
            bonus.takenBack + (bonusBack.find((back) => back.offerId === bonus.offerId)?.points ?? 0),
        }));
        for (const bonus of bonuses) {
          const before = sale.bonuses.find((b) => b.offerId === bonus.offerId);
          // A bonus taken back whole may be earned again.
          if (bonus.takenBack === bonus.points && before && before.takenBack < before.points) {
            await repo.countOfferEarned(tx, sale.collectorId, bonus.offerId, -1);
            await offersChanged(tx, sale.collectorId);
          }
        }
        await repo.updateSaleAfterReturn(tx, sale.id, { lines: applied.lines, bonuses });
        const due = baseBack + sum(bonusBack.map((back) => back.points));
        const stored = await repo.insertReturn(tx, {
          saleId: sale.id,
          returnId: request.returnId,
          pointsTaken: 0,
          pointsNotRecovered: 0,
          answer: {},
        });

        const written: PointsEntry[] = [];
        let taken = 0;
        let balance: number;
        const pendingLeft = basePointsLeft(applied.lines) + sum(bonuses.map((b) => b.points - b.takenBack));
        if (
          due > 0 &&
          sale.pendingPointsId &&
          (await repo.reducePendingPoints(tx, sale.pendingPointsId, pendingLeft, now))
        ) {
          taken = due;
          balance = await pointsBalance(tx, sale.collectorId);
          await giveBack(bonusBack);
        } else {
          // The member's row was locked when the sale was found.
          balance = await pointsBalance(tx, sale.collectorId);
          taken = Math.min(due, balance);
          // What the balance holds is taken in the order the sale paid it: the base points, then each bonus,
          // each its own entry (an offer's carries its id: what the offer earned is counted from the ledger).
          let left = taken;
          const parts = [{ points: baseBack }, ...bonusBack]
            .map((part) => {
              const points = Math.min(part.points, left);
              left -= points;
              return { ...part, points };
            })
            .filter((part) => part.points > 0);
          if (parts.length > 0) {
            const ledger: PointsEntry[] = parts.map((part) => ({
              collectorId: sale.collectorId,
              amount: -part.points,
              reason: partnerAwardReasons.returned,
              source: partner.ledgerSource,
              idempotencyKey: returnLedgerKey(stored.id, 'offerId' in part ? part : undefined),
              at: now,
              ...('offerId' in part ? { offerId: part.offerId } : {}),
            }));
            const result = await writeEntries(tx, ledger, feed);
            written.push(...ledger);
            balance = result.balance;
            // The first entry carries the shop, as a sale's does.
            await repo.insertDetails(
              tx,
              result.ids.map((ledgerEntryId, index) => ({
                ledgerEntryId,
                collectorId: sale.collectorId,
                partnerKind: index === 0 ? partner.kind : 'ADJUSTMENT',
                partnerName: partner.name,
                storeName: sale.storeId,
              })),
            );
            await giveBack(parts);
          }
        }
        const body: ReturnResponse = {
          returnId: request.returnId,
          saleId: sale.id,
          pointsTaken: taken,
          pointsNotRecovered: due - taken,
          breakdown: [
            ...(baseBack > 0 ? [{ reason: partnerAwardReasons.base, points: -baseBack }] : []),
            ...bonusBack.map((back) => ({
              reason: partnerAwardReasons.offer(back.title),
              points: -back.points,
              offerId: back.offerId,
            })),
          ],
          balance,
        };
        await repo.setReturnAnswer(tx, stored.id, body, {
          pointsTaken: taken,
          pointsNotRecovered: due - taken,
        });
        const { balance: _balance, ...told } = body;
        return {
          status: 201,
          written,
          body,
          offersOf: bonusBack.length > 0 ? sale.collectorId : undefined,
          webhook: await webhookFor(tx, call.client.clientId, WEBHOOK_TYPES.reversed, told, now),
        };
      });
    },

    /**
     * Holds points for a basket (or the points of a value): the debit is written now, so the points cannot be
     * spent twice, for HOLD_MAX_MINUTES at the most. Refused for a temporary card, while the redemption lock is
     * on, past the daily till limit, or when the balance is short.
     */
    hold(call: PartnerCall, request: HoldRequest) {
      return once<HoldResponse>(call, async (tx, now) => {
        const partner = await partnerOf(tx, call.client);
        const card = await identify(tx, request.member, 'spend-points', partner, now);
        await lockMember(tx, card.collectorId);
        const points = request.points ?? Math.ceil(((request.valuePence ?? 0) * POINTS_PER_POUND) / 100);
        const held = await repo.pointsHeldSince(
          tx,
          card.collectorId,
          new Date(now.getTime() - 24 * 3_600_000),
        );
        if (held + points > TILL_DAILY_SPEND_POINTS) {
          throw new AppError(409, 'SPEND_LIMIT_REACHED', partnerApiMessages.spendLimitReached);
        }
        const hold = await repo.insertHold(tx, {
          partnerId: partner.id,
          clientId: call.client.clientId,
          collectorId: card.collectorId,
          cardNumber: card.number,
          points,
          storeId: request.storeId,
          tillId: request.tillId,
          expiresAt: new Date(now.getTime() + HOLD_MAX_MINUTES * 60_000),
          createdAt: now,
        });
        const written: PointsEntry[] = [];
        const result = await write(
          tx,
          {
            collectorId: card.collectorId,
            cardNumber: card.number,
            amount: -points,
            reason: partnerAwardReasons.held,
            source: partner.ledgerSource,
            idempotencyKey: holdLedgerKey(hold.id, 'hold'),
            at: now,
          },
          written,
        );
        // Read under the member's lock (taken by the write): a lock turned on a moment ago still wins.
        if (await isRedemptionLocked(tx, card.collectorId)) {
          throw new AppError(403, 'REDEMPTION_LOCKED', redemptionMessages.locked);
        }
        await repo.insertDetails(tx, {
          ledgerEntryId: result.id,
          collectorId: card.collectorId,
          partnerKind: 'REDEMPTION',
          partnerName: partner.name,
          storeName: request.storeId,
        });
        return {
          status: 201,
          written,
          body: {
            holdId: hold.id,
            state: 'HELD',
            points,
            valuePence: valueOf(points),
            expiresAt: hold.expiresAt.toISOString(),
            balance: result.balance,
          },
        };
      });
    },

    /** Keeps held points as spent. A hold that ran out is given back first and refused. */
    async capture(client: PartnerClient, holdId: string): Promise<HoldResponse> {
      const outcome = await settle(client, holdId, 'capture');
      if (outcome.state === 'EXPIRED' && outcome.justExpired) {
        throw new AppError(409, 'HOLD_EXPIRED', partnerApiMessages.holdExpired);
      }
      if (outcome.state !== 'CAPTURED') {
        throw new AppError(409, 'HOLD_NOT_OPEN', partnerApiMessages.holdNotOpen(outcome.state));
      }
      return outcome.answer;
    },

    /** Gives held points back. Cancelling a cancelled or expired hold answers it as it is. */
    async cancel(client: PartnerClient, holdId: string): Promise<HoldResponse> {
      const outcome = await settle(client, holdId, 'cancel');
      if (outcome.state === 'CAPTURED') {
        throw new AppError(409, 'HOLD_NOT_OPEN', partnerApiMessages.holdCaptured);
      }
      return outcome.answer;
    },

    /** What a member's card holds and whether it can spend (members:read). */
    async balance(client: PartnerClient, cardNumber: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const partner = await partnerOf(tx, client);
        const card = await identify(tx, { cardNumber }, 'collect-points', partner, now);
        const balance = await pointsBalance(tx, card.collectorId);
        const canSpend =
          card.capabilities.actions.has('spend-points') && !(await isRedemptionLocked(tx, card.collectorId));
        return { cardNumber: card.number, balance, valuePence: valueOf(balance), canSpend };
      });
    },

    /** Gives back every hold past its end (the release job); answers how many. */
    async releaseExpiredHolds(): Promise<number> {
      const due = await repo.listExpiredHolds(db, clock.now(), RELEASE_BATCH);
      let released = 0;
      for (const hold of due) {
        const outcome = await settle({ partnerId: hold.partnerId }, hold.id, 'expire');
        if (outcome.justExpired) released += 1;
      }
      return released;
    },
  };

  /**
   * Moves a hold on under its row lock: capture keeps the points; cancel, or a hold found past its end, writes
   * the release in the same transaction as the new state.
   */
  async function settle(
    client: Pick<PartnerClient, 'partnerId'>,
    holdId: string,
    action: 'capture' | 'cancel' | 'expire',
  ) {
    const now = clock.now();
    const written: PointsEntry[] = [];
    const outcome = await db.transaction(async (tx) => {
      const hold = await repo.findHoldForUpdate(tx, client.partnerId, holdId);
      if (!hold) throw new AppError(404, 'HOLD_NOT_FOUND', partnerApiMessages.holdNotFound);
      let row = hold;
      let justExpired = false;
      let webhook: string | undefined;
      if (hold.state === 'HELD') {
        const ended = hold.expiresAt.getTime() <= now.getTime();
        const next =
          ended || action === 'expire' ? 'EXPIRED' : action === 'capture' ? 'CAPTURED' : 'CANCELLED';
        if (next !== 'EXPIRED' || ended) {
          if (next !== 'CAPTURED') {
            const partner = await partnerOf(tx, hold);
            await write(
              tx,
              {
                collectorId: hold.collectorId,
                amount: hold.points,
                reason: partnerAwardReasons.released,
                source: partner.ledgerSource,
                idempotencyKey: holdLedgerKey(hold.id, 'release'),
                at: now,
              },
              written,
            );
          }
          row = (await repo.settleHold(tx, hold.id, next, now)) ?? hold;
          justExpired = next === 'EXPIRED';
          webhook = await webhookFor(
            tx,
            hold.clientId,
            next === 'CAPTURED' ? WEBHOOK_TYPES.captured : WEBHOOK_TYPES.released,
            { holdId: hold.id, state: next, points: hold.points, storeId: hold.storeId, tillId: hold.tillId },
            now,
          );
        }
      }
      const balance = await pointsBalance(tx, row.collectorId);
      const answer: HoldResponse = {
        holdId: row.id,
        state: row.state,
        points: row.points,
        valuePence: valueOf(row.points),
        expiresAt: row.expiresAt.toISOString(),
        balance,
      };
      return { state: row.state, justExpired, answer, webhook };
    });
    for (const entry of written) pointsWritten(entry, feed);
    if (outcome.webhook) await queueWebhook?.(outcome.webhook);
    return outcome;
  }
}
