import { randomBytes } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import {
  CONTACT_CHANGE_COOL_OFF_MS,
  CONVERSION_RATES,
  DAILY_POINTS_LIMIT,
  DAILY_TRANSFER_COUNT_LIMIT,
  MAX_POINTS_PER_TRANSFER,
  convertedPoints,
  linkedPartnerMessages as m,
  type ConversionResult,
  type ConversionStart,
  type PartnerInfo,
  type PartnerKind,
} from '@app/contracts/linked-partners';
import { twoFactorMessages } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertFullCardHolder } from '../../lib/card-capabilities.ts';
import type { Clock } from '../../lib/clock.ts';
import { findContact } from '../../lib/collectors.ts';
import { issueCode, maskEmail, maskPhone, resendCode, verifyCode } from '../../lib/one-time-codes.ts';
import { hashUuid } from '../../lib/hash-uuid.ts';
import { transferLedgerKey } from '../../lib/ledger-keys.ts';
import { hasLedgerEntry, pointsBalance, pointsWritten, writePoints } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { PartnerError } from './partner-adapter.ts';
import { fail, startOfDay, type LinkedPartnersDeps, type PartnerCalls } from './partner-calls.ts';
import * as repo from './repository.ts';

export const CONVERSION_PURPOSE = 'points-conversion';

/**
 * How old a PENDING transfer must be before it is settled as stale, by default: a confirmation's partner calls
 * (the credit or debit, then a reversal after its time-out) each end within the partner time limit, so past two
 * of them and a 30-second margin no request is still working on the transfer.
 */
export const settleAfterMs = (partnerTimeoutMs: number) => 2 * partnerTimeoutMs + 30_000;

/** The transfer id a conversion token stands for: a repeated confirm finds the same transfer. */
export const transferIdOf = (token: string) => hashUuid(`conversion:${token}`);

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

/** The ledger entry that takes a base-to-partner transfer's points. */
const debitEntry = (collectorId: string, transferId: string, points: number, info: PartnerInfo) => ({
  collectorId,
  amount: -points,
  reason: `Converted to ${info.pointsName}`,
  source: `partner-${info.partnerId.toLowerCase()}`,
  idempotencyKey: transferLedgerKey(transferId, 'debit'),
});

/**
 * Points exchange (docs/product/switches-and-constants.md §S9): conversions both ways after a 2FA code, with
 * daily limits and the redemption lock, through the points ledger with idempotency keys. A partner failure
 * after the base points were taken refunds them exactly once (the refund's ledger key is unique).
 */
