import {
  LINK_UNLINK_CAP,
  PARTNERS,
  PARTNER_KINDS,
  linkedPartnerMessages as m,
  type FlowResult,
  type LinkRequest,
  type PartnerKind,
  type PartnerStatus,
} from '@app/contracts/linked-partners';
import type { Clock } from '../../lib/clock.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { PartnerError } from './partner-adapter.ts';
import { fail, startOfDay, type LinkedPartnersDeps, type PartnerCalls } from './partner-calls.ts';
import * as repo from './repository.ts';

const masked = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;

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

/**
 * The member's live links, the membership number masked as the partners page masks it, and their latest
 * transfers, newest first (the staff console's member screen, docs/staff-console.md).
 */
export async function linksAndTransfersOf(db: LinkedPartnersDeps['db'], collectorId: string) {
  const [links, transfers] = await Promise.all([
    repo.liveLinks(db, collectorId),
    repo.recentTransfers(db, collectorId),
  ]);
  return {
    links: links.map((row) => ({
      partnerId: row.partnerId,
      membershipNumberMasked: masked(row.partnerAccount),
      linkType: row.linkType,
      linkedAt: row.linkedAt,
    })),
    transfers: transfers.map(repo.toTransfer),
  };
}

/**
 * Linking and unlinking (docs/product/signed-in-pages.md §S3, §S4; docs/product/calls-and-errors.md §S8):
 * under the cap of 4 per account, per card and per partner account, with the partner's own check first; and
 * the partners page's status of every link.
 */
export function createLinks(deps: LinkedPartnersDeps & { clock: Clock }, { partner, call }: PartnerCalls) {
  const { db, clock } = deps;
  const cardOrFail = async (collectorId: string) => {
    const card = await repo.cardOf(db, collectorId);
    if (!card) throw fail(409, 'NO_CARD', m.common.NO_CARD);
    return card;
  };

  async function status(collectorId: string) {
    const card = (await repo.cardOf(db, collectorId)) ?? '';
    const links = await repo.liveLinks(db, collectorId);
    const since = startOfDay(clock.now());
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
        pendingTransfers: (await repo.pendingTransfers(db, collectorId, info.partnerId)).map(repo.toTransfer),
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
    if (!(await repo.endLink(db, current.id, clock.now())))
      throw fail(409, 'NOT_LINKED', m.common.NOT_LINKED_UNLINK);
    return { state: 'SUCCESS', message: m.success.UNLINKED(info.name), modal: null };
  }

  return { status, link, unlink };
}
