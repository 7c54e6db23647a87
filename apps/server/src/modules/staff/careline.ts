import type { CardType, ReplacementType } from '@app/contracts/card';
import type { AccountEventType } from '@app/contracts/account';
import { claimPartnerName, type ClaimStatus } from '@app/contracts/missing-points';
import { DEFAULT_POINTS_LIMITS, staffMessages, type StaffAuditAction } from '@app/contracts/staff';
import {
  carelineEmails,
  carelineMessages,
  type QueuedClaim,
  type ResendableLink,
} from '@app/contracts/staff-careline';
import type { Database, DbExecutor } from '../../db/database.ts';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { maskEmail as maskForMember } from '../../lib/one-time-codes.ts';
import { lockMember } from '../../lib/points-ledger.ts';
import { isRedemptionLocked, setRedemptionLock } from '../../lib/redemption-lock.ts';
import { endEverySignIn } from '../../lib/revoke-account.ts';
import type { Notifier } from '../../plugins/notify.ts';
import type { SessionStore } from '../../plugins/session-store.ts';
import { checkNewEmail, endAccount, resendEmailChangeLink, sendEmailChangeLink } from '../account/service.ts';
import { createCardService, type CardStatusOutcome } from '../card/service.ts';
import { liftLockout } from '../credentials/service.ts';
import { createMissingPointsService } from '../missing-points/service.ts';
import { createPasswordResetService } from '../password-reset/service.ts';
import type { PointsLimits } from './adjustments.ts';
import { requireCallerCheck } from './caller-check.ts';
import { maskEmail } from './member-view.ts';
import type { Actor } from './service.ts';

/** The audit trail's writer (the staff service's `audit`), in the transaction of the change it records. */
type Audit = (
  actor: Actor,
  action: StaffAuditAction,
  entry: { memberId?: string | null; before?: unknown; after?: unknown; reason?: string | null },
  executor?: DbExecutor,
) => Promise<unknown>;

export interface CarelineDeps {
  db: Database;
  clock: Clock;
  notify: Notifier;
  sessions: SessionStore;
  publicUrl: string;
  feed?: ChangeFeed;
  audit: Audit;
  /** The roles' limits for one change of points (STAFF_POINTS_LIMITS): a claim granted counts as one. */
  limits?: PointsLimits;
}

/** The member of staff behind an action, with their sign-in (the caller check counts from it). */
export type CarelineStaff = Actor & { id: string; signedInAt: Date };

/** A member as the careline's actions need them: who to tell, and whether the account is still open. */
type Member = Awaited<ReturnType<typeof requireCallerCheck>>;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * The careline's actions (docs/staff-console.md "Putting things right"), each through the module that owns
 * the rule, as the member's own pages use it: the card module's replace and its statuses, the credentials'
 * lockout, the account's sign-ins, change of email and closing, the redemption lock, the password reset, the
 * missing-points claims. The routes check the role; each action on a member needs the caller checked by this
 * member of staff since they signed in (404 for no member), writes its audit row (with the reason) in the
 * transaction of its change, and, when the member would notice it, a line in their security log there too and
 * an email to them.
 */
