import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { ledgerCheckResults, type LedgerCheckResult } from '../../lib/points-ledger.ts';
import * as repo from './repository.ts';

/**
 * The points ledger's invariants, each with the words an operator reads when it breaks (docs/security.md "The
 * ledger check"). The balance is the sum of a member's entries by construction, so what can break is below.
 */
export const LEDGER_INVARIANTS = {
  'balance-not-negative': "No member's balance (the sum of their entries) is below zero",
  'idempotency-key-unique': 'No idempotency key is written twice (the unique index exists and is valid)',
  'transfer-entries-match-state':
    'Each points conversion has the entries its state says: a success its debit or credit, a failure nothing or its debit and refund, never a refund without its debit',
  'transfer-entry-has-transfer': 'Every conversion entry belongs to a transfer that exists',
  'debit-explained':
    "Every debit is a voucher, a conversion, a spend at a till, a return or a staff member's change",
  'hold-entries-match-state':
    'Each hold at a till has its debit, and a release of the same size exactly when it was cancelled or ran out',
  'sale-entries-match-award': "Each partner's sale has entries that add up to the points it awarded",
  'adjustment-entries-match-state':
    'Each change of points by staff has its entry exactly when it was applied, and every staff entry its change',
  'voucher-has-debit': 'Every voucher bought with points has its debit, of its points, from its member',
  'credit-posted-whole':
    'Points on their way that were posted, and granted claims, have their entry of that size',
} as const;
export type LedgerInvariant = keyof typeof LEDGER_INVARIANTS;

export interface LedgerCheckReport {
  checkedAt: string;
  tookMs: number;
  entries: number;
  /** Every invariant, broken or not: how many rows break it and a few of them. */
  results: Array<{ invariant: LedgerInvariant; rule: string; count: number; examples: string[] }>;
  /** The number of rows that break an invariant, all invariants together: 0 when the books are right. */
  problems: number;
}

export interface LedgerCheckDeps {
  db: Database;
  clock: Clock;
}

/**
 * The ledger check (ADR 051): reads every invariant of the points ledger and answers what breaks. Read only,
 * one statement per invariant, so it runs beside the traffic; at 20 million entries it reads the ledger a few
 * times over (bench:volume gives its time).
 */
export function createLedgerCheckService({ db, clock }: LedgerCheckDeps) {
  const checks: Record<LedgerInvariant, () => Promise<{ count: number; examples: string[] }>> = {
    'balance-not-negative': () => repo.negativeBalances(db),
    'idempotency-key-unique': async () =>
      (await repo.idempotencyKeysUnique(db))
        ? { count: 0, examples: [] }
        : {
            count: 1,
            examples: ['the unique index points_ledger_idempotency_key_unique is missing or invalid'],
          },
    'transfer-entries-match-state': () => repo.transfersOutOfStep(db),
    'transfer-entry-has-transfer': () => repo.transferEntriesWithoutTransfer(db),
    'debit-explained': () => repo.unexplainedDebits(db),
    'voucher-has-debit': () => repo.vouchersWithoutTheirDebit(db),
    'credit-posted-whole': () => repo.postingsWithoutTheirCredit(db),
    'hold-entries-match-state': () => repo.holdsOutOfStep(db),
    'sale-entries-match-award': () => repo.salesOutOfStep(db),
    'adjustment-entries-match-state': () => repo.adjustmentsOutOfStep(db),
  };

  async function check(): Promise<LedgerCheckReport> {
    const started = clock.now();
    const startedMs = performance.now();
    const results: LedgerCheckReport['results'] = [];
    for (const [invariant, run] of Object.entries(checks) as Array<
      [LedgerInvariant, (typeof checks)[LedgerInvariant]]
    >) {
      results.push({ invariant, rule: LEDGER_INVARIANTS[invariant], ...(await run()) });
    }
    const report: LedgerCheckReport = {
      checkedAt: started.toISOString(),
      tookMs: Math.round(performance.now() - startedMs),
      entries: await repo.entryCount(db),
      results,
      problems: results.reduce((sum, result) => sum + result.count, 0),
    };
    if (ledgerCheckResults.hasSubscribers) {
      ledgerCheckResults.publish({
        problems: Object.fromEntries(results.map((result) => [result.invariant, result.count])),
        checkedAt: started,
      } satisfies LedgerCheckResult);
    }
    return report;
  }

  return { check };
}

/** The report as an operator reads it in a terminal: one line per invariant, the broken ones with examples. */
export function describeReport(report: LedgerCheckReport): string {
  const lines = [
    `Ledger check at ${report.checkedAt}: ${report.entries.toLocaleString('en-GB')} entries in ${report.tookMs} ms`,
  ];
  for (const result of report.results) {
    lines.push(`${result.count === 0 ? 'ok  ' : 'FAIL'} ${result.invariant}: ${result.rule}`);
    if (result.count > 0) {
      lines.push(`     ${result.count} breaking it, for example:`);
      for (const example of result.examples) lines.push(`       - ${example}`);
    }
  }
  lines.push(report.problems === 0 ? 'The books are right.' : `${report.problems} problems found.`);
  return lines.join('\n');
}
