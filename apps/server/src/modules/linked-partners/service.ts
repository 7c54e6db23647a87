import { createHash, randomBytes } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import {
  CONTACT_CHANGE_COOL_OFF_MS,
  CONVERSION_RATES,
  DAILY_POINTS_LIMIT,
  DAILY_TRANSFER_COUNT_LIMIT,
  LINK_UNLINK_CAP,
  MAX_POINTS_PER_TRANSFER,
  PARTNERS,
  PARTNER_KINDS,
  convertedPoints,
  linkedPartnerMessages as m,
  partnerById,
  type ConversionResult,
  type ConversionStart,
  type FlowResult,
  type LinkRequest,
  type PartnerInfo,
  type PartnerKind,
  type PartnerStatus,
  type Transfer,
} from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import type { ErrorCode } from '@app/contracts/error-codes';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { issueCode, maskEmail, maskPhone, resendCode, verifyCode } from '../../lib/one-time-codes.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { findContact } from '../../lib/collectors.ts';
import { assertFullCardHolder } from '../../lib/card-capabilities.ts';
import { PartnerError, callPartner, type PartnerAdapter } from './partner-adapter.ts';
import * as repo from './repository.ts';

export const CONVERSION_PURPOSE = 'points-conversion';

export interface LinkedPartnersDeps {
  db: Database;
  adapters: Record<PartnerKind, PartnerAdapter>;
  timeoutMs: number;
  send: (message: { channel: 'email' | 'sms'; to: string; subject: string; text: string }) => Promise<void>;
  feed?: ChangeFeed;
  now?: () => Date;
}

const fail = (status: number, code: ErrorCode, description: string) =>
  new AppError(status, code, description);