export function createConversions(
  deps: LinkedPartnersDeps & { clock: Clock },
  { partner, call }: PartnerCalls,
) {
  const { db, clock } = deps;
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
      await repo.contactChangedSince(
        tx,
        collectorId,
        new Date(clock.now().getTime() - CONTACT_CHANGE_COOL_OFF_MS),
      )
    ) {
      throw fail(403, 'CONTACT_DETAILS_CHANGED', m.common.CONTACT_DETAILS_CHANGED);
    }
    if (nectarPoints > MAX_POINTS_PER_TRANSFER) throw fail(400, 'MAX_TRANSACTION', m.common.MAX_TRANSACTION);
    const today = await repo.transfersSince(tx, collectorId, start.partnerId, startOfDay(clock.now()));
    if (today.count >= DAILY_TRANSFER_COUNT_LIMIT) {
      throw fail(429, 'DAILY_TRANSACTION_LIMIT', m.common.DAILY_TRANSACTION_LIMIT);
    }
    if (today.points + nectarPoints > DAILY_POINTS_LIMIT)
      throw fail(400, 'MAX_TRANSACTION', m.common.MAX_TRANSACTION);
    return { info, link: current, received };
  }

  async function startConversion(collectorId: string, start: ConversionStart) {
    // Converting spends or collects points outside the retailer: a full card only.
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
    if (!destination) throw fail(400, 'NO_CONTACT', twoFactorMessages.noContact);
    const conversionToken = randomBytes(24).toString('base64url');
    const code = await issueCode(
      db,
      {
        collectorId,
        purpose: CONVERSION_PURPOSE,
        binding: conversionToken,
        deliveryMethod: destination.method,
        data: { ...start },
      },
      clock,
    );
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
      result = await resendCode(db, conversionToken, CONVERSION_PURPOSE, clock);
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

  /**
   * Ends a base-to-partner transfer that did not go through: FAILED, with the base points it took given back,
   * in one transaction under the member's lock. Only a debit that exists is refunded (a transfer whose debit
   * was never written gives nothing back), once: the refund's ledger key is unique and a transfer leaves PENDING
   * once, so a settler and a request (or two settlers) racing for one transfer refund it once between them.
   */
  async function refund(row: repo.PartnerTransfer, failureCode: string) {
    const entry = {
      collectorId: row.collectorId,
      amount: row.pointsGiven,
      reason: `Refund: conversion to ${partner(row.partnerId).name} did not go through`,
      source: `partner-${row.partnerId.toLowerCase()}`,
      idempotencyKey: transferLedgerKey(row.id, 'refund'),
    };
    const refunded = await db.transaction(async (tx) => {
      await repo.lockCollector(tx, row.collectorId);
      if ((await repo.findTransfer(tx, row.id))?.status !== 'PENDING') return false;
      const debited = await hasLedgerEntry(tx, transferLedgerKey(row.id, 'debit'));
      const written = debited ? await writePoints(tx, entry, deps.feed) : undefined;
      await repo.setTransferStatus(tx, row.id, 'FAILED', clock.now(), failureCode);
      return written?.recorded === true;
    });
    if (refunded) pointsWritten(entry, deps.feed);
    return { refunded };
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
        row.status === 'PENDING'
          ? m.common.BEING_REFUNDED(info.name)
          : row.conversionType === 'NECTAR_TO_PARTNER'
            ? m.success.REDEEMED
            : m.success.COLLECTED(row.pointsReceived),
      modal: 'transfer_points',
      transfer: repo.toTransfer(row),
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
    // records the transfer; the others then find the transfer and answer its state instead of a spent code.
    // Whatever the turn did is kept (a wrong guess stays counted), then its error thrown.
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
          clock,
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
        if (start.conversionType === 'NECTAR_TO_PARTNER') {
          // The transfer and its debit commit together: no transfer stands without the points it took, so
          // settling one after a crash never gives back points that were not taken.
          const taken = await writePoints(
            tx,
            debitEntry(collectorId, id, start.points, checked.info),
            deps.feed,
          ).catch((error: unknown) => error);
          if (taken instanceof AppError && taken.code === 'INSUFFICIENT_POINTS') {
            await repo.setTransferStatus(tx, id, 'FAILED', clock.now(), 'NOT_ENOUGH_POINTS');
            return { error: fail(409, 'NOT_ENOUGH_POINTS', m.common.NOT_ENOUGH_POINTS) } as const;
          }
          if (taken instanceof Error) throw taken;
        }
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
      pointsWritten({ collectorId, amount: -start.points }, deps.feed);
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
      await repo.setTransferStatus(db, id, 'SUCCESS', clock.now());
    } else {
      try {
        await call(info.kind, (a, s) => a.debit(current.partnerAccount, start.points, id, s));
      } catch (error) {
        const failure = error instanceof PartnerError ? error.failure : 'UNAVAILABLE';
        if (failure === 'TIMEOUT') await call(info.kind, (a, s) => a.reverse(id, s)).catch(() => undefined);
        await repo.setTransferStatus(db, id, 'FAILED', clock.now(), failure);
        if (failure === 'INSUFFICIENT')
          throw fail(409, 'NOT_ENOUGH_PARTNER_POINTS', m.common.NOT_ENOUGH_PARTNER_POINTS);
        throw transferFailedError(info.kind, failure);
      }
      // The credit and the transfer's success commit together: a settler never reverses a transfer whose points
      // the member already has.
      const entry = {
        collectorId,
        amount: received,
        reason: `Converted from ${info.pointsName}`,
        source,
        idempotencyKey: transferLedgerKey(id, 'credit'),
      };
      const credited = await db.transaction(async (tx) => {
        const written = await writePoints(tx, entry, deps.feed);
        await repo.setTransferStatus(tx, id, 'SUCCESS', clock.now());
        return written;
      });
      if (credited.recorded) pointsWritten(entry, deps.feed);
    }
    const done = await repo.findTransfer(db, id);
    if (!done) throw fail(500, 'SERVER_ERROR', GENERIC_ERROR_MESSAGE);
    return resultOf(done, current.partnerAccount);
  }

  /**
   * Transfers left PENDING because the process stopped mid-way: base-to-partner ones are reversed at the partner
   * and their debit refunded (refund: only a debit that exists, once); partner-to-base ones are reversed at the
   * partner, unless the member's credit was written, in which case the transfer went through. Run every minute by
   * the settle-stale-conversions job; a transfer counts as stale once no request can still be working on it
   * (`settleAfterMs`: the partner calls' time limits and a margin).
   */
  async function settleStaleTransfers(olderThanMs = deps.settleAfterMs ?? settleAfterMs(deps.timeoutMs)) {
    const stale = await repo.stalePendingTransfers(db, new Date(clock.now().getTime() - olderThanMs));
    let settled = 0;
    for (const row of stale) {
      const kind = partner(row.partnerId).kind;
      if (
        row.conversionType === 'PARTNER_TO_NECTAR' &&
        (await hasLedgerEntry(db, transferLedgerKey(row.id, 'credit')))
      ) {
        await repo.setTransferStatus(db, row.id, 'SUCCESS', clock.now());
        settled += 1;
        continue;
      }
      try {
        await call(kind, (a, s) => a.reverse(row.id, s));
      } catch {
        continue; // the partner is not answering: the next run tries again
      }
      if (row.conversionType === 'NECTAR_TO_PARTNER') await refund(row, 'STALE');
      else await repo.setTransferStatus(db, row.id, 'FAILED', clock.now(), 'STALE');
      settled += 1;
    }
    return settled;
  }

  return {
    startConversion,
    resend,
    confirmConversion,
    refund,
    settleStaleTransfers,
    recent: async (collectorId: string) => (await repo.recentTransfers(db, collectorId)).map(repo.toTransfer),
  };
}
