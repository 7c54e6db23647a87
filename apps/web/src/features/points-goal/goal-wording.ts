import { GOAL_PACE_DAYS, type PointsGoal } from '@app/contracts/points-goal';
import { longDate as longDay, wholeNumber } from '../../shared/format/uk-format.ts';

export const points = (value: number) => wholeNumber(value);

/** '30 April 2031' for '2031-04-30', whatever the device's time zone (the day read as the device's own). */
export const longDate = (isoDate: string) => longDay(new Date(`${isoDate}T00:00:00`));

/** How far off a number of days is, in the unit a person would use. */
export function roughly(days: number): string {
  if (days <= 1) return 'by tomorrow';
  if (days < 14) return `in about ${days} days`;
  if (days < 60) return `in about ${Math.round(days / 7)} weeks`;
  if (days < 730) return `in about ${Math.round(days / 30.44)} months`;
  return `in about ${Math.round(days / 365.25)} years`;
}

/** '1,500 of 2,000 points': the progress bar's words for a screen reader, and the line under it. */
export const progressText = (goal: PointsGoal) =>
  `${points(Math.min(goal.balance, goal.option.points))} of ${points(goal.option.points)} points`;

/** The share of the goal collected, 0 to 100, for the bar's width. */
export const progressShare = (goal: PointsGoal) =>
  goal.option.points > 0
    ? Math.round((Math.max(0, Math.min(goal.balance, goal.option.points)) / goal.option.points) * 100)
    : 0;

/** When the member will get there, or why no date can be given yet (kindly: a slow spell is no failure). */
export function estimateText(goal: PointsGoal): string {
  if (goal.reached) return '';
  if (goal.estimate) {
    return `At your pace over the last ${GOAL_PACE_DAYS} days, you could get there ${roughly(goal.estimate.days)}, around ${longDate(goal.estimate.date)}.`;
  }
  return `No estimate yet: over the last ${GOAL_PACE_DAYS} days you haven't collected more points than you've spent. Keep collecting and we'll work out a date.`;
}

/** The pace as the member would say it. */
export function paceText(goal: PointsGoal): string {
  if (goal.paceNetPoints <= 0) return '';
  const perDay = goal.paceNetPoints / GOAL_PACE_DAYS;
  const rate = perDay >= 1 ? `about ${points(Math.round(perDay))} a day` : 'less than 1 a day';
  return `You've collected ${points(goal.paceNetPoints)} more points than you've spent in the last ${GOAL_PACE_DAYS} days, ${rate}.`;
}