/** The transfer id a conversion token stands for: a repeated confirm finds the same transfer. */
export const transferIdOf = (token: string) => {
  const h = createHash('sha256').update(`conversion:${token}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const startOfDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const masked = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;

export function toTransfer(row: repo.PartnerTransfer): Transfer {
  return {
    id: row.id,
    partnerId: row.partnerId as Transfer['partnerId'],
    conversionType: row.conversionType as Transfer['conversionType'],
    direction: row.conversionType === 'NECTAR_TO_PARTNER' ? 'NTP' : 'PTN',
    pointsGiven: row.pointsGiven,
    pointsReceived: row.pointsReceived,
    status: row.status as Transfer['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Linked partners and points exchange (signed-in spec 3, 4, 8, 9): link and unlink under the cap of 4 per
 * account, per card and per partner account; conversions both ways after a 2FA code, with daily limits and
 * the redemption lock, through the points ledger with idempotency keys. A partner failure after the base
 * points were taken refunds them exactly once (the refund's ledger key is unique).
 */
export function createLinkedPartnersService(deps: LinkedPartnersDeps) {
  const { db, adapters, timeoutMs } = deps;
  const now = deps.now ?? (() => new Date());
  const partner = (partnerId: string): PartnerInfo => {
    const info = partnerById(partnerId);
    if (!info) throw fail(404, 'PARTNER_NOT_FOUND', 'We could not find that partner.');
    return info;
  };
  const call = <T>(kind: PartnerKind, fn: (a: PartnerAdapter, signal: AbortSignal) => Promise<T>) =>
    callPartner(timeoutMs, (signal) => fn(adapters[kind], signal));

  const cardOrFail = async (collectorId: string) => {
    const card = await repo.cardOf(db, collectorId);
    if (!card) throw fail(409, 'NO_CARD', `You need an active ${brand.name} card to link a partner.`);
    return card;
  };

  async function status(collectorId: string) {
    const card = (await repo.cardOf(db, collectorId)) ?? '';
    const links = await repo.liveLinks(db, collectorId);
    const since = startOfDay(now());
    const partners: PartnerStatus[] = [];
    for (const kind of PARTNER_KINDS) {
      const info = PARTNERS[kind];
      const link = links.find((row) => row.partnerId === info.partnerId);
      const counts = await repo.linkActionCounts(db, {
        collectorId,
        cardNumber: card,
        partnerId: info.partnerId,
      });
      const today = await repo.transfersSince(db, collectorId, info.partnerId, since);
      let partnerBalance: number | null = null;
      if (link)
        partnerBalance = await call(kind, (a, s) => a.balance(link.partnerAccount, s)).catch(() => null);
      partners.push({
        ...info,
        linked: link
          ? {
              membershipNumberMasked: masked(link.partnerAccount),
              linkedAt: link.linkedAt.toISOString(),
              linkType: link.linkType as 'link' | 'join',
              partnerBalance,
            }
          : null,
        linkUnlinkCount: Math.max(counts.collector, counts.card),
        linkUnlinkCap: LINK_UNLINK_CAP,
        transfersToday: today.count,
        pointsToday: today.points,
      });
    }
    return {
      partners,
      nectarBalance: await pointsBalance(db, collectorId),
      redemptionLocked: await isRedemptionLocked(db, collectorId),
    };
  }

  async function link(collectorId: string, partnerId: string, request: LinkRequest): Promise<FlowResult> {
    const info = partner(partnerId);
    const kind = info.kind;
    const card = await cardOrFail(collectorId);
    if (await repo.liveLink(db, collectorId, partnerId))
      throw fail(409, 'ALREADY_LINKED', m.common.ALREADY_LINKED);
    const before = await repo.linkActionCounts(db, { collectorId, cardNumber: card, partnerId });
    if (before.collector >= LINK_UNLINK_CAP || before.card >= LINK_UNLINK_CAP) throw capError(kind, before);

    // The partner's own check first (outside any transaction: it is a network call).
    let membershipNumber: string;
    try {
      if (request.linkType === 'join') {
        const contact = await repo.lockCollector(db, collectorId);
        membershipNumber = (
          await call(kind, (a, s) =>
            a.join({ firstName: contact?.firstName ?? '', lastName: contact?.lastName ?? '' }, s),
          )
        ).membershipNumber;
      } else {
        membershipNumber = request.membershipNumber.toUpperCase();
        await call(kind, (a, s) => a.verifyMember({ membershipNumber, lastName: request.lastName }, s));
      }
    } catch (error) {
      throw linkPartnerError(kind, error);
    }

    const relinked = await db.transaction(async (tx) => {
      await repo.lockCollector(tx, collectorId);
      await repo.lockPartnerAccount(tx, partnerId, membershipNumber);
      if (await repo.liveLink(tx, collectorId, partnerId))
        throw fail(409, 'ALREADY_LINKED', m.common.ALREADY_LINKED);
      const counts = await repo.linkActionCounts(tx, {
        collectorId,
        cardNumber: card,
        partnerId,
        partnerAccount: membershipNumber,
      });
      if (counts.collector >= LINK_UNLINK_CAP || counts.card >= LINK_UNLINK_CAP) throw capError(kind, counts);
      const others = await repo.otherCollectorsLinks(tx, partnerId, membershipNumber, collectorId);
      if (others.some((row) => row.unlinkedAt === null)) {
        throw kind === 'airline'
          ? fail(409, 'ALREADY_LINKED_ELSEWHERE', m.airline.ALREADY_LINKED_ELSEWHERE)
          : fail(409, 'ALREADY_LINKED_OTHER', m.hotel.ALREADY_LINKED_OTHER);
      }
      if (counts.account >= LINK_UNLINK_CAP) {
        throw kind === 'airline'
          ? fail(409, 'PARTNER_ACCOUNT_CAP', m.airline.PARTNER_ACCOUNT_CAP)
          : fail(409, 'MAX_LINKS', m.hotel.MAX_LINKS);
      }
      const past = await repo.pastLinks(tx, collectorId, partnerId);
      if (kind === 'hotel' && others.length > 0) {
        throw fail(409, 'PREVIOUSLY_LINKED_ONCE', m.hotel.PREVIOUSLY_LINKED_ONCE);
      }
      const first = past[0];
      if (kind === 'airline' && first && first.partnerAccount !== membershipNumber) {
        throw fail(409, 'ORIGINAL_MEMBER_NUMBER', m.airline.ORIGINAL_MEMBER_NUMBER);
      }
      await repo.insertLink(tx, {
        collectorId,
        cardNumber: card,
        partnerId,
        partnerAccount: membershipNumber,
        linkType: request.linkType,
      });
      return past.length > 0;
    });
    await call(kind, (a, s) => a.setLinked(membershipNumber, true, s)).catch(() => undefined);
    const message =
      request.linkType === 'join'
        ? m.success.JOINED(info.name)
        : relinked
          ? m.success.RELINKED(info.name)
          : m.success.LINKED(info.name);
    return { state: 'SUCCESS', message, modal: 'link_success' };
  }

  async function unlink(collectorId: string, partnerId: string): Promise<FlowResult> {
    const info = partner(partnerId);
    const unlinkError = () =>
      fail(502, info.kind === 'airline' ? 'UNLINK_FAILED' : 'UNLINK_TECHNICAL', m.airline.UNLINK_FAILED);
    const current = await repo.liveLink(db, collectorId, partnerId);
    if (!current) throw fail(409, 'NOT_LINKED', m.common.NOT_LINKED_UNLINK);
    const counts = await repo.linkActionCounts(db, {
      collectorId,
      cardNumber: current.cardNumber,
      partnerId,
    });
    if (counts.collector >= LINK_UNLINK_CAP || counts.card >= LINK_UNLINK_CAP)
      throw capError(info.kind, counts);
    try {
      await call(info.kind, (a, s) => a.setLinked(current.partnerAccount, false, s));
    } catch {
      throw unlinkError();
    }
    if (!(await repo.endLink(db, current.id))) throw fail(409, 'NOT_LINKED', m.common.NOT_LINKED_UNLINK);
    return { state: 'SUCCESS', message: m.success.UNLINKED(info.name), modal: null };
  }

  /** The rules a conversion must meet, at its start and again when it is confirmed. */
  async function checkConversion(collectorId: string, start: ConversionStart, tx: repo.DbLike = db) {
    const info = partner(start.partnerId);
    const current = await repo.liveLink(tx, collectorId, start.partnerId);
    if (!current) throw fail(409, 'NOT_LINKED', m.common.NOT_LINKED);
    const received = convertedPoints(info.kind, start.conversionType, start.points);
    if (received === null) {
      throw fail(
        400,
        'WRONG_STEP',
        m.common.WRONG_STEP(CONVERSION_RATES[info.kind][start.conversionType].step),
      );
    }
    const nectarPoints = start.conversionType === 'NECTAR_TO_PARTNER' ? start.points : received;
    if (start.conversionType === 'NECTAR_TO_PARTNER' && (await isRedemptionLocked(tx, collectorId))) {
      throw fail(403, 'REDEMPTION_LOCKED', m.common.REDEMPTION_LOCKED);
    }
    if (
      await repo.contactChangedSince(tx, collectorId, new Date(now().getTime() - CONTACT_CHANGE_COOL_OFF_MS))
    ) {
      throw fail(403, 'CONTACT_DETAILS_CHANGED', m.common.CONTACT_DETAILS_CHANGED);
    }
    if (nectarPoints > MAX_POINTS_PER_TRANSFER) throw fail(400, 'MAX_TRANSACTION', m.common.MAX_TRANSACTION);
    const today = await repo.transfersSince(tx, collectorId, start.partnerId, startOfDay(now()));
    if (today.count >= DAILY_TRANSFER_COUNT_LIMIT) {
      throw fail(429, 'DAILY_TRANSACTION_LIMIT', m.common.DAILY_TRANSACTION_LIMIT);
    }
    if (today.points + nectarPoints > DAILY_POINTS_LIMIT)
      throw fail(400, 'MAX_TRANSACTION', m.common.MAX_TRANSACTION);
    return { info, link: current, received };
  }

  async function startConversion(collectorId: string, start: ConversionStart) {
    // Converting spends or collects points outside the retailer: a full card only (issue 28, point 4).
    await assertFullCardHolder(db, collectorId);
    const { info, link: current, received } = await checkConversion(collectorId, start);
    if (start.conversionType === 'NECTAR_TO_PARTNER') {
      if ((await pointsBalance(db, collectorId)) < start.points) {
        throw fail(409, 'NOT_ENOUGH_POINTS', m.common.NOT_ENOUGH_POINTS);
      }
    } else {
      let partnerBalance: number;
      try {
        partnerBalance = await call(info.kind, (a, s) => a.balance(current.partnerAccount, s));
      } catch (error) {
        throw transferPartnerError(info.kind, error);
      }
      if (partnerBalance < start.points) {
        throw fail(409, 'NOT_ENOUGH_PARTNER_POINTS', m.common.NOT_ENOUGH_PARTNER_POINTS);
      }
    }
    const contact = await findContact(db, collectorId);
    const destination = contact?.email
      ? { method: 'email' as const, to: contact.email, masked: maskEmail(contact.email) }
      : contact?.phoneNumber
        ? {
            method: 'sms' as const,
            to: `${contact.phoneCountryCode ?? ''}${contact.phoneNumber}`,
            masked: maskPhone(contact.phoneNumber),
          }
        : undefined;
    if (!destination)
      throw fail(400, 'NO_CONTACT', 'We have no email address or mobile number to send a code to.');
    const conversionToken = randomBytes(24).toString('base64url');
    const code = await issueCode(db, {
      collectorId,
      purpose: CONVERSION_PURPOSE,
      binding: conversionToken,
      deliveryMethod: destination.method,
      data: { ...start },
    });
    await sendCode(destination, code, info, start.points);
    return {
      conversionToken,
      deliveryMethod: destination.method,
      maskedDestination: destination.masked,
      message: m.twoFactor.CODE_SENT_EMAIL(destination.masked),
      pointsGiven: start.points,
      pointsReceived: received,
    };
  }

  async function sendCode(
    destination: { method: 'email' | 'sms'; to: string },
    code: string,
    info: PartnerInfo,
    points: number,
  ) {
    await deps.send({
      channel: destination.method,
      to: destination.to,
      subject: `Your ${brand.name} conversion code`,
      text: `Your code to confirm converting ${points.toLocaleString('en-GB')} points with ${info.name} is ${code}. It lasts 10 minutes. If this wasn't you, don't share it and change your password.`,
    });
  }

  async function resend(collectorId: string, conversionToken: string) {
    let result: Awaited<ReturnType<typeof resendCode>>;
    try {
      result = await resendCode(db, conversionToken, CONVERSION_PURPOSE);
    } catch (error) {
      throw twoFactorError(error);
    }
    if (result.row.collectorId !== collectorId) throw fail(400, 'CODE_EXPIRED', m.twoFactor.EXPIRED);
    const start = result.row.data as ConversionStart;
    const contact = await findContact(db, collectorId);
    const info = partner(start.partnerId);
    if (contact?.email)
      await sendCode({ method: 'email', to: contact.email }, result.code, info, start.points);
    else if (contact?.phoneNumber) {
      await sendCode(
        { method: 'sms', to: `${contact.phoneCountryCode ?? ''}${contact.phoneNumber}` },
        result.code,
        info,
        start.points,
      );
    }
    return { message: m.twoFactor.CODE_SENT_EMAIL(maskEmail(contact?.email ?? '')) };
  }

  /** Gives back the base points a failed base-to-partner transfer took; the ledger key makes it happen once. */
  async function refund(row: repo.PartnerTransfer, failureCode: string) {
    const result = await recordPoints(
      db,
      {
        collectorId: row.collectorId,
        amount: row.pointsGiven,
        reason: `Refund: conversion to ${partner(row.partnerId).name} did not go through`,
        source: `partner-${row.partnerId.toLowerCase()}`,
        idempotencyKey: `partner-transfer:${row.id}:refund`,
      },
      deps.feed,
    );
    await repo.setTransferStatus(db, row.id, 'FAILED', failureCode);
    return result;
  }

  async function resultOf(
    row: repo.PartnerTransfer,
    partnerAccount: string | null,
  ): Promise<ConversionResult> {
    const info = partner(row.partnerId);
    const partnerBalance =
      partnerAccount === null
        ? null
        : await call(info.kind, (a, s) => a.balance(partnerAccount, s)).catch(() => null);
    return {
      state: row.status === 'SUCCESS' ? 'SUCCESS' : row.status === 'FAILED' ? 'ERROR' : 'PENDING',
      message:
        row.conversionType === 'NECTAR_TO_PARTNER'
          ? m.success.REDEEMED
          : m.success.COLLECTED(row.pointsReceived),
      modal: 'transfer_points',
      transfer: toTransfer(row),
      nectarBalance: await pointsBalance(db, row.collectorId),
      partnerBalance,
    };
  }

  /** A transfer already recorded for this conversion: its result (or failure), answered again. */
  const answerRecorded = (
    existing: NonNullable<Awaited<ReturnType<typeof repo.findTransfer>>>,
    collectorId: string,
  ) => {
    if (existing.collectorId !== collectorId) throw fail(400, 'CODE_EXPIRED', m.twoFactor.EXPIRED);
    if (existing.status === 'FAILED')
      throw transferFailedError(partner(existing.partnerId).kind, existing.failureCode);
    return resultOf(existing, existing.partnerAccount);
  };

  async function confirmConversion(collectorId: string, conversionToken: string, twoFaCode: string) {
    const id = transferIdOf(conversionToken);
    const recorded = await repo.findTransfer(db, id);
    if (recorded) return answerRecorded(recorded, collectorId);

    // Under the collector's lock, confirmations of one conversion take turns: the first spends the code and
    // records the transfer; the others then find the transfer and answer its state instead of a spent code
    // (issue 28, point 9). Whatever the turn did is kept (a wrong guess stays counted), then its error thrown.
    const turn = await db.transaction(async (tx) => {
      await repo.lockCollector(tx, collectorId);
      const existing = await repo.findTransfer(tx, id);
      if (existing) return { existing } as const;
      try {
        const codeRow = await verifyCode(
          tx as unknown as Database,
          conversionToken,
          CONVERSION_PURPOSE,
          twoFaCode,
        ).catch((error: unknown) => {
          throw twoFactorError(error);
        });
        if (codeRow.collectorId !== collectorId) throw fail(400, 'CODE_EXPIRED', m.twoFactor.EXPIRED);
        const start = codeRow.data as ConversionStart;
        // Rules again, and the transfer recorded before any point moves.
        const checked = await checkConversion(collectorId, start, tx);
        await repo.insertTransfer(tx, {
          id,
          collectorId,
          partnerId: start.partnerId,
          partnerAccount: checked.link.partnerAccount,
          conversionType: start.conversionType,
          pointsGiven: start.points,
          pointsReceived: checked.received,
          status: 'PENDING',
        });
        return { start, checked } as const;
      } catch (error) {
        return { error } as const;
      }
    });
    if ('existing' in turn && turn.existing) return answerRecorded(turn.existing, collectorId);
    if ('error' in turn) throw turn.error;
    const { start } = turn;
    const { info, link: current, received } = turn.checked;
    const source = `partner-${info.partnerId.toLowerCase()}`;

    if (start.conversionType === 'NECTAR_TO_PARTNER') {
      try {
        await recordPoints(
          db,
          {
            collectorId,
            amount: -start.points,
            reason: `Converted to ${info.pointsName}`,
            source,
            idempotencyKey: `partner-transfer:${id}:debit`,
          },
          deps.feed,
        );
      } catch (error) {
        await repo.setTransferStatus(db, id, 'FAILED', 'NOT_ENOUGH_POINTS');
        if (error instanceof AppError && error.code === 'INSUFFICIENT_POINTS') {
          throw fail(409, 'NOT_ENOUGH_POINTS', m.common.NOT_ENOUGH_POINTS);
        }
        throw error;
      }
      try {
        await call(info.kind, (a, s) => a.credit(current.partnerAccount, received, id, s));
      } catch (error) {
        const failure = error instanceof PartnerError ? error.failure : 'UNAVAILABLE';
        // An unanswered call may have been applied: ask the partner to undo it before giving the points back.
        if (failure === 'TIMEOUT') await call(info.kind, (a, s) => a.reverse(id, s)).catch(() => undefined);
        const row = await repo.findTransfer(db, id);
        if (row) await refund(row, failure);
        throw transferFailedError(info.kind, failure);
      }
    } else {
      try {
        await call(info.kind, (a, s) => a.debit(current.partnerAccount, start.points, id, s));
      } catch (error) {
        const failure = error instanceof PartnerError ? error.failure : 'UNAVAILABLE';
        if (failure === 'TIMEOUT') await call(info.kind, (a, s) => a.reverse(id, s)).catch(() => undefined);
        await repo.setTransferStatus(db, id, 'FAILED', failure);
        if (failure === 'INSUFFICIENT')
          throw fail(409, 'NOT_ENOUGH_PARTNER_POINTS', m.common.NOT_ENOUGH_PARTNER_POINTS);
        throw transferFailedError(info.kind, failure);
      }
      await recordPoints(
        db,
        {
          collectorId,
          amount: received,
          reason: `Converted from ${info.pointsName}`,
          source,
          idempotencyKey: `partner-transfer:${id}:credit`,
        },
        deps.feed,
      );
    }
    await repo.setTransferStatus(db, id, 'SUCCESS');
    const done = await repo.findTransfer(db, id);
    if (!done) throw fail(500, 'SERVER_ERROR', 'Something went wrong. Try again');
    return resultOf(done, current.partnerAccount);
  }

  /**
   * Transfers left PENDING because the process stopped mid-way: base-to-partner ones are reversed at the
   * partner and refunded (once, by the refund's ledger key); partner-to-base ones are reversed at the partner.
   */
  async function settleStaleTransfers(olderThanMs = 5 * 60_000) {
    const stale = await repo.stalePendingTransfers(db, new Date(now().getTime() - olderThanMs));
    for (const row of stale) {
      const kind = partner(row.partnerId).kind;
      try {
        await call(kind, (a, s) => a.reverse(row.id, s));
      } catch {
        continue; // the partner is not answering: try again at the next start
      }
      if (row.conversionType === 'NECTAR_TO_PARTNER') await refund(row, 'STALE');
      else await repo.setTransferStatus(db, row.id, 'FAILED', 'STALE');
    }
    return stale.length;
  }

  return {
    status,
    link,
    unlink,
    startConversion,
    resend,
    confirmConversion,
    refund,
    settleStaleTransfers,
    recent: async (collectorId: string) => (await repo.recentTransfers(db, collectorId)).map(toTransfer),
  };
}

function capError(kind: PartnerKind, counts: { collector: number; card: number }) {
  if (kind === 'airline') return fail(409, 'CARD_CAP', m.airline.CARD_CAP);
  return counts.collector >= LINK_UNLINK_CAP
    ? fail(409, 'MAX_LINKS', m.hotel.MAX_LINKS)
    : fail(409, 'EXCEEDED_CAPS', m.hotel.EXCEEDED_CAPS);
}

function linkPartnerError(kind: PartnerKind, error: unknown) {
  const failure = error instanceof PartnerError ? error.failure : 'UNAVAILABLE';
  if (failure === 'NOT_FOUND' || failure === 'REJECTED') {
    return kind === 'airline'
      ? fail(400, 'LINK_DETAILS_WRONG', m.airline.LINK_DETAILS_WRONG)
      : fail(400, 'LINK_ERROR', m.hotel.LINK_ERROR);
  }
  return kind === 'airline'
    ? fail(502, 'PARTNER_UNAVAILABLE', m.airline.PARTNER_UNAVAILABLE)
    : fail(502, 'LINK_API', m.hotel.LINK_API);
}

function transferPartnerError(kind: PartnerKind, error: unknown) {
  const failure = error instanceof PartnerError ? error.failure : 'UNAVAILABLE';
  if (failure === 'LOCKED') return lockedError(kind);
  return kind === 'airline'
    ? fail(502, 'PARTNER_UNAVAILABLE', m.airline.PARTNER_UNAVAILABLE)
    : fail(502, 'API_ERROR', m.hotel.API_ERROR);
}

const lockedError = (kind: PartnerKind) =>
  fail(
    423,
    'PARTNER_ACCOUNT_LOCKED',
    kind === 'airline' ? m.airline.PARTNER_ACCOUNT_LOCKED : m.hotel.PARTNER_ACCOUNT_LOCKED,
  );

function transferFailedError(kind: PartnerKind, failure: string | null) {
  if (failure === 'LOCKED') return lockedError(kind);
  return kind === 'airline'
    ? fail(502, 'TRANSFER_FAILED', m.airline.TRANSFER_FAILED)
    : fail(502, 'REDEMPTION_ERROR', m.hotel.REDEMPTION_ERROR);
}

function twoFactorError(error: unknown) {
  if (!(error instanceof AppError)) return error;
  const map: Record<string, string> = {
    CODE_EXPIRED: m.twoFactor.CODE_EXPIRED,
    CODE_INCORRECT: m.twoFactor.CODE_INCORRECT,
    CODE_MAX_ATTEMPTS: m.twoFactor.MAX_ATTEMPTS,
    CODE_RESEND_LIMIT: m.twoFactor.RESEND_LIMIT,
  };
  const description = map[error.code];
  return description ? fail(error.statusCode, error.code, description) : error;
}
