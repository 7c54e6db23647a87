import { accountMessages } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import {
  MAX_OPEN_CLAIMS,
  RECEIPT_MAX_BYTES,
  RECEIPT_MEDIA_TYPES,
  claimPartnerName,
  missingPointsMessages,
  poundsToPence,
  purchaseDateProblem,
  referenceKey,
  ukDate,
  type Claim,
  type ClaimAnswer,
  type ClaimFields,
  type ClaimStatus,
} from '@app/contracts/missing-points';
import type { Database, DbExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimLedgerKey } from '../../lib/ledger-keys.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockMember, recordPoints } from '../../lib/points-ledger.ts';
import { isUuid } from '../../lib/path-id.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { escapeHtml } from '../../plugins/notify.ts';
import { toPendingEntry } from './pending-points.ts';
import * as repository from './repository.ts';

/** What runs in the transaction that settles a claim, after it: the staff console's audit row. */
type Alongside = (tx: DbExecutor, settled: repository.ClaimRow) => Promise<unknown>;

/** A member's points on their way (ADR 043), for other modules: the staff console's member screen. */
export { pendingPointsOf } from './pending-points.ts';

export interface MissingPointsDeps {
  db: Database;
  clock: Clock;
  notify: Pick<Notifier, 'send'>;
  /** Where the emailed link points (PUBLIC_URL). */
  publicUrl: string;
  feed?: ChangeFeed;
}

/** A receipt as it arrived: its bytes (at most the limit and one byte more, so "too large" is known). */
export interface ReceiptUpload {
  content: Buffer;
  /** True when the upload went past RECEIPT_MAX_BYTES and was cut off. */
  truncated: boolean;
}

/** Where the member reads their claims (routes.ts: missing-points). */
export const CLAIMS_PAGE_PATH = '/account/missing-points';

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const longDay = (isoDay: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));

const isUniqueViolation = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * The receipt's type found in its content (magic bytes, by `file-type`): a JPEG, PNG or PDF of at most 5 MB,
 * or an error (413 too large, 415 anything else, whatever its name or declared type says).
 */
export async function checkReceipt(upload: ReceiptUpload) {
  if (upload.truncated || upload.content.length > RECEIPT_MAX_BYTES) {
    throw new AppError(413, 'RECEIPT_TOO_LARGE', missingPointsMessages.receiptTooLarge);
  }
  // Loaded with the first receipt, not at the server's start.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = upload.content.length > 0 ? await fileTypeFromBuffer(upload.content) : undefined;
  const mediaType = RECEIPT_MEDIA_TYPES.find((type) => type === found?.mime);
  if (!mediaType) throw new AppError(415, 'RECEIPT_TYPE_NOT_ALLOWED', missingPointsMessages.receiptType);
  return { mediaType, content: upload.content };
}

const toClaim = ({ claim, hasReceipt }: { claim: repository.ClaimRow; hasReceipt: boolean }): Claim => ({
  id: claim.id,
  partner: claim.partner,
  partnerName: claimPartnerName(claim.partner),
  purchasedOn: claim.purchasedOn,
  spendPence: claim.spendPence,
  reference: claim.reference,
  status: claim.status as ClaimStatus,
  pointsGranted: claim.pointsGranted,
  operatorNote: claim.operatorNote,
  hasReceipt: Boolean(hasReceipt),
  createdAt: claim.createdAt.toISOString(),
  settledAt: claim.settledAt?.toISOString() ?? null,
});

/** The email a member gets when an operator settles their claim. */
function settledEmail(to: string, firstName: string | null, claim: repository.ClaimRow, link: string) {
  const purchase = `your ${claimPartnerName(claim.partner)} purchase of ${longDay(claim.purchasedOn)} (${pounds(claim.spendPence)}, reference ${claim.reference})`;
  const hello = `Hello${firstName ? ` ${firstName}` : ''},`;
  const outcome =
    claim.status === 'GRANTED'
      ? `Good news: we've added ${claim.pointsGranted ?? 0} points to your balance for ${purchase}.`
      : `We looked into your missing points claim for ${purchase}, and we can't add points for it.`;
  const note = claim.operatorNote
    ? `${claim.status === 'GRANTED' ? 'Note' : 'Reason'}: ${claim.operatorNote}`
    : '';
  const subject =
    claim.status === 'GRANTED'
      ? `Your missing points claim: ${claim.pointsGranted ?? 0} points added`
      : 'Your missing points claim: our answer';
  return {
    channel: 'email' as const,
    to,
    subject,
    text: [hello, outcome, note, `See your claims: ${link}`, `The ${brand.name} team`]
      .filter(Boolean)
      .join('\n\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(outcome)}</p>`,
      note ? `<p>${escapeHtml(note)}</p>` : '',
      `<p><a href="${link}">See your claims</a></p>`,
      `<p>The ${escapeHtml(brand.name)} team</p>`,
    ].join(''),
  };
}

