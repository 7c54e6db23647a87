/**
 * The idempotency keys of the points ledger, by the kind of change (db/schema/points-ledger.ts): one definition
 * for the code that writes an entry and for the ledger check that proves each entry has what it belongs to
 * (docs/security.md "The ledger check").
 */

/** A points conversion with a partner: its debit or credit here, and the refund of a debit that failed there. */
export const transferLedgerKey = (transferId: string, step: 'debit' | 'credit' | 'refund') =>
  `partner-transfer:${transferId}:${step}`;

/** A voucher bought with points: the client's key, scoped to the member so keys never collide. */
export const redemptionLedgerKey = (collectorId: string, key: string) => `redemption:${collectorId}:${key}`;

/** A missing-points claim granted. */
export const claimLedgerKey = (claimId: string) => `missing-points-claim:${claimId}`;

/**
 * Points on their way, posted when their day comes: the shop's points, and apart each offer's bonus of a
 * partner's sale that waited with them.
 */
export const pendingLedgerKey = (pendingId: string, part?: { offerId: string }) =>
  `pending-points:${pendingId}${part ? `:offer:${part.offerId}` : ''}`;

/** A partner's sale (the partner API): its base points, and each loaded offer it paid out. */
export const saleLedgerKey = (saleId: string, part: 'base' | { offerId: string }) =>
  `partner-sale:${saleId}:${part === 'base' ? 'base' : `offer:${part.offerId}`}`;

/** A return against a partner's sale: the base points it took back, and apart each offer's bonus. */
export const returnLedgerKey = (returnRowId: string, part?: { offerId: string }) =>
  `partner-return:${returnRowId}${part ? `:offer:${part.offerId}` : ''}`;

/** Points held at a till (the debit), and given back when the hold is cancelled or runs out. */
export const holdLedgerKey = (holdId: string, step: 'hold' | 'release') => `partner-hold:${holdId}:${step}`;

/** Points a member of staff added or took (the staff console), once applied. */
export const adjustmentLedgerKey = (adjustmentId: string) => `staff-adjustment:${adjustmentId}`;
