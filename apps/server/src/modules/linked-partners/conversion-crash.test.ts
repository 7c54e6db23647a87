// @databases postgres: it kills server processes in the middle of a burst and settles after them on the same database, which only a server admits several processes to.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ConversionChallenge } from '@app/contracts/linked-partners';
import { cards } from '../../db/schema/core.ts';
import { partnerTransfers, sandboxPartnerAccounts } from '../../db/schema/linked-partners.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { crashScene, killMidBurst, type ServerProcess } from '../../test/server-process.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { systemClock } from '../../lib/clock.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const MEMBERS = 12;
const START_POINTS = 6000;
const CONVERTED = 1200;
/** The share of its burst each server answers before it is killed: a crash can come at any moment of it. */
const KILL_AFTER_SHARE = [0.05, 0.3, 0.6];

interface Member {
  cardNumber: string;
  email: string;
  cookie: string;
  account: string;
  confirmations: Array<{ conversionToken: string; twoFaCode: string }>;
}

const headers = (cookie = '') => ({ channel: 'JS-WEB', 'content-type': 'application/json', cookie });

/** A member with points, a linked airline account (every other one answering slowly) and two conversions waiting. */
async function memberWithConversions(server: ServerProcess, index: number): Promise<Member> {
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${server.base}${url}`, { method: 'POST', headers: headers(cookie), body: JSON.stringify(body) });
  const made = await post('/dev/account-member', { points: START_POINTS });
  expect(made.status, await made.clone().text()).toBe(200);
  const { cardNumber, email } = (await made.json()) as { cardNumber: string; email: string };
  const cookie = made.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const account = `BA${String(index).padStart(2, '0')}${Date.now().toString().slice(-8)}`;
  const sandbox = await post('/dev/linked-partners/sandbox', {
    kind: 'airline',
    membershipNumber: account,
    lastName: 'Tester',
    balance: 0,
    failure: index % 2 === 0 ? 'slow' : 'none',
  });
  expect(sandbox.status, await sandbox.clone().text()).toBe(200);
  const linked = await post(
    '/linked-partners-api/partners/AVIOS/link',
    { linkType: 'link', membershipNumber: account, lastName: 'Tester' },
    cookie,
  );
  expect(linked.status, await linked.clone().text()).toBe(200);
  const confirmations = [];
  for (let i = 0; i < 2; i += 1) {
    const started = await post(
      '/points-exchange-api/conversions/twofa',
      { partnerId: 'AVIOS', conversionType: 'NECTAR_TO_PARTNER', points: CONVERTED },
      cookie,
    );
    expect(started.status, await started.clone().text()).toBe(200);
    const { conversionToken } = (await started.json()) as ConversionChallenge;
    const outbox = (await (await fetch(`${server.base}/dev/outbox`)).json()) as Array<{
      to: string;
      text: string;
    }>;
    const twoFaCode =
      /\b(\d{6})\b/.exec(outbox.find((message) => message.to === email)?.text ?? '')?.[1] ?? '';
    confirmations.push({ conversionToken, twoFaCode });
  }
  return { cardNumber, email, cookie, account, confirmations };
}

/**
 * A crash in the middle of points conversions creates and loses nothing: each server of three is killed (SIGKILL)
 * at its own moment of a burst of 24 confirmations (two a member, half the partner accounts slow); then the
 * stale transfers are settled as the job does, and the books are checked. Each member has their points less
 * what reached the airline, and the airline has exactly what the member paid for.
 */
describe.runIf(onPostgres)('points conversions when the server is killed mid-burst', () => {
  const scene = crashScene();

  it(
    'leaves every member and partner account exact, and the ledger check finds nothing',
    { timeout: 240_000 },
    async () => {
      // Three servers on one database, started together; each gets members of its own.
      const servers = await scene.start(KILL_AFTER_SHARE.length);
      const members: Member[] = [];
      for (const [n, server] of servers.entries()) {
        const own = await Promise.all(
          Array.from({ length: MEMBERS }, (_, i) => memberWithConversions(server, n * MEMBERS + i)),
        );
        members.push(...own);
        await killMidBurst(
          server,
          own.flatMap((member) =>
            member.confirmations.map(
              (body) => () =>
                fetch(`${server.base}/points-exchange-api/conversions`, {
                  method: 'POST',
                  headers: headers(member.cookie),
                  body: JSON.stringify(body),
                }),
            ),
          ),
          KILL_AFTER_SHARE[n] ?? 0.5,
        );
      }

      // What the job does a minute later, once no request can still be working on a transfer.
      const settler = (scene.after = await buildTestApp(
        { CONVERSION_SETTLE_AFTER_MS: '1000' },
        { databaseUrl: scene.databaseUrl },
      ));
      const db = settler.app.db;
      const numbers = members.map((member) => member.cardNumber);
      const memberCards = await db
        .select({ number: cards.number, collectorId: cards.collectorId })
        .from(cards)
        .where(inArray(cards.number, numbers));
      const ids = memberCards.map((card) => card.collectorId);
      await vi.waitFor(
        async () => {
          await settler.app.jobs.trigger('settle-stale-conversions');
          const pending = await db
            .select({ id: partnerTransfers.id })
            .from(partnerTransfers)
            .where(inArray(partnerTransfers.collectorId, ids));
          const stillPending = (
            await db.select().from(partnerTransfers).where(inArray(partnerTransfers.collectorId, ids))
          ).filter((transfer) => transfer.status === 'PENDING');
          expect(pending.length).toBeGreaterThan(0);
          expect(stillPending).toEqual([]);
        },
        { timeout: 60_000, interval: 500 },
      );

      for (const member of members) {
        const collectorId = memberCards.find((card) => card.number === member.cardNumber)?.collectorId ?? '';
        const transfers = await db
          .select()
          .from(partnerTransfers)
          .where(eq(partnerTransfers.collectorId, collectorId));
        const delivered = transfers.filter((transfer) => transfer.status === 'SUCCESS');
        const [partner] = await db
          .select({ balance: sandboxPartnerAccounts.balance })
          .from(sandboxPartnerAccounts)
          .where(eq(sandboxPartnerAccounts.membershipNumber, member.account));
        expect({
          member: member.cardNumber,
          points: await pointsBalance(db, collectorId),
          avios: partner?.balance,
        }).toEqual({
          member: member.cardNumber,
          points: START_POINTS - delivered.length * CONVERTED,
          avios: delivered.reduce((sum, transfer) => sum + transfer.pointsReceived, 0),
        });
      }
      const report = await createLedgerCheckService({ db, clock: systemClock }).check();
      expect(report.results.filter((result) => result.count > 0)).toEqual([]);
    },
  );
});
