// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedPartnerMessages } from '@app/contracts/linked-partners';
import {
  pointsGoalMessages,
  type GoalOption,
  type PointsGoal,
  type PointsGoalResponse,
} from '@app/contracts/points-goal';
import { pendingPoints } from '../../db/schema/missing-points.ts';
import { pointsGoals } from '../../db/schema/points-goal.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { buildTestApp, jsWeb, signedInMember, type TestApp } from '../../test/build-test-app.ts';

const GOAL = '/ledger-api/points-goal';
const DAY_MS = 86_400_000;
/** The file's fixed "now": every ledger entry below is dated from it. */
const NOW = new Date('2031-03-01T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' }, { now: () => NOW });
});
afterAll(async () => t.close());

/** A fresh member of its own (the tester tool), signed in, with no points. */
const makeMember = () => signedInMember(t);
type Member = Awaited<ReturnType<typeof makeMember>>;

/** One ledger entry, `daysAgo` days before NOW, through the ledger writer. */
const entry = (member: Member, amount: number, daysAgo: number) =>
  recordPoints(t.app.db, {
    collectorId: member.id,
    amount,
    reason: amount > 0 ? 'Shopping' : 'Spend',
    source: 'points-goal-test',
    idempotencyKey: randomUUID(),
    at: new Date(NOW.getTime() - daysAgo * DAY_MS),
  });

const getGoal = async (member: Member) => {
  const response = await t.app.inject({ url: GOAL, cookies: member.cookies });
  expect(response.statusCode).toBe(200);
  return response.json<PointsGoalResponse>().goal;
};
const putGoal = (member: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: GOAL, headers: jsWeb, cookies: member.cookies, payload });
const deleteGoal = (member: Member) =>
  t.app.inject({ method: 'DELETE', url: GOAL, headers: { channel: 'JS-WEB' }, cookies: member.cookies });

const tenPounds = { kind: 'voucher', rewardId: 'retailer-10' } as const;
const avios250 = { kind: 'conversion', partnerId: 'AVIOS', points: 400 } as const;

