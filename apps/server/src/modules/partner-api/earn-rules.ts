import type { OfferRule } from '@app/contracts/offer-rules';
import type { PartnerSaleBonus, PartnerSaleLine } from '../../db/schema/partner-api.ts';

/**
 * How a sale's points are counted (docs/partner-api.md "How a sale's points are counted"), without the database:
 *
 * - **Base points**: the partner's rate on the basket's total, `floor(total × pointsPerPound / 100)`, shared
 *   out over the lines in proportion to what each cost (largest remainders first), so that returning a line
 *   takes back exactly what it earned and returning everything takes back the whole base.
 * - **Bonuses**: each of the member's offers whose rule the basket meets, once per sale (offer-rules.ts).
 * - **After a return** the basket is what is left, and each bonus is counted again on it: the difference is
 *   taken back.
 */

export interface BasketLine {
  sku: string;
  category: string;
  quantity: number;
  amount: number;
}

/** The base points of the basket, shared out over its lines; the sum is `floor(total × rate / 100)`. */
export function basePointsByLine(
  lines: readonly Pick<BasketLine, 'amount'>[],
  pointsPerPound: number,
): number[] {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const base = Math.floor((total * pointsPerPound) / 100);
  if (total === 0 || base === 0) return lines.map(() => 0);
  const exact = lines.map((line) => (line.amount * base) / total);
  const shares = exact.map(Math.floor);
  let left = base - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

const lineMatches = (rule: { category?: string | undefined; sku?: string | undefined }, line: BasketLine) =>
  (rule.category === undefined || rule.category === line.category) &&
  (rule.sku === undefined || rule.sku === line.sku);

/**
 * The bonus a basket earns from one offer's rule. `lines` are what is in the basket now (after any return), with
 * `points` their base points now.
 */
export function bonusFor(rule: OfferRule, lines: readonly (BasketLine & { points: number })[]): number {
  const matching = lines.filter((line) => line.quantity > 0 && lineMatches(rule, line));
  switch (rule.kind) {
    case 'product':
      return matching.reduce((count, line) => count + line.quantity, 0) >= (rule.minQuantity ?? 1)
        ? rule.points
        : 0;
    case 'multiplier':
      return matching.reduce((sum, line) => sum + line.points, 0) * (rule.multiplier - 1);
    case 'threshold':
      return matching.reduce((sum, line) => sum + line.amount, 0) >= rule.minSpendPence ? rule.points : 0;
  }
}

/** What is left of a sold line once `returned` of its quantity and `returnedAmount` of its price came back. */
export function remainingOf(line: PartnerSaleLine): BasketLine & { points: number } {
  const quantity = line.quantity - line.returned;
  return {
    sku: line.sku,
    category: line.category,
    quantity,
    amount: Math.max(0, line.amount - line.returnedAmount),
    // The points still earned by the quantity left: a whole return leaves none, a part leaves its share.
    points: line.points - Math.floor((line.points * line.returned) / line.quantity),
  };
}

export interface ReturnedLine {
  sku: string;
  quantity: number;
  amount: number;
}

/**
 * Applies a return to a sale's lines: each returned SKU is taken from the sold lines of that SKU in order.
 * Answers the new lines, or which SKU cannot be returned (not sold, or more than is left to return).
 */
export function applyReturn(
  sold: readonly PartnerSaleLine[],
  returned: readonly ReturnedLine[],
): { lines: PartnerSaleLine[] } | { refused: string } {
  const lines = sold.map((line) => ({ ...line }));
  for (const item of returned) {
    let quantity = item.quantity;
    let amount = item.amount;
    const candidates = lines.filter((line) => line.sku === item.sku && line.returned < line.quantity);
    if (candidates.length === 0) return { refused: item.sku };
    for (const line of candidates) {
      if (quantity === 0) break;
      const taken = Math.min(quantity, line.quantity - line.returned);
      const share = quantity === taken ? amount : Math.round((amount * taken) / quantity);
      line.returned += taken;
      line.returnedAmount += share;
      quantity -= taken;
      amount -= share;
    }
    if (quantity > 0) return { refused: item.sku };
  }
  return { lines };
}

/** Base points the lines still hold. */
export const basePointsLeft = (lines: readonly PartnerSaleLine[]) =>
  lines.reduce((sum, line) => sum + remainingOf(line).points, 0);

/** Each bonus counted again on what is left: how much more of it to take back. */
export function bonusesToTakeBack(
  bonuses: readonly PartnerSaleBonus[],
  rules: ReadonlyMap<string, OfferRule>,
  lines: readonly PartnerSaleLine[],
): Array<{ offerId: string; title: string; points: number }> {
  const left = lines.map(remainingOf);
  const answer: Array<{ offerId: string; title: string; points: number }> = [];
  for (const bonus of bonuses) {
    const rule = rules.get(bonus.offerId);
    const earnedNow = rule ? Math.min(bonus.points, bonusFor(rule, left)) : bonus.points;
    const owed = bonus.points - bonus.takenBack - earnedNow;
    if (owed > 0) answer.push({ offerId: bonus.offerId, title: bonus.title, points: owed });
  }
  return answer;
}