/** Missing-points claims (ADR 043): matched first, then stored, settled by an operator. */
export function createMissingPointsService({ db, clock, notify, publicUrl, feed }: MissingPointsDeps) {
  const today = () => ukDate(clock.now());

  /** The date rules again on the service's own clock (the route's schema checked the form's shape). */
  const checkPurchaseDate = (purchasedOn: string) => {
    const problem = purchaseDateProblem(purchasedOn, today());
    if (problem === 'future') {
      throw new AppError(400, 'CLAIM_PURCHASE_IN_FUTURE', missingPointsMessages.dateInFuture);
    }
    if (problem === 'tooOld')
      throw new AppError(400, 'CLAIM_PURCHASE_TOO_OLD', missingPointsMessages.dateTooOld);
    if (problem) throw new AppError(400, 'VALIDATION', missingPointsMessages.dateInvalid);
  };

  /**
   * A member's claim: the rules, then the member's own records (a pending entry: on its way; a credited
   * entry: already there), and only then a stored OPEN claim (one per purchase, at most MAX_OPEN_CLAIMS
   * open).
   */
  async function claim(
    collectorId: string,
    fields: ClaimFields,
    upload?: ReceiptUpload,
  ): Promise<ClaimAnswer> {
    checkPurchaseDate(fields.purchasedOn);
    const receipt = upload ? await checkReceipt(upload) : undefined;
    const purchase: repository.PurchaseKey = {
      collectorId,
      partner: fields.partner,
      partnerName: claimPartnerName(fields.partner),
      purchasedOn: fields.purchasedOn,
      spendPence: poundsToPence(fields.spend),
      referenceKey: referenceKey(fields.reference),
    };

    const pending = await repository.findPendingFor(db, purchase);
    if (pending) return { outcome: 'PENDING', pending: toPendingEntry(pending) };
    const credited = await repository.findCreditedFor(db, purchase);
    if (credited) {
      return {
        outcome: 'CREDITED',
        credited: {
          transactionId: credited.id,
          partnerName: credited.partnerName,
          points: credited.amount,
          creditedOn: ukDate(credited.createdAt),
          spendPence: credited.spendPence,
          receiptPath: credited.receiptId ? `/activity/receipt/${credited.receiptId}` : null,
        },
      };
    }

    try {
      const stored = await db.transaction(async (tx) => {
        if (!(await lockMember(tx, collectorId))) {
          throw new AppError(404, 'COLLECTOR_NOT_FOUND', accountMessages.accountNotFound);
        }
        if (await repository.findClaimByPurchase(tx, collectorId, purchase.partner, purchase.referenceKey)) {
          throw new AppError(409, 'CLAIM_DUPLICATE', missingPointsMessages.duplicate);
        }
        if ((await repository.countOpenClaims(tx, collectorId)) >= MAX_OPEN_CLAIMS) {
          throw new AppError(409, 'CLAIM_OPEN_LIMIT', missingPointsMessages.openLimit);
        }
        return repository.insertClaim(
          tx,
          {
            collectorId,
            partner: purchase.partner,
            purchasedOn: purchase.purchasedOn,
            spendPence: purchase.spendPence,
            reference: fields.reference.trim(),
            referenceKey: purchase.referenceKey,
            status: 'OPEN',
            createdAt: clock.now(),
          },
          receipt,
        );
      });
      return { outcome: 'STORED', claim: toClaim({ claim: stored, hasReceipt: receipt !== undefined }) };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(409, 'CLAIM_DUPLICATE', missingPointsMessages.duplicate);
      throw error;
    }
  }

  async function list(collectorId: string) {
    const claims = (await repository.listClaimsOf(db, collectorId)).map(toClaim);
    return {
      claims,
      openCount: claims.filter((c) => c.status === 'OPEN').length,
      maxOpen: MAX_OPEN_CLAIMS,
    };
  }

  /**
   * Every claim (or one status), oldest first, for the operator's command and the staff console's queue: with
   * the member's id, email and name.
   */
  async function listForOperator(status?: ClaimStatus) {
    const rows = await repository.listClaimsForOperator(db, status);
    return rows.map((row) => ({
      ...toClaim(row),
      collectorId: row.claim.collectorId,
      email: row.email,
      memberName: [row.firstName, row.lastName].filter(Boolean).join(' '),
    }));
  }

  const openClaim = async (claimId: string) => {
    const found = isUuid(claimId) ? await repository.findClaim(db, claimId) : undefined;
    if (!found) throw new AppError(404, 'CLAIM_NOT_FOUND', missingPointsMessages.notFound);
    if (found.status !== 'OPEN') {
      throw new AppError(409, 'CLAIM_ALREADY_SETTLED', missingPointsMessages.alreadySettled);
    }
    return found;
  };
  const alreadySettled = () =>
    new AppError(409, 'CLAIM_ALREADY_SETTLED', missingPointsMessages.alreadySettled);

  const tellMember = async (settled: repository.ClaimRow) => {
    const member = await repository.collectorEmail(db, settled.collectorId);
    if (!member?.email) return;
    await notify.send(
      settledEmail(member.email, member.firstName, settled, `${publicUrl}${CLAIMS_PAGE_PATH}`),
    );
  };

  /**
   * Grants an OPEN claim: the points through the ledger with the claim's own key and the claim marked GRANTED
   * in the same transaction, under the member's lock. A second grant, at once or later, finds the key used
   * (or the claim settled) and adds nothing. Then the member is emailed. `alongside` runs in the same
   * transaction (the staff console's audit row).
   */
  async function grant(claimId: string, points: number, note?: string, alongside?: Alongside) {
    if (!Number.isSafeInteger(points) || points < 1 || points > 100_000) {
      throw new AppError(400, 'VALIDATION', missingPointsMessages.grantPoints);
    }
    const found = await openClaim(claimId);
    const settledAt = clock.now();
    let settled: repository.ClaimRow | undefined;
    const { recorded } = await recordPoints(
      db,
      {
        collectorId: found.collectorId,
        amount: points,
        reason: `Missing points: ${claimPartnerName(found.partner)}`,
        source: 'missing-points',
        idempotencyKey: claimLedgerKey(found.id),
        at: settledAt,
      },
      feed,
      async (tx, ledgerEntryId) => {
        settled = await repository.settleClaim(tx, found.id, {
          status: 'GRANTED',
          pointsGranted: points,
          ledgerEntryId,
          operatorNote: note?.trim() || null,
          settledAt,
        });
        // Refused (or granted) in the meantime: nothing is written.
        if (!settled) throw alreadySettled();
        await repository.insertTransactionDetails(tx, {
          ledgerEntryId,
          collectorId: found.collectorId,
          partnerKind: 'ADJUSTMENT',
          partnerName: claimPartnerName(found.partner),
          spendPence: found.spendPence,
        });
        await alongside?.(tx, settled);
      },
    );
    if (!recorded || !settled) throw alreadySettled();
    await tellMember(settled);
    return toClaim({ claim: settled, hasReceipt: false });
  }

  /**
   * Refuses an OPEN claim with the reason the member will read, then emails them; `alongside` runs in the
   * transaction that settles it.
   */
  async function refuse(claimId: string, reason: string, alongside?: Alongside) {
    const trimmed = reason.trim();
    if (!trimmed) throw new AppError(400, 'VALIDATION', missingPointsMessages.refusalReason);
    const found = await openClaim(claimId);
    const settlement = {
      status: 'REFUSED',
      pointsGranted: null,
      ledgerEntryId: null,
      operatorNote: trimmed,
      settledAt: clock.now(),
    };
    const settled = await db.transaction(async (tx) => {
      const row = await repository.settleClaim(tx, found.id, settlement);
      if (row) await alongside?.(tx, row);
      return row;
    });
    if (!settled) throw alreadySettled();
    await tellMember(settled);
    return toClaim({ claim: settled, hasReceipt: false });
  }

  return { claim, checkPurchaseDate, list, listForOperator, grant, refuse };
}
export type MissingPointsService = ReturnType<typeof createMissingPointsService>;
