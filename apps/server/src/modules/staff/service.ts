import { stringify } from 'csv-stringify/sync';
import { brand } from '@app/contracts/brand';
import {
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  type RevealableField,
  type StaffAuditAction,
  type StaffRole,
} from '@app/contracts/staff';
import type { Database, DbExecutor } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { adjustmentOf, createAdjustments, type AdjustmentRequest, type PointsLimits } from './adjustments.ts';
import { memberNotFound, requireCallerCheck } from './caller-check.ts';
import { createStaffIdentity } from './identity.ts';
import {
  callerMatches,
  maskEmail,
  maskPostcode,
  memberExists,
  memberOverview,
  revealField,
} from './member-view.ts';
import * as repo from './repository.ts';
import { searchMembers } from './search.ts';

export { totpFor } from './identity.ts';

/**
 * An invitation made at the command line (the first admin, `npm run staff -- invite`): the link, printed rather
 * than sent, and audited as made by the command line.
 */
export async function inviteFromCommandLine(
  deps: { db: Database; clock: Clock; publicUrl: string },
  person: { email: string; name: string; role: StaffRole },
) {
  const { staff, token } = await createStaffIdentity(deps).invite(
    person.email,
    person.name,
    person.role,
    null,
  );
  await repo.insertAudit(deps.db, {
    at: deps.clock.now(),
    staffId: null,
    staffEmail: 'command-line',
    ip: null,
    action: 'invite-staff',
    after: { email: staff.email, role: person.role },
  });
  return `${deps.publicUrl}/console/invite/${token}`;
}

/**
 * Members of staff already enrolled (a password and an authenticator secret), made when missing: the demo
 * staff of the start data, and tests.
 */
export async function loadEnrolledStaff(
  db: Database,
  people: ReadonlyArray<{
    email: string;
    name: string;
    role: StaffRole;
    password: string;
    totpSecret: string;
  }>,
) {
  for (const person of people) {
    const staff = await repo.insertStaff(db, { email: person.email, name: person.name, role: person.role });
    if (!staff) continue;
    await repo.updateStaff(db, staff.id, {
      passwordHash: await hashPassword(person.password),
      totpSecret: person.totpSecret,
      totpLastStep: 0,
    });
  }
}

export interface StaffDeps {
  db: Database;
  clock: Clock;
  notify: Notifier;
  publicUrl: string;
  feed?: ChangeFeed;
  limits?: PointsLimits;
}

/** Who did it and from where, for the audit trail. */
export interface Actor {
  id: string | null;
  email: string;
  role?: StaffRole;
  ip: string | null;
}

/**
 * The staff console's rules (docs/staff-console.md): who a member of staff is, finding a member, the member on
 * one screen after a careline check, putting points right within limits, and the audit trail every look and
 * change writes. The routes check the role of every call (`mayDo`); this checks what depends on the data.
 */