export function createCareline(deps: CarelineDeps) {
  const { db, clock, notify } = deps;
  const cards = createCardService({ db, notify, feed: deps.feed });
  const resets = createPasswordResetService({
    db,
    notify,
    sessions: deps.sessions,
    publicUrl: deps.publicUrl,
    clock,
  });
  const claims = createMissingPointsService({
    db,
    clock,
    notify,
    publicUrl: deps.publicUrl,
    feed: deps.feed,
  });

  /** The member an action changes: caller checked, and the account still open (409 once closed). */
  async function openMember(staff: CarelineStaff, memberId: string) {
    const member = await requireCallerCheck(db, staff, memberId);
    if (member.status === 'closed') {
      throw new AppError(409, 'ACCOUNT_CLOSED', carelineMessages.alreadyClosed);
    }
    return member;
  }

  /**
   * What an action writes beside its change, in the change's transaction: its audit row, and the member's
   * security-log line when they would notice it (no address or browser: it was not their device).
   */
  const record =
    (
      staff: CarelineStaff,
      action: StaffAuditAction,
      member: Member,
      entry: { before?: unknown; after?: unknown; reason: string },
      event?: AccountEventType,
    ) =>
    async (tx: DbExecutor) => {
      await deps.audit(staff, action, { memberId: member.id, ...entry }, tx);
      if (event) await recordAccountEvent(tx, undefined, member.id, event);
    };

  /** Tells the member by email, at the address they have (none: nobody to tell). */
  async function tell(member: Pick<Member, 'email' | 'firstName'>, email: { subject: string; text: string }) {
    if (!member.email) return;
    await notify.send({
      channel: 'email',
      to: member.email,
      subject: email.subject,
      text: `Hello${member.firstName ? ` ${member.firstName}` : ''},\n\n${email.text}`,
    });
  }

  /** A card action's refusal: no such card of the member (404), or not in the status it needs (409). */
  function refuseCard(outcome: CardStatusOutcome, wrongStatus: () => AppError) {
    if (outcome === 'not-found') throw new AppError(404, 'CARD_NOT_FOUND', carelineMessages.cardNotFound);
    if (outcome === 'wrong-status') throw wrongStatus();
    if (outcome === 'other-active') {
      throw new AppError(409, 'OTHER_CARD_ACTIVE', carelineMessages.otherCardActive);
    }
  }

  return {
    /** A card in use stops working: the till, sign-in by card number and every other use refuse it. */
    async blockCard(staff: CarelineStaff, memberId: string, number: string, reason: string) {
      const member = await openMember(staff, memberId);
      const outcome = await cards.block(
        memberId,
        number,
        record(
          staff,
          'block-card',
          member,
          { before: { card: number, status: 'active' }, after: { card: number, status: 'blocked' }, reason },
          'card-blocked-by-staff',
        ),
      );
      refuseCard(outcome, () => new AppError(409, 'CARD_NOT_ACTIVE', carelineMessages.cardNotActive));
      await tell(member, carelineEmails.cardBlocked(number));
      return { message: carelineMessages.cardBlocked(number) };
    },

    /** A blocked card works again, unless the member has another card in use now (a replacement). */
    async unblockCard(staff: CarelineStaff, memberId: string, number: string, reason: string) {
      const member = await openMember(staff, memberId);
      const outcome = await cards.unblock(
        memberId,
        number,
        record(
          staff,
          'unblock-card',
          member,
          { before: { card: number, status: 'blocked' }, after: { card: number, status: 'active' }, reason },
          'card-unblocked-by-staff',
        ),
      );
      refuseCard(outcome, () => new AppError(409, 'CARD_NOT_BLOCKED', carelineMessages.cardNotBlocked));
      await tell(member, carelineEmails.cardUnblocked(number));
      return { message: carelineMessages.cardUnblocked(number) };
    },

    /**
     * A new card for a card in use or blocked, through the card module's replace: the balance stays with the
     * member; a card in use becomes replaced, a blocked one stays blocked.
     */
    async replaceCard(
      staff: CarelineStaff,
      memberId: string,
      number: string,
      request: { reason: string; replacementType: ReplacementType; cardType: CardType },
    ) {
      const member = await openMember(staff, memberId);
      const card = await cards.cardOf(memberId, number);
      if (!card) throw new AppError(404, 'CARD_NOT_FOUND', carelineMessages.cardNotFound);
      if (card.kind === 'temporary' || (card.status !== 'active' && card.status !== 'blocked')) {
        throw new AppError(409, 'CARD_NOT_REPLACEABLE', carelineMessages.cardNotReplaceable);
      }
      const { cardNumber } = await cards.replace(
        memberId,
        request.replacementType,
        request.cardType,
        (tx, newNumber) =>
          record(
            staff,
            'replace-card',
            member,
            {
              before: { card: number, status: card.status },
              after: {
                card: newNumber,
                replacementType: request.replacementType,
                cardType: request.cardType,
              },
              reason: request.reason,
            },
            'card-replaced-by-staff',
          )(tx),
      );
      await tell(member, carelineEmails.cardReplaced(cardNumber));
      return { message: carelineMessages.cardReplaced(cardNumber) };
    },

    /** The sign-in lockout lifted (wrong passwords back to 0): 409 when there is nothing to clear. */
    async clearLockout(staff: CarelineStaff, memberId: string, reason: string) {
      const member = await openMember(staff, memberId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await liftLockout(tx, memberId, now);
        const locked =
          before?.lockedUntil !== null && before?.lockedUntil !== undefined && before.lockedUntil > now;
        if (!before || (!locked && before.failedAttempts === 0)) {
          throw new AppError(409, 'NOT_LOCKED_OUT', carelineMessages.notLockedOut);
        }
        await record(
          staff,
          'clear-lockout',
          member,
          {
            before: {
              failedAttempts: before.failedAttempts,
              lockedUntil: before.lockedUntil?.toISOString() ?? null,
            },
            after: { failedAttempts: 0, lockedUntil: null },
            reason,
          },
          'sign-in-lockout-cleared-by-staff',
        )(tx);
      });
      await tell(member, carelineEmails.lockoutCleared());
      return { message: carelineMessages.lockoutCleared };
    },

    /**
     * What the member's own "log out of other devices" does, for every device: each web session and
     * everything the identity provider keeps for them ends (the session store ends them in its own
     * transaction; the audit row and the log line follow).
     */
    async signOutEverywhere(staff: CarelineStaff, memberId: string, reason: string) {
      const member = await openMember(staff, memberId);
      await endEverySignIn({ db, sessions: deps.sessions }, memberId);
      await db.transaction(record(staff, 'sign-out-everywhere', member, { reason }, 'signed-out-by-staff'));
      await tell(member, carelineEmails.signedOut());
      return { message: carelineMessages.signedOut };
    },

    /**
     * A link sent again to the member's own address, by the module that sends it: a password reset link, or
     * the link that confirms the new address of their change of email (to that address).
     */
    async resendLink(staff: CarelineStaff, memberId: string, link: ResendableLink, reason: string) {
      const member = await openMember(staff, memberId);
      const alongside = record(staff, 'resend-link', member, { after: { link }, reason });
      const sentTo =
        link === 'password-reset'
          ? await resets.sendLinkToMember(memberId, alongside)
          : await resendEmailChangeLink(
              deps,
              { collectorId: memberId, firstName: member.firstName },
              alongside,
            );
      if (!sentTo) {
        throw link === 'password-reset'
          ? new AppError(409, 'NO_EMAIL', carelineMessages.noEmail)
          : new AppError(409, 'NO_EMAIL_CHANGE', carelineMessages.noEmailChange);
      }
      return { message: carelineMessages.linkSent(link, maskEmail(sentTo) ?? '') };
    },

    /**
     * The redemption lock off, without the step-up code the member's own page asks for: 409 when it is off.
     */
    async unlockSpending(staff: CarelineStaff, memberId: string, reason: string) {
      const member = await openMember(staff, memberId);
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        if (!(await isRedemptionLocked(tx, memberId))) {
          throw new AppError(409, 'SPENDING_NOT_LOCKED', carelineMessages.spendingNotLocked);
        }
        await setRedemptionLock(tx, memberId, false);
        await record(
          staff,
          'unlock-spending',
          member,
          { before: { spendingLocked: true }, after: { spendingLocked: false }, reason },
          'redemption-lock-off-by-staff',
        )(tx);
      });
      await tell(member, carelineEmails.redemptionLockOff());
      return { message: carelineMessages.redemptionLockOff };
    },

    /**
     * The member's own change of email, asked for by our team: a link to the new address, which becomes the
     * member's only when it is opened (409 when another account has it); the current address is told.
     */
    async changeEmail(staff: CarelineStaff, memberId: string, email: string, reason: string) {
      const member = await openMember(staff, memberId);
      await checkNewEmail(db, { collectorId: memberId, email: member.email }, email);
      await sendEmailChangeLink(
        deps,
        { collectorId: memberId, firstName: member.firstName },
        email,
        record(
          staff,
          'change-email',
          member,
          {
            before: { email: maskEmail(member.email) },
            after: { email: maskEmail(email), confirmed: false },
            reason,
          },
          'email-change-requested-by-staff',
        ),
      );
      await tell(member, carelineEmails.emailChangeRequested(maskForMember(email)));
      return { message: carelineMessages.emailChangeRequested(maskEmail(email) ?? '') };
    },

    /**
     * The member's own close: personal details removed, every sign-in ended; told at the address they had.
     */
    async closeAccount(staff: CarelineStaff, memberId: string, reason: string) {
      const member = await openMember(staff, memberId);
      await endAccount(
        deps,
        memberId,
        record(
          staff,
          'close-account',
          member,
          { before: { status: member.status }, after: { status: 'closed' }, reason },
          'account-closed-by-staff',
        ),
      );
      await tell(member, carelineEmails.accountClosed());
      return { message: carelineMessages.accountClosed };
    },

    /** The missing-points claims still open, oldest first. */
    async openClaims(): Promise<QueuedClaim[]> {
      const open: ClaimStatus = 'OPEN';
      return (await claims.listForOperator(open)).map((claim) => ({
        id: claim.id,
        memberId: claim.collectorId,
        memberName: claim.memberName,
        partner: claimPartnerName(claim.partner),
        reference: claim.reference,
        transactionDate: claim.purchasedOn,
        amount: pounds(claim.spendPence),
        status: claim.status,
        createdAt: claim.createdAt,
      }));
    },

    /**
     * A claim granted (its points through the ledger) or refused (the reason the member reads), by the
     * missing-points service `npm run claims` uses, which emails the member; the audit row in its
     * transaction.
     */
    async decideClaim(
      staff: CarelineStaff,
      claimId: string,
      decision: { grant: true; points: number; note?: string } | { grant: false; reason: string },
    ) {
      const audited =
        (action: StaffAuditAction, reason: string | null) =>
        (tx: DbExecutor, settled: { collectorId: string; status: string; pointsGranted: number | null }) =>
          deps.audit(
            staff,
            action,
            {
              memberId: settled.collectorId,
              before: { claimId, status: 'OPEN' },
              after: { claimId, status: settled.status, points: settled.pointsGranted },
              reason,
            },
            tx,
          );
      if (decision.grant) {
        const limit = (deps.limits ?? DEFAULT_POINTS_LIMITS)[staff.role ?? 'agent'].perChange;
        if (decision.points > limit) {
          throw new AppError(403, 'CLAIM_ABOVE_LIMIT', staffMessages.claimAboveLimit(limit));
        }
        await claims.grant(
          claimId,
          decision.points,
          decision.note,
          audited('grant-claim', decision.note ?? null),
        );
        return { message: carelineMessages.claimGranted(decision.points) };
      }
      await claims.refuse(claimId, decision.reason, audited('refuse-claim', decision.reason));
      return { message: carelineMessages.claimRefused };
    },
  };
}