describe('the points goal', () => {
  it('offers the vouchers of the catalogue and partner conversions at their rates', async () => {
    const member = await makeMember();
    const response = await t.app.inject({ url: `${GOAL}/options`, cookies: member.cookies });
    expect(response.statusCode).toBe(200);
    const { options } = response.json<{ options: GoalOption[] }>();
    expect(options.find((o) => o.id === 'voucher:retailer-10')).toMatchObject({
      title: "£10 off your shopping at Sainsbury's",
      points: 2000,
      spendPath: '/redemption',
    });
    // The airline's usual 400 points for 250 Avios (docs/product/switches-and-constants.md §S9,
    // CONVERSION_RATES).
    expect(options.find((o) => o.id === 'conversion:AVIOS:400')).toMatchObject({
      title: '250 Avios',
      points: 400,
      choice: avios250,
      spendPath: '/brands/british-airways-avios/conversion',
    });
    // Free rewards cost nothing: nothing to save for.
    expect(options.every((o) => o.points > 0)).toBe(true);
  });

  it('sets, replaces and removes the one goal of a member', async () => {
    const member = await makeMember();
    await entry(member, 500, 3);
    expect(await getGoal(member)).toBeNull();

    const set = await putGoal(member, tenPounds);
    expect(set.statusCode).toBe(200);
    expect(set.json<PointsGoalResponse>().goal).toMatchObject({
      option: { id: 'voucher:retailer-10', points: 2000 },
      balance: 500,
      pointsToGo: 1500,
      reached: false,
    });
    expect(await getGoal(member)).toMatchObject({ option: { id: 'voucher:retailer-10' } });

    expect((await putGoal(member, avios250)).statusCode).toBe(200);
    expect(await getGoal(member)).toMatchObject({ option: { id: 'conversion:AVIOS:400' }, pointsToGo: 0 });
    const rows = await t.app.db.select().from(pointsGoals).where(eq(pointsGoals.collectorId, member.id));
    expect(rows).toHaveLength(1);

    const removed = await deleteGoal(member);
    expect(removed.statusCode).toBe(204);
    expect(await getGoal(member)).toBeNull();
    // Removing again changes nothing and is no error.
    expect((await deleteGoal(member)).statusCode).toBe(204);
  });

  it('refuses a reward that does not exist, saying why, and keeps the goal the member had', async () => {
    const member = await makeMember();
    await putGoal(member, tenPounds);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'voucher', rewardId: 'retailer-1000' }, 'REWARD_NOT_FOUND', pointsGoalMessages.unknownReward],
      // A free reward is claimed, not saved for.
      [{ kind: 'voucher', rewardId: 'welcome-coffee' }, 'REWARD_NOT_FOUND', pointsGoalMessages.unknownReward],
      [
        { kind: 'conversion', partnerId: 'ACME', points: 400 },
        'PARTNER_NOT_FOUND',
        pointsGoalMessages.unknownPartner,
      ],
      [
        { kind: 'conversion', partnerId: 'AVIOS', points: 500 },
        'WRONG_STEP',
        linkedPartnerMessages.common.WRONG_STEP(400),
      ],
    ];
    for (const [payload, code, description] of cases) {
      const response = await putGoal(member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code, description });
    }
    const malformed = await putGoal(member, { kind: 'conversion', partnerId: 'AVIOS', points: -400 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string; description: string }>()).toMatchObject({ code: 'VALIDATION' });
    expect(malformed.json<{ description: string }>().description).toContain(
      'Enter a number of points more than 0.',
    );
    expect(await getGoal(member)).toMatchObject({ option: { id: 'voucher:retailer-10' } });
  });

  it("estimates the date from the member's net points over the last 90 days", async () => {
    const member = await makeMember();
    await entry(member, 5000, 95); // before the 90 days: in the balance, not in the pace
    await entry(member, 900, 80);
    await entry(member, 1000, 10);
    await entry(member, -100, 5);
    // 5,000 Avios are 8,000 points; the balance is 6,800, and 1,800 net points in 90 days is 20 a day.
    const response = await putGoal(member, { kind: 'conversion', partnerId: 'AVIOS', points: 8000 });
    const goal = response.json<{ goal: PointsGoal }>().goal;
    expect(goal).toMatchObject({
      option: { title: '5,000 Avios', points: 8000 },
      balance: 6800,
      pointsToGo: 1200,
      reached: false,
      paceNetPoints: 1800,
      estimate: { days: 60, date: '2031-04-30' },
    });
  });

  it('gives no estimate when the pace is nothing or less, and none once the goal is reached', async () => {
    const member = await makeMember();
    await entry(member, 3000, 120);
    await entry(member, -1000, 20);
    const slowing = (await putGoal(member, tenPounds)).json<{ goal: PointsGoal }>().goal;
    expect(slowing).toMatchObject({ balance: 2000, pointsToGo: 0, reached: true, estimate: null });

    const far = (await putGoal(member, { kind: 'voucher', rewardId: 'retailer-20' })).json<{
      goal: PointsGoal;
    }>().goal;
    expect(far).toMatchObject({ pointsToGo: 2000, reached: false, paceNetPoints: -1000, estimate: null });
  });

  it('shows points on their way apart, without counting them in the balance', async () => {
    const [member, other] = [await makeMember(), await makeMember()];
    await entry(member, 1500, 2);
    const onTheirWay = (collectorId: string, points: number, reference: string) => ({
      collectorId,
      partner: 'argos',
      purchasedOn: '2031-02-27',
      spendPence: points * 50,
      reference,
      referenceKey: reference,
      points,
      expectedOn: '2031-03-04',
    });
    await t.app.db
      .insert(pendingPoints)
      .values([
        onTheirWay(member.id, 400, 'GOAL1'),
        onTheirWay(member.id, 300, 'GOAL2'),
        onTheirWay(other.id, 999, 'GOAL3'),
      ]);
    await putGoal(member, tenPounds);
    expect(await getGoal(member)).toMatchObject({
      balance: 1500,
      pendingPoints: 700,
      pointsToGo: 500,
      reached: false,
    });
    // A posted entry (the job wrote it to the ledger) is no longer on its way.
    await t.app.db
      .update(pendingPoints)
      .set({ postedAt: NOW })
      .where(eq(pendingPoints.collectorId, member.id));
    expect(await getGoal(member)).toMatchObject({ balance: 1500, pendingPoints: 0 });
  });

  it("never shows one member someone else's goal", async () => {
    const [ann, bob] = [await makeMember(), await makeMember()];
    await putGoal(ann, tenPounds);
    expect(await getGoal(bob)).toBeNull();
    await putGoal(bob, avios250);
    await deleteGoal(bob);
    expect(await getGoal(ann)).toMatchObject({ option: { id: 'voucher:retailer-10' } });
  });

  it('answers 401 when signed out and needs the channel header to change anything', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: GOAL,
        headers: jsWeb,
        ...(method === 'PUT' ? { payload: tenPounds } : {}),
      });
      expect(response.statusCode, method).toBe(401);
    }
    expect((await t.app.inject({ url: `${GOAL}/options` })).statusCode).toBe(401);

    const member = await makeMember();
    const put = await t.app.inject({
      method: 'PUT',
      url: GOAL,
      headers: { 'content-type': 'application/json' },
      cookies: member.cookies,
      payload: tenPounds,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json<{ code: string }>().code).toBe('CHANNEL_REQUIRED');
    await putGoal(member, tenPounds);
    const del = await t.app.inject({ method: 'DELETE', url: GOAL, cookies: member.cookies });
    expect(del.json<{ code: string }>().code).toBe('CHANNEL_REQUIRED');
    expect(await getGoal(member)).not.toBeNull();
  });
});
