import { randomBytes } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { staffMessages, type StaffAuditAction } from '@app/contracts/staff';
import {
  MAX_AUDIENCE_LIST_ROWS,
  OFFER_LIFECYCLE_LABELS,
  OFFER_PREVIEW_HOURS,
  offerLifecycle,
  offerMessages,
  type AudienceListReport,
  type OfferAudience,
  type OfferDraft,
  type OfferLifecycle,
  type OfferStep,
  type StaffOfferDetails,
} from '@app/contracts/staff-offers';
import type { Database, DbExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  OFFER_PARTNERS,
  OFFER_PICTURES,
  OFFER_UPLOAD_PREFIX,
  offerUploadUrl,
  previewPaths,
  signOfferPreview,
} from '../offers/service.ts';
import type { Actor } from '../staff/service.ts';
import * as audience from './audience.ts';
import { checkListRows, listRows } from './audience-list.ts';
import { draftOf, STEPS_FROM, summaryOf, valuesOf } from './offer-drafts.ts';
import { checkOfferPicture } from './offer-uploads.ts';
import * as repo from './repository.ts';

/** The audit trail's writer (the staff service's `audit`), in the transaction of the change it records. */
export type Audit = (
  actor: Actor,
  action: StaffAuditAction,
  entry: { memberId?: string | null; before?: unknown; after?: unknown; reason?: string | null },
  executor?: DbExecutor,
) => Promise<unknown>;

/** The member of staff behind a call, as the console's session check let them through. */
export type Staff = Actor & { id: string };

/** The rest of an assignment too large for its request: its offer, and the last member already given it. */
export interface AssignmentJob {
  offerId: string;
  after: string;
}

export interface CampaignDeps {
  db: Database;
  clock: Clock;
  audit: Audit;
  /** Clears the members' cached offer lists on every instance once their offers changed. */
  feed?: ChangeFeed;
  /**
   * Puts the rest of a large assignment on the jobs' queue (assignRest runs it); without one it runs inline.
   */
  queueAssignment?: (job: AssignmentJob) => Promise<void>;
}

/**
 * Members given an offer in one statement; a request gives parts for ASSIGN_IN_REQUEST_MS, the queue the
 * rest.
 */
const ASSIGN_PART = 25_000;
const ASSIGN_IN_REQUEST_MS = 8_000;
/** An assignment whose last part ended this long ago is taken up again by the minute's job. */
const ASSIGN_STALLED_MS = 2 * 60_000;

