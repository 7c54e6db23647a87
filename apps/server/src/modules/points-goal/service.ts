import { brandLogoUrl } from '@app/contracts/brand-logos';
import {
  CONVERSION_RATES,
  PARTNER_KINDS,
  PARTNERS,
  convertedPoints,
  linkedPartnerMessages,
  partnerById,
  type PartnerInfo,
} from '@app/contracts/linked-partners';
import {
  GOAL_PACE_DAYS,
  pointsGoalMessages,
  type GoalChoice,
  type GoalOption,
  type PointsGoal,
} from '@app/contracts/points-goal';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { REWARDS } from '../vouchers/service.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;
const n = (value: number) => value.toLocaleString('en-GB');

/**
 * The partner conversions offered as goals, in the partner's own points: the airline's 250 Avios (400 points,
 * the scheme's usual step) and a few larger amounts. Any whole number of the partner's steps may be a goal; these
 * are the ones on the list.
 */
const CONVERSION_GOALS: Record<(typeof PARTNER_KINDS)[number], readonly number[]> = {
  airline: [250, 1_250, 2_500, 5_000],
  hotel: [500, 1_000, 2_500],
};

const voucherOption = (reward: (typeof REWARDS)[number]): GoalOption => ({
  id: `voucher:${reward.id}`,
  choice: { kind: 'voucher', rewardId: reward.id },
  title: reward.itemDescription,
  partnerName: reward.partnerName,
  points: reward.points,
  logoImageLocation: reward.logoImageLocation,
  spendPath: '/redemption',
  spendLabel: 'Spend your points',
});

/** A conversion of `points` to the partner's points, at the rate the conversions themselves use. */
const conversionOption = (info: PartnerInfo, points: number): GoalOption | undefined => {
  const received = convertedPoints(info.kind, 'NECTAR_TO_PARTNER', points);
  if (received === null) return undefined;
  return {
    id: `conversion:${info.partnerId}:${points}`,
    choice: { kind: 'conversion', partnerId: info.partnerId, points },
    title: `${n(received)} ${info.pointsName}`,
    partnerName: info.name,
    points,
    logoImageLocation: brandLogoUrl(info.brandDetailsKey),
    spendPath: `/brands/${info.brandDetailsKey}/conversion`,
    spendLabel: `Convert to ${info.pointsName}`,
  };
};

/** Points to give for `partnerPoints` of the partner's (the conversion's rate read backwards). */
const pointsFor = (info: PartnerInfo, partnerPoints: number) => {
  const rate = CONVERSION_RATES[info.kind].NECTAR_TO_PARTNER;
  return (partnerPoints * rate.denominator) / rate.numerator;
};

/** Every reward a goal can be: the vouchers of the rewards catalogue, then the partner conversions. */
const goalOptions = (): GoalOption[] => [
  ...REWARDS.filter((reward) => reward.points > 0).map(voucherOption),
  ...PARTNER_KINDS.flatMap((kind) =>
    CONVERSION_GOALS[kind].flatMap((partnerPoints) => {
      const option = conversionOption(PARTNERS[kind], pointsFor(PARTNERS[kind], partnerPoints));
      return option ? [option] : [];
    }),
  ),
];

/** The option a choice stands for, or an error saying why there is none. */
function optionOf(choice: GoalChoice): GoalOption {
  if (choice.kind === 'voucher') {
    const reward = REWARDS.find((r) => r.id === choice.rewardId && r.points > 0);
    if (!reward) throw new AppError(400, 'REWARD_NOT_FOUND', pointsGoalMessages.unknownReward);
    return voucherOption(reward);
  }
  const info = partnerById(choice.partnerId);
  if (!info) throw new AppError(400, 'PARTNER_NOT_FOUND', pointsGoalMessages.unknownPartner);
  const option = conversionOption(info, choice.points);
  if (!option) {
    const { step } = CONVERSION_RATES[info.kind].NECTAR_TO_PARTNER;
    throw new AppError(400, 'WRONG_STEP', linkedPartnerMessages.common.WRONG_STEP(step));
  }
  return option;
}

const choiceOf = (row: repo.PointsGoalRow): GoalChoice =>
  row.kind === 'conversion'
    ? { kind: 'conversion', partnerId: row.rewardId, points: row.conversionPoints ?? 0 }
    : { kind: 'voucher', rewardId: row.rewardId };

/**
 * Days to collect `toGo` points at `net` points per `days` days, rounded up: in whole numbers, so that
 * 100 points to go at 100 points a day is exactly 1 day.
 */
const daysToGo = (toGo: number, net: number, days = GOAL_PACE_DAYS) => Math.ceil((toGo * days) / net);

export interface PointsGoalDeps {
  db: Database;
  clock: Clock;
  /** Points on their way to the member (delayed entries not yet in the ledger): the missing-points module's. */
  pendingPoints: (collectorId: string) => Promise<number>;
}

/**
 * A member's points goal (ADR 042): one reward they are saving towards, checked against the
 * same catalogue and conversion rates the vouchers and linked-partners modules use; its progress from the
 * balance, and an estimate from the member's net points over the last 90 days.
 */
export function createPointsGoalService({ db, clock, pendingPoints }: PointsGoalDeps) {
  async function goalOf(collectorId: string): Promise<PointsGoal | null> {
    const row = await repo.findGoal(db, collectorId);
    if (!row) return null;
    let option: GoalOption;
    try {
      option = optionOf(choiceOf(row));
    } catch {
      // The reward left the catalogue since it was chosen: the member has no goal to chase any more.
      return null;
    }
    const now = clock.now();
    const [balance, pending, paceNetPoints] = await Promise.all([
      pointsBalance(db, collectorId),
      pendingPoints(collectorId),
      repo.netPointsBetween(db, collectorId, new Date(now.getTime() - GOAL_PACE_DAYS * DAY_MS), now),
    ]);
    const pointsToGo = Math.max(0, option.points - balance);
    const days = pointsToGo > 0 && paceNetPoints > 0 ? daysToGo(pointsToGo, paceNetPoints) : undefined;
    return {
      option,
      balance,
      pointsToGo,
      reached: pointsToGo === 0,
      pendingPoints: Math.max(0, pending),
      paceNetPoints,
      estimate: days
        ? { days, date: new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10) }
        : null,
      setAt: row.updatedAt.toISOString(),
    };
  }

  return {
    options: goalOptions,
    goal: goalOf,
    /** Sets the member's goal (replacing any other) to a reward that exists; answers where they stand. */
    async setGoal(collectorId: string, choice: GoalChoice) {
      optionOf(choice);
      await repo.saveGoal(
        db,
        {
          collectorId,
          kind: choice.kind,
          rewardId: choice.kind === 'voucher' ? choice.rewardId : choice.partnerId,
          conversionPoints: choice.kind === 'conversion' ? choice.points : null,
        },
        clock.now(),
      );
      return goalOf(collectorId);
    },
    /** Removes the member's goal; removing none is no error (the member's intent holds either way). */
    removeGoal: (collectorId: string) => repo.deleteGoal(db, collectorId),
  };
}