export function createStaffService(deps: StaffDeps) {
  const { db, clock } = deps;
  const identity = createStaffIdentity(deps);
  const adjustments = createAdjustments(deps);

  /** One row of the audit trail; `executor` is the transaction of the change it records, when there is one. */
  const audit = (
    actor: Actor,
    action: StaffAuditAction,
    entry: { memberId?: string | null; before?: unknown; after?: unknown; reason?: string | null } = {},
    executor: DbExecutor = db,
  ) =>
    repo.insertAudit(executor, {
      at: clock.now(),
      staffId: actor.id,
      staffEmail: actor.email,
      ip: actor.ip,
      action,
      memberId: entry.memberId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
    });

  async function tellMember(memberId: string, subject: string, text: string) {
    const email = await revealField(db, memberId, 'email');
    if (email) await deps.notify.send({ channel: 'email', to: email, subject, text });
  }

  return {
    identity,
    audit,

    /** An invitation from an admin (or the first admin's command): the link, also sent by email. */
    async invite(actor: Actor, email: string, name: string, role: StaffRole) {
      const { staff, token } = await identity.invite(email, name, role, actor.id);
      const link = `${deps.publicUrl}/console/invite/${token}`;
      await deps.notify.send({
        channel: 'email',
        to: staff.email,
        subject: `You're invited to the ${brand.name} staff console`,
        text: `Hello ${name},\n\n${actor.email} invited you to the ${brand.name} staff console as ${role}. Set your password and authenticator app here within 72 hours: ${link}`,
      });
      await audit(actor, 'invite-staff', { after: { email: staff.email, role } });
      return { link, staffId: staff.id };
    },

    async search(actor: Actor, query: string) {
      const { readAs, rows } = await searchMembers(db, query);
      await audit(actor, 'search', { after: { query, readAs, found: rows.length } });
      return {
        readAs,
        members: rows.map((row) => ({
          id: row.id,
          name: [row.firstName, row.lastName].filter(Boolean).join(' '),
          email: maskEmail(row.email),
          cardNumber: row.cardNumber,
          postcode: maskPostcode(row.postcode),
          status: row.status,
        })),
      };
    },

    /**
     * The careline check: what the caller says against the member's date of birth and postcode, or why it could
     * not be asked. A match or a reason opens the member's details to this member of staff until they sign out.
     */
    async checkCaller(
      actor: Actor,
      memberId: string,
      said: { dateOfBirth?: string; postcode?: string; notCheckedBecause?: string },
    ) {
      if (!(await memberExists(db, memberId))) throw memberNotFound();
      const matches = said.notCheckedBecause ? undefined : await callerMatches(db, memberId, said);
      const passed = said.notCheckedBecause !== undefined || matches === true;
      await audit(actor, passed ? 'caller-check' : 'caller-check-failed', {
        memberId,
        after: { matches: matches ?? null },
        reason: said.notCheckedBecause ?? null,
      });
      return { passed, matches: matches ?? null };
    },

    /** The member on one screen, once this member of staff has checked the caller since signing in. */
    async member(actor: Actor & { id: string }, memberId: string, signedInAt: Date) {
      await requireCallerCheck(db, { id: actor.id, signedInAt }, memberId);
      const overview = await memberOverview(db, memberId, clock.now());
      if (!overview) throw memberNotFound();
      await audit(actor, 'view-member', { memberId });
      return { ...overview, adjustments: (await adjustments.ofMember(memberId)).map(adjustmentOf) };
    },

    async reveal(actor: Actor, memberId: string, field: RevealableField) {
      const value = await revealField(db, memberId, field);
      if (value === undefined) throw memberNotFound();
      await audit(actor, 'reveal', { memberId, after: { field } });
      return { field, value };
    },

    /** Adds or takes points (applied at once within limits, else waiting); the member is told when applied. */
    async adjust(
      actor: Actor & { id: string; role: StaffRole },
      memberId: string,
      change: AdjustmentRequest,
    ) {
      if (!(await memberExists(db, memberId))) throw memberNotFound();
      const { row, repeated } = await adjustments.request(actor, memberId, change, (tx, recorded) =>
        audit(
          actor,
          'adjust-points',
          {
            memberId,
            after: { adjustmentId: recorded.id, points: recorded.points, state: recorded.state },
            reason: `${change.reason}: ${change.note}`,
          },
          tx,
        ),
      );
      if (!repeated && row.state === 'applied') {
        await tellOfAdjustment(row.memberId, row.points, change.reason, change.note);
      }
      return adjustmentOf(row);
    },

    async decide(
      actor: Actor & { id: string; role: StaffRole },
      adjustmentId: string,
      approve: boolean,
      reason: string,
    ) {
      const row = await adjustments.decide(actor, adjustmentId, approve, (tx, decided) =>
        audit(
          actor,
          approve ? 'approve-adjustment' : 'refuse-adjustment',
          {
            memberId: decided.memberId,
            before: { state: 'pending' },
            after: { adjustmentId: decided.id, points: decided.points, state: decided.state },
            reason,
          },
          tx,
        ),
      );
      if (row.state === 'applied') {
        await tellOfAdjustment(row.memberId, row.points, row.reasonCode as AdjustmentReason, row.note);
      }
      return adjustmentOf(row);
    },

    pendingAdjustments: async () => (await adjustments.pending()).map(adjustmentOf),

    listAudit: (filter: repo.AuditFilter) => repo.listAudit(db, filter),

    /** The audit trail as CSV, for an admin's export (the export is itself audited). */
    async auditCsv(actor: Actor, filter: repo.AuditFilter) {
      const rows = await repo.listAudit(db, filter);
      await audit(actor, 'export-audit', { after: { rows: rows.length, filter } });
      return stringify(
        rows.map((row) => ({
          at: row.at.toISOString(),
          staff: row.staffEmail,
          ip: row.ip ?? '',
          member: row.memberId ?? '',
          action: row.action,
          before: row.before === null ? '' : JSON.stringify(row.before),
          after: row.after === null ? '' : JSON.stringify(row.after),
          reason: row.reason ?? '',
        })),
        { header: true },
      );
    },
  };

  function tellOfAdjustment(memberId: string, points: number, reason: AdjustmentReason, note: string) {
    const what =
      points > 0 ? `added ${points.toLocaleString('en-GB')}` : `took ${(-points).toLocaleString('en-GB')}`;
    return tellMember(
      memberId,
      `We've changed your ${brand.name} points`,
      `Our team ${what} points ${points > 0 ? 'to' : 'from'} your account (${ADJUSTMENT_REASONS[reason]}): ${note}\n\nYou can see it in your activity.`,
    );
  }
}