const UPLOAD_KEY = new RegExp(
  `^${OFFER_UPLOAD_PREFIX}([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

const STEP_ACTIONS: Record<OfferStep, StaffAuditAction> = {
  submit: 'submit-offer',
  approve: 'approve-offer',
  reject: 'reject-offer',
  pause: 'pause-offer',
  resume: 'resume-offer',
  end: 'end-offer',
  'new-version': 'new-offer-version',
};

const notFound = () => new AppError(404, 'OFFER_NOT_FOUND', offerMessages.notFound);
const notEditable = () => new AppError(409, 'OFFER_NOT_EDITABLE', offerMessages.notEditable);

/** Where an offer is in its life, for the audit trail's before and after. */
const stateOf = (row: repo.OfferRow) => ({
  offerId: row.id,
  status: row.status,
  stoppedReason: row.stoppedReason,
  version: row.version,
});

/** The library's picture key as a person reads it: 'ice-cream' → 'Ice cream'. */
const labelOf = (key: string) => {
  const words = key.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The partner's name for a partner's offer, else the retailer's (the sponsor the member's offers show). */
const sponsorOf = (draft: Pick<OfferDraft, 'partnerId'>) =>
  OFFER_PARTNERS.find((partner) => partner.id === draft.partnerId)?.name ?? brand.retailer;

/** The first state of an offer given to a member: a partner's offer to opt in to, the others to load. */
const assignmentOf = (row: repo.OfferRow): audience.Assignment => ({
  offerId: row.id,
  audience: row.audience,
  state: row.sourceType === 'COALITION' ? 'NOTOPTEDIN' : 'UNLOADED',
  previousVersionId: row.previousVersionId,
});

/**
 * Offers made in the staff console (docs/staff-console.md "Offers and campaigns"): a marketer's draft, a
 * second person's approval, the audience it reaches (everyone, a segment of the member summaries, an uploaded
 * list), pausing, ending and new versions, pictures and previews. The routes check the role of every call;
 * this checks what depends on the data, and every change writes its audit row in its own transaction.
 */
export function createCampaignService(deps: CampaignDeps) {
  const { db, clock } = deps;

  /** Every instance forgets every member's cached offers: an offer of many members changed. */
  async function announceAll(tx: DbExecutor = db) {
    await deps.feed?.announce(tx, '*');
  }

  async function details(id: string): Promise<StaffOfferDetails> {
    const row = await repo.findNamedOffer(db, id);
    if (!row) throw notFound();
    const listCount =
      row.offer.audience.kind === 'list' ? await repo.countListMembers(db, row.offer.id) : null;
    return { ...summaryOf(row, clock.now()), draft: draftOf(row.offer), listCount };
  }

  /** The picture is the library's or an upload that exists; the partner is one an offer may name. */
  async function checkReferences(draft: OfferDraft) {
    if (draft.partnerId !== null && !OFFER_PARTNERS.some((partner) => partner.id === draft.partnerId)) {
      throw new AppError(422, 'PARTNER_NOT_FOUND', offerMessages.unknownPartner);
    }
    if (draft.picture === null || Object.hasOwn(OFFER_PICTURES, draft.picture)) return;
    const upload = UPLOAD_KEY.exec(draft.picture)?.[1];
    if (!upload || !(await repo.uploadExists(db, upload))) {
      throw new AppError(422, 'PICTURE_NOT_FOUND', offerMessages.unknownPicture);
    }
  }

  /** Refuses a step the offer's lifecycle does not allow now (409 with where it is). */
  function checkStep(row: repo.OfferRow, step: OfferStep, now: Date): OfferLifecycle {
    const lifecycle = offerLifecycle(row, now);
    if (!STEPS_FROM[lifecycle].includes(step)) {
      const where = OFFER_LIFECYCLE_LABELS[lifecycle].toLowerCase();
      throw new AppError(409, 'WRONG_STEP', offerMessages.wrongStep(step, where));
    }
    return lifecycle;
  }

  /** Four eyes: whoever wrote the offer or sent it for approval does not decide it. */
  function checkNotOwn(row: repo.OfferRow, staff: Staff) {
    if (row.createdBy === staff.id || row.submittedBy === staff.id) {
      throw new AppError(403, 'OWN_APPROVAL', offerMessages.ownApproval);
    }
  }

  /** The member summaries brought up to date (every member's, the first time). */
  async function refresh() {
    const refreshed = await db.transaction((tx) => audience.refreshSummaries(tx));
    if (refreshed.previous === null) await audience.refreshEverySummary((work) => db.transaction(work));
    return refreshed;
  }

  /**
   * Gives the offer to its audience part by part from member `after`, for at most `forMs` when a queue takes
   * the rest (there, without a limit); answers how many members got it.
   */
  async function assign(row: repo.OfferRow, after: string | null, forMs?: number) {
    const assignment = assignmentOf(row);
    const stopAt = forMs === undefined ? Infinity : Date.now() + forMs;
    let given = 0;
    let last = after;
    do {
      const part = await audience.assignPart(db, assignment, clock.now(), last, ASSIGN_PART);
      given += part.given;
      last = part.last;
      await repo.updateOffer(
        db,
        row.id,
        last === null
          ? { assigningAfter: null, assigningAt: null }
          : { assigningAfter: last, assigningAt: clock.now() },
      );
    } while (last !== null && (Date.now() < stopAt || !deps.queueAssignment));
    if (last !== null) await deps.queueAssignment?.({ offerId: row.id, after: last });
    if (given > 0) {
      await announceAll();
      deps.feed?.changed('*');
    }
    return given;
  }

  /** A step that changes the offer's row only: checked, written and audited in one transaction. */
  async function simpleStep(
    staff: Staff,
    id: string,
    step: Exclude<OfferStep, 'approve' | 'new-version'>,
    reason: string | undefined,
  ) {
    const now = clock.now();
    const membersSee = step === 'pause' || step === 'resume' || step === 'end';
    await db.transaction(async (tx) => {
      const row = await repo.lockOffer(tx, id);
      if (!row) throw notFound();
      checkStep(row, step, now);
      if (step === 'reject') checkNotOwn(row, staff);
      if (step === 'submit' && row.audience.kind === 'list' && (await repo.countListMembers(tx, id)) === 0) {
        throw new AppError(409, 'LIST_NEEDED', offerMessages.listNeeded);
      }
      const change = {
        submit: { status: 'submitted', submittedBy: staff.id },
        reject: { status: 'draft', submittedBy: null },
        pause: { status: 'paused' },
        resume: { status: 'approved' },
        end: { status: 'ended', stoppedReason: 'staff' },
      } as const satisfies Record<typeof step, Partial<repo.OfferRow>>;
      const updated = await repo.updateOffer(tx, id, { ...change[step], updatedAt: now });
      await deps.audit(
        staff,
        STEP_ACTIONS[step],
        { before: stateOf(row), after: stateOf(updated), reason: reason ?? null },
        tx,
      );
      if (membersSee) await announceAll(tx);
    });
    if (membersSee) deps.feed?.changed('*');
    return details(id);
  }

  /**
   * Approval by a second person: the offer is approved and given at once to every member its audience
   * reaches; a new version stops its previous version for the members who had not saved it (those who did
   * keep it, with its rule, until it ends, and get no second version).
   */
  async function approve(staff: Staff, id: string, reason: string | undefined) {
    // Refused before the summaries' refresh when it cannot be approved; checked again under the row's lock.
    const seen = await repo.findOffer(db, id);
    if (!seen) throw notFound();
    checkStep(seen, 'approve', clock.now());
    checkNotOwn(seen, staff);
    await refresh();
    const now = clock.now();
    const approved = await db.transaction(async (tx) => {
      const row = await repo.lockOffer(tx, id);
      if (!row) throw notFound();
      checkStep(row, 'approve', now);
      checkNotOwn(row, staff);
      const updated = await repo.updateOffer(tx, id, {
        status: 'approved',
        approvedBy: staff.id,
        approvedAt: now,
        updatedAt: now,
        // Committed with the approval: were the server to stop before every member had their turn, the
        // minute's job takes the assignment up from here.
        assigningAfter: null,
        assigningAt: now,
      });
      const previous = row.previousVersionId ? await repo.lockOffer(tx, row.previousVersionId) : undefined;
      let replaced: { offerId: string; withdrawnFrom: number } | null = null;
      if (previous && previous.status !== 'ended' && previous.stoppedReason === null) {
        const withdrawnFrom = await repo.withdrawUnsaved(tx, previous.id);
        await repo.updateOffer(tx, previous.id, { stoppedReason: 'replaced', updatedAt: now });
        replaced = { offerId: previous.id, withdrawnFrom };
        await announceAll(tx);
      }
      await deps.audit(
        staff,
        'approve-offer',
        { before: stateOf(row), after: { ...stateOf(updated), replaced }, reason: reason ?? null },
        tx,
      );
      return { updated, replaced };
    });
    if (approved.replaced) deps.feed?.changed('*');
    await assign(approved.updated, null, ASSIGN_IN_REQUEST_MS);
    return details(id);
  }

  /** A draft copy of an approved, paused or ended offer, one version on, naming it as the one before. */
  async function newVersion(staff: Staff, id: string, reason: string | undefined) {
    const now = clock.now();
    const newId = offerId();
    await db.transaction(async (tx) => {
      const row = await repo.lockOffer(tx, id);
      if (!row) throw notFound();
      checkStep(row, 'new-version', now);
      const copy = await repo.insertOffer(tx, {
        ...row,
        id: newId,
        status: 'draft',
        pointsIssued: 0,
        stoppedReason: null,
        version: row.version + 1,
        previousVersionId: row.id,
        createdBy: staff.id,
        submittedBy: null,
        approvedBy: null,
        approvedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      if (row.audience.kind === 'list') await repo.copyListMembers(tx, row.id, newId);
      await deps.audit(
        staff,
        'new-offer-version',
        { before: stateOf(row), after: stateOf(copy), reason: reason ?? null },
        tx,
      );
    });
    return details(newId);
  }

  return {
    details,

    /** Every offer, newest first, by lifecycle and campaign. */
    async list(filter: { lifecycle?: OfferLifecycle | undefined; campaign?: string | undefined }) {
      const now = clock.now();
      return (await repo.listOffers(db, filter, now)).map((row) => summaryOf(row, now));
    },

    /** A new draft, written by this member of staff. */
    async create(staff: Staff, draft: OfferDraft) {
      await checkReferences(draft);
      const now = clock.now();
      const id = offerId();
      await db.transaction(async (tx) => {
        await repo.insertOffer(tx, {
          id,
          ...valuesOf(draft, sponsorOf(draft)),
          status: 'draft',
          createdBy: staff.id,
          createdAt: now,
          updatedAt: now,
        });
        await deps.audit(staff, 'create-offer', { after: { offerId: id, ...draft } }, tx);
      });
      return details(id);
    },

    /** A draft written again; anything past a draft is refused (a new version changes it). */
    async update(staff: Staff, id: string, draft: OfferDraft) {
      await checkReferences(draft);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await repo.lockOffer(tx, id);
        if (!row) throw notFound();
        if (row.status !== 'draft') throw notEditable();
        await repo.updateOffer(tx, id, { ...valuesOf(draft, sponsorOf(draft)), updatedAt: now });
        await deps.audit(
          staff,
          'update-offer',
          { before: { offerId: id, ...draftOf(row) }, after: { offerId: id, ...draft } },
          tx,
        );
      });
      return details(id);
    },

    /** A step of the lifecycle; a new version answers the new draft. */
    step(staff: Staff, id: string, step: OfferStep, reason?: string): Promise<StaffOfferDetails> {
      if (step === 'approve') return approve(staff, id, reason);
      if (step === 'new-version') return newVersion(staff, id, reason);
      return simpleStep(staff, id, step, reason);
    },

    /** How many members an audience reaches now, on summaries refreshed first. */
    async countAudience(reached: OfferAudience, offerId?: string) {
      await refresh();
      const members =
        reached.kind === 'list' && !offerId
          ? 0
          : await audience.countAudience(db, reached, offerId, clock.now());
      const refreshedAt = await audience.summariesRefreshedAt(db);
      return { members, summaryRefreshedAt: refreshedAt?.date.toISOString() ?? null };
    },

    /**
     * A draft's list of cards from a CSV file: every row checked (a card number, a card that exists, a member
     * not on an earlier row), the members taken stored as the offer's list, the report answered.
     */
    async uploadList(staff: Staff, id: string, csv: string): Promise<AudienceListReport> {
      const rows = listRows(csv);
      if (rows.length > MAX_AUDIENCE_LIST_ROWS) {
        throw new AppError(413, 'LIST_TOO_LARGE', offerMessages.listTooLarge);
      }
      const seen = await repo.findOffer(db, id);
      if (!seen) throw notFound();
      if (seen.status !== 'draft') throw notEditable();
      const { members, report } = await checkListRows(rows, (numbers) => repo.holdersOfCards(db, numbers));
      await db.transaction(async (tx) => {
        const row = await repo.lockOffer(tx, id);
        if (!row) throw notFound();
        if (row.status !== 'draft') throw notEditable();
        const before = await repo.countListMembers(tx, id);
        await repo.replaceListMembers(tx, id, members);
        await deps.audit(
          staff,
          'upload-offer-list',
          {
            before: { offerId: id, listCount: before },
            after: { offerId: id, listCount: report.accepted, refused: report.refused.length },
          },
          tx,
        );
      });
      return report;
    },

    /** The picture library a marketer chooses from. */
    pictures: () =>
      Object.keys(OFFER_PICTURES).map((key) => ({
        key,
        label: labelOf(key),
        url: `/offers-api/images/picture-${key}/288.svg`,
      })),

    /** The partners an offer may name. */
    partners: () => OFFER_PARTNERS.map(({ id, name }) => ({ id, name })),

    /** A picture uploaded for an offer, checked by its content; the same bytes twice are one upload. */
    async uploadPicture(staff: Staff, content: Buffer) {
      const checked = checkOfferPicture(content);
      const id = await db.transaction(async (tx) => {
        const saved = await repo.insertUpload(tx, {
          ...checked,
          data: content.toString('base64'),
          createdBy: staff.id,
        });
        await deps.audit(
          staff,
          'upload-offer-picture',
          {
            after: {
              upload: saved.id,
              contentType: checked.contentType,
              width: checked.width,
              height: checked.height,
              bytes: content.length,
              uploadedBefore: !saved.created,
            },
          },
          tx,
        );
        return saved.id;
      });
      return { picture: `${OFFER_UPLOAD_PREFIX}${id}`, url: offerUploadUrl(id) };
    },

    /**
     * The preview pages of the offer as members will see it (a link for OFFER_PREVIEW_HOURS), and whether a
     * chosen member is in its audience now.
     */
    async preview(staff: Staff, id: string, memberId?: string) {
      const row = await repo.findNamedOffer(db, id);
      if (!row) throw notFound();
      let inAudience: boolean | null = null;
      if (memberId) {
        if (!(await repo.memberExists(db, memberId))) {
          throw new AppError(404, 'MEMBER_NOT_FOUND', staffMessages.memberNotFound);
        }
        await refresh();
        inAudience = await audience.inAudience(db, row.offer.audience, id, memberId, clock.now());
      }
      const token = await signOfferPreview(db, id, OFFER_PREVIEW_HOURS);
      await deps.audit(staff, 'preview-offer', {
        memberId: memberId ?? null,
        after: { offerId: id, inAudience },
      });
      return { memberId: memberId ?? null, inAudience, paths: previewPaths(token) };
    },

    /**
     * The minute's job: the summaries brought up to date, then each running segment offer given to the
     * members who came into its segment since the refresh before (a member who joined, shopped, linked an
     * airline...).
     */
    async refreshAndAssign() {
      // An assignment no request or queued job has moved for a while was cut short (a crash): go on with it.
      for (const row of await repo.stalledAssignments(
        db,
        new Date(clock.now().getTime() - ASSIGN_STALLED_MS),
      )) {
        await assign(row, row.assigningAfter);
      }
      const { previous } = await refresh();
      // The first refresh of all: every offer's audience was given it when it was approved.
      if (previous === null) return 0;
      const now = clock.now();
      let given = 0;
      for (const row of await repo.runningSegmentOffers(db, now)) {
        given += await audience.assignNewlyReached(db, assignmentOf(row), now, previous);
      }
      if (given > 0) {
        await announceAll();
        deps.feed?.changed('*');
      }
      return given;
    },

    /** Each night: every member's summary written again, so one no refresh found has its row. */
    refreshEverySummary: () => audience.refreshEverySummary((work) => db.transaction(work)),

    /** The queue's job: the rest of an assignment, while the offer still runs. */
    async assignRest(job: AssignmentJob) {
      const [row] = await repo.runningOffers(db, [job.offerId], clock.now());
      return row ? assign(row, job.after) : 0;
    },
  };
}

/** An offer's id: `offer-` and 10 random hexadecimal digits. */
const offerId = () => `offer-${randomBytes(5).toString('hex')}`;
