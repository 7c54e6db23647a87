// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukDate } from '@app/contracts/missing-points';
import { cards } from '../db/schema/core.ts';
import { pointsLedger } from '../db/schema/points-ledger.ts';
import { pointsBalance } from '../lib/points-ledger.ts';
import { claimLedgerKey } from '../lib/ledger-keys.ts';
import { createMissingPointsService } from '../modules/missing-points/service.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../test/build-test-app.ts';
import { CLAIMS_USAGE, runClaimsCommand } from './claims-command.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' });
});
afterAll(async () => t.close());

/** The command against the test app's database, with what it printed. */
async function claims(...argv: string[]) {
  const service = createMissingPointsService({
    db: t.app.db,
    clock: t.app.clock,
    notify: t.app.notify,
    publicUrl: t.config.publicUrl,
  });
  const log: string[] = [];
  const error: string[] = [];
  const code = await runClaimsCommand(argv, service, {
    log: (line) => log.push(line),
    error: (line) => error.push(line),
  });
  return { code, log: log.join('\n'), error: error.join('\n') };
}

/** A fresh member with one stored OPEN claim, through the service as the route stores it. */
async function memberWithClaim(reference: string) {
  const response = await newAccountMember(t);
  const { cardNumber, email } = response.json<{ cardNumber: string; email: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  const collectorId = card?.collectorId ?? '';
  const service = createMissingPointsService({
    db: t.app.db,
    clock: t.app.clock,
    notify: t.app.notify,
    publicUrl: t.config.publicUrl,
  });
  const answer = await service.claim(collectorId, {
    partner: 'habitat',
    purchasedOn: ukDate(t.app.clock.now()),
    spend: '80.00',
    reference,
  });
  if (answer.outcome !== 'STORED') throw new Error('not stored');
  return { collectorId, email, claimId: answer.claim.id };
}

describe('npm run claims', () => {
  it('lists open claims, grants one once through the ledger, and refuses another with a reason', async () => {
    const first = await memberWithClaim('HAB-CLI-1');
    const second = await memberWithClaim('HAB-CLI-2');

    const open = await claims('list', '--status', 'open');
    expect(open.code).toBe(0);
    expect(open.log).toContain(first.claimId);
    expect(open.log).toContain(`OPEN     ${ukDate(t.app.clock.now())}  ${first.email}  Habitat`);
    expect(open.log).toContain('£80.00, ref HAB-CLI-1');

    const granted = await claims('grant', first.claimId, '--points', '160', '--note', 'Found at the till.');
    expect(granted).toMatchObject({
      code: 0,
      log: `Granted 160 points on claim ${first.claimId}; the member has been emailed.`,
    });
    const again = await claims('grant', first.claimId, '--points', '160');
    expect(again).toMatchObject({ code: 1, error: 'This claim has already been settled.' });
    const entries = await t.app.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, claimLedgerKey(first.claimId)));
    expect(entries).toHaveLength(1);
    expect(await pointsBalance(t.app.db, first.collectorId)).toBe(160);

    expect(await claims('refuse', second.claimId, '--reason', 'No such order at Habitat.')).toMatchObject({
      code: 0,
    });
    const outbox = await t.app.notify.listOutbox();
    expect(outbox.find((m) => m.to === second.email)?.text).toContain('Reason: No such order at Habitat.');
    expect(outbox.find((m) => m.to === first.email)?.subject).toBe(
      'Your missing points claim: 160 points added',
    );

    const settled = await claims('list', '--status', 'GRANTED');
    expect(settled.log).toContain(`${first.claimId}  GRANTED`);
    expect(settled.log).toContain('+160 points "Found at the till."');
    expect((await claims('list', '--status', 'OPEN')).log).not.toContain(first.claimId);
  });

  it('explains its usage and refuses what it cannot do', async () => {
    expect(await claims()).toMatchObject({ code: 2, error: `Say what to do.\n${CLAIMS_USAGE}` });
    expect((await claims('grant', 'x')).error).toContain('grant needs --points');
    expect((await claims('refuse', 'x')).error).toContain('refuse needs --reason');
    expect((await claims('list', '--status', 'LOST')).code).toBe(2);
    expect(await claims('grant', '00000000-0000-4000-8000-000000000000', '--points', '5')).toMatchObject({
      code: 1,
      error: "We couldn't find that claim.",
    });
  });
});
