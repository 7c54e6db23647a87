// @databases postgres: it kills server processes in the middle of a burst of staff changes and reads the books after them on the same database, which only a server admits several processes to.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Adjustment } from '@app/contracts/staff';
import { staffAdjustments, staffAudit } from '../../db/schema/staff.ts';
import { systemClock } from '../../lib/clock.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { crashScene, killMidBurst } from '../../test/server-process.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const MEMBERS = 6;
const START_POINTS = 1000;
/** Above an agent's limit for one change: it waits for a supervisor. */
const WAITING_POINTS = 5000;
/** The share of its burst each server answers before it is killed: a crash can come at any moment of it. */
const KILL_AFTER_SHARE = [0.05, 0.4];

interface Call {
  method: 'POST';
  path: string;
  body: object;
  cookie: string;
}

const json = { channel: 'JS-WEB', 'content-type': 'application/json' };

/** A console session for one of the demo staff, as the cookie a browser would send. */
async function staffCookie(base: string, email: string) {
  const res = await fetch(`${base}/dev/staff-session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(204);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const send = (base: string, call: Call) =>
  fetch(`${base}${call.path}`, {
    method: call.method,
    headers: { ...json, cookie: call.cookie },
    body: JSON.stringify(call.body),
  });

/**
 * A crash in the middle of the console's changes of points creates and loses nothing (docs/staff-console.md
 * "Putting things right"): each of two servers is killed (SIGKILL) at its own moment of a burst in which a
 * supervisor approves an agent's waiting credits and adds and takes points of their own; after it, every
 * member's balance is what the applied changes say, each change and decision has its row of the audit trail or
 * neither is there, and the same calls sent again (the console's idempotency key, the decision) count each once.
 */
describe.runIf(onPostgres)("the console's changes of points when the server is killed mid-burst", () => {
  const scene = crashScene();

  it(
    'leaves each change whole with its audit row or absent, and a retry counts it once',
    { timeout: 180_000 },
    async () => {
      const servers = await scene.start(KILL_AFTER_SHARE.length);
      const memberIds: string[] = [];
      const burstCalls: Call[] = [];
      const waiting: string[] = [];
      for (const [n, server] of servers.entries()) {
        const agent = await staffCookie(server.base, 'agent@example.com');
        const supervisor = await staffCookie(server.base, 'supervisor@example.com');
        const own: Call[] = [];
        for (let i = 0; i < MEMBERS; i += 1) {
          const made = await fetch(`${server.base}/dev/account-member`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ points: START_POINTS }),
          });
          const { cardNumber } = (await made.json()) as { cardNumber: string };
          const found = await fetch(`${server.base}/staff-api/members?q=${cardNumber}`, {
            headers: { cookie: agent },
          });
          const memberId = ((await found.json()) as { members: Array<{ id: string }> }).members[0]?.id ?? '';
          memberIds.push(memberId);
          const credit = await send(server.base, {
            method: 'POST',
            path: `/staff-api/members/${memberId}/adjustments`,
            cookie: agent,
            body: { points: WAITING_POINTS, reason: 'goodwill', note: 'Sorry', idempotencyKey: randomUUID() },
          });
          expect(credit.status).toBe(202);
          const { id } = (await credit.json()) as Adjustment;
          waiting.push(id);
          own.push(
            {
              method: 'POST',
              path: `/staff-api/adjustments/${id}/decision`,
              cookie: supervisor,
              body: { approve: true, reason: 'Checked the receipt' },
            },
            {
              method: 'POST',
              path: `/staff-api/members/${memberId}/adjustments`,
              cookie: supervisor,
              body: {
                points: 100,
                reason: 'missing-points',
                note: 'Your shop',
                idempotencyKey: randomUUID(),
              },
            },
            {
              method: 'POST',
              path: `/staff-api/members/${memberId}/adjustments`,
              cookie: supervisor,
              body: {
                points: -50,
                reason: 'correction',
                note: 'Counted twice',
                idempotencyKey: randomUUID(),
              },
            },
          );
        }
        burstCalls.push(...own);
        await killMidBurst(
          server,
          own.map((call) => () => send(server.base, call)),
          KILL_AFTER_SHARE[n] ?? 0.5,
        );
      }

      const after = (scene.after = await buildTestApp({}, { databaseUrl: scene.databaseUrl }));
      const db = after.app.db;
      const rows = () =>
        db.select().from(staffAdjustments).where(inArray(staffAdjustments.memberId, memberIds));
      const balances = async () =>
        Object.fromEntries(
          await Promise.all(memberIds.map(async (id) => [id, await pointsBalance(db, id)] as const)),
        );
      /** Each member's balance from what the rows say was applied. */
      const expected = async () => {
        const applied = (await rows()).filter((row) => row.state === 'applied');
        return Object.fromEntries(
          memberIds.map((id) => [
            id,
            START_POINTS +
              applied.filter((row) => row.memberId === id).reduce((sum, row) => sum + row.points, 0),
          ]),
        );
      };
      const auditOf = async (action: string) =>
        (
          await db
            .select({ after: staffAudit.after })
            .from(staffAudit)
            .where(and(eq(staffAudit.action, action), inArray(staffAudit.memberId, memberIds)))
        ).map((row) => (row.after as { adjustmentId: string }).adjustmentId);
      const ledgerProblems = async () =>
        (await createLedgerCheckService({ db, clock: systemClock }).check()).results.filter(
          (result) => result.count > 0,
        );

      const crashed = await rows();
      expect(await balances()).toEqual(await expected());
      expect(await ledgerProblems()).toEqual([]);
      // Every change that exists was audited with it; every decision that was taken, too.
      expect((await auditOf('adjust-points')).toSorted()).toEqual(crashed.map((row) => row.id).toSorted());
      expect((await auditOf('approve-adjustment')).toSorted()).toEqual(
        crashed
          .filter((row) => waiting.includes(row.id) && row.state === 'applied')
          .map((row) => row.id)
          .toSorted(),
      );

      // The console sends each call again (its session outlives the server: it is kept in the database): a
      // change with its key answers what was done, a decision taken answers that it was decided, and what was
      // lost is done now, once.
      for (const call of burstCalls) {
        const answer = await after.app.inject({
          method: call.method,
          url: call.path,
          headers: { ...json, cookie: call.cookie },
          payload: call.body,
        });
        expect([200, 201, 409], answer.body).toContain(answer.statusCode);
      }
      const final = await rows();
      expect(final).toHaveLength(MEMBERS * servers.length * 3);
      expect(final.every((row) => row.state === 'applied')).toBe(true);
      expect(Object.values(await balances())).toEqual(
        memberIds.map(() => START_POINTS + WAITING_POINTS + 100 - 50),
      );
      expect(await ledgerProblems()).toEqual([]);
      expect(await auditOf('adjust-points')).toHaveLength(final.length);
      expect(await auditOf('approve-adjustment')).toHaveLength(waiting.length);
    },
  );
});
